import { formatMoney } from '@commonwise/contracts';
import { defineSchedule, nextOccurrence, type Period } from '../../plugins/schedules.ts';
import { postDueCharges, previewCharges } from './assessments.service.ts';

/**
 * The nightly posting of assessments (issue 20, item 2): at 01:00 in each association's time zone, the
 * charges due that day (and any missed since the last run) are posted. Each association's night is one
 * period run once (job_runs); within it, a charge's unique key and the schedules' locks make a second
 * run or a second server post nothing more.
 */
export const postChargesCron = '0 1 * * *';

/** The association's local date of the period (its key is the local time, `2027-01-01T01:00-08:00`). */
const localDateOf = (period: Period) => period.key.slice(0, 10);

/** The local date the next nightly run posts through: what "tonight's run" will post. */
export function nextRunDate(timeZone: string, now = new Date()): string {
  const next = nextOccurrence(postChargesCron, timeZone, now) ?? now;
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(next);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const postChargesSchedule = defineSchedule({
  name: 'finance.post-charges',
  title: 'Post assessments',
  description:
    "Posts each association's assessment charges at 01:00 local time on their due dates, every unit once.",
  cron: postChargesCron,
  perProperty: true,
  catchUpMinutes: 23 * 60,
  preview: async (ctx, propertyId, period) => {
    const preview = await previewCharges(ctx.db, propertyId!, localDateOf(period));
    return {
      summary: `Would post ${plural(preview.itemCount, 'charge', 'charges')} (${formatMoney(preview.totalCents)}).`,
      counts: { charges: preview.itemCount, totalCents: preview.totalCents },
      items: preview.groups.map(
        (group) =>
          `${group.scheduleName} due ${group.dueOn}: ${plural(group.unitCount, 'unit', 'units')}, ${formatMoney(group.totalCents)}`,
      ),
    };
  },
  run: async (ctx, propertyId, period) => {
    const outcome = await postDueCharges(ctx.db, propertyId!, localDateOf(period), null);
    const problems = outcome.problems.length > 0 ? ` Not posted: ${outcome.problems.join('; ')}` : '';
    const credit =
      outcome.creditAppliedCents > 0 ? ` ${formatMoney(outcome.creditAppliedCents)} of credit applied.` : '';
    return {
      summary: `Posted ${plural(outcome.charges, 'charge', 'charges')} (${formatMoney(outcome.totalCents)}).${credit}${problems}`,
      counts: {
        charges: outcome.charges,
        totalCents: outcome.totalCents,
        creditAppliedCents: outcome.creditAppliedCents,
        problems: outcome.problems.length,
      },
      items: outcome.problems,
      skipped: outcome.schedules === 0 && outcome.problems.length === 0,
    };
  },
});
