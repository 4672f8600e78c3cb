import { frequencyMonths, type Frequency } from '@commonwise/contracts';

/**
 * The due dates of an assessment schedule (issue 20, item 2). Dates are calendar days (YYYY-MM-DD) in
 * the association's time zone, so no instant or offset enters the arithmetic. A schedule falls due every
 * 1, 3 or 12 months counted from its start month, on its due day — or on the last day of a month too
 * short for it (a due day of 31 is 28 February, 30 April…). Installments are numbered from the first
 * due date on or after the start, whatever part of the sequence is asked for.
 */
export type DueTerms = {
  frequency: Frequency;
  dueDay: number;
  startsOn: string;
  endsOn: string | null;
  /** A special assessment's number of installments; null for a regular schedule. */
  installments: number | null;
};

export type DueDate = { dueOn: string; period: string; installment: number | null };

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const two = (value: number) => String(value).padStart(2, '0');

/** No schedule is walked further than this (a century of monthly dates): a guard, not a limit in use. */
const maxSteps = 1200;

/** The due dates after `after` (exclusive, if given) up to `through` (inclusive), in order. */
export function dueDatesBetween(
  terms: DueTerms,
  after: string | null,
  through: string,
  limit = Number.POSITIVE_INFINITY,
): DueDate[] {
  const step = frequencyMonths[terms.frequency];
  const [startYear, startMonth] = terms.startsOn.split('-').map(Number) as [number, number];
  const found: DueDate[] = [];
  let installment = 0;
  for (let index = 0; index < maxSteps; index++) {
    const monthIndex = startMonth - 1 + index * step;
    const year = startYear + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const dueOn = `${year}-${two(month)}-${two(Math.min(terms.dueDay, daysInMonth(year, month)))}`;
    if (dueOn < terms.startsOn) continue;
    if (dueOn > through || (terms.endsOn !== null && dueOn > terms.endsOn)) break;
    installment += 1;
    if (terms.installments !== null && installment > terms.installments) break;
    if (found.length >= limit) break;
    if (after === null || dueOn > after)
      found.push({
        dueOn,
        period: dueOn.slice(0, 7),
        installment: terms.installments === null ? null : installment,
      });
  }
  return found;
}

/** The first due date after `after` (or the first of all), or null when the schedule has ended. */
export function nextDueDate(terms: DueTerms, after: string | null): DueDate | null {
  return dueDatesBetween(terms, after, '9999-12-31', 1).at(0) ?? null;
}

/** The last due date of a schedule that ends (a special assessment's last installment, an end date). */
export function lastDueDate(terms: DueTerms): DueDate | null {
  if (terms.installments === null && terms.endsOn === null) return null;
  return dueDatesBetween(terms, null, terms.endsOn ?? '9999-12-31').at(-1) ?? null;
}

/** A calendar day moved by a number of days (YYYY-MM-DD, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A month (YYYY-MM) as statements and reports read it: its first and last days, and the day its figures
 * run through — its last day, or today while it is still going.
 */
export function monthSoFar(month: string, today: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const from = `${month}-01`;
  const lastDay = `${month}-${two(daysInMonth(year, number))}`;
  // The month is "so far" while today is in it, its last day included: that day's entries are still coming.
  return { from, lastDay, through: lastDay < today ? lastDay : today, isPartial: lastDay >= today };
}
