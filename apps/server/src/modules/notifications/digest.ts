import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { defaultPropertyTimeZone, rulesOf } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  notificationDeliveries,
  notifications,
  notificationSettings,
  properties,
} from '../../db/schema/index.ts';
import type { Notifier } from './notify.ts';
import { localClock } from './zoned-time.ts';

/**
 * The daily digest (decision 0036): routine e-mails of people who chose a digest wait as `digest`
 * deliveries; at 07:00 in each person's time zone they go out as one e-mail, and are marked as sent
 * within it in the same transaction. Run every hour (any minute of it): the digest of a person's day is
 * notified under the key `digest:<local date>`, so a second run that day, on this server or another,
 * sends nothing twice.
 */
export const digestHour = 7;

type Waiting = { userId: string; timeZone: string };

/** Who has digest items waiting, and the time zone of their morning. */
async function peopleWaiting(db: Db): Promise<Waiting[]> {
  const rows = await db
    .selectDistinct({
      userId: notifications.userId,
      timeZone: sql<string>`coalesce(${notificationSettings.timeZone}, ${properties.timeZone}, ${defaultPropertyTimeZone})`,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .leftJoin(properties, eq(properties.id, notifications.propertyId))
    .where(eq(notificationDeliveries.status, 'digest'));
  // One zone per person: their own, else that of one of their items' associations.
  const byPerson = new Map<string, string>();
  for (const row of rows) if (!byPerson.has(row.userId)) byPerson.set(row.userId, row.timeZone);
  return [...byPerson].map(([userId, timeZone]) => ({ userId, timeZone }));
}

/** Whose digest is due at this instant: those whose local time is in the digest hour. */
export async function digestsDue(db: Db, now = new Date()): Promise<(Waiting & { date: string })[]> {
  return (await peopleWaiting(db)).flatMap((person) => {
    const local = localClock(now, person.timeZone);
    return Math.floor(local.minutes / 60) === digestHour ? [{ ...person, date: local.date }] : [];
  });
}

/** Sends the digests due now; returns how many people got one and how many items they held. */
export async function sendDueDigests(
  db: Db,
  notifier: Notifier,
  now = new Date(),
): Promise<{ digests: number; items: number }> {
  let digests = 0;
  let items = 0;
  for (const person of await digestsDue(db, now)) {
    await db.transaction(async (tx) => {
      const waiting = await tx
        .select({
          deliveryId: notificationDeliveries.id,
          title: notifications.title,
          link: notifications.link,
          kind: notifications.kind,
          propertyName: properties.name,
        })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
        .leftJoin(properties, eq(properties.id, notifications.propertyId))
        .where(and(eq(notifications.userId, person.userId), eq(notificationDeliveries.status, 'digest')))
        .orderBy(asc(notifications.createdAt))
        .for('update', { of: notificationDeliveries, skipLocked: true });
      if (waiting.length === 0) return;
      const lines = waiting.map(
        (item) =>
          `• ${item.title}${item.propertyName ? ` (${item.propertyName})` : ''}${item.link ? `\n  ${item.link}` : ''}`,
      );
      const { notificationIds } = await notifier.notify(
        tx,
        [person.userId],
        {
          kind: 'digest.daily',
          propertyId: null,
          title: `Your daily digest: ${waiting.length} update${waiting.length === 1 ? '' : 's'}`,
          body: [
            `Since your last digest (${groupLabel(waiting.map((item) => item.kind))}):`,
            lines.join('\n'),
            'Each one is also in your notifications in the app.',
          ].join('\n\n'),
          link: '/notifications',
          dedupeKey: `digest:${person.date}`,
        },
        now,
      );
      // Already sent today (another run): the items wait for tomorrow's.
      if (notificationIds.length === 0) return;
      await tx
        .update(notificationDeliveries)
        .set({ status: 'digested', digestId: notificationIds[0]! })
        .where(
          inArray(
            notificationDeliveries.id,
            waiting.map((item) => item.deliveryId),
          ),
        );
      digests += 1;
      items += waiting.length;
    });
  }
  return { digests, items };
}

function groupLabel(kinds: string[]): string {
  const labels = [...new Set(kinds)].map((kind) => rulesOf(kind as Parameters<typeof rulesOf>[0]).label);
  return labels.join('; ');
}
