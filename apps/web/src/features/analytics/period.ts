import { analyticsMaxDays, analyticsYears, countDaysInPeriod } from '@commonwise/contracts';

/** The quick choices of the period picker, in days ending today. */
export const quickPeriods = [7, 30, 90] as const;
export const defaultPeriodDays = 30;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar day as 'YYYY-MM-DD'. */
export function toIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: Date = new Date()): { from: string; to: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: toIsoDay(start), to: toIsoDay(today) };
}

/** Which quick choice a period is, if it is one (ending today). */
export function quickPeriodOf(period: { from: string; to: string }, today: Date = new Date()): number | null {
  for (const days of quickPeriods) {
    const candidate = lastDays(days, today);
    if (candidate.from === period.from && candidate.to === period.to) return days;
  }
  return null;
}

/** What is wrong with a period a person typed, in words; null when it can be asked for. */
export function periodProblem(from: string, to: string): string | null {
  if (!isoDay.test(from)) return 'Choose a start date';
  if (!isoDay.test(to)) return 'Choose an end date';
  const isInYears = (day: string) => {
    const year = Number(day.slice(0, 4));
    return year >= analyticsYears.first && year <= analyticsYears.last;
  };
  if (!isInYears(from) || !isInYears(to))
    return `Choose dates between ${analyticsYears.first} and ${analyticsYears.last}`;
  const days = countDaysInPeriod(from, to);
  if (days < 1) return 'The end date must be on or after the start date';
  if (days > analyticsMaxDays) return `Choose a period of at most ${analyticsMaxDays} days`;
  return null;
}

/** The browser's time zone, so "today" is the person's today. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
