import { defineSchedule, type ScheduleDefinition } from '../../plugins/schedules.ts';
import { digestHour, digestsDue, sendDueDigests } from './digest.ts';
import type { Notifier } from './notify.ts';

/**
 * The daily digest (digest.ts) on the schedule registry: every hour, for the people whose local time is
 * then 07:xx. Each hour is one period, run once; a person's digest of a day is notified under the key
 * `digest:<local date>`, so a re-run sends nothing twice either. The period's instant is the clock the
 * digest reads, so a run caught up after a restart still serves that hour's people.
 */
export function dailyDigestSchedule(notifier: Notifier): ScheduleDefinition {
  return defineSchedule({
    name: 'notifications.daily-digest',
    title: 'Daily digest',
    description: `Sends the routine updates of people who chose a daily digest as one e-mail at 0${digestHour}:00 in their time zone.`,
    cron: '5 * * * *',
    perProperty: false,
    timeZone: 'UTC',
    catchUpMinutes: 50,
    preview: async (ctx, _propertyId, period) => {
      const due = await digestsDue(ctx.db, period.scheduledFor);
      return {
        summary: `Would send ${due.length} ${due.length === 1 ? 'digest' : 'digests'}.`,
        counts: { digests: due.length },
        items: [...new Set(due.map((person) => person.timeZone))].map((zone) => `People in ${zone}`),
      };
    },
    run: async (ctx, _propertyId, period) => {
      const sent = await sendDueDigests(ctx.db, notifier, period.scheduledFor);
      return {
        summary: `Sent ${sent.digests} ${sent.digests === 1 ? 'digest' : 'digests'} holding ${sent.items} ${sent.items === 1 ? 'update' : 'updates'}.`,
        counts: sent,
      };
    },
  });
}
