import { z } from 'zod';
import { centsSchema } from './money.ts';
import { letterStatuses } from './letters.ts';

/**
 * Enforcement after a violation is recorded (issue 21 items 4–6, decision 0058): the association's
 * stages, each a letter from one of its templates that a person approves before it is sent; a hearing
 * before the fining committee, with the notice the jurisdiction requires; the committee's votes; and a
 * fine on the unit's ledger only when the procedure allows it. People decide every step.
 */

/** notice: a letter with a date to cure; hearing: the hearing notice; fine: a fine decided at the hearing. */
export const stageKinds = ['notice', 'hearing', 'fine'] as const;
export type StageKind = (typeof stageKinds)[number];
export const stageKindLabels: Record<StageKind, string> = {
  notice: 'Notice',
  hearing: 'Hearing',
  fine: 'Fine',
};
/** Who approves a stage's letter before it is sent: a manager, or (where the association says so) the board. */
export const stageApprovers = ['manager', 'board'] as const;
export type StageApprover = (typeof stageApprovers)[number];
export const stageApproverLabels: Record<StageApprover, string> = {
  manager: 'A manager',
  board: 'The board',
};

export const maxStages = 8;

const templateKey = z
  .string({ error: 'Choose a letter template' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'Choose a letter template');

export const enforcementStageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters'),
  kind: z.enum(stageKinds, 'Choose what the stage is'),
  /** The association's letter template (a "violation or hearing notice") the stage's letter is made from. */
  templateKey,
  /** Days after the letter is delivered before the next stage may start. */
  daysToNext: z
    .number('Days to the next step must be a number')
    .int('Days to the next step must be a whole number')
    .min(1, 'Days to the next step must be at least 1')
    .max(365, 'Days to the next step must be at most 365'),
  approver: z.enum(stageApprovers, 'Choose who approves the letter'),
});
export type EnforcementStage = z.infer<typeof enforcementStageSchema>;

/**
 * Where each stage may stand: notices first, then the hearing, then fines. A fine without a hearing
 * before it, or a hearing before any notice, is out of order.
 */
export function stageOrderProblems(stages: Pick<EnforcementStage, 'kind' | 'name'>[]) {
  const problems: { index: number; field: 'kind' | 'name'; message: string }[] = [];
  const hearingAt = stages.findIndex((stage) => stage.kind === 'hearing');
  stages.forEach((stage, index) => {
    if (index === 0 && stage.kind !== 'notice')
      problems.push({ index, field: 'kind', message: 'The first stage is a notice' });
    else if (stage.kind === 'notice' && hearingAt !== -1 && index > hearingAt)
      problems.push({ index, field: 'kind', message: 'Notices come before the hearing' });
    else if (stage.kind === 'hearing' && index !== hearingAt)
      problems.push({ index, field: 'kind', message: 'There is one hearing stage' });
    else if (stage.kind === 'fine' && (hearingAt === -1 || index < hearingAt))
      problems.push({ index, field: 'kind', message: 'A fine comes after a hearing stage' });
    const earlier = stages.findIndex(
      (other) => other.name.trim().toLowerCase() === stage.name.trim().toLowerCase(),
    );
    if (earlier !== index) problems.push({ index, field: 'name', message: 'Each stage has its own name' });
  });
  return problems;
}

export const enforcementPolicyInputSchema = z
  .object({
    stages: z
      .array(enforcementStageSchema, 'Stages are a list')
      .min(1, 'Give at least one stage')
      .max(maxStages, `At most ${maxStages} stages`),
  })
  .superRefine((policy, context) => {
    for (const problem of stageOrderProblems(policy.stages))
      context.addIssue({
        code: 'custom',
        path: ['stages', problem.index, problem.field],
        message: problem.message,
      });
  });
export type EnforcementPolicyInput = z.input<typeof enforcementPolicyInputSchema>;

export const enforcementPolicySchema = z.object({
  propertyId: z.uuid(),
  /** False until a manager saves the association's stages (the defaults are shown until then). */
  isSaved: z.boolean(),
  stages: z.array(enforcementStageSchema),
  /** The association's current violation-notice templates, to choose from. */
  templates: z.array(z.object({ key: z.string(), title: z.string(), version: z.number().int() })),
  updatedAt: z.iso.datetime().nullable(),
  /** What the jurisdiction says about hearings and fines, each with its statute (or why it is unknown). */
  law: z.array(
    z.object({
      label: z.string(),
      value: z.string().nullable(),
      statute: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type EnforcementPolicy = z.infer<typeof enforcementPolicySchema>;

/** The default ladder and its templates (installed as the association's own version 1 when missing). */
export const defaultEnforcementStages: EnforcementStage[] = [
  {
    name: 'Courtesy notice',
    kind: 'notice',
    templateKey: 'violation-courtesy',
    daysToNext: 14,
    approver: 'manager',
  },
  {
    name: 'Violation notice',
    kind: 'notice',
    templateKey: 'violation-notice',
    daysToNext: 14,
    approver: 'manager',
  },
  {
    name: 'Hearing notice',
    kind: 'hearing',
    templateKey: 'violation-hearing',
    daysToNext: 15,
    approver: 'manager',
  },
  { name: 'Fine notice', kind: 'fine', templateKey: 'violation-fine', daysToNext: 30, approver: 'board' },
];

// ---------------------------------------------------------------------------------------------------
// Notices, hearings and fines on one violation

export const violationNoticeSchema = z.object({
  id: z.uuid(),
  stage: z.number().int(),
  stageName: z.string(),
  stageKind: z.enum(stageKinds),
  approver: z.enum(stageApprovers),
  letterId: z.uuid(),
  letterTitle: z.string(),
  letterStatus: z.enum(letterStatuses),
  cureDueOn: z.iso.date().nullable(),
  fineCents: centsSchema.nullable(),
  /** The first day a recipient received it (the clock of the next step starts there). */
  deliveredOn: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
  pdfUrl: z.string(),
});
export type ViolationNotice = z.infer<typeof violationNoticeSchema>;

export const hearingStatuses = ['scheduled', 'decided', 'cancelled'] as const;
export type HearingStatus = (typeof hearingStatuses)[number];
export const hearingVotes = ['fine', 'no_fine', 'abstain'] as const;
export type HearingVote = (typeof hearingVotes)[number];
export const hearingVoteLabels: Record<HearingVote, string> = {
  fine: 'For the fine',
  no_fine: 'Against the fine',
  abstain: 'Abstain',
};
export const hearingOutcomes = ['fine', 'no_fine'] as const;
export type HearingOutcome = (typeof hearingOutcomes)[number];

export const violationHearingSchema = z.object({
  id: z.uuid(),
  status: z.enum(hearingStatuses),
  committee: z.object({ id: z.uuid(), name: z.string(), kind: z.string() }),
  scheduledAt: z.iso.datetime(),
  place: z.string(),
  requestedByOwner: z.boolean(),
  votes: z.array(z.object({ userId: z.string(), fullName: z.string(), vote: z.enum(hearingVotes) })),
  /** The committee's members serving on the hearing day, who may vote. */
  voters: z.array(z.object({ userId: z.string(), fullName: z.string() })),
  outcome: z.enum(hearingOutcomes).nullable(),
  decision: z.string().nullable(),
  fineCents: centsSchema.nullable(),
  healthSafetyFinding: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** California: the written decision is late when not sent within the statute's days of the decision. */
  decisionLetterLate: z.boolean(),
  chargeId: z.uuid().nullable(),
});
export type ViolationHearing = z.infer<typeof violationHearingSchema>;

/** What may happen next on a violation, and why not when it may not. */
export const enforcementStepSchema = z.object({
  /** The next stage (1-based), or null when every stage is done. */
  nextStage: z.number().int().nullable(),
  nextStageName: z.string().nullable(),
  nextStageKind: z.enum(stageKinds).nullable(),
  /** The first day the next stage may start, counted from the last notice's delivery. */
  availableOn: z.iso.date().nullable(),
  /** Why the next stage cannot be drafted today, in a sentence; null when it can. */
  blockedBecause: z.string().nullable(),
});
export type EnforcementStep = z.infer<typeof enforcementStepSchema>;

export const enforcementStateSchema = z.object({
  notices: z.array(violationNoticeSchema),
  hearings: z.array(violationHearingSchema),
  step: enforcementStepSchema,
  stages: z.array(enforcementStageSchema),
});
export type EnforcementState = z.infer<typeof enforcementStateSchema>;

/** Drafting a notice: the next stage's letter. A cure date is the rule's default unless given. */
export const noticeDraftInputSchema = z.object({
  stage: z.number('Say which stage').int('Say which stage').min(1, 'Say which stage'),
  cureDueOn: z.iso.date('Cure date must be a date (YYYY-MM-DD)').optional(),
});
export type NoticeDraftInput = z.input<typeof noticeDraftInputSchema>;

export const hearingInputSchema = z.object({
  committeeId: z.uuid('Choose the committee that hears it'),
  scheduledAt: z.iso.datetime({ offset: true, error: 'Give the hearing’s date and time' }),
  place: z
    .string({ error: 'Say where the hearing is held' })
    .trim()
    .min(1, 'Say where the hearing is held')
    .max(200, 'Place must be at most 200 characters'),
});
export type HearingInput = z.input<typeof hearingInputSchema>;

export const hearingVoteInputSchema = z.object({
  userId: z.string().min(1, 'Choose the member').max(100),
  vote: z.enum(hearingVotes, 'Choose a vote'),
});
export type HearingVoteInput = z.input<typeof hearingVoteInputSchema>;

export const hearingDecisionInputSchema = z
  .object({
    outcome: z.enum(hearingOutcomes, 'Choose the outcome'),
    decision: z
      .string({ error: 'Write the decision' })
      .trim()
      .min(1, 'Write the decision')
      .max(4000, 'Decision must be at most 4,000 characters'),
    fineCents: centsSchema.min(1, 'A fine is at least $0.01').optional(),
    /** California: a fine above the cap needs the board's written health or safety finding. */
    healthSafetyFinding: z
      .string()
      .trim()
      .max(2000, 'Finding must be at most 2,000 characters')
      .optional()
      .transform((value) => (value ? value : null)),
    /** Where a rule that governs fines is unknown, the person decides it themselves and says so. */
    acknowledgeUnknownRules: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    if (input.outcome === 'fine' && input.fineCents === undefined)
      context.addIssue({ code: 'custom', path: ['fineCents'], message: 'Give the fine' });
    if (input.outcome === 'no_fine' && input.fineCents !== undefined)
      context.addIssue({ code: 'custom', path: ['fineCents'], message: 'No fine was decided' });
  });
export type HearingDecisionInput = z.input<typeof hearingDecisionInputSchema>;

export const hearingParamsSchema = z.object({
  violationId: z.uuid('That is not a valid violation id'),
  hearingId: z.uuid('That is not a valid hearing id'),
});
export const noticeParamsSchema = z.object({
  violationId: z.uuid('That is not a valid violation id'),
  noticeId: z.uuid('That is not a valid notice id'),
});

// ---------------------------------------------------------------------------------------------------
// The owner's side (resident portal)

/** What an owner sees of a violation's history: their (and their co-owners') words, and how it closed. */
export const ownerViolationHistoryKinds = [
  'owner_replied',
  'cure_reported',
  'hearing_requested',
  'cured',
  'dismissed',
] as const;
export type OwnerViolationHistoryKind = (typeof ownerViolationHistoryKinds)[number];

/** A photo as the owner sees it: its signed links and when it was taken, never who took it. */
export const ownerViolationPhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  takenAt: z.iso.datetime().nullable(),
});
export type OwnerViolationPhoto = z.infer<typeof ownerViolationPhotoSchema>;

export const ownerViolationSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  unitLabel: z.string(),
  ruleTitle: z.string(),
  clause: z.object({
    documentId: z.uuid().nullable(),
    documentName: z.string().nullable(),
    sectionNumber: z.string().nullable(),
    sectionTitle: z.string().nullable(),
    page: z.number().int().nullable(),
    excerpt: z.string(),
  }),
  status: z.enum(['open', 'cured', 'dismissed']),
  observedAt: z.iso.datetime(),
  cureDueOn: z.iso.date().nullable(),
  curable: z.boolean(),
  /** The notices sent to this owner, newest first, each with its PDF. */
  notices: z.array(
    z.object({
      id: z.uuid(),
      stageName: z.string(),
      title: z.string(),
      sentAt: z.iso.datetime(),
      cureDueOn: z.iso.date().nullable(),
      pdfUrl: z.string(),
    }),
  ),
  /** The inspectors' photos (the evidence), never anyone's name. */
  photos: z.array(ownerViolationPhotoSchema),
  /**
   * What the owners said and sent, and how it was closed, oldest first. A closing note is staff's and is
   * not shown; `photos` are those the caller sent (a co-owner's are only counted).
   */
  history: z.array(
    z.object({
      kind: z.enum(ownerViolationHistoryKinds),
      at: z.iso.datetime(),
      note: z.string().nullable(),
      byYou: z.boolean(),
      photoCount: z.number().int(),
      photos: z.array(ownerViolationPhotoSchema),
    }),
  ),
  hearing: z
    .object({ scheduledAt: z.iso.datetime(), place: z.string(), status: z.enum(hearingStatuses) })
    .nullable(),
  /**
   * Whether the owner may ask for a hearing now, and until when (null: the law's period is not known, or
   * it may not be asked); `reason` says why not, `note` what the law says (or that it is not known).
   */
  hearingRequest: z.object({
    allowed: z.boolean(),
    until: z.iso.date().nullable(),
    reason: z.string().nullable(),
    statute: z.string().nullable(),
    note: z.string().nullable(),
  }),
  cureReportedAt: z.iso.datetime().nullable(),
  /** What the owner may do now: reply while it is open; report a cure while it is open and curable. */
  can: z.object({ reply: z.boolean(), reportCure: z.boolean() }),
});
export type OwnerViolation = z.infer<typeof ownerViolationSchema>;
/** Open violations and those closed in the last year, newest first (at most `maxOwnerViolations`). */
export const ownerViolationListSchema = z.object({ violations: z.array(ownerViolationSchema) });
export type OwnerViolationList = z.infer<typeof ownerViolationListSchema>;
export const maxOwnerViolations = 50;

export const ownerReplyInputSchema = z.object({
  message: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(1, 'Write your reply')
    .max(2000, 'Reply must be at most 2,000 characters'),
});
export type OwnerReplyInput = z.input<typeof ownerReplyInputSchema>;

export const cureReportInputSchema = z.object({
  photoIds: z
    .array(z.uuid('That is not a valid photo id'), 'Photos are a list of ids')
    .min(1, 'Add at least one photo of the cure')
    .max(10, 'Add at most 10 photos')
    .refine((ids) => new Set(ids).size === ids.length, 'A photo is listed twice'),
  note: z
    .string()
    .trim()
    .max(2000, 'Note must be at most 2,000 characters')
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CureReportInput = z.input<typeof cureReportInputSchema>;

export const hearingRequestInputSchema = z.object({
  reason: z
    .string({ error: 'Say why you ask for a hearing' })
    .trim()
    .min(1, 'Say why you ask for a hearing')
    .max(2000, 'Reason must be at most 2,000 characters'),
});
export type HearingRequestInput = z.input<typeof hearingRequestInputSchema>;
