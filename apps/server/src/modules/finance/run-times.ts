import { nextOccurrence } from '../../plugins/schedules.ts';

/**
 * When the nightly finance runs happen, in each association's time zone (finance.jobs.ts): assessments
 * at 01:00, then late fees and interest at 02:00 on what the assessments left owing.
 */
export const postChargesCron = '0 1 * * *';
export const lateFeesCron = '0 2 * * *';
/** Autopay at 01:30: after the day's charges are posted, before late fees are charged on what is left. */
export const autopayCron = '30 1 * * *';
/** Collections at 03:00, on what the charges and late fees left past due. */
export const collectionsCron = '0 3 * * *';
/** Statements of the month just ended, at 06:00 on the 1st, after that night's charges and fees. */
export const statementsCron = '0 6 1 * *';

/** The local date of a schedule's next run: what "tonight's run" will post. */
export function nextRunDate(timeZone: string, cron = postChargesCron, now = new Date()): string {
  const next = nextOccurrence(cron, timeZone, now) ?? now;
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(next);
}
