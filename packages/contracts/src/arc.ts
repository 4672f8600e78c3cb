import { z } from 'zod';
import { decideMethodMessage, meetingVoteFields } from './decisions.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * Architectural review (issue 22, decision 0061). Each association has project types (a fence, a paint
 * colour, solar panels…), each with its form, the files it needs, the guideline checks that apply, a fee
 * and a review window. An owner's request is `incomplete` until every required answer and file is in;
 * then it is stamped *complete at* and its decision is due a number of days later, with where that
 * number comes from. The committee decides through a decision item (decisions.ts); the product never
 * approves or denies anything by itself.
 */

export const arcProjectKinds = [
  'fence',
  'paint',
  'roof',
  'solar',
  'addition',
  'landscaping',
  'other',
] as const;
export type ArcProjectKind = (typeof arcProjectKinds)[number];
export const arcProjectKindLabels: Record<ArcProjectKind, string> = {
  fence: 'Fence',
  paint: 'Paint colour',
  roof: 'Roof',
  solar: 'Solar panels',
  addition: 'Addition',
  landscaping: 'Landscaping',
  other: 'Other',
};

/** A form field's kind. A number has a unit; a choice has its options. */
export const arcFieldKinds = ['number', 'text', 'choice'] as const;
export type ArcFieldKind = (typeof arcFieldKinds)[number];
export const arcUnits = ['in', 'ft', 'sq_ft', 'kw'] as const;
export type ArcUnit = (typeof arcUnits)[number];
export const arcUnitLabels: Record<ArcUnit, string> = { in: 'in', ft: 'ft', sq_ft: 'sq ft', kw: 'kW' };

const key = z
  .string('A key is required')
  .regex(
    /^[a-z][a-z0-9_]{0,39}$/,
    'A key is lower-case letters, digits and underscores, starting with a letter',
  );
const label = (name: string, max = 120) =>
  z
    .string(`${name} is required`)
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

export const arcFieldSchema = z
  .object({
    key,
    label: label('A field’s label'),
    kind: z.enum(arcFieldKinds, 'A field is a number, a text or a choice'),
    unit: z.enum(arcUnits, 'That is not a unit').nullable().default(null),
    options: z.array(label('An option')).max(30, 'At most 30 options').default([]),
    required: z.boolean().default(true),
    help: z.string().trim().max(300, 'Help must be at most 300 characters').nullable().default(null),
  })
  .refine((field) => field.kind !== 'choice' || field.options.length >= 2, {
    message: 'A choice needs at least two options',
    path: ['options'],
  })
  .refine((field) => field.kind === 'number' || field.unit === null, {
    message: 'Only a number has a unit',
    path: ['unit'],
  });
export type ArcField = z.output<typeof arcFieldSchema>;

/** A file a project type needs: a drawing, a survey, a contractor's quote, a colour sample… */
export const arcFileRequirementSchema = z.object({
  key,
  label: label('A file’s label'),
  help: z.string().trim().max(300, 'Help must be at most 300 characters').nullable().default(null),
});
export type ArcFileRequirement = z.output<typeof arcFileRequirementSchema>;
/** The requirement the photos of finished work answer (an approved request's completion report). */
export const arcCompletionRequirement = 'completion_photos';

/**
 * A guideline check: a confirmed rule (its clause quoted from the documents) and, for an objective
 * value, the field it reads and the comparison. `judgment` is for anything aesthetic: never decided by
 * the product, always "needs judgment".
 */
export const arcCheckOps = ['at_most', 'at_least', 'one_of', 'not_one_of', 'judgment'] as const;
export type ArcCheckOp = (typeof arcCheckOps)[number];
export const arcCheckSchema = z
  .object({
    key,
    label: label('A check’s label', 200),
    ruleId: z.uuid('Choose the rule this check rests on'),
    op: z.enum(arcCheckOps, 'That is not a comparison'),
    /** The field it reads (not for `judgment`). */
    field: key.nullable().default(null),
    /** at_most / at_least: a number in `unit`; one_of / not_one_of: the values. */
    limit: z.number().nullable().default(null),
    unit: z.enum(arcUnits).nullable().default(null),
    values: z.array(label('A value')).max(50).default([]),
  })
  .refine((check) => check.op === 'judgment' || check.field !== null, {
    message: 'Choose the field this check reads',
    path: ['field'],
  })
  .refine((check) => !['at_most', 'at_least'].includes(check.op) || check.limit !== null, {
    message: 'Give the limit',
    path: ['limit'],
  })
  .refine((check) => !['one_of', 'not_one_of'].includes(check.op) || check.values.length > 0, {
    message: 'List the values',
    path: ['values'],
  });
export type ArcCheck = z.output<typeof arcCheckSchema>;

export const arcProjectTypeSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  kind: z.enum(arcProjectKinds),
  name: z.string(),
  description: z.string(),
  fields: z.array(arcFieldSchema),
  files: z.array(arcFileRequirementSchema),
  checks: z.array(arcCheckSchema),
  feeCents: z.number().int(),
  /** Days from *complete at* to the decision, and where the number comes from ("CC&Rs §7.3"). */
  reviewDays: z.number().int().nullable(),
  reviewDaysSource: z.string().nullable(),
  active: z.boolean(),
});
export type ArcProjectType = z.infer<typeof arcProjectTypeSchema>;
export const arcProjectTypeListSchema = z.object({ projectTypes: z.array(arcProjectTypeSchema) });
export type ArcProjectTypeList = z.infer<typeof arcProjectTypeListSchema>;

export const arcProjectTypeInputSchema = z
  .object({
    kind: z.enum(arcProjectKinds, 'Choose the kind of project'),
    name: label('Name'),
    description: z.string().trim().max(2000, 'The description must be at most 2000 characters').default(''),
    fields: z.array(arcFieldSchema).max(20, 'At most 20 fields'),
    files: z.array(arcFileRequirementSchema).max(10, 'At most 10 files'),
    checks: z.array(arcCheckSchema).max(20, 'At most 20 checks'),
    feeCents: z
      .number('The fee is a number of cents')
      .int('The fee is a whole number of cents')
      .min(0)
      .max(1_000_000, 'The fee must be at most $10,000.00'),
    reviewDays: z
      .number('The review window is a number of days')
      .int('The review window is a whole number of days')
      .min(1, 'The review window is at least a day')
      .max(365, 'The review window is at most 365 days')
      .nullable(),
    reviewDaysSource: z.string().trim().max(200, 'At most 200 characters').nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((type) => !type.files.some((file) => file.key === arcCompletionRequirement), {
    message: `The key “${arcCompletionRequirement}” is kept for the photos of finished work`,
    path: ['files'],
  })
  .refine((type) => type.reviewDays === null || (type.reviewDaysSource ?? '').length > 0, {
    message: 'Say where the review window comes from (for example “CC&Rs §7.3”)',
    path: ['reviewDaysSource'],
  });
export type ArcProjectTypeInput = z.input<typeof arcProjectTypeInputSchema>;

export const arcRequestStatuses = [
  'incomplete',
  'under_review',
  'more_information',
  'decided',
  'pending_inspection',
  'closed',
  'withdrawn',
] as const;
export type ArcRequestStatus = (typeof arcRequestStatuses)[number];
export const arcRequestStatusLabels: Record<ArcRequestStatus, string> = {
  incomplete: 'Incomplete',
  under_review: 'Under review',
  more_information: 'More information needed',
  decided: 'Decided',
  pending_inspection: 'Approved — pending inspection',
  closed: 'Closed',
  withdrawn: 'Withdrawn',
};
/** A request still in play: another of the same unit and project type gets a warning. */
export const activeArcStatuses: readonly ArcRequestStatus[] = [
  'incomplete',
  'under_review',
  'more_information',
  'pending_inspection',
];

export const arcDecisions = ['approve', 'approve_with_conditions', 'deny'] as const;
export type ArcDecision = (typeof arcDecisions)[number];
export const arcDecisionLabels: Record<ArcDecision, string> = {
  approve: 'Approved',
  approve_with_conditions: 'Approved with conditions',
  deny: 'Denied',
};
/** The options of an architectural request's decision item; 'more_information' sends it back to the owner. */
export const arcVoteOptions = [
  { key: 'approve', label: 'Approve' },
  { key: 'approve_with_conditions', label: 'Approve with conditions' },
  { key: 'deny', label: 'Deny' },
  { key: 'more_information', label: 'Need more information' },
] as const;

/**
 * What may happen to a request in each status. The server refuses anything else with 409, and the web
 * shows only the actions allowed here.
 */
export const arcEvents = [
  'revise',
  'complete',
  'ask_more_information',
  'decide',
  'report_completion',
  'pass_inspection',
  'fail_inspection',
  'withdraw',
  'ask_reconsideration',
] as const;
export type ArcEvent = (typeof arcEvents)[number];
export function arcNextStatus(
  status: ArcRequestStatus,
  event: ArcEvent,
  decision?: ArcDecision,
): ArcRequestStatus | null {
  switch (event) {
    case 'revise':
      return status === 'incomplete' || status === 'under_review' || status === 'more_information'
        ? status
        : null;
    case 'complete':
      return status === 'incomplete' || status === 'more_information' ? 'under_review' : null;
    case 'ask_more_information':
      return status === 'under_review' ? 'more_information' : null;
    case 'decide':
      return status === 'under_review' && decision ? 'decided' : null;
    case 'report_completion':
      return status === 'decided' && decision !== undefined && decision !== 'deny'
        ? 'pending_inspection'
        : null;
    case 'pass_inspection':
    case 'fail_inspection':
      return status === 'pending_inspection' ? 'closed' : null;
    case 'withdraw':
      return status === 'incomplete' || status === 'under_review' || status === 'more_information'
        ? 'withdrawn'
        : null;
    // The request stays decided while the board reconsiders; its answer may change the decision.
    case 'ask_reconsideration':
      return status === 'decided' && arcReconsiderable(decision ?? null) ? 'decided' : null;
  }
}

/**
 * The board's answer to an owner's request to reconsider a denial or its conditions: the decision
 * stands, or the request is approved.
 */
export const arcReconsiderationOutcomes = ['uphold', 'approve'] as const;
export type ArcReconsiderationOutcome = (typeof arcReconsiderationOutcomes)[number];
export const arcReconsiderationOutcomeLabels: Record<ArcReconsiderationOutcome, string> = {
  uphold: 'Uphold the decision',
  approve: 'Approve the request',
};
/** Only a denial, or an approval with conditions, can be asked about again. */
export const arcReconsiderable = (decision: ArcDecision | null) =>
  decision === 'deny' || decision === 'approve_with_conditions';
export const requestArcReconsiderationSchema = z.object({
  reason: z
    .string({ error: 'Say why the board should reconsider' })
    .trim()
    .min(1, 'Say why the board should reconsider')
    .max(4000, 'The reason must be at most 4000 characters'),
});
export type RequestArcReconsiderationInput = z.input<typeof requestArcReconsiderationSchema>;

/** What the committee may decide on a request: a decision, or sending it back for more information. */
export const arcOutcomes = [...arcDecisions, 'more_information'] as const;
export type ArcOutcome = (typeof arcOutcomes)[number];

const decisionText = (name: string, max: number) =>
  z.string().trim().max(max, `${name} must be at most ${max} characters`).optional();
const arcDecideFields = {
  outcome: z.enum(arcOutcomes, 'Choose the decision'),
  /** Approve with conditions: the conditions, as the letter states them. */
  conditions: decisionText('The conditions', 5000),
  /** Deny: why, the rule relied on, the changes that would make it approvable, how to ask again. */
  reasons: decisionText('The reasons', 5000),
  rulesCited: decisionText('The rules relied on', 2000),
  changesNeeded: decisionText('The changes needed', 5000),
  appeal: decisionText('How to ask for reconsideration', 2000),
  /** More information: what the owner must send (told to them); otherwise the committee's note. */
  note: decisionText('The note', 5000),
};
/**
 * Deciding a request: the outcome must be carried by the votes recorded on its decision item, or by a
 * vote taken at a meeting, under the committee's rule (as for any decision item). What a decision must
 * say is checked by the server against the association's jurisdiction (arcDenialRequirements).
 */
export const decideArcRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('votes'), ...arcDecideFields }),
    z.object({ method: z.literal('meeting'), ...meetingVoteFields, ...arcDecideFields }),
  ],
  decideMethodMessage,
);
export type DecideArcRequestInput = z.input<typeof decideArcRequestSchema>;

/** What a denial must contain where the association is (the server works it out from the jurisdiction file). */
export type ArcDenialRequirements = {
  changesNeeded: boolean;
  appealSuggestion: string;
  /** The statute that governs architectural decisions, or null where none is recorded. */
  statute: string | null;
  /** What that statute asks of a decision, in words, for the people deciding. */
  rules: string[];
};

/** The owner reports the approved work finished, with photos sent as completion files. */
export const reportArcCompletionSchema = z.object({
  note: decisionText('The note', 2000),
});
export type ReportArcCompletionInput = z.input<typeof reportArcCompletionSchema>;

/** The inspection of finished work: a pass closes the request; a fail opens a violation. */
export const inspectArcRequestSchema = z.object({
  result: z.enum(['pass', 'fail'], 'Say whether the work passed the inspection'),
  /** What was found; required for a fail (the violation's description). */
  note: decisionText('The note', 2000),
  /** A fail: the association's rule (in use) the work breaks, which the violation is recorded under. */
  ruleId: z.uuid('Choose the rule the work breaks').optional(),
});
export type InspectArcRequestInput = z.input<typeof inspectArcRequestSchema>;

/** An answer: a number for a number field, text otherwise. */
export const arcAnswerSchema = z.union([
  z.number(),
  z.string().trim().max(2000, 'An answer must be at most 2000 characters'),
]);
export const arcAnswersSchema = z
  .record(key, arcAnswerSchema)
  .refine((answers) => Object.keys(answers).length <= 20, { message: 'At most 20 answers' });

export const arcMissingItemSchema = z.object({
  kind: z.enum(['field', 'file']),
  key: z.string(),
  label: z.string(),
});
export type ArcMissingItem = z.infer<typeof arcMissingItemSchema>;

export const arcFileSchema = z.object({
  id: z.uuid(),
  /** The requirement it answers (null: an extra file). */
  requirement: z.string().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  revision: z.number().int(),
  uploadedAt: z.iso.datetime(),
});
export type ArcFile = z.infer<typeof arcFileSchema>;
/** What an ARC file may be: the bytes must agree with the name (415 otherwise). */
export const arcFileExtensions = ['pdf', 'jpg', 'jpeg', 'png', 'heic', 'heif', 'docx'] as const;
export const arcFileMaxBytes = 20 * 1024 * 1024;

export const arcCheckResults = ['meets', 'fails', 'needs_judgment'] as const;
export type ArcCheckResult = (typeof arcCheckResults)[number];
export const arcCheckResultLabels: Record<ArcCheckResult, string> = {
  meets: 'Meets',
  fails: 'Fails',
  needs_judgment: 'Needs judgment',
};
/** One guideline check of a request, with its evidence and the clause it rests on. */
export const arcCheckOutcomeSchema = z.object({
  key: z.string(),
  label: z.string(),
  result: z.enum(arcCheckResults),
  /** The requirement in words: "at most 60 in", "one of: wood, vinyl". */
  expected: z.string(),
  /** Why, in a sentence: "The quote (page 1) says 66 in." */
  explanation: z.string(),
  evidence: z.array(
    z.object({
      value: z.string(),
      source: z.enum(['form', 'file']),
      fileName: z.string().nullable(),
      page: z.number().int().nullable(),
      /** The words around the value, as extracted from the file. */
      excerpt: z.string().nullable(),
    }),
  ),
  rule: z.object({
    id: z.uuid(),
    title: z.string(),
    sectionNumber: z.string().nullable(),
    page: z.number().int().nullable(),
    documentTitle: z.string().nullable(),
    excerpt: z.string(),
  }),
});
export type ArcCheckOutcome = z.infer<typeof arcCheckOutcomeSchema>;

export const arcRequestSummarySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  unit: z.object({ id: z.uuid(), label: z.string() }),
  applicant: z.object({ id: z.string(), fullName: z.string() }),
  projectType: z.object({ id: z.uuid(), kind: z.enum(arcProjectKinds), name: z.string() }),
  title: z.string(),
  status: z.enum(arcRequestStatuses),
  revision: z.number().int(),
  submittedAt: z.iso.datetime(),
  completeAt: z.iso.datetime().nullable(),
  /** The decision's due date, and where the number of days comes from ("45 days — CC&Rs §7.3"). */
  decisionDueOn: z.iso.date().nullable(),
  dueSource: z.string().nullable(),
  /** Undecided on or after its due date: "deadline passed" (the product never approves by itself). */
  deadlinePassed: z.boolean(),
  decision: z.enum(arcDecisions).nullable(),
  decidedAt: z.iso.datetime().nullable(),
  missing: z.array(arcMissingItemSchema),
});
export type ArcRequestSummary = z.infer<typeof arcRequestSummarySchema>;

export const arcRequestSchema = arcRequestSummarySchema.extend({
  description: z.string(),
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
  files: z.array(arcFileSchema),
  /** The project type as the request was made against it (its form, files and fee). */
  fields: z.array(arcFieldSchema),
  fileRequirements: z.array(arcFileRequirementSchema),
  feeCents: z.number().int(),
  feeChargeId: z.uuid().nullable(),
  conditions: z.string().nullable(),
  reasons: z.string().nullable(),
  rulesCited: z.string().nullable(),
  changesNeeded: z.string().nullable(),
  appeal: z.string().nullable(),
  /** What the committee asked the owner to send when it sent the request back (the latest time). */
  moreInformationNote: z.string().nullable(),
  /** The owner's note with the completion report, and what the inspection found. */
  completionNote: z.string().nullable(),
  inspectionNote: z.string().nullable(),
  /** The decision letter: for reviewers as soon as it is drafted, for the owner once it is sent. */
  decisionLetter: z
    .object({ id: z.uuid(), status: z.enum(['draft', 'awaiting_approval', 'approved', 'sent', 'cancelled']) })
    .nullable(),
  completionReportedAt: z.iso.datetime().nullable(),
  inspectionDueOn: z.iso.date().nullable(),
  inspectionResult: z.enum(['pass', 'fail']).nullable(),
  inspectedAt: z.iso.datetime().nullable(),
  /** The violation a failed inspection opened (reviewers only). */
  violationId: z.uuid().nullable(),
  /** Reviewers only: what a denial must contain in the association's jurisdiction. */
  denialRequirements: z
    .object({
      changesNeeded: z.boolean(),
      appealSuggestion: z.string(),
      statute: z.string().nullable(),
      rules: z.array(z.string()),
    })
    .nullable(),
  /** The owner's request that the board reconsider the decision, and the board's answer once given. */
  reconsideration: z
    .object({
      reason: z.string(),
      requestedAt: z.iso.datetime(),
      outcome: z.enum(arcReconsiderationOutcomes).nullable(),
      decidedAt: z.iso.datetime().nullable(),
      /** Reviewers only (null for the owner): the board's decision item. */
      itemId: z.uuid().nullable(),
    })
    .nullable(),
  /** Another active request of the same unit and project type. */
  duplicateOf: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  revisions: z.array(z.object({ revision: z.number().int(), at: z.iso.datetime(), note: z.string() })),
  /**
   * Reviewers only (null for the owner): the association's latest decided requests of the same kind of
   * project, with their conditions or reasons, so that like is decided like.
   */
  precedents: z
    .array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        unit: z.object({ label: z.string() }),
        decision: z.enum(arcDecisions),
        conditions: z.string().nullable(),
        reasons: z.string().nullable(),
        decidedAt: z.iso.datetime(),
      }),
    )
    .nullable(),
  /** Staff and committee only (null for the owner): the guideline checks and the decision item. */
  checks: z.array(arcCheckOutcomeSchema).nullable(),
  decisionItemId: z.uuid().nullable(),
  /** What the caller may do now, from arcNextStatus and their role. */
  actions: z.array(z.enum(arcEvents)),
});
export type ArcRequest = z.infer<typeof arcRequestSchema>;

export const arcRequestListQuerySchema = z.object({
  propertyId: z.uuid('Choose an association').optional(),
  status: z.enum(arcRequestStatuses, 'That is not a request status').optional(),
  /** "true": undecided requests whose deadline has passed. */
  deadlinePassed: z
    .enum(['true', 'false'], 'Deadline passed is true or false')
    .optional()
    .transform((value) => value === 'true'),
  q: searchField,
  ...pageQueryFields(25),
});
export type ArcRequestListQuery = z.input<typeof arcRequestListQuerySchema>;
export const arcRequestListSchema = z.object({ requests: z.array(arcRequestSummarySchema), ...pageFields });
export type ArcRequestList = z.infer<typeof arcRequestListSchema>;

export const createArcRequestSchema = z.object({
  unitId: z.uuid('Choose your unit'),
  projectTypeId: z.uuid('Choose the kind of project'),
  title: label('Title', 200),
  description: z.string().trim().max(5000, 'The description must be at most 5000 characters').default(''),
  answers: arcAnswersSchema.default({}),
});
export type CreateArcRequestInput = z.input<typeof createArcRequestSchema>;

/** A revision: what changed. After *complete at* it becomes a new revision of the request. */
export const reviseArcRequestSchema = z.object({
  title: label('Title', 200).optional(),
  description: z.string().trim().max(5000, 'The description must be at most 5000 characters').optional(),
  answers: arcAnswersSchema.optional(),
  note: z.string().trim().max(1000, 'The note must be at most 1000 characters').optional(),
});
export type ReviseArcRequestInput = z.input<typeof reviseArcRequestSchema>;

/** The due date of a complete request: `days` after the day it was complete, in the association's zone. */
export function arcDecisionDue(completeOn: string, days: number): string {
  const date = new Date(`${completeOn}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A request's two threads (issue 22 item 3): 'applicant', between the owners of the unit and the
 * reviewers; 'committee', the reviewers' own, never shown to an owner.
 */
export const arcMessageVisibilities = ['applicant', 'committee'] as const;
export type ArcMessageVisibility = (typeof arcMessageVisibilities)[number];
export const arcMessageMaxLength = 4000;

export const arcMessageSchema = z.object({
  id: z.uuid(),
  visibility: z.enum(arcMessageVisibilities),
  /** Null once the author's account is gone. */
  author: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** Whether the author wrote as an owner of the unit (else as a reviewer). */
  fromOwner: z.boolean(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type ArcMessage = z.infer<typeof arcMessageSchema>;
/** A page of a thread, newest first. */
export const arcMessageListSchema = z.object({ messages: z.array(arcMessageSchema), ...pageFields });
export type ArcMessageList = z.infer<typeof arcMessageListSchema>;

const arcMessageBody = z
  .string({ error: 'Type a message first' })
  .trim()
  .min(1, 'Type a message first')
  .max(arcMessageMaxLength, `A message can be at most ${arcMessageMaxLength} characters`);

export const arcThreadQuerySchema = z.object({
  visibility: z.enum(arcMessageVisibilities, 'Choose the applicant’s thread or the committee’s'),
  ...pageQueryFields(50),
});
export type ArcThreadQuery = z.input<typeof arcThreadQuerySchema>;
/** A reviewer writes in either thread. */
export const postArcMessageSchema = z.object({
  visibility: z.enum(arcMessageVisibilities, 'Choose the applicant’s thread or the committee’s'),
  body: arcMessageBody,
});
export type PostArcMessageInput = z.input<typeof postArcMessageSchema>;
/** An owner writes in the applicant's thread only. */
export const postOwnerArcMessageSchema = z.object({ body: arcMessageBody });
export type PostOwnerArcMessageInput = z.input<typeof postOwnerArcMessageSchema>;
export const ownerArcThreadQuerySchema = z.object({ ...pageQueryFields(50) });
