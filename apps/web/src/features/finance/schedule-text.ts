import {
  formatMoney,
  frequencyLabels,
  isKnownRule,
  jurisdictionIds,
  ruleOf,
  unitKindLabels,
  unitKinds,
  type AssessmentSchedule,
  type JurisdictionId,
} from '@commonwise/contracts';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinalOf(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

/** "Monthly, due on the 31st (the last day of shorter months)". */
export function dueText(schedule: Pick<AssessmentSchedule, 'frequency' | 'dueDay'>): string {
  const text = `${frequencyLabels[schedule.frequency]}, due on the ${ordinalOf(schedule.dueDay)}`;
  return schedule.dueDay > 28 ? `${text} (the last day of shorter months)` : text;
}

/** What a schedule bills, in its own terms: per unit, a total split by share, or per kind of unit. */
export function amountText(
  schedule: Pick<AssessmentSchedule, 'kind' | 'allocation' | 'amountCents' | 'kindAmounts' | 'installments'>,
): string {
  const inInstallments =
    schedule.kind === 'special' && schedule.installments
      ? schedule.installments === 1
        ? ', in one installment'
        : `, in ${schedule.installments} equal installments`
      : '';
  if (schedule.allocation === 'equal')
    return `${formatMoney(schedule.amountCents ?? 0)} per unit${inInstallments}`;
  if (schedule.allocation === 'share')
    return `${formatMoney(schedule.amountCents ?? 0)} in all, split by each unit’s share${inInstallments}`;
  const amounts = schedule.kindAmounts ?? {};
  const perKind = unitKinds
    .filter((kind) => amounts[kind] !== undefined)
    .map((kind) => `${unitKindLabels[kind]} ${formatMoney(amounts[kind]!)}`)
    .join(' · ');
  return `Per unit by kind: ${perKind}${inInstallments}`;
}

/**
 * The board's limit on special assessments where the association's law sets one (California: 5% of the
 * year's budgeted gross expenses, Cal. Civ. Code §5605), or null where it does not.
 */
export function specialAssessmentLimitOf(jurisdiction: string): { percent: number; statute: string } | null {
  if (!(jurisdictionIds as readonly string[]).includes(jurisdiction)) return null;
  const rule = ruleOf(jurisdiction as JurisdictionId, 'specialAssessmentBoardCapBp');
  return isKnownRule(rule) ? { percent: rule.value / 100, statute: rule.statute } : null;
}

/** The first day of the month after `today` (YYYY-MM-DD), a new schedule's usual start. */
export function firstOfNextMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}
