import { z } from 'zod';
import { emailMaxLength, emailTooLong } from './account.ts';
import { centsSchema } from './money.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';
import { jurisdictionSchema, timeZoneSchema } from './properties.ts';

/**
 * Communities under development (issue 25): a developer's project, its lots and units moving through
 * their sales, and the projection to the hand-over of the association to its owners. This file holds
 * the pure rules both the server and the web use; research: docs/research/developer-turnover.md.
 */

/** A lot's or unit's sales status in a project, apart from its occupancy (`units.status`). */
export const unitSalesStatuses = [
  'planned',
  'under_construction',
  'available',
  'under_contract',
  'closed',
] as const;
export type UnitSalesStatus = (typeof unitSalesStatuses)[number];
export const unitSalesStatusLabels: Record<UnitSalesStatus, string> = {
  planned: 'Planned',
  under_construction: 'Under construction',
  available: 'Available',
  under_contract: 'Under contract',
  closed: 'Closed',
};

/** What happens to a lot or unit in its sales. */
export const unitSalesEvents = [
  'start_construction',
  'release',
  'sign_contract',
  'cancel_contract',
  'close',
] as const;
export type UnitSalesEvent = (typeof unitSalesEvents)[number];

/**
 * The status after `event`, or null when the machine refuses it (the server answers 409
 * `INVALID_SALES_TRANSITION`). One step forward at a time; the only step back is a contract that falls
 * through (under contract → available). Closed is final: a later sale is an ownership change of the
 * association's units, not the developer's sale.
 */
export function unitSalesNext(status: UnitSalesStatus, event: UnitSalesEvent): UnitSalesStatus | null {
  switch (event) {
    case 'start_construction':
      return status === 'planned' ? 'under_construction' : null;
    case 'release':
      return status === 'under_construction' ? 'available' : null;
    case 'sign_contract':
      return status === 'available' ? 'under_contract' : null;
    case 'cancel_contract':
      return status === 'under_contract' ? 'available' : null;
    case 'close':
      return status === 'under_contract' ? 'closed' : null;
  }
}

/** The events the machine takes from `status`, in the order a screen offers them. */
export function unitSalesEventsFrom(status: UnitSalesStatus): UnitSalesEvent[] {
  return unitSalesEvents.filter((event) => unitSalesNext(status, event) !== null);
}

/** A threshold in basis points: 10,000 is 100%. */
export const basisPointsMax = 10_000;

export interface HandoverProjectionInput {
  /** Lots and units of the project that count toward the threshold. */
  totalUnits: number;
  /** Of them, conveyed to their first owners. */
  closedUnits: number;
  /** The share conveyed that triggers the hand-over, from the governing documents (1–10,000 bp). */
  thresholdBp: number;
  /** Closings in each of the last whole months, oldest first (the pace is their average). */
  recentMonthlyClosings: number[];
}

export interface HandoverProjection {
  /** Units that must be conveyed for the hand-over: the threshold's share of the total, rounded up. */
  thresholdUnits: number;
  /** Still to convey (0 once reached). */
  remainingUnits: number;
  isReached: boolean;
  /** Closings per month at the recent pace (0 when there were none). */
  pacePerMonth: number;
  /**
   * Whole months until the threshold at that pace, rounded up; 0 once reached; null when there is no
   * recent pace to project from (the screen says so rather than inventing a date).
   */
  monthsToThreshold: number | null;
}

/**
 * How far the project is from its hand-over threshold and, at the recent pace of closings, how many months
 * away. Integer arithmetic on units and basis points: 5,000 bp of 21 units is 11 (10.5 rounded up).
 */
export function handoverProjection(input: HandoverProjectionInput): HandoverProjection {
  const total = Math.max(0, Math.trunc(input.totalUnits));
  const closed = Math.min(total, Math.max(0, Math.trunc(input.closedUnits)));
  const threshold = Math.min(basisPointsMax, Math.max(1, Math.trunc(input.thresholdBp)));
  const thresholdUnits = Math.ceil((total * threshold) / basisPointsMax);
  const remainingUnits = Math.max(0, thresholdUnits - closed);
  const months = input.recentMonthlyClosings;
  const closings = months.reduce((sum, count) => sum + Math.max(0, Math.trunc(count)), 0);
  const pacePerMonth = months.length === 0 ? 0 : closings / months.length;
  const isReached = remainingUnits === 0;
  return {
    thresholdUnits,
    remainingUnits,
    isReached,
    pacePerMonth,
    monthsToThreshold: isReached
      ? 0
      : pacePerMonth > 0
        ? // The pace is closings ÷ months: remaining ÷ pace = remaining × months ÷ closings, exactly.
          Math.ceil((remainingUnits * months.length) / closings)
        : null,
  };
}

/** Most lots or units a project is created with. */
export const projectUnitsMax = 5_000;

const unitLabel = z
  .string('A unit label must be text')
  .trim()
  .min(1, 'A unit label cannot be empty')
  .max(40, 'A unit label must be at most 40 characters');

/**
 * A phase as "New Project" creates it: a name, and its planned lots or units — a count (numbered on from the
 * previous phase's) or their labels (from a list or a CSV). A phase with no units is refused.
 */
export const projectPhaseInputSchema = z
  .object({
    name: z
      .string('Name the phase')
      .trim()
      .min(1, 'Name the phase')
      .max(100, 'A phase name must be at most 100 characters'),
    unitCount: z
      .number('The number of units must be a number')
      .int('The number of units must be a whole number')
      .min(1, 'A phase needs at least one unit')
      .max(projectUnitsMax, `At most ${projectUnitsMax.toLocaleString('en-US')} units`)
      .optional(),
    labels: z
      .array(unitLabel)
      .min(1, 'A phase needs at least one unit')
      .max(projectUnitsMax, `At most ${projectUnitsMax.toLocaleString('en-US')} units`)
      .optional(),
  })
  .superRefine((phase, context) => {
    if ((phase.unitCount === undefined) === (phase.labels === undefined))
      context.addIssue({
        code: 'custom',
        path: ['unitCount'],
        message: 'Give the phase a number of units or their labels',
      });
    if (phase.labels) {
      const seen = new Set<string>();
      phase.labels.forEach((label, index) => {
        const key = label.toLowerCase();
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: ['labels', index], message: `${label} is listed twice` });
        seen.add(key);
      });
    }
  });
export type ProjectPhaseInput = z.input<typeof projectPhaseInputSchema>;

/** "New Project": the community's property (pending until it is handed over and run) and its phases. */
export const projectInputSchema = z
  .object({
    name: z
      .string('Name the community')
      .trim()
      .min(1, 'Name the community')
      .max(200, 'The name must be at most 200 characters'),
    address: z
      .string('Give the address')
      .trim()
      .min(5, 'The address must be at least 5 characters')
      .max(300, 'The address must be at most 300 characters'),
    jurisdiction: jurisdictionSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    phases: z.array(projectPhaseInputSchema).min(1, 'Add at least one phase').max(50, 'At most 50 phases'),
  })
  .superRefine((project, context) => {
    const total = project.phases.reduce(
      (sum, phase) => sum + (phase.unitCount ?? phase.labels?.length ?? 0),
      0,
    );
    if (total > projectUnitsMax)
      context.addIssue({
        code: 'custom',
        path: ['phases'],
        message: `A project has at most ${projectUnitsMax.toLocaleString('en-US')} units`,
      });
    const names = new Set<string>();
    const labels = new Set<string>();
    project.phases.forEach((phase, index) => {
      const name = phase.name.trim().toLowerCase();
      if (names.has(name))
        context.addIssue({
          code: 'custom',
          path: ['phases', index, 'name'],
          message: 'Two phases have this name',
        });
      names.add(name);
      for (const label of phase.labels ?? []) {
        const key = label.trim().toLowerCase();
        if (labels.has(key))
          context.addIssue({
            code: 'custom',
            path: ['phases', index, 'labels'],
            message: `${label.trim()} is in two phases`,
          });
        labels.add(key);
      }
    });
  });
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectPhaseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ordinal: z.number().int(),
  completedOn: z.iso.date().nullable(),
  /** Its units by sales status. */
  units: z.record(z.enum(unitSalesStatuses), z.number().int()),
});
export type ProjectPhase = z.infer<typeof projectPhaseSchema>;

/** How many whole months of closings set the pace of the projection (this month not counted). */
export const paceWindowMonths = 6;

/** The share of units conveyed, in basis points, rounded down (a share is never overstated). */
export const conveyedBp = (closed: number, total: number) =>
  total <= 0 ? 0 : Math.floor((closed * basisPointsMax) / total);

/** "62.5%" from basis points. */
export const formatBp = (bp: number) =>
  `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/**
 * What the jurisdiction's reviewed profile says about a statutory turnover threshold: known, with its
 * statute and source, or not in our reviewed sources (then `note` says so and nothing is shown as law).
 */
export const statutoryThresholdSchema = z.object({
  jurisdiction: z.string(),
  jurisdictionLabel: z.string(),
  known: z.boolean(),
  /** The rule in words, when known. */
  text: z.array(z.string()).nullable(),
  statute: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  note: z.string().nullable(),
});
export type StatutoryThreshold = z.infer<typeof statutoryThresholdSchema>;

export const handoverProjectionSchema = z.object({
  thresholdUnits: z.number().int(),
  remainingUnits: z.number().int(),
  isReached: z.boolean(),
  pacePerMonth: z.number(),
  monthsToThreshold: z.number().int().nullable(),
});

/** A person who may own a milestone: the developer's people on the project and the property's managers. */
export const projectTeamMemberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(['developer', 'manager']),
});
export type ProjectTeamMember = z.infer<typeof projectTeamMemberSchema>;

/** A project as its developer's people and admins see it: the live overview and sales dashboard. */
export const projectSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  name: z.string(),
  address: z.string(),
  propertyStatus: z.string(),
  jurisdiction: z.string(),
  timeZone: z.string(),
  /** Today on the association's clock (YYYY-MM-DD): what "overdue" and "this month" are measured by. */
  today: z.iso.date(),
  phases: z.array(projectPhaseSchema),
  totalUnits: z.number().int(),
  closedUnits: z.number().int(),
  /** Closed ÷ all the project's units (the share conveyed counts units, one each), in basis points. */
  conveyedBp: z.number().int(),
  /** Closings in each of the last 12 months, this month last ("2026-11"). */
  closingsByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  handoverThresholdBp: z.number().int().nullable(),
  handoverThresholdClause: z.string().nullable(),
  handoverThresholdDocument: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Null until the threshold is set; the pace is the last `paceWindowMonths` whole months. */
  projection: handoverProjectionSchema.nullable(),
  statutoryThreshold: statutoryThresholdSchema,
  team: z.array(projectTeamMemberSchema),
  handedOverOn: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListQuerySchema = z.object({ ...pageQueryFields(25), q: searchField });
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
export const projectSummarySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  name: z.string(),
  address: z.string(),
  propertyStatus: z.string(),
  totalUnits: z.number().int(),
  closedUnits: z.number().int(),
  conveyedBp: z.number().int(),
  handoverThresholdBp: z.number().int().nullable(),
  handedOverOn: z.iso.date().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export const projectListSchema = z.object({ projects: z.array(projectSummarySchema), ...pageFields });
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectIdParamsSchema = z.object({ id: z.uuid('That is not a valid project id') });

// ---- Inventory and sales (item 2) ----

const projectDate = (what: string) => z.iso.date(`The ${what} must be a date (YYYY-MM-DD)`);

export const projectUnitParamsSchema = z.object({
  id: z.uuid('That is not a valid project id'),
  unitId: z.uuid('That is not a valid unit id'),
});

export const projectUnitListQuerySchema = z.object({
  ...pageQueryFields(50),
  q: searchField,
  phaseId: z.uuid('That is not a valid phase id').optional(),
  status: z.enum(unitSalesStatuses, 'Choose one of the sales statuses').optional(),
});
export type ProjectUnitListQuery = z.input<typeof projectUnitListQuerySchema>;

export const unitSaleSchema = z.object({
  id: z.uuid(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  contractOn: z.iso.date(),
  closingOn: z.iso.date().nullable(),
  priceCents: z.number().int().nullable(),
});
export type UnitSale = z.infer<typeof unitSaleSchema>;

export const projectUnitSchema = z.object({
  unitId: z.uuid(),
  label: z.string(),
  phaseId: z.uuid(),
  phaseName: z.string(),
  salesStatus: z.enum(unitSalesStatuses),
  /** What may happen next (unitSalesEventsFrom). */
  events: z.array(z.enum(unitSalesEvents)),
  /** The live sale: under contract, or closed. */
  sale: unitSaleSchema.nullable(),
  updatedAt: z.iso.datetime(),
});
export type ProjectUnit = z.infer<typeof projectUnitSchema>;
export const projectUnitListSchema = z.object({ units: z.array(projectUnitSchema), ...pageFields });
export type ProjectUnitList = z.infer<typeof projectUnitListSchema>;

/** Most units one bulk step moves (a phase released at once). */
export const projectBulkUnitsMax = 500;

/** Start construction on, or release for sale, several lots at once; all move, or none. */
export const projectUnitsStepSchema = z.object({
  event: z.enum(['start_construction', 'release'], 'Choose start construction or release'),
  unitIds: z
    .array(z.uuid('That is not a valid unit id'))
    .min(1, 'Choose at least one unit')
    .max(projectBulkUnitsMax, `At most ${projectBulkUnitsMax} units at once`),
});
export type ProjectUnitsStep = z.input<typeof projectUnitsStepSchema>;
export const projectUnitsStepResultSchema = z.object({ moved: z.number().int() });

/**
 * A contract signed with a buyer, and, when the closing date is given, its closing at once. The buyer is
 * invited by e-mail as the unit's owner when it closes.
 */
export const unitContractInputSchema = z
  .object({
    buyerName: z
      .string("Give the buyer's name")
      .trim()
      .min(1, "Give the buyer's name")
      .max(120, "The buyer's name must be at most 120 characters"),
    buyerEmail: z
      .string("Give the buyer's e-mail")
      .trim()
      .max(emailMaxLength, emailTooLong)
      .pipe(z.email('Please enter a valid email')),
    contractOn: projectDate('contract date'),
    priceCents: centsSchema
      .refine((value) => value >= 0, 'A price cannot be negative')
      .nullable()
      .optional(),
    closingOn: projectDate('closing date').optional(),
  })
  .superRefine((value, context) => {
    if (value.closingOn && value.closingOn < value.contractOn)
      context.addIssue({
        code: 'custom',
        path: ['closingOn'],
        message: 'The closing cannot be before the contract',
      });
  });
export type UnitContractInput = z.input<typeof unitContractInputSchema>;

export const unitClosingInputSchema = z.object({ closingOn: projectDate('closing date') });
export type UnitClosingInput = z.input<typeof unitClosingInputSchema>;

export const unitContractCancelSchema = z.object({
  reason: z
    .string('Say why the contract fell through')
    .trim()
    .min(1, 'Say why the contract fell through')
    .max(500, 'The reason must be at most 500 characters'),
});
export type UnitContractCancel = z.input<typeof unitContractCancelSchema>;

// ---- The hand-over threshold (item 4) ----

export const handoverThresholdInputSchema = z.object({
  thresholdBp: z
    .number('The threshold must be a number')
    .int('The threshold is in basis points, a whole number')
    .min(1, 'The threshold must be more than 0%')
    .max(basisPointsMax, 'The threshold cannot be above 100%'),
  clause: z
    .string('Cite the clause of the governing documents it comes from')
    .trim()
    .min(1, 'Cite the clause of the governing documents it comes from')
    .max(500, 'The clause must be at most 500 characters'),
  /** The governing document the clause is in, when it is on file. */
  documentId: z.uuid('That is not a valid document id').nullable().optional(),
});
export type HandoverThresholdInput = z.input<typeof handoverThresholdInputSchema>;

// ---- Milestones (item 3) ----

export const milestoneKinds = [
  'permits',
  'plat_or_declaration_recorded',
  'amenities_complete',
  'first_closing',
  'phase_complete',
  'handover_meeting',
  'other',
] as const;
export type MilestoneKind = (typeof milestoneKinds)[number];
export const milestoneKindLabels: Record<MilestoneKind, string> = {
  permits: 'Permits',
  plat_or_declaration_recorded: 'Plat or declaration recorded',
  amenities_complete: 'Amenities complete',
  first_closing: 'First closing',
  phase_complete: 'Phase complete',
  handover_meeting: 'Hand-over meeting',
  other: 'Other',
};
/** Most milestones a project keeps (the list is read whole). */
export const projectMilestonesMax = 200;

const milestoneFields = {
  kind: z.enum(milestoneKinds, 'Choose the kind of milestone'),
  title: z
    .string('Name the milestone')
    .trim()
    .min(1, 'Name the milestone')
    .max(200, 'The name must be at most 200 characters'),
  phaseId: z.uuid('That is not a valid phase id').nullable().optional(),
  plannedOn: projectDate('planned date'),
  actualOn: projectDate('actual date').nullable().optional(),
  ownerUserId: z.string().min(1).max(100).nullable().optional(),
  documentIds: z.array(z.uuid('That is not a valid document id')).max(20, 'At most 20 documents').optional(),
};
export const milestoneInputSchema = z.object(milestoneFields);
export type MilestoneInput = z.input<typeof milestoneInputSchema>;
export const milestoneUpdateSchema = z
  .object(milestoneFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field');
export type MilestoneUpdate = z.input<typeof milestoneUpdateSchema>;
export const milestoneParamsSchema = z.object({
  id: z.uuid('That is not a valid project id'),
  milestoneId: z.uuid('That is not a valid milestone id'),
});

export const milestoneSchema = z.object({
  id: z.uuid(),
  kind: z.enum(milestoneKinds),
  title: z.string(),
  phaseId: z.uuid().nullable(),
  phaseName: z.string().nullable(),
  plannedOn: z.iso.date(),
  actualOn: z.iso.date().nullable(),
  owner: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  documents: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Planned before the association's today and not done. */
  isOverdue: z.boolean(),
});
export type Milestone = z.infer<typeof milestoneSchema>;
export const milestoneListSchema = z.object({ milestones: z.array(milestoneSchema) });

// ---- The hand-over checklist, report and acknowledgements (item 4) ----

export const handoverItemKeys = [
  'governing_documents',
  'plans',
  'financial_statements',
  'bank_reconciliations',
  'reserve_study',
  'warranties_and_defects',
  'vendor_contracts',
  'insurance',
  'owner_board',
  'election_meeting',
] as const;
export type HandoverItemKey = (typeof handoverItemKeys)[number];
export const handoverItemLabels: Record<HandoverItemKey, string> = {
  governing_documents: 'Governing documents on file',
  plans: 'Plans and plats',
  financial_statements: 'Financial statements',
  bank_reconciliations: 'Bank reconciliations',
  reserve_study: 'Reserve study',
  warranties_and_defects: 'Warranties and open defect work orders',
  vendor_contracts: 'Vendor contracts',
  insurance: 'Insurance',
  owner_board: 'Owner-elected board seated',
  election_meeting: 'Election meeting scheduled',
};
/** The items whose evidence may be documents the developer attaches from the documents panel. */
export const handoverAttachableItems: readonly HandoverItemKey[] = [
  'plans',
  'financial_statements',
  'bank_reconciliations',
  'reserve_study',
  'warranties_and_defects',
  'vendor_contracts',
];

export const handoverEvidenceSchema = z.object({
  kind: z.enum(['document', 'work_order', 'bid_request', 'board_member', 'milestone', 'finance']),
  id: z.string().nullable(),
  label: z.string(),
  /** Where in the product it is, when it has a page. */
  href: z.string().nullable(),
});
export type HandoverEvidence = z.infer<typeof handoverEvidenceSchema>;

export const handoverItemSchema = z.object({
  key: z.enum(handoverItemKeys),
  label: z.string(),
  isComplete: z.boolean(),
  /** What is there and what is missing, in a sentence. */
  summary: z.string(),
  evidence: z.array(handoverEvidenceSchema),
  /** Documents attached by hand (only the attachable items). */
  attachedDocumentIds: z.array(z.uuid()),
});
export type HandoverItem = z.infer<typeof handoverItemSchema>;

export const handoverAcknowledgementSchema = z.object({
  itemKey: z.enum(handoverItemKeys),
  userId: z.string(),
  fullName: z.string(),
  acknowledgedAt: z.iso.datetime(),
  note: z.string().nullable(),
});
export type HandoverAcknowledgement = z.infer<typeof handoverAcknowledgementSchema>;

/** A hand-over report: the checklist as it stood when it was made, and the board's acknowledgements. */
export const handoverReportSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  propertyId: z.uuid(),
  communityName: z.string(),
  generatedAt: z.iso.datetime(),
  /** The name of who made it (null once their account is gone). */
  generatedBy: z.string().nullable(),
  sha256: z.string(),
  items: z.array(handoverItemSchema),
  acknowledgements: z.array(handoverAcknowledgementSchema),
  /** Every item acknowledged by at least one board member (seated when they acknowledged it). */
  isFullyAcknowledged: z.boolean(),
});
export type HandoverReport = z.infer<typeof handoverReportSchema>;

export const handoverSchema = z.object({
  items: z.array(handoverItemSchema),
  completeCount: z.number().int(),
  latestReport: handoverReportSchema.nullable(),
});
export type Handover = z.infer<typeof handoverSchema>;

export const handoverItemParamsSchema = z.object({
  id: z.uuid('That is not a valid project id'),
  key: z.enum(handoverItemKeys, 'That is not a hand-over item'),
});
export const handoverItemDocumentsSchema = z.object({
  documentIds: z.array(z.uuid('That is not a valid document id')).max(20, 'At most 20 documents'),
});
export type HandoverItemDocuments = z.input<typeof handoverItemDocumentsSchema>;
export const handoverReportParamsSchema = z.object({
  id: z.uuid('That is not a valid project id'),
  reportId: z.uuid('That is not a valid report id'),
});

/** The board's side: the hand-over reports of an association whose board the person sits on. */
export const boardHandoverParamsSchema = z.object({ propertyId: z.uuid('That is not a valid property id') });
export const boardHandoverSchema = z.object({
  /** The latest report, or null when the developer has not made one. */
  report: handoverReportSchema.nullable(),
  /** The items the signed-in board member has acknowledged on it. */
  acknowledgedByMe: z.array(z.enum(handoverItemKeys)),
  /** Whether the caller acknowledges items: a member of the board does; an admin only reads. */
  canAcknowledge: z.boolean(),
});
export type BoardHandover = z.infer<typeof boardHandoverSchema>;
export const boardHandoverAckParamsSchema = z.object({
  propertyId: z.uuid('That is not a valid property id'),
  reportId: z.uuid('That is not a valid report id'),
  key: z.enum(handoverItemKeys, 'That is not a hand-over item'),
});
export const handoverAckInputSchema = z.object({
  note: z.string().trim().max(500, 'The note must be at most 500 characters').optional(),
});
export type HandoverAckInput = z.input<typeof handoverAckInputSchema>;

/** The board portal's list: the latest hand-over report of each association whose board the person sits on. */
export const boardHandoverSummarySchema = z.object({
  propertyId: z.uuid(),
  communityName: z.string(),
  reportId: z.uuid(),
  generatedAt: z.iso.datetime(),
  itemCount: z.number().int(),
  /** Items at least one board member has acknowledged. */
  acknowledgedItemCount: z.number().int(),
  isFullyAcknowledged: z.boolean(),
});
export type BoardHandoverSummary = z.infer<typeof boardHandoverSummarySchema>;
export const boardHandoverListSchema = z.object({ handovers: z.array(boardHandoverSummarySchema) });
export type BoardHandoverList = z.infer<typeof boardHandoverListSchema>;

// ---- The developer's team on a project (item 1: "with the developer as a member of the project") ----

/** Another person of the developer's, by the e-mail of their account (a developer account). */
export const projectMemberInputSchema = z.object({
  email: z
    .string('Give the e-mail of their account')
    .trim()
    .max(emailMaxLength, emailTooLong)
    .pipe(z.email('Please enter a valid email')),
});
export type ProjectMemberInput = z.input<typeof projectMemberInputSchema>;
export const projectMemberParamsSchema = z.object({
  id: z.uuid('That is not a valid project id'),
  userId: z.string().min(1).max(100),
});
