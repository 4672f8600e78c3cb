import { z } from 'zod';
import { centsSchema } from './money.ts';

/**
 * Collections (issue 20, item 8; decision 0054). An association's policy is a ladder of stages, each
 * reached when a unit's oldest unpaid charge is so many days past due and what is past due is at least
 * a minimum: a reminder, a formal notice, a pre-lien notice giving the state's notice period, a referral
 * to the association's attorney or collector. Each stage makes a draft letter from its template (a person
 * sends it). A stage that needs the board's decision is never entered until one is recorded: who, when,
 * at which meeting. A payment plan pauses a case; a missed instalment resumes it. The nightly run can be
 * previewed, and a run undone while none of its letters has gone out.
 */

export const collectionStageKinds = ['reminder', 'notice', 'pre_lien', 'referral'] as const;
export type CollectionStageKind = (typeof collectionStageKinds)[number];
export const collectionStageKindLabels: Record<CollectionStageKind, string> = {
  reminder: 'Friendly reminder',
  notice: 'Formal notice of delinquency',
  pre_lien: 'Pre-lien notice',
  referral: 'Referral to attorney or collector',
};
/** The installation's default letter template of each kind of stage (an association may publish its own). */
export const collectionTemplateKeys: Record<CollectionStageKind, string> = {
  reminder: 'collection-reminder',
  notice: 'collection-notice',
  pre_lien: 'collection-pre-lien',
  referral: 'collection-referral',
};

const wholeDays = (what: string, max: number) =>
  z
    .number(`${what} must be a number`)
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} are at most ${max}`);

export const collectionStageSchema = z.object({
  kind: z.enum(collectionStageKinds, 'Choose what the stage is'),
  /** Days the oldest unpaid charge is past its due date. */
  daysPastDue: wholeDays('Days past due', 3650).refine((days) => days >= 1, 'At least 1 day past due'),
  minBalanceCents: centsSchema.refine((cents) => cents >= 0, 'The minimum cannot be negative'),
  /** Days the owner is given to pay in the stage's letter (for a pre-lien notice, the state's minimum). */
  cureDays: wholeDays('Days to pay', 365),
  requiresDecision: z.boolean(),
});
export type CollectionStage = z.infer<typeof collectionStageSchema>;

export const collectionPolicyInputSchema = z
  .object({
    active: z.boolean(),
    stages: z.array(collectionStageSchema).min(1, 'Give at least one stage').max(8, 'At most 8 stages'),
  })
  .superRefine((policy, issue) => {
    policy.stages.forEach((stage, index) => {
      const before = policy.stages[index - 1];
      if (before && stage.daysPastDue <= before.daysPastDue)
        issue.addIssue({
          code: 'custom',
          path: ['stages', index, 'daysPastDue'],
          message: 'Each stage comes more days past due than the one before',
        });
    });
  });
export type CollectionPolicyInput = z.infer<typeof collectionPolicyInputSchema>;

export const collectionPolicySchema = collectionPolicyInputSchema.safeExtend({
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type CollectionPolicy = z.infer<typeof collectionPolicySchema>;

export const collectionCaseStatuses = ['open', 'paused', 'closed'] as const;
export type CollectionCaseStatus = (typeof collectionCaseStatuses)[number];

export const collectionEventKinds = [
  'opened',
  'advanced',
  'held',
  'decision',
  'plan_started',
  'plan_missed',
  'plan_completed',
  'closed',
  'rolled_back',
] as const;
export type CollectionEventKind = (typeof collectionEventKinds)[number];

const decisionOutcomes = ['proceed', 'hold'] as const;

export const collectionDecisionInputSchema = z.object({
  /** The stage (its position in the policy, from 0) the decision is about. */
  stage: z.number('Choose the stage').int('Choose the stage').min(0, 'Choose the stage'),
  outcome: z.enum(decisionOutcomes, 'Say whether the board decided to proceed or to hold'),
  decidedOn: z.iso.date('The date of the decision must be a date (YYYY-MM-DD)'),
  meeting: z
    .string('Say at which meeting the board decided')
    .trim()
    .min(1, 'Say at which meeting the board decided')
    .max(200, 'At most 200 characters'),
  note: z.string().trim().max(1000, 'At most 1,000 characters').default(''),
});
export type CollectionDecisionInput = z.input<typeof collectionDecisionInputSchema>;

export const paymentPlanInputSchema = z.object({
  instalmentCents: centsSchema.refine((cents) => cents > 0, 'Amount must be more than zero'),
  count: z
    .number('The number of instalments must be a number')
    .int('The number of instalments must be a whole number')
    .min(2, 'At least 2 instalments')
    .max(60, 'At most 60 instalments'),
  firstDueOn: z.iso.date('The first due date must be a date (YYYY-MM-DD)'),
  terms: z.string().trim().max(1000, 'At most 1,000 characters').default(''),
});
export type PaymentPlanInput = z.input<typeof paymentPlanInputSchema>;

export const paymentPlanStatuses = ['active', 'completed', 'missed'] as const;

export const paymentPlanSchema = z.object({
  id: z.string(),
  instalmentCents: z.number().int(),
  count: z.number().int(),
  firstDueOn: z.string(),
  terms: z.string(),
  status: z.enum(paymentPlanStatuses),
  /** What has been paid on the unit since the plan began. */
  paidCents: z.number().int(),
  /** The next instalment's date, while the plan is active. */
  nextDueOn: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

export const collectionEventSchema = z.object({
  id: z.string(),
  kind: z.enum(collectionEventKinds),
  /** The stage reached, held at or decided on; null where the event is not about a stage. */
  stage: z.number().int().nullable(),
  summary: z.string(),
  letterId: z.string().nullable(),
  letterStatus: z.string().nullable(),
  decision: z
    .object({
      outcome: z.enum(decisionOutcomes),
      decidedOn: z.string(),
      meeting: z.string(),
      note: z.string(),
    })
    .nullable(),
  runId: z.string().nullable(),
  byName: z.string().nullable(),
  createdAt: z.string(),
});
export type CollectionEvent = z.infer<typeof collectionEventSchema>;

export const collectionCaseSchema = z.object({
  id: z.string(),
  unit: z.object({ id: z.string(), label: z.string() }),
  owners: z.array(z.string()),
  status: z.enum(collectionCaseStatuses),
  /** The stage reached (position in the policy), or null before the first letter. */
  stage: z.number().int().nullable(),
  pastDueCents: z.number().int(),
  daysPastDue: z.number().int(),
  /** The stage that waits for the board's decision before the case can enter it, if any. */
  awaitingDecision: z.number().int().nullable(),
  /** The board's open decision item on that stage, where its members vote (decision 0060), if any. */
  decisionItemId: z.string().nullable(),
  /** The current stage's letter while it is not sent (nor cancelled): the case waits until it is. */
  letterToSend: z.object({ id: z.string(), status: z.string() }).nullable(),
  plan: paymentPlanSchema.nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CollectionCase = z.infer<typeof collectionCaseSchema>;

export const collectionCaseDetailSchema = collectionCaseSchema.safeExtend({
  events: z.array(collectionEventSchema),
});
export type CollectionCaseDetail = z.infer<typeof collectionCaseDetailSchema>;

export const collectionActionKinds = [
  'open',
  'advance',
  'hold',
  'plan_missed',
  'plan_completed',
  'close',
] as const;
export const collectionActionSchema = z.object({
  kind: z.enum(collectionActionKinds),
  unit: z.object({ id: z.string(), label: z.string() }),
  stage: z.number().int().nullable(),
  summary: z.string(),
});
export type CollectionAction = z.infer<typeof collectionActionSchema>;

export const collectionRunSchema = z.object({
  id: z.string(),
  runOn: z.string(),
  summary: z.string(),
  letters: z.number().int(),
  createdAt: z.string(),
  rolledBackAt: z.string().nullable(),
  rolledBackByName: z.string().nullable(),
  /** Not undone yet, none of its letters sent, and no later run standing that moved one of its cases. */
  canRollBack: z.boolean(),
});
export type CollectionRun = z.infer<typeof collectionRunSchema>;

const statuteNote = z.object({ statute: z.string().nullable(), note: z.string() });

export const collectionsStateSchema = z.object({
  jurisdiction: z.string(),
  policy: collectionPolicySchema.nullable(),
  /** The state's notice before a lien and time to cure before collection fees, from the jurisdiction profile. */
  limits: z.object({
    preLienNoticeDays: statuteNote.extend({ days: z.number().int().nullable() }),
    procedure: z.object({ statute: z.string().nullable(), steps: z.array(z.string()), note: z.string() }),
  }),
  cases: z.array(collectionCaseSchema),
  /** What tonight's run will do: how many changes, and the first 200. */
  nextRun: z.object({ on: z.string(), count: z.number().int(), actions: z.array(collectionActionSchema) }),
  runs: z.array(collectionRunSchema),
});
export type CollectionsState = z.infer<typeof collectionsStateSchema>;

export const collectionCaseParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  caseId: z.uuid('Case id must be a UUID'),
});
export const collectionRunParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  runId: z.uuid('Run id must be a UUID'),
});
