import { format } from 'date-fns';
import {
  arcDecisionLabels,
  arcRequestStatusLabels,
  violationCategories,
  violationCategoryLabels,
  violationRuleStatuses,
  violationRuleStatusLabels,
  violationStatuses,
  violationStatusLabels,
  type OpenArcRequestBrief,
  type RuleClause,
  type ViolationRuleStatus,
  type ViolationStatus,
  clauseNumberLabel,
} from '@commonwise/contracts';
import { formatDate } from '../../lib/format.ts';

export const ruleStatusColors: Record<ViolationRuleStatus, string> = {
  suggested: 'yellow',
  confirmed: 'green',
  retired: 'gray',
};

export const violationStatusColors: Record<ViolationStatus, string> = {
  open: 'red',
  cured: 'green',
  dismissed: 'gray',
};

export const categoryOptions = violationCategories.map((category) => ({
  value: category,
  label: violationCategoryLabels[category],
}));
export const ruleStatusOptions = violationRuleStatuses.map((status) => ({
  value: status,
  label: violationRuleStatusLabels[status],
}));
export const violationStatusOptions = violationStatuses.map((status) => ({
  value: status,
  label: violationStatusLabels[status],
}));

/** "1st", "2nd", "3rd", "4th", "5th": the fine steps. */
export function ordinalOf(position: number): string {
  const suffix = position === 1 ? 'st' : position === 2 ? 'nd' : position === 3 ? 'rd' : 'th';
  return `${position}${suffix}`;
}

/**
 * Where a clause is, as a citation: "Willow Creek CC&Rs, § 4.5 Vehicles and Parking, page 3". A rule
 * written without a document is the board's own ("Adopted by the board").
 */
export function citationOf(clause: RuleClause): string {
  const parts: string[] = [];
  if (clause.documentName) parts.push(clause.documentName);
  else if (clause.documentId) parts.push('A deleted document');
  const section = [clause.sectionNumber ? clauseNumberLabel(clause.sectionNumber) : null, clause.sectionTitle]
    .filter(Boolean)
    .join(' ');
  if (section) parts.push(section);
  if (clause.page !== null) parts.push(`page ${clause.page}`);
  return parts.length > 0 ? parts.join(', ') : 'Adopted by the board (no document)';
}

/** When evidence was made, with the year: a violation is read months later ("Nov 20, 2026, 9:30 AM"). */
export function formatWhen(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy, h:mm a');
}

/**
 * Where an architectural request stands, as the inspection drive says it: "Under review"; a decided one
 * by its decision ("Approved with conditions"); approved work reported finished with its inspection's
 * date ("Approved — pending inspection · inspection due Mar 14, 2031").
 */
export function arcRequestStandingText(request: OpenArcRequestBrief): string {
  if (request.status === 'decided' && request.decision) return arcDecisionLabels[request.decision];
  const label = arcRequestStatusLabels[request.status];
  return request.status === 'pending_inspection' && request.inspectionDueOn
    ? `${label} · inspection due ${formatDate(request.inspectionDueOn)}`
    : label;
}
