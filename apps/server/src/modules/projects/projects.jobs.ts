import { defineSchedule } from '../../plugins/schedules.ts';
import type { Notifier } from '../notifications/notify.ts';
import { overdueMilestones } from './milestones.service.ts';

/**
 * Overdue milestones (issue 25 item 3), every morning at 07:00 in each association's time zone: each
 * milestone planned before that day and not done is told to the project's developer people and the
 * community's managers, once (milestones.service overdueMilestones).
 */
export const overdueMilestonesSchedule = (notifier: Notifier) =>
  defineSchedule({
    name: 'projects.overdue-milestones',
    title: 'Overdue milestones',
    description:
      "Tells a project's developer people and the community's managers, once, of each milestone past its planned date and not done.",
    cron: '0 7 * * *',
    perProperty: true,
    catchUpMinutes: 23 * 60,
    preview: async (ctx, propertyId) => {
      const { titles } = await overdueMilestones(ctx.db, propertyId!, null);
      return {
        summary: `Would tell of ${titles.length} overdue ${titles.length === 1 ? 'milestone' : 'milestones'}.`,
        counts: { milestones: titles.length },
        items: titles,
        skipped: titles.length === 0,
      };
    },
    run: async (ctx, propertyId) => {
      const { titles } = await overdueMilestones(ctx.db, propertyId!, notifier);
      return {
        summary: `Told of ${titles.length} overdue ${titles.length === 1 ? 'milestone' : 'milestones'}.`,
        counts: { milestones: titles.length },
        items: titles,
        skipped: titles.length === 0,
      };
    },
  });
