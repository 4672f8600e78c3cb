import { defineSchedule, type ScheduleDefinition } from '../../plugins/schedules.ts';
import type { Notifier } from '../notifications/notify.ts';
import { remindersDue, sendReminders } from './bookings.service.ts';

/**
 * The day-before reminder of a confirmed booking (issue 23 item 5): every quarter hour, the confirmed
 * bookings that start within 24 hours and were not reminded are, once each (`bookings.reminded_at`).
 */
export function bookingRemindersSchedule(notifier: Notifier): ScheduleDefinition {
  return defineSchedule({
    name: 'amenities.booking-reminders',
    title: 'Amenity booking reminders',
    description: 'Reminds each person of a confirmed amenity booking about 24 hours before it starts.',
    cron: '*/15 * * * *',
    perProperty: false,
    timeZone: 'UTC',
    catchUpMinutes: 60,
    preview: async (ctx) => {
      const due = await remindersDue(ctx.db, ctx.now);
      return {
        summary: `Would remind ${due.length} ${due.length === 1 ? 'booking' : 'bookings'}.`,
        counts: { reminders: due.length },
      };
    },
    run: async (ctx) => {
      const sent = await sendReminders(ctx.db, notifier, ctx.now);
      return {
        summary: `Reminded ${sent} ${sent === 1 ? 'booking' : 'bookings'}.`,
        counts: { reminders: sent },
      };
    },
  });
}
