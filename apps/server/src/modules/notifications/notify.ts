import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  defaultPropertyTimeZone,
  realtimeChannels,
  rulesOf,
  type NotificationChannel,
  type NotificationKind,
  type NotificationUrgency,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationSettings,
  profiles,
  properties,
} from '../../db/schema/index.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { publishAll } from '../realtime/publish.ts';
import { isWithin, localClock, nextLocalTime } from './zoned-time.ts';

/** The caller's transaction: what notify() writes commits or rolls back with the change it is about. */
export type Tx = Pick<Db, 'execute' | 'insert' | 'update' | 'select'>;

export type NotifyEvent = {
  kind: NotificationKind;
  propertyId: string | null;
  /** Plain text; the bell's line and the e-mail's subject. */
  title: string;
  /** Plain text; paragraphs separated by a blank line. */
  body: string;
  /** A path in the app, e.g. `/resident-portal`. */
  link?: string | null;
  /** `emergency` ignores preferences, quiet hours and the digest. */
  urgency?: NotificationUrgency;
  /** The same (kind, dedupe key) reaches each person once, however often it is notified. */
  dedupeKey?: string;
};

export const deliverQueue = 'notifications.deliver';
export type DeliverPayload = { deliveryIds: string[] };

/** E-mails per delivery job: a crash re-runs at most this many checks, never a sent e-mail. */
const deliveriesPerJob = 50;

type Person = {
  id: string;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string | null;
  digest: 'off' | 'daily' | null;
};

/**
 * Decides, per person, which channels a notification uses and when its e-mail may go, writes it, and
 * queues its delivery — all in the caller's transaction (decision 0036). Nothing is sent here: a job
 * sends after the commit, so a rollback sends nothing and a crash loses nothing.
 */
export class Notifier {
  constructor(private readonly jobs: JobQueue) {}

  async notify(
    tx: Tx,
    recipients: readonly string[],
    event: NotifyEvent,
    now = new Date(),
  ): Promise<{ notificationIds: string[] }> {
    const userIds = [...new Set(recipients)];
    if (userIds.length === 0) return { notificationIds: [] };
    const rules = rulesOf(event.kind);
    const isEmergency = event.urgency === 'emergency' || rules.category === 'emergency';

    const people: Person[] = [];
    for (const ids of chunks(userIds)) {
      const rows = await tx
        .select({
          id: profiles.id,
          quietStart: notificationSettings.quietStart,
          quietEnd: notificationSettings.quietEnd,
          timeZone: notificationSettings.timeZone,
          digest: notificationSettings.digest,
        })
        .from(profiles)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, profiles.id))
        // A deactivated account is told nothing more, but for its own security messages: whoever asks
        // for a code is then told, on using it, that the account is deactivated.
        .where(
          rules.category === 'security'
            ? inArray(profiles.id, ids)
            : and(inArray(profiles.id, ids), eq(profiles.banned, false)),
        );
      people.push(...rows);
    }
    if (people.length === 0) return { notificationIds: [] };

    const choices = new Map<string, boolean>();
    if (rules.userCanDisable && !isEmergency) {
      for (const ids of chunks(people.map((person) => person.id))) {
        const rows = await tx
          .select()
          .from(notificationPreferences)
          .where(
            and(inArray(notificationPreferences.userId, ids), eq(notificationPreferences.kind, event.kind)),
          );
        for (const row of rows) choices.set(`${row.userId}:${row.channel}`, row.enabled);
      }
    }
    const wants = (person: Person, channel: NotificationChannel) =>
      (rules.channels as readonly NotificationChannel[]).includes(channel) &&
      (isEmergency || !rules.userCanDisable || (choices.get(`${person.id}:${channel}`) ?? true));

    const propertyZone = event.propertyId ? await timeZoneOfProperty(tx, event.propertyId) : null;

    const inserted: { id: string; userId: string; inApp: boolean }[] = [];
    for (const group of chunks(people)) {
      const rows = await tx
        .insert(notifications)
        .values(
          group.map((person) => ({
            userId: person.id,
            kind: event.kind,
            propertyId: event.propertyId,
            title: event.title,
            body: event.body,
            link: event.link ?? null,
            urgency: isEmergency ? ('emergency' as const) : ('normal' as const),
            inApp: wants(person, 'inApp'),
            dedupeKey: event.dedupeKey ?? null,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [notifications.userId, notifications.kind, notifications.dedupeKey],
          where: sql`${notifications.dedupeKey} is not null`,
        })
        .returning({ id: notifications.id, userId: notifications.userId, inApp: notifications.inApp });
      inserted.push(...rows);
    }
    if (inserted.length === 0) return { notificationIds: [] };

    const byId = new Map(people.map((person) => [person.id, person]));
    type Mail = { notificationId: string; status: 'queued' | 'digest'; notBefore: Date };
    const mails = inserted.flatMap((notification): Mail[] => {
      const person = byId.get(notification.userId)!;
      if (!wants(person, 'email')) return [];
      if (isEmergency || rules.quietHoursExempt)
        return [{ notificationId: notification.id, status: 'queued' as const, notBefore: now }];
      if (person.digest === 'daily' && rules.digestible)
        return [{ notificationId: notification.id, status: 'digest' as const, notBefore: now }];
      const zone = person.timeZone ?? propertyZone ?? defaultPropertyTimeZone;
      const notBefore =
        person.quietStart !== null &&
        person.quietEnd !== null &&
        isWithin(localClock(now, zone).minutes, person.quietStart, person.quietEnd)
          ? nextLocalTime(now, zone, person.quietEnd)
          : now;
      return [{ notificationId: notification.id, status: 'queued' as const, notBefore }];
    });
    for (const group of chunks(mails)) {
      const deliveries = await tx
        .insert(notificationDeliveries)
        .values(group.map((mail) => ({ ...mail, createdAt: now })))
        .returning({
          id: notificationDeliveries.id,
          status: notificationDeliveries.status,
          notBefore: notificationDeliveries.notBefore,
        });
      await this.queueDeliveries(
        tx,
        deliveries.filter((delivery) => delivery.status === 'queued'),
        now,
      );
    }

    const shown = inserted.filter((notification) => notification.inApp);
    if (shown.length > 0)
      await publishAll(
        tx,
        shown.map((notification) => ({
          channel: realtimeChannels.userNotifications(notification.userId),
          type: 'notification.created' as const,
          data: { id: notification.id },
        })),
      );
    return { notificationIds: inserted.map((notification) => notification.id) };
  }

  /**
   * notify() in a transaction of its own, for changes that were committed by code we do not own
   * (better-auth's sign-in codes, password changes): the change is already there, so this only has to
   * record and queue the message before the caller answers.
   */
  async notifyNow(
    db: Db,
    recipients: readonly string[],
    event: NotifyEvent,
  ): Promise<{ notificationIds: string[] }> {
    return db.transaction(async (tx) => this.notify(tx, recipients, event));
  }

  /** Queues delivery jobs for these deliveries, one per batch due at the same moment. */
  async queueDeliveries(
    tx: Tx,
    deliveries: { id: string; notBefore: Date }[],
    now = new Date(),
  ): Promise<void> {
    const byTime = new Map<number, string[]>();
    for (const delivery of deliveries) {
      const at = delivery.notBefore.getTime();
      byTime.set(at, [...(byTime.get(at) ?? []), delivery.id]);
    }
    for (const [at, ids] of byTime) {
      for (let start = 0; start < ids.length; start += deliveriesPerJob) {
        const batch = ids.slice(start, start + deliveriesPerJob);
        await this.jobs.enqueue<DeliverPayload>(
          deliverQueue,
          { deliveryIds: batch },
          { executor: tx, delayMs: Math.max(0, at - now.getTime()), dedupeKey: batch[0] },
        );
      }
    }
  }
}

/** Rows per statement: PostgreSQL takes at most 65,535 parameters in one. */
function chunks<T>(items: readonly T[], size = 1000): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

async function timeZoneOfProperty(tx: Tx, propertyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.timeZone ?? null;
}
