import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * An association's board and committees (issue 17). The board is the committee of kind 'board' (one per
 * association); its members decide for that association only. A committee's decision rule says what
 * carries a decision: a majority of its members, a majority of those voting, or a fixed quorum.
 */

export const committeeKinds = [
  'board',
  'architectural_review',
  'fining',
  'elections',
  'social',
  'other',
] as const;
export type CommitteeKind = (typeof committeeKinds)[number];
export const committeeRoles = [
  'president',
  'vice_president',
  'treasurer',
  'secretary',
  'director',
  'chair',
  'member',
] as const;
export type CommitteeRole = (typeof committeeRoles)[number];
export const decisionRules = ['majority_of_members', 'majority_of_voting', 'quorum_count'] as const;
export type DecisionRule = (typeof decisionRules)[number];

export const committeeKindLabels: Record<CommitteeKind, string> = {
  board: 'Board of directors',
  architectural_review: 'Architectural review',
  fining: 'Fining / hearing',
  elections: 'Elections',
  social: 'Social',
  other: 'Other',
};
export const committeeRoleLabels: Record<CommitteeRole, string> = {
  president: 'President',
  vice_president: 'Vice-president',
  treasurer: 'Treasurer',
  secretary: 'Secretary',
  director: 'Director',
  chair: 'Chair',
  member: 'Member',
};
export const decisionRuleLabels: Record<DecisionRule, string> = {
  majority_of_members: 'Majority of members',
  majority_of_voting: 'Majority of those voting',
  quorum_count: 'Quorum count',
};

/** Officer roles belong to the board; chair and member to committees; director to either. */
export const boardRoles: readonly CommitteeRole[] = [
  'president',
  'vice_president',
  'treasurer',
  'secretary',
  'director',
];
export const committeeOnlyRoles: readonly CommitteeRole[] = ['chair', 'member', 'director'];

export const committeeMemberSchema = z.object({
  id: z.uuid(),
  committeeId: z.uuid(),
  userId: z.string(),
  fullName: z.string(),
  role: z.enum(committeeRoles),
  startsOn: z.iso.date(),
  endsOn: z.iso.date().nullable(),
  /** Serving today (started, and not ended). */
  isCurrent: z.boolean(),
});
export type CommitteeMember = z.infer<typeof committeeMemberSchema>;

export const committeeSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  kind: z.enum(committeeKinds),
  name: z.string(),
  decisionRule: z.enum(decisionRules),
  quorum: z.number().int().nullable(),
  requiresOwners: z.boolean(),
  members: z.array(committeeMemberSchema),
});
export type Committee = z.infer<typeof committeeSchema>;
/** A property's board and committees, the board first; searched and paged on the server. */
export const committeeListSchema = z.object({
  committees: z.array(committeeSchema),
  ...pageFields,
});
export type CommitteeList = z.infer<typeof committeeListSchema>;

/**
 * Listing the rosters: current members by default; `includePast=true` adds past (and future) terms.
 * `q` matches a committee's name or a member's name.
 */
export const committeeListQuerySchema = z.object({
  includePast: z.enum(['true', 'false'], 'includePast must be true or false').default('false'),
  q: searchField,
  ...pageQueryFields(50),
});
export type CommitteeListQuery = z.input<typeof committeeListQuerySchema>;

export const committeeInputSchema = z
  .object({
    kind: z.enum(committeeKinds, 'Choose the kind of committee'),
    name: z
      .string({ error: 'Committee name is required' })
      .trim()
      .min(1, 'Committee name is required')
      .max(120, 'Committee name must be at most 120 characters'),
    decisionRule: z.enum(decisionRules, 'Choose a decision rule').default('majority_of_members'),
    quorum: z
      .number('Quorum must be a number')
      .int('Quorum must be a whole number')
      .min(1, 'Quorum must be at least 1')
      .max(100, 'Quorum must be at most 100')
      .nullable()
      .default(null),
    requiresOwners: z.boolean().default(false),
  })
  .refine((value) => value.decisionRule !== 'quorum_count' || value.quorum !== null, {
    path: ['quorum'],
    message: 'A quorum-count rule needs a quorum',
  });
export type CommitteeInput = z.input<typeof committeeInputSchema>;

const day = (field: string) => z.iso.date(`${field} must be a date (YYYY-MM-DD)`);

export const committeeMemberInputSchema = z
  .object({
    userId: z
      .string({ error: 'Please select a person' })
      .trim()
      .min(1, 'Please select a person')
      .max(100, 'That is not a valid user id'),
    role: z.enum(committeeRoles, 'Choose a role'),
    startsOn: day('Term start'),
    endsOn: day('Term end').nullable().default(null),
  })
  .refine((value) => value.endsOn === null || value.endsOn >= value.startsOn, {
    path: ['endsOn'],
    message: 'A term cannot end before it starts',
  });
export type CommitteeMemberInput = z.input<typeof committeeMemberInputSchema>;

/** Changing a seat: its role and term (the person stays; seat someone else to change who). */
export const committeeMemberUpdateSchema = z
  .object({
    role: z.enum(committeeRoles, 'Choose a role'),
    startsOn: day('Term start'),
    endsOn: day('Term end').nullable().default(null),
  })
  .refine((value) => value.endsOn === null || value.endsOn >= value.startsOn, {
    path: ['endsOn'],
    message: 'A term cannot end before it starts',
  });
export type CommitteeMemberUpdate = z.input<typeof committeeMemberUpdateSchema>;

/** Ending a term keeps the seat with its dates (`on`: the first day no longer served). */
export const endCommitteeMemberSchema = z.object({ on: day('End date') });
export type EndCommitteeMember = z.input<typeof endCommitteeMemberSchema>;

/** The roles a committee of this kind may give: officers on the board, chair and member on committees. */
export function rolesFor(kind: CommitteeKind): readonly CommitteeRole[] {
  return kind === 'board' ? boardRoles : committeeOnlyRoles;
}

/** The one role a committee may have only one of at a time: the board's president, a committee's chair. */
export function leadRoleOf(kind: CommitteeKind): CommitteeRole {
  return kind === 'board' ? 'president' : 'chair';
}

export const committeeParamsSchema = z.object({
  id: z.uuid('That is not a valid property id'),
  committeeId: z.uuid('That is not a valid committee id'),
});
export const committeeMemberParamsSchema = committeeParamsSchema.extend({
  memberId: z.uuid('That is not a valid member id'),
});
