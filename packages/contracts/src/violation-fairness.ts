import { z } from 'zod';
import { violationCategories, violationSources, violationStatuses } from './violations.ts';

/**
 * Fairness and consistency of enforcement (issue 21 item 7, decision 0059). Before approving a notice,
 * the approver sees how the same rule was applied to the association's other units, what else the same
 * inspection saw, and plain flags where enforcement could look selective. The board reads a report per
 * rule and month, and can export it.
 */

/** The comparison looks back this many months from today. */
export const fairnessWindowMonths = 12;
/** A unit cited for a rule this many times in the window (this violation included) is "repeatedly". */
export const repeatCitationThreshold = 2;
/** The most violations listed in each comparison (the counts cover them all). */
export const fairnessListLimit = 50;
/** A report spans at most this many months. */
export const maxReportMonths = 24;
/** Without a range, the report covers this many months up to the current one. */
export const defaultReportMonths = 12;

/**
 * Where a violation's notices stand: none drafted; one drafted or approved but not yet sent (pending);
 * or at least one sent, which is what "cited" means here.
 */
export const noticeStates = ['none', 'pending', 'sent'] as const;
export type NoticeState = (typeof noticeStates)[number];
export const noticeStateLabels: Record<NoticeState, string> = {
  none: 'No notice',
  pending: 'Notice not yet sent',
  sent: 'Notice sent',
};

const unit = z.object({ id: z.uuid(), label: z.string() });

/** Another violation of the same rule, as the comparison lists it. */
export const fairnessViolationSchema = z.object({
  id: z.uuid(),
  unit,
  status: z.enum(violationStatuses),
  source: z.enum(violationSources),
  observedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  notice: z.enum(noticeStates),
  /** A hearing decided to fine. */
  isFined: z.boolean(),
  /** Dismissed, or a hearing decided not to fine. */
  isWaived: z.boolean(),
});
export type FairnessViolation = z.infer<typeof fairnessViolationSchema>;

/**
 * owner_serves: an owner of the cited unit sits on the association's board or one of its committees today.
 * repeat_unit: this unit is cited for this rule repeatedly in the window while at most one other unit is.
 * lone_citation: the rule was seen at other units in the same inspection, and none of them has a notice.
 */
export const fairnessFlagKinds = ['owner_serves', 'repeat_unit', 'lone_citation'] as const;
export type FairnessFlagKind = (typeof fairnessFlagKinds)[number];
export const fairnessFlagLabels: Record<FairnessFlagKind, string> = {
  owner_serves: 'Owner serves the association',
  repeat_unit: 'Cited repeatedly',
  lone_citation: 'Only unit noticed',
};

export const fairnessFlagSchema = z.object({
  kind: z.enum(fairnessFlagKinds),
  /** One plain sentence for the approver. */
  message: z.string(),
});
export type FairnessFlag = z.infer<typeof fairnessFlagSchema>;

export const violationFairnessSchema = z.object({
  violation: z.object({
    id: z.uuid(),
    unit,
    rule: z.object({ id: z.uuid(), title: z.string(), category: z.enum(violationCategories) }),
    observedAt: z.iso.datetime(),
    inspectionId: z.uuid().nullable(),
  }),
  /** The start of the window compared: twelve months before now. */
  since: z.iso.datetime(),
  /** This rule at the association's other units, observed in the window. */
  otherUnits: z.object({
    /** How many other units had a violation of the rule. */
    units: z.number().int(),
    violations: z.number().int(),
    /** Violations with a notice sent. */
    cited: z.number().int(),
    /** Units with a notice sent for one of them. */
    unitsCited: z.number().int(),
    cured: z.number().int(),
    fined: z.number().int(),
    waived: z.number().int(),
    open: z.number().int(),
    /** The newest of them (at most fairnessListLimit), newest first. */
    recent: z.array(fairnessViolationSchema),
  }),
  /** This rule at this unit in the window, this violation included. */
  thisUnit: z.object({
    violations: z.number().int(),
    /** Violations with a notice sent, counting this one as cited (its notice is what is being approved). */
    cited: z.number().int(),
  }),
  /** Other units where the inspection that recorded this violation saw the same rule (none for a complaint). */
  sameInspection: z.array(fairnessViolationSchema),
  flags: z.array(fairnessFlagSchema),
});
export type ViolationFairness = z.infer<typeof violationFairnessSchema>;

// ---------------------------------------------------------------------------------------------------
// The report per rule and month

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const reportMonth = (field: string) =>
  z.string().regex(monthPattern, `${field} must be a month written YYYY-MM, for example 2026-03`).optional();

/** Months from `from` to `to`, both included ("2026-01", "2026-03" → 3). */
export function reportMonthCount(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** A month moved by some months ("2026-01", -2 → "2025-11"). */
export function shiftReportMonth(month: string, months: number): string {
  const [year, monthOfYear] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthOfYear - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Which months: both given, or one (the other is twelve months away), or neither (the last twelve months,
 * this one included, in the association's calendar). At most 24 months.
 */
export const violationReportQuerySchema = z
  .object({ from: reportMonth('From'), to: reportMonth('To') })
  .superRefine((query, context) => {
    if (!query.from || !query.to || !monthPattern.test(query.from) || !monthPattern.test(query.to)) return;
    if (query.from > query.to)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The last month must not come before the first month',
      });
    else if (reportMonthCount(query.from, query.to) > maxReportMonths)
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `A report covers at most ${maxReportMonths} months: choose a shorter range`,
      });
  });
export type ViolationReportQuery = z.input<typeof violationReportQuerySchema>;

const reportFigures = {
  /** Violations observed in the month (or the range). */
  violationsOpened: z.number().int(),
  /** Units with a notice sent for one of those violations. */
  unitsCited: z.number().int(),
  cured: z.number().int(),
  /** Cured ÷ opened, 0–1; later months cure less because some are still open. */
  cureRate: z.number().nullable(),
  /** Days from observed to closed as cured (the median of the cured ones, one decimal). */
  medianDaysToCure: z.number().nullable(),
  /** Decided hearings that fined, and their total. */
  fines: z.number().int(),
  fineCents: z.number().int(),
  /** Violations dismissed, or whose hearing decided not to fine. */
  waivers: z.number().int(),
  fromComplaints: z.number().int(),
  fromInspections: z.number().int(),
  /** From complaints ÷ opened, 0–1. */
  complaintShare: z.number().nullable(),
};

export const violationReportRowSchema = z.object({
  month: z.string(),
  rule: z.object({ id: z.uuid(), title: z.string(), category: z.enum(violationCategories) }),
  ...reportFigures,
});
export type ViolationReportRow = z.infer<typeof violationReportRowSchema>;

export const violationReportTotalsSchema = z.object(reportFigures);
export type ViolationReportTotals = z.infer<typeof violationReportTotalsSchema>;

export const violationReportSchema = z.object({
  propertyId: z.uuid(),
  propertyName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Rule and month pairs with at least one violation, month first, then rule title. */
  rows: z.array(violationReportRowSchema),
  totals: violationReportTotalsSchema,
});
export type ViolationReport = z.infer<typeof violationReportSchema>;
