import type { Cents } from '../money.ts';
import { jurisdictionProfilesFile } from './profiles.ts';
import {
  jurisdictionRules,
  type JurisdictionId,
  type JurisdictionProfile,
  type JurisdictionRule,
  type JurisdictionRuleKey,
  type KnownRule,
  type LimitRuleKey,
} from './rules.ts';

export function profileOf(id: JurisdictionId): JurisdictionProfile {
  return jurisdictionProfilesFile.profiles[id];
}

/** One rule of a jurisdiction, known, unknown or left to the documents. */
export function ruleOf<K extends JurisdictionRuleKey>(id: JurisdictionId, key: K): JurisdictionRule<K> {
  return profileOf(id).rules[key] as JurisdictionRule<K>;
}

export function isKnownRule<K extends JurisdictionRuleKey>(rule: JurisdictionRule<K>): rule is KnownRule<K> {
  return 'value' in rule;
}

/** A value that breaks a statutory rule. The message names the rule and its statute. */
export class JurisdictionRuleError extends Error {
  readonly code: string;
  readonly rule: JurisdictionRuleKey;
  readonly statute: string;
  readonly limit: number;
  constructor(key: LimitRuleKey, statute: string, limit: number) {
    const definition = jurisdictionRules[key];
    super(`${definition.breach} (${statute})`);
    this.name = 'JurisdictionRuleError';
    this.code = definition.code;
    this.rule = key;
    this.statute = statute;
    this.limit = limit;
  }
}

export type EffectiveLimit = {
  /** The limit that applies; null when neither the statute (as far as we know) nor the documents set one. */
  value: number | null;
  /** Where it comes from: the statute, the association's documents, or nowhere known. */
  setBy: 'statute' | 'documents' | 'unknown';
  /** The statute behind the statutory part, when it is known. */
  statute: string | null;
  /** Why the statutory part is unknown or left to the documents, or a note on the known value. */
  note: string | null;
};

/** What some limits depend on. */
export type LimitContext = {
  /** The installment a late fee is charged on (for "greater of $X or Y%" caps). */
  installmentCents?: Cents;
};

const isCeiling = (key: LimitRuleKey) => jurisdictionRules[key].kind !== 'days-min';

/**
 * The statutory limit as a number: for "greater of $10 or 10%" the larger of the amount and the share
 * of the installment, rounded down so a fee at the cap is never half a cent over it.
 */
function statutoryNumber(key: LimitRuleKey, rule: KnownRule<LimitRuleKey>, context: LimitContext): number {
  const value = rule.value;
  if (typeof value === 'number') return value;
  if (context.installmentCents === undefined)
    throw new TypeError(`${jurisdictionRules[key].label}: the installment is needed to work out the cap`);
  const share = Math.floor((context.installmentCents * value.basisPoints) / 10_000);
  return Math.max(value.cents, share);
}

/**
 * The stricter of the statute and the association's own value (decision 0031). Documents may tighten a
 * statutory limit, never loosen it: a looser value is refused with a `JurisdictionRuleError` naming the
 * rule and statute. `associationValue` is null or absent when the documents are silent. Ceilings
 * (fees, rates, caps, deadlines) are stricter when lower; minimum notice periods when longer.
 */
export function effectiveLimit(
  profile: JurisdictionId | JurisdictionProfile,
  key: LimitRuleKey,
  associationValue?: number | null,
  context: LimitContext = {},
): EffectiveLimit {
  const rules = (typeof profile === 'string' ? profileOf(profile) : profile).rules;
  const rule = rules[key] as JurisdictionRule<LimitRuleKey>;
  const fromDocuments = associationValue ?? null;
  if (fromDocuments !== null && (!Number.isFinite(fromDocuments) || fromDocuments < 0))
    throw new RangeError(`${jurisdictionRules[key].label} must be a number of at least 0`);

  if (!isKnownRule(rule)) {
    const statute = 'documentDefined' in rule ? (rule.statute ?? null) : null;
    return {
      value: fromDocuments,
      setBy: fromDocuments === null ? 'unknown' : 'documents',
      statute,
      note: rule.note,
    };
  }

  const known = { statute: rule.statute, note: rule.note ?? null };
  const onlyIfDocumentsAllow = typeof rule.value === 'object' && rule.value.onlyIfDocumentsAllow === true;
  if (fromDocuments === null)
    // Where the statute allows a fee only if the documents provide one, silent documents mean none.
    return {
      value: onlyIfDocumentsAllow ? 0 : statutoryNumber(key, rule, context),
      setBy: 'statute',
      ...known,
    };

  const statutory = statutoryNumber(key, rule, context);
  const ceiling = isCeiling(key);
  const isLooser = ceiling ? fromDocuments > statutory : fromDocuments < statutory;
  if (isLooser && !rule.documentsMayLoosen) throw new JurisdictionRuleError(key, rule.statute, statutory);
  // Not looser, so at least as strict as the statute (or the statute lets the documents go further).
  return { value: fromDocuments, setBy: 'documents', ...known };
}
