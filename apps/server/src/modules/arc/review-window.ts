import {
  arcDecisionDue,
  isKnownRule,
  ruleOf,
  type ArcProjectKind,
  type JurisdictionId,
} from '@commonwise/contracts';

/**
 * How long the committee has to decide a complete request, and where that number comes from (issue 22
 * item 1): a statute where the jurisdiction profile records one for this kind of project (California's
 * solar applications: 45 days, whatever the association's documents say), otherwise the project type's
 * own window with its source in the association's documents. Where neither says anything, no number is
 * made up: there is no due date, and the documents decide.
 */

export type ReviewWindow = { days: number | null; source: string };

export const noWindowSource =
  "No review window is set for this project type: the association's documents decide";

export function reviewWindowOf(
  jurisdiction: JurisdictionId,
  type: { kind: ArcProjectKind; reviewDays: number | null; reviewDaysSource: string | null },
): ReviewWindow {
  const days = (value: number, source: string) => ({ days: value, source: `${value} days — ${source}` });
  if (type.kind === 'solar') {
    const solar = ruleOf(jurisdiction, 'arcSolarDeemedApprovedDays');
    if (isKnownRule(solar)) return days(solar.value, solar.statute);
  }
  // A statutory maximum for every project, where one is known: the documents may only be stricter.
  const statute = ruleOf(jurisdiction, 'arcDecisionDays');
  if (isKnownRule(statute) && (type.reviewDays === null || type.reviewDays > statute.value))
    return days(statute.value, statute.statute);
  if (type.reviewDays !== null) return days(type.reviewDays, type.reviewDaysSource ?? 'the project type');
  return { days: null, source: noWindowSource };
}

/** The due date of a request complete on `completeOn` (the association's calendar day), or null. */
export function decisionDueOf(window: ReviewWindow, completeOn: string): string | null {
  return window.days === null ? null : arcDecisionDue(completeOn, window.days);
}
