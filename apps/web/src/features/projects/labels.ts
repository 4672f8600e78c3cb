import {
  formatBp,
  handoverItemLabels,
  milestoneKindLabels,
  paceWindowMonths,
  unitSalesStatusLabels,
  type HandoverReport,
  type Project,
  type UnitSalesEvent,
  type UnitSalesStatus,
} from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

export { formatBp, handoverItemLabels, milestoneKindLabels, unitSalesStatusLabels };

/** One colour per sales status, from planned (grey) to closed (green); words always say the status too. */
export const salesStatusColors: Record<UnitSalesStatus, MantineColor> = {
  planned: 'gray',
  under_construction: 'orange',
  available: 'blue',
  under_contract: 'violet',
  closed: 'green',
};

/** The row action for each step of a lot's or unit's sales; the dialog ones end in an ellipsis. */
export const salesEventLabels: Record<UnitSalesEvent, string> = {
  start_construction: 'Start construction',
  release: 'Release',
  sign_contract: 'Sign contract…',
  close: 'Close sale…',
  cancel_contract: 'Cancel contract…',
};

/** "1 unit", "3 units". */
export const unitsText = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'unit' : 'units'}`;

const closingsText = (count: number) =>
  `${count.toLocaleString('en-US')} more ${count === 1 ? 'closing' : 'closings'}`;

/** "1.5 closings a month", "1 closing a month". */
export function paceText(pacePerMonth: number): string {
  const rounded = Math.round(pacePerMonth * 10) / 10;
  // A pace under 0.05 a month would round to 0: say it as the small number it is.
  const shown = rounded === 0 ? pacePerMonth.toFixed(2) : rounded.toLocaleString('en-US');
  return `${shown} ${shown === '1' ? 'closing' : 'closings'} a month`;
}

/**
 * The projection to the hand-over threshold in words. Never a date the pace does not support: with no
 * closings in the recent months there is no projection, and the sentence says so.
 */
export function projectionText(project: Pick<Project, 'projection' | 'handoverThresholdBp'>): string {
  const { projection } = project;
  if (!projection || project.handoverThresholdBp === null)
    return 'Set the hand-over threshold from the governing documents to see how far away the hand-over is.';
  if (projection.isReached)
    return `Threshold reached: at least ${unitsText(projection.thresholdUnits)} (${formatBp(project.handoverThresholdBp)}) are conveyed to their owners.`;
  const remaining = closingsText(projection.remainingUnits);
  if (projection.monthsToThreshold === null)
    return `No closings in the last ${paceWindowMonths} months, so there is no projection yet. ${capitalise(remaining)} reach the threshold.`;
  const months = projection.monthsToThreshold;
  return `At the recent pace of ${paceText(projection.pacePerMonth)}, ${remaining} ${projection.remainingUnits === 1 ? 'reaches' : 'reach'} the threshold in about ${months} ${months === 1 ? 'month' : 'months'}.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 2026" from "2026-11" (a calendar month, not an instant: no time zone can shift it). */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  const name = monthNames[Number(number) - 1];
  return name && year ? `${name} ${year}` : month;
}

/** "Nov" from "2026-11", for the narrow bars. */
export const shortMonthLabel = (month: string) => monthLabel(month).split(' ')[0] ?? month;

/**
 * Where the community stands, in words: its property is pending while it is being built and sold, and
 * the association is the owners' once it is handed over.
 */
export function projectStatusText(project: { propertyStatus: string; handedOverOn: string | null }): {
  label: string;
  color: MantineColor;
} {
  if (project.handedOverOn) return { label: 'Handed over', color: 'green' };
  if (project.propertyStatus === 'pending') return { label: 'In development', color: 'blue' };
  if (project.propertyStatus === 'active') return { label: 'Active', color: 'teal' };
  return { label: capitalise(project.propertyStatus.replaceAll('_', ' ')), color: 'gray' };
}

/** How many of a report's items at least one board member has acknowledged. */
export const acknowledgedItemCount = (report: Pick<HandoverReport, 'acknowledgements'>) =>
  new Set(report.acknowledgements.map((acknowledgement) => acknowledgement.itemKey)).size;
