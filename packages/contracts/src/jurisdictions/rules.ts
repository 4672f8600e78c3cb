import { z } from 'zod';

/**
 * Jurisdiction profiles (issue 18 item 5, decision 0031): the state-law numbers later issues enforce,
 * as reviewed data. This module holds what every consumer needs — the ids, their labels, the rule
 * catalogue and the schema of the data file — without the data itself, so the web bundle that only
 * shows a property's jurisdiction does not carry every profile.
 */
export const jurisdictionIds = ['CA', 'FL-720', 'FL-718', 'TX', 'none'] as const;
export type JurisdictionId = (typeof jurisdictionIds)[number];

export const jurisdictionLabels: Record<JurisdictionId, string> = {
  CA: 'California (Davis-Stirling Act)',
  'FL-720': 'Florida — HOAs (ch. 720)',
  'FL-718': 'Florida — condominiums (ch. 718)',
  TX: 'Texas (Property Code ch. 209)',
  none: 'None / not listed',
};

/** How a value is expressed; decides which value shape a rule has and whether it is a limit. */
type RuleKind =
  /** A ceiling in cents (a fine). */
  | 'cents-max'
  /** A ceiling that is the greater of an amount and a share of the installment (a late fee). */
  | 'greater-of-max'
  /** A ceiling on a yearly rate, in basis points (100 = 1%). */
  | 'rate-max'
  /** At least this many days (a notice period): a longer period is stricter. */
  | 'days-min'
  /** At most this many days (a deadline the association must meet): a shorter one is stricter. */
  | 'days-max'
  /** Between `min` and `max` days (both included). */
  | 'days-range'
  /** An ordered list (payment application). */
  | 'order'
  /** Conditions and procedure, in words, until an issue turns them into checks. */
  | 'conditions'
  /** Yes or no. */
  | 'flag';

type RuleDefinition = {
  kind: RuleKind;
  /** What the rule is called in a sentence: "Late fee". */
  label: string;
  /** The error code and words when a value breaks the rule (limits only). */
  code?: string;
  breach?: string;
};

/**
 * Every rule a profile answers, known or not. A profile must list all of them (the schema refuses a
 * missing one), so a gap is always written down rather than forgotten.
 */
export const jurisdictionRules = {
  delinquentAfterDays: {
    kind: 'days-min',
    label: 'Days after the due date before an assessment is delinquent',
    code: 'DELINQUENCY_TOO_EARLY',
    breach: 'An assessment cannot be delinquent this soon',
  },
  lateFee: {
    kind: 'greater-of-max',
    label: 'Late fee',
    code: 'LATE_FEE_EXCEEDS_CAP',
    breach: 'Late fee exceeds the cap',
  },
  interestRate: {
    kind: 'rate-max',
    label: 'Interest on delinquent assessments (yearly rate)',
    code: 'INTEREST_EXCEEDS_CAP',
    breach: 'Interest rate exceeds the cap',
  },
  feesOrInterestOnFines: { kind: 'flag', label: 'Late fees or interest charged on fines' },
  paymentApplicationOrder: { kind: 'order', label: 'Order in which a payment is applied' },
  preLienNoticeDays: {
    kind: 'days-min',
    label: 'Notice before a lien',
    code: 'LIEN_NOTICE_TOO_SHORT',
    breach: 'Notice before a lien is shorter than the minimum',
  },
  preLienProcedure: { kind: 'conditions', label: 'Steps before a lien or a collector' },
  collectionCureDays: {
    kind: 'days-min',
    label: 'Days to cure before collection-agent fees',
    code: 'COLLECTION_CURE_TOO_SHORT',
    breach: 'Time to cure before collection fees is shorter than the minimum',
  },
  foreclosureNoticeDays: {
    kind: 'days-min',
    label: 'Notice before foreclosure',
    code: 'FORECLOSURE_NOTICE_TOO_SHORT',
    breach: 'Notice before foreclosure is shorter than the minimum',
  },
  specialAssessmentBoardCapBp: {
    kind: 'rate-max',
    label: 'Special assessments the board may levy alone (share of budgeted gross expenses per year)',
    code: 'SPECIAL_ASSESSMENT_NEEDS_VOTE',
    breach: 'Special assessment exceeds what the board may levy without a member vote',
  },
  regularAssessmentIncreaseBoardCapBp: {
    kind: 'rate-max',
    label: 'Regular assessment increase the board may make alone',
    code: 'ASSESSMENT_INCREASE_NEEDS_VOTE',
    breach: 'Assessment increase exceeds what the board may make without a member vote',
  },
  assessmentIncreaseNoticeDays: { kind: 'days-range', label: 'Notice of an increase before it is due' },
  fineCapPerViolationCents: {
    kind: 'cents-max',
    label: 'Fine per violation',
    code: 'FINE_EXCEEDS_CAP',
    breach: 'Fine exceeds the cap',
  },
  fineCapAggregateCents: {
    kind: 'cents-max',
    label: 'Fines in aggregate',
    code: 'FINES_EXCEED_AGGREGATE_CAP',
    breach: 'Fines exceed the aggregate cap',
  },
  hearingNoticeDays: {
    kind: 'days-min',
    label: 'Notice before a hearing',
    code: 'HEARING_NOTICE_TOO_SHORT',
    breach: 'Hearing notice is shorter than the minimum',
  },
  hearingRequestWindowDays: {
    kind: 'days-min',
    label: 'Time an owner has to request a hearing',
    code: 'HEARING_REQUEST_WINDOW_TOO_SHORT',
    breach: 'Time to request a hearing is shorter than the minimum',
  },
  hearingHeldWithinDays: {
    kind: 'days-max',
    label: 'Hearing held within, after the notice',
    code: 'HEARING_TOO_LATE',
    breach: 'Hearing is later than the deadline',
  },
  hearingDecisionDays: {
    kind: 'days-max',
    label: 'Written decision after a hearing',
    code: 'HEARING_DECISION_TOO_LATE',
    breach: 'Decision is later than the deadline',
  },
  hearingRules: { kind: 'conditions', label: 'Notice and hearing before discipline' },
  cureBarsFine: { kind: 'flag', label: 'Curing the violation before the hearing bars a fine' },
  fineCapHealthSafetyException: {
    kind: 'flag',
    label: 'A written health or safety finding lets a fine exceed the cap',
  },
  arcDecisionDays: {
    kind: 'days-max',
    label: 'Architectural review decision',
    code: 'ARC_DECISION_TOO_LATE',
    breach: 'Architectural review decision is later than the deadline',
  },
  arcSolarDeemedApprovedDays: {
    kind: 'days-max',
    label: 'Solar application deemed approved if not denied in writing within',
    code: 'ARC_SOLAR_DEADLINE_EXCEEDED',
    breach: 'Solar application deadline is later than the statute allows',
  },
  arcHearingRequestWindowDays: {
    kind: 'days-min',
    label: 'Time an owner has to request a board hearing on an architectural denial',
    code: 'ARC_HEARING_REQUEST_WINDOW_TOO_SHORT',
    breach: 'Time to request an architectural hearing is shorter than the minimum',
  },
  arcHearingHeldWithinDays: {
    kind: 'days-max',
    label: 'Architectural hearing held within, after the request',
    code: 'ARC_HEARING_TOO_LATE',
    breach: 'Architectural hearing is later than the deadline',
  },
  arcHearingNoticeDays: {
    kind: 'days-min',
    label: 'Notice before an architectural hearing',
    code: 'ARC_HEARING_NOTICE_TOO_SHORT',
    breach: 'Architectural hearing notice is shorter than the minimum',
  },
  arcRules: { kind: 'conditions', label: 'Architectural review procedure' },
  electronicVoting: { kind: 'conditions', label: 'Conditions for electronic voting' },
  noticeDelivery: { kind: 'conditions', label: 'How notices may be delivered' },
  /** Issue 25: when the developer must hand control of the association to its owners. */
  turnoverThreshold: {
    kind: 'conditions',
    label: 'Share of units conveyed that triggers the hand-over from the developer',
  },
} as const satisfies Record<string, RuleDefinition>;

export type JurisdictionRuleKey = keyof typeof jurisdictionRules;
export const jurisdictionRuleKeys = Object.keys(jurisdictionRules) as JurisdictionRuleKey[];

type KindOf<K extends JurisdictionRuleKey> = (typeof jurisdictionRules)[K]['kind'];
/** The rules that are limits: a number an association's own documents may tighten but not loosen. */
export type LimitRuleKey = {
  [K in JurisdictionRuleKey]: KindOf<K> extends
    'cents-max' | 'greater-of-max' | 'rate-max' | 'days-min' | 'days-max'
    ? K
    : never;
}[JurisdictionRuleKey];

const wholeDays = z.number().int().min(0).max(3650);
const valueSchemas = {
  'cents-max': z.number().int().min(0),
  'greater-of-max': z.strictObject({
    /** The fixed amount, in cents. */
    cents: z.number().int().min(0),
    /** The share of the installment, in basis points (1000 = 10%). */
    basisPoints: z.number().int().min(0).max(10_000),
    /** The statute allows a late fee only where the association's documents provide one. */
    onlyIfDocumentsAllow: z.boolean().optional(),
  }),
  'rate-max': z.number().int().min(0).max(10_000),
  'days-min': wholeDays,
  'days-max': wholeDays,
  'days-range': z.strictObject({ min: wholeDays, max: wholeDays }),
  order: z.array(z.string().min(1)).min(2),
  conditions: z.array(z.string().min(1)).min(1),
  flag: z.boolean(),
} as const satisfies Record<RuleKind, z.ZodType>;

/** [S] statute text or official docs; [M] a law firm or management company; [W] marketing or a forum. */
export const sourceQualities = ['S', 'M', 'W'] as const;
export type SourceQuality = (typeof sourceQualities)[number];

const sourceFields = {
  /** The citation as it should appear in an error: "Cal. Civ. Code §5650(b)". */
  statute: z.string().min(3),
  /** The address the value was read at (HOA-DOMAIN.md §0.5), exactly as given there. */
  sourceUrl: z.url(),
  /** Other addresses the table gives for the same cell. */
  otherSources: z.array(z.url()).optional(),
  sourceQuality: z.enum(sourceQualities),
};
const note = z.string().min(1);

const knownRuleSchema = (value: z.ZodType) =>
  z.strictObject({
    value,
    ...sourceFields,
    verifiedOn: z.iso.date(),
    note: note.optional(),
    /**
     * The statute itself lets the documents go further (Florida's aggregate fine cap "unless the
     * documents allow more"): the only case where an association's value may be looser.
     */
    documentsMayLoosen: z.boolean().optional(),
  });
const unknownRuleSchema = z.strictObject({ unknown: z.literal(true), note });
/** The statute leaves the value to the association's documents (and may say where it is). */
const documentDefinedRuleSchema = z.strictObject({
  documentDefined: z.literal(true),
  note,
  statute: sourceFields.statute.optional(),
  sourceUrl: sourceFields.sourceUrl.optional(),
  sourceQuality: sourceFields.sourceQuality.optional(),
  verifiedOn: z.iso.date().optional(),
});

type ValueOf<Kind extends RuleKind> = z.infer<(typeof valueSchemas)[Kind]>;
export type KnownRule<K extends JurisdictionRuleKey = JurisdictionRuleKey> = Omit<
  z.infer<ReturnType<typeof knownRuleSchema>>,
  'value'
> & { value: ValueOf<KindOf<K>> };
export type UnknownRule = z.infer<typeof unknownRuleSchema>;
export type DocumentDefinedRule = z.infer<typeof documentDefinedRuleSchema>;
export type JurisdictionRule<K extends JurisdictionRuleKey = JurisdictionRuleKey> =
  KnownRule<K> | UnknownRule | DocumentDefinedRule;

export type JurisdictionProfile = {
  id: JurisdictionId;
  name: string;
  /** The body of law: "Davis-Stirling Common Interest Development Act (Cal. Civ. Code …)". */
  law: string;
  rules: { [K in JurisdictionRuleKey]: JurisdictionRule<K> };
};

export const jurisdictionProfileSchema: z.ZodType<JurisdictionProfile> = z.strictObject({
  id: z.enum(jurisdictionIds),
  name: z.string().min(1),
  law: z.string().min(1),
  rules: z.strictObject(
    Object.fromEntries(
      jurisdictionRuleKeys.map((key) => [
        key,
        z.union([
          knownRuleSchema(valueSchemas[jurisdictionRules[key].kind]),
          unknownRuleSchema,
          documentDefinedRuleSchema,
        ]),
      ]),
    ),
  ),
}) as unknown as z.ZodType<JurisdictionProfile>;

export type JurisdictionProfilesFile = {
  /** Raised whenever a value changes, so a decision made under an older version can say which. */
  version: number;
  /** When the file was last checked against its sources as a whole. */
  reviewedOn: string;
  /** Where the values come from, for the reviewer. */
  source: string;
  profiles: Record<JurisdictionId, JurisdictionProfile>;
};

export const jurisdictionProfilesFileSchema = z
  .strictObject({
    version: z.number().int().min(1),
    reviewedOn: z.iso.date(),
    source: z.string().min(1),
    profiles: z.strictObject({
      CA: jurisdictionProfileSchema,
      'FL-720': jurisdictionProfileSchema,
      'FL-718': jurisdictionProfileSchema,
      TX: jurisdictionProfileSchema,
      none: jurisdictionProfileSchema,
    }),
  })
  .superRefine((file, context) => {
    for (const [id, profile] of Object.entries(file.profiles)) {
      if (profile.id !== id)
        context.addIssue({
          code: 'custom',
          path: ['profiles', id, 'id'],
          message: `Profile ${id} says ${profile.id}`,
        });
      for (const [key, rule] of Object.entries(profile.rules)) {
        const path = ['profiles', id, 'rules', key];
        if ('value' in rule && rule.verifiedOn > file.reviewedOn)
          context.addIssue({ code: 'custom', path, message: 'Verified after the file was reviewed' });
        if ('value' in rule && id === 'none')
          context.addIssue({ code: 'custom', path, message: 'The "none" profile has no statutory values' });
        if ('value' in rule && jurisdictionRules[key as JurisdictionRuleKey].kind === 'days-range') {
          const range = rule.value as { min: number; max: number };
          if (range.min > range.max) context.addIssue({ code: 'custom', path, message: 'min is above max' });
        }
      }
    }
  });
