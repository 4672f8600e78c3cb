import { z } from 'zod';
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

/** A project as its developer's people and admins see it. */
export const projectSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  name: z.string(),
  address: z.string(),
  propertyStatus: z.string(),
  phases: z.array(projectPhaseSchema),
  totalUnits: z.number().int(),
  handoverThresholdBp: z.number().int().nullable(),
  handoverThresholdClause: z.string().nullable(),
  handedOverOn: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectIdParamsSchema = z.object({ id: z.uuid('That is not a valid project id') });
