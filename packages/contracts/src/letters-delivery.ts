import { isKnownRule, profileOf, ruleOf } from './jurisdictions/limits.ts';
import {
  jurisdictionRules,
  type JurisdictionId,
  type JurisdictionRuleKey,
  type KnownRule,
} from './jurisdictions/rules.ts';
import {
  deliveryMethodLabels,
  deliveryMethods,
  type DeliveryMethod,
  type DeliveryRequirementView,
  type DeliveryRules,
  type LetterKind,
} from './letters.ts';

/**
 * What evidence a delivery needs, by jurisdiction and kind of letter (decision 0035). Each requirement
 * rests on one line of a rule the jurisdiction profile KNOWS, quoted word for word (`quote`), and takes
 * its statute from the profile at run time: the test checks every quote against the profile, so a
 * requirement cannot outlive or go beyond the profile's own words. Nothing here is law that the
 * profile does not state; where a rule that governs a letter is unknown, the sender is told so and
 * decides (`unknown` in `deliveryRulesFor`).
 */

type Check =
  /** Each recipient needs a delivery by one of these methods. */
  | { type: 'method'; anyOf: DeliveryMethod[] }
  /** A delivery by one of these methods needs the sender to confirm `statement` for that recipient. */
  | { type: 'confirm'; methods: DeliveryMethod[]; statement: string };

export type DeliveryRequirement = {
  id: string;
  rule: JurisdictionRuleKey;
  quote: string;
  /** What it asks, in a sentence (the refusal's words, before the statute). */
  summary: string;
  check: Check;
};

const electronic: DeliveryMethod[] = ['email', 'portal'];

const txOptIn: DeliveryRequirement = {
  id: 'tx-electronic-opt-in',
  rule: 'noticeDelivery',
  quote:
    'An alternative method (e.g. e-mail) may be used for legally prescribed notices only if the owner opted in.',
  summary: 'E-mail or the portal may be used for this notice only if the owner opted in to it',
  check: {
    type: 'confirm',
    methods: electronic,
    statement: 'The owner opted in to receiving legal notices this way (opting in was not required)',
  },
};

const caPreferred: DeliveryRequirement = {
  id: 'ca-preferred-method',
  rule: 'noticeDelivery',
  quote: 'By the member’s preferred method, asked for every year.',
  summary: 'This notice goes by the member’s preferred delivery method',
  check: {
    type: 'confirm',
    methods: [...deliveryMethods],
    statement: 'This is the member’s preferred delivery method, as they last told the association',
  },
};

export const deliveryRequirements: Partial<
  Record<JurisdictionId, Partial<Record<LetterKind, DeliveryRequirement[]>>>
> = {
  TX: {
    notice: [txOptIn],
    violation_notice: [
      {
        id: 'tx-violation-certified',
        rule: 'hearingRules',
        quote: 'Notice by certified or verified mail describing the violation and the amount.',
        summary: 'Texas requires a violation notice by certified mail',
        check: { type: 'method', anyOf: ['certified'] },
      },
      txOptIn,
    ],
    collection_notice: [
      {
        id: 'tx-collection-certified',
        rule: 'preLienProcedure',
        quote:
          'A certified-mail notice listing the amounts and any payment-plan option, with at least 45 days to cure, before the owner owes collection-agent fees.',
        summary: 'Texas requires a collection notice by certified mail',
        check: { type: 'method', anyOf: ['certified'] },
      },
      txOptIn,
    ],
  },
  'FL-720': {
    collection_notice: [
      {
        id: 'fl-lien-certified',
        rule: 'preLienProcedure',
        quote:
          'A written demand allowing 45 days, sent by certified or registered mail and by first-class mail, before a claim of lien.',
        summary: 'Florida requires the demand before a lien by certified mail',
        check: { type: 'method', anyOf: ['certified'] },
      },
      {
        id: 'fl-lien-first-class',
        rule: 'preLienProcedure',
        quote:
          'A written demand allowing 45 days, sent by certified or registered mail and by first-class mail, before a claim of lien.',
        summary: 'Florida requires the demand before a lien by first-class mail as well',
        check: { type: 'method', anyOf: ['first_class'] },
      },
    ],
  },
  CA: { notice: [caPreferred], violation_notice: [caPreferred], collection_notice: [caPreferred] },
};

/** The rules that govern how each kind of letter is delivered. Correspondence is not a legal notice. */
export const rulesGoverning: Record<LetterKind, JurisdictionRuleKey[]> = {
  correspondence: [],
  notice: ['noticeDelivery'],
  violation_notice: ['noticeDelivery', 'hearingRules'],
  collection_notice: ['noticeDelivery', 'preLienProcedure'],
};

/** The requirement as the API shows it, with the statute the profile gives today. */
function viewOf(jurisdiction: JurisdictionId, requirement: DeliveryRequirement): DeliveryRequirementView {
  const rule = ruleOf(jurisdiction, requirement.rule) as KnownRule;
  return {
    id: requirement.id,
    rule: requirement.rule,
    ruleLabel: jurisdictionRules[requirement.rule].label,
    statute: rule.statute,
    sourceUrl: rule.sourceUrl,
    quote: requirement.quote,
    summary: requirement.summary,
    check: requirement.check,
  };
}

/** Everything the law of `jurisdiction` says about delivering a letter of `kind`, known and unknown. */
export function deliveryRulesFor(jurisdiction: JurisdictionId, kind: LetterKind): DeliveryRules {
  const profile = profileOf(jurisdiction);
  const governing = rulesGoverning[kind];
  const known = governing.filter((key) => isKnownRule(ruleOf(jurisdiction, key)));
  // A requirement whose rule the profile no longer knows is dropped, never applied from memory.
  const requirements = (deliveryRequirements[jurisdiction]?.[kind] ?? []).filter((requirement) =>
    known.includes(requirement.rule),
  );
  return {
    jurisdiction: { id: profile.id, name: profile.name },
    isGoverned: governing.length > 0,
    requirements: requirements.map((requirement) => viewOf(jurisdiction, requirement)),
    unknown: governing
      .filter((key) => !known.includes(key))
      .map((key) => {
        const rule = ruleOf(jurisdiction, key);
        return { rule: key, ruleLabel: jurisdictionRules[key].label, note: 'note' in rule ? rule.note! : '' };
      }),
    applicable: known.map((key) => {
      const rule = ruleOf(jurisdiction, key) as KnownRule;
      const value = rule.value as unknown;
      return {
        rule: key,
        ruleLabel: jurisdictionRules[key].label,
        statute: rule.statute,
        lines: Array.isArray(value) ? value.map(String) : [String(value)],
      };
    }),
  };
}

export type DeliveryAttempt = {
  recipientId: string;
  method: DeliveryMethod;
  trackingNumber: string | null;
  confirmations: string[];
};

export type DeliveryProblem = {
  code:
    | 'RECIPIENT_NOT_REACHED'
    | 'NOT_A_RECIPIENT'
    | 'TRACKING_NUMBER_REQUIRED'
    | 'DELIVERY_METHOD_REQUIRED'
    | 'CONFIRMATION_REQUIRED'
    | 'UNKNOWN_RULES_NOT_ACKNOWLEDGED';
  /** Where in the request: `deliveries.2.trackingNumber`, `deliveries`, `acknowledgeUnknownRules`. */
  field: string;
  message: string;
};

/**
 * Whether these deliveries carry the evidence the rules ask for; every problem, each naming the rule's
 * statute where there is one. An empty list means the letter may be marked sent.
 */
export function deliveryProblems(
  rules: DeliveryRules,
  recipients: { userId: string; name: string }[],
  deliveries: DeliveryAttempt[],
  acknowledgeUnknownRules: boolean,
): DeliveryProblem[] {
  const problems: DeliveryProblem[] = [];
  const nameOf = new Map(recipients.map((recipient) => [recipient.userId, recipient.name]));
  const certifiedBy = rules.requirements.find(
    (requirement) => requirement.check.type === 'method' && requirement.check.anyOf.includes('certified'),
  );

  deliveries.forEach((delivery, index) => {
    const at = `deliveries.${index}`;
    if (!nameOf.has(delivery.recipientId)) {
      problems.push({
        code: 'NOT_A_RECIPIENT',
        field: `${at}.recipientId`,
        message: 'That person is not a recipient of this letter.',
      });
      return;
    }
    if (delivery.method === 'certified' && !delivery.trackingNumber)
      problems.push({
        code: 'TRACKING_NUMBER_REQUIRED',
        field: `${at}.trackingNumber`,
        message: `Certified mail needs a tracking number${certifiedBy ? ` (${certifiedBy.statute})` : ''}`,
      });
    for (const requirement of rules.requirements) {
      const { check } = requirement;
      if (check.type !== 'confirm' || !check.methods.includes(delivery.method)) continue;
      if (delivery.confirmations.includes(requirement.id)) continue;
      problems.push({
        code: 'CONFIRMATION_REQUIRED',
        field: `${at}.confirmations`,
        message: `${requirement.summary}: confirm for ${nameOf.get(delivery.recipientId)} that “${check.statement}” (${requirement.statute})`,
      });
    }
  });

  for (const recipient of recipients) {
    const theirs = deliveries.filter((delivery) => delivery.recipientId === recipient.userId);
    if (theirs.length === 0) {
      problems.push({
        code: 'RECIPIENT_NOT_REACHED',
        field: 'deliveries',
        message: `Record how the letter reaches ${recipient.name}.`,
      });
      continue;
    }
    for (const requirement of rules.requirements) {
      const { check } = requirement;
      if (check.type !== 'method') continue;
      if (theirs.some((delivery) => check.anyOf.includes(delivery.method))) continue;
      const methods = check.anyOf.map((method) => deliveryMethodLabels[method].toLowerCase()).join(' or ');
      problems.push({
        code: 'DELIVERY_METHOD_REQUIRED',
        field: 'deliveries',
        message: `${requirement.summary}: record a ${methods} delivery to ${recipient.name} (${requirement.statute})`,
      });
    }
  }

  if (rules.unknown.length > 0 && !acknowledgeUnknownRules)
    problems.push({
      code: 'UNKNOWN_RULES_NOT_ACKNOWLEDGED',
      field: 'acknowledgeUnknownRules',
      message: `The ${rules.jurisdiction.name} profile does not know ${rules.unknown
        .map((rule) => `“${rule.ruleLabel.toLowerCase()}”`)
        .join(
          ' or ',
        )}: nothing is checked for it. Decide the delivery with the association’s documents or counsel, and confirm you did.`,
    });
  return problems;
}
