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
