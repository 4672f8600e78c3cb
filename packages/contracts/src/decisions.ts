import { z } from 'zod';
import { decisionRules, type DecisionRule } from './committees.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * Decisions (issue 22, decision 0060): one machinery for everything a board or committee decides. An
 * item names the committee that decides it, its background, its options and its due date; serving
 * members vote once each (or the board records a vote taken at a meeting), and the item is decided only
 * when the votes carry an option under the committee's decision rule. Architectural requests are decided
 * by the same items (kind 'arc_request'); the board's 'Upcoming Decisions' lists the board's open ones.
 */

export const decisionKinds = [
  'contract_award',
  'policy_change',
  'collections_step',
  'hearing_outcome',
  'reconsideration',
  'arc_request',
  'other',
] as const;
export type DecisionKind = (typeof decisionKinds)[number];
export const decisionKindLabels: Record<DecisionKind, string> = {
  contract_award: 'Contract award',
  policy_change: 'Policy change',
  collections_step: 'Collections step',
  hearing_outcome: 'Hearing outcome',
  reconsideration: 'Reconsideration',
  arc_request: 'Architectural request',
  other: 'Other',
};
/** The kinds a person creates by hand; 'arc_request' items are opened by their request. */
export const manualDecisionKinds = decisionKinds.filter((kind) => kind !== 'arc_request') as Exclude<
  DecisionKind,
  'arc_request'
>[];

export const decisionStatuses = ['open', 'decided', 'withdrawn'] as const;
export type DecisionStatus = (typeof decisionStatuses)[number];
export const decisionStatusLabels: Record<DecisionStatus, string> = {
  open: 'Open',
  decided: 'Decided',
  withdrawn: 'Withdrawn',
};

/** How the outcome was reached: members' votes in the product, or a vote taken at a meeting. */
export const decisionMethods = ['votes', 'meeting'] as const;
export type DecisionMethod = (typeof decisionMethods)[number];

/** Every item accepts an abstention besides its options; an abstention never carries anything. */
export const abstainChoice = 'abstain';

const optionKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_]{0,39}$/, 'An option key is lower-case letters, digits and underscores');
export const decisionOptionSchema = z.object({ key: optionKey, label: z.string() });
export type DecisionOption = z.infer<typeof decisionOptionSchema>;

/** An option's key from its label: "Award to Acme Roofing" → "award_to_acme_roofing". */
export function optionKeyOf(label: string, index: number): string {
  const key = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32);
  return key && key !== abstainChoice ? key : `option_${index + 1}`;
}

/**
 * The option the votes carry under the committee's rule, or null while none does. `choices` holds one
 * entry per vote cast (abstentions included); `members` counts the members serving today.
 * - majority of members: an option chosen by more than half of the members serving;
 * - majority of those voting: more than half of the members have voted (abstaining counts as present),
 *   and an option has more than half of the votes that are not abstentions;
 * - quorum count: at least `quorum` members have voted, and an option has more than half of the votes
 *   that are not abstentions.
 * The server decides with this function and the web shows what it says, so they cannot disagree.
 */
export function carriedOption(
  rule: DecisionRule,
  quorum: number | null,
  members: number,
  choices: readonly string[],
): string | null {
  const counts = new Map<string, number>();
  for (const choice of choices)
    if (choice !== abstainChoice) counts.set(choice, (counts.get(choice) ?? 0) + 1);
  const cast = [...counts.values()].reduce((sum, count) => sum + count, 0);
  let best: string | null = null;
  let bestCount = 0;
  for (const [choice, count] of counts) {
    if (count > bestCount) [best, bestCount] = [choice, count];
  }
  if (best === null) return null;
  if (rule === 'majority_of_members') return bestCount * 2 > members ? best : null;
  const present = choices.length;
  const enough = rule === 'majority_of_voting' ? present * 2 > members : present >= (quorum ?? members);
  return enough && bestCount * 2 > cast ? best : null;
}

/** What a rule needs, in words, for the item's page ("3 of 5 members for one option"). */
export function ruleNeeds(rule: DecisionRule, quorum: number | null, members: number): string {
  const half = Math.floor(members / 2) + 1;
  if (rule === 'majority_of_members') return `${half} of ${members} members for one option`;
  if (rule === 'majority_of_voting')
    return `${half} of ${members} members voting, and more than half of their votes for one option`;
  return `${quorum ?? members} members voting, and more than half of their votes for one option`;
}

export const decisionVoteSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  choice: z.string(),
  comment: z.string().nullable(),
  castAt: z.iso.datetime(),
});
export type DecisionVote = z.infer<typeof decisionVoteSchema>;

export const decisionDocumentSchema = z.object({ id: z.uuid(), title: z.string() });

export const decisionItemSummarySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  committeeId: z.uuid(),
  committeeName: z.string(),
  kind: z.enum(decisionKinds),
  title: z.string(),
  dueOn: z.iso.date().nullable(),
  status: z.enum(decisionStatuses),
  /** The chosen option, once decided. */
  outcome: decisionOptionSchema.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** Votes cast (abstentions included) and members serving today. */
  votesCast: z.number().int(),
  membersServing: z.number().int(),
  /** The caller's own vote, if any, and whether they may vote now (a serving member, item open). */
  myVote: z.string().nullable(),
  canVote: z.boolean(),
  /** Shown to the association's residents once decided. */
  published: z.boolean(),
  arcRequestId: z.uuid().nullable(),
  /** The collection case a collections step asks about (the nightly run opened the item for it). */
  collectionCaseId: z.uuid().nullable(),
  /** A reconsideration: the architectural request whose decision the owner asked the board to reconsider. */
  reconsideredRequestId: z.uuid().nullable(),
});
export type DecisionItemSummary = z.infer<typeof decisionItemSummarySchema>;

export const decisionItemSchema = decisionItemSummarySchema.extend({
  background: z.string(),
  options: z.array(decisionOptionSchema),
  documents: z.array(decisionDocumentSchema),
  decisionRule: z.enum(decisionRules),
  quorum: z.number().int().nullable(),
  /** What the rule needs, in words, and the option today's votes carry (null: none yet). */
  needs: z.string(),
  carries: z.string().nullable(),
  votes: z.array(decisionVoteSchema),
  tally: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
  method: z.enum(decisionMethods).nullable(),
  meeting: z
    .object({
      heldOn: z.iso.date(),
      minutes: decisionDocumentSchema.nullable(),
      counts: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  outcomeNote: z.string().nullable(),
  decidedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  /** Whether the caller may decide (record the outcome) or withdraw the item. */
  canDecide: z.boolean(),
});
export type DecisionItem = z.infer<typeof decisionItemSchema>;

export const decisionListQuerySchema = z.object({
  propertyId: z.uuid('Choose an association').optional(),
  status: z.enum(decisionStatuses, 'Status is open, decided or withdrawn').optional(),
  kind: z.enum(decisionKinds, 'That is not a kind of decision').optional(),
  /** "true": only items the caller may vote on and has not yet. */
  mine: z
    .enum(['true', 'false'], 'Mine is true or false')
    .optional()
    .transform((value) => value === 'true'),
  q: searchField,
  ...pageQueryFields(25),
});
export type DecisionListQuery = z.input<typeof decisionListQuerySchema>;
export const decisionListSchema = z.object({ items: z.array(decisionItemSummarySchema), ...pageFields });
export type DecisionList = z.infer<typeof decisionListSchema>;

const trimmed = (name: string, min: number, max: number) =>
  z
    .string(`${name} is required`)
    .trim()
    .min(min, min === 1 ? `${name} is required` : `${name} must be at least ${min} characters`)
    .max(max, `${name} must be at most ${max} characters`);

export const createDecisionItemSchema = z.object({
  /** The committee that decides; the association's board when left out. */
  committeeId: z.uuid('Choose a committee').optional(),
  kind: z.enum(manualDecisionKinds, 'Choose what kind of decision this is'),
  title: trimmed('Title', 3, 200),
  background: trimmed('Background', 1, 5000),
  options: z
    .array(trimmed('Each option', 1, 200), 'List the options')
    .min(2, 'List at least two options')
    .max(6, 'List at most six options')
    .refine((labels) => new Set(labels.map((label) => label.toLowerCase())).size === labels.length, {
      message: 'Each option must differ from the others',
    }),
  dueOn: z.iso.date('Due date must be a date'),
  documentIds: z.array(z.uuid('That is not a document')).max(10, 'Attach at most 10 documents').default([]),
  published: z.boolean().default(true),
});
export type CreateDecisionItemInput = z.input<typeof createDecisionItemSchema>;

export const castDecisionVoteSchema = z.object({
  /** One of the item's option keys, or 'abstain'. */
  choice: z.string('Choose an option').min(1, 'Choose an option').max(40, 'That is not an option'),
  comment: z.string().trim().max(2000, 'A comment must be at most 2000 characters').optional(),
});
export type CastDecisionVoteInput = z.input<typeof castDecisionVoteSchema>;

const note = z.string().trim().max(5000, 'The note must be at most 5000 characters').optional();
/** A vote taken at a meeting: its date, its minutes and the counts (the decide schemas share them). */
export const meetingVoteFields = {
  heldOn: z.iso.date('The meeting date must be a date'),
  minutesDocumentId: z.uuid('That is not a document').optional(),
  /** Votes at the meeting per option key, and 'abstain'. */
  counts: z.record(
    z.string().max(40),
    z.number('A count is a number').int('A count is a whole number').min(0).max(1000),
  ),
};
export const decideMethodMessage = 'Say how it was decided: by the votes here, or at a meeting';
export const decideDecisionItemSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('votes'), outcome: optionKey, note }),
    z.object({ method: z.literal('meeting'), outcome: optionKey, ...meetingVoteFields, note }),
  ],
  decideMethodMessage,
);
export type DecideDecisionItemInput = z.input<typeof decideDecisionItemSchema>;

/** A decided item as the association's residents see it: the outcome, not who voted how. */
export const publishedDecisionSchema = z.object({
  id: z.uuid(),
  propertyName: z.string(),
  kind: z.enum(decisionKinds),
  title: z.string(),
  background: z.string(),
  outcome: z.string(),
  outcomeNote: z.string().nullable(),
  decidedAt: z.iso.datetime(),
});
export type PublishedDecision = z.infer<typeof publishedDecisionSchema>;
export const publishedDecisionListSchema = z.object({
  decisions: z.array(publishedDecisionSchema),
  ...pageFields,
});
export type PublishedDecisionList = z.infer<typeof publishedDecisionListSchema>;
