import { and, eq, sql } from 'drizzle-orm';
import { realtimeChannels } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { announcements, properties } from '../../db/schema/index.ts';
import type { JobQueue, RunningJob } from '../../plugins/jobs.ts';
import type { Notifier, Tx } from '../notifications/notify.ts';
import { publish, publishAll, rowsOf } from '../realtime/publish.ts';
import { audienceMembersSql, audienceOfRow } from './audience.ts';

/**
 * Publishing (issue 23 item 1): in one transaction the announcement turns published, the people its
 * audience reaches today are recorded as its recipients, and each is notified (in-app at once, e-mail by
 * their preferences). A scheduled one is published by a job queued for its time; a crash before the job
 * commits leaves it scheduled and the job runs again, and the notification's key sends nothing twice.
 */
export const publishQueue = 'announcements.publish';
/** Where its notification leads: the reader's page. */
export const announcementLink = (announcementId: string) => `/announcements/${announcementId}`;
export type PublishPayload = { announcementId: string; publishAt: string };

/** The notification's text: the body's first 500 characters, without markdown-lite's marks. */
export function plainExcerpt(body: string, max = 500): string {
  const plain = body
    .replace(/\[([^\]]*)\]\((?:[^)]*)\)/g, '$1')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '• ')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(\S(?:[^*]*\S)?)\*/g, '$1')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/**
 * Records who the announcement reaches today as its recipients, delivered at `now`; returns their ids.
 * (Someone already a recipient — a reader who joined the audience early — keeps what they did.)
 */
export async function recordRecipients(
  tx: Tx,
  announcementId: string,
  deliveredAt: Date | null,
): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      insert into announcement_recipients (announcement_id, user_id, delivered_at)
      select distinct announcement.id, m.user_id, ${deliveredAt?.toISOString() ?? null}::timestamptz
      from announcements announcement, lateral (${audienceMembersSql(audienceOfRow('announcement'))}) m
      where announcement.id = ${announcementId}
      on conflict (announcement_id, user_id) do ${
        deliveredAt ? sql`update set delivered_at = excluded.delivered_at` : sql`nothing`
      }
      returning user_id`),
  );
  return rows.map((row) => row.user_id);
}

/**
 * A withdrawn announcement is seen nowhere any more: its notices leave the bells, and the e-mails still
 * waiting (for the morning, or for a digest) go with them (their deliveries are deleted with them). The
 * bells that lost one are told to look again.
 */
export async function takeBackNotices(tx: Tx, announcementId: string): Promise<void> {
  const removed = rowsOf<{ id: string; user_id: string }>(
    await tx.execute(sql`delete from notifications
      where link = ${announcementLink(announcementId)}
        and kind in ('community.announcement', 'community.notice', 'community.emergency')
      returning id, user_id`),
  );
  const byPerson = new Map<string, string[]>();
  for (const row of removed) byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row.id]);
  await publishAll(
    tx,
    [...byPerson].map(([userId, ids]) => ({
      channel: realtimeChannels.userNotifications(userId),
      type: 'notification.read' as const,
      data: { ids },
    })),
  );
}

/**
 * Tells the announcement's authors its counts now (the realtime channel only they may join), in the
 * caller's transaction: the counts and the change that moved them commit together.
 */
export async function publishCounts(tx: Tx, announcementId: string): Promise<void> {
  const [counts] = rowsOf<{ recipients: number; read: number; acknowledged: number }>(
    await tx.execute(sql`select count(*)::int as recipients,
        (count(*) filter (where read_at is not null))::int as read,
        (count(*) filter (where acked_at is not null))::int as acknowledged
      from announcement_recipients where announcement_id = ${announcementId}`),
  );
  await publish(tx, realtimeChannels.announcement(announcementId), 'announcement.counts', {
    announcementId,
    counts,
  });
}

type NoticeRow = Pick<
  typeof announcements.$inferSelect,
  'id' | 'propertyId' | 'kind' | 'title' | 'body' | 'requiresAck'
>;

/**
 * Tells these people of the announcement, each in their language where it has a translation (the
 * others get the original): an emergency on every channel past their preferences, quiet hours and
 * digests; a must-acknowledge notice in a kind nobody can turn off; the rest by their preferences.
 */
export async function notifyOfAnnouncement(
  tx: Tx,
  notifier: Notifier,
  row: NoticeRow,
  userIds: readonly string[],
  options: { now: Date; reminder?: number },
): Promise<void> {
  if (userIds.length === 0) return;
  const [property] = await tx
    .select({ name: properties.name })
    .from(properties)
    .where(eq(properties.id, row.propertyId));
  const translated = rowsOf<{ user_id: string; language: string; title: string; body: string }>(
    // A person who never chose reads English (what their settings show): an original in another
    // language reaches them in its English translation, where there is one.
    await tx.execute(sql`select person.user_id, t.language, t.title, t.body
      from unnest(${sql.param([...userIds])}::text[]) as person(user_id)
      left join notification_settings ns on ns.user_id = person.user_id
      join announcement_translations t
        on t.announcement_id = ${row.id} and t.language = coalesce(ns.language, 'en')`),
  );
  const texts = new Map<string, { title: string; body: string; userIds: string[] }>([
    ['', { title: row.title, body: row.body, userIds: [] }],
  ]);
  const languageOf = new Map(translated.map((person) => [person.user_id, person.language]));
  for (const person of translated)
    if (!texts.has(person.language))
      texts.set(person.language, { title: person.title, body: person.body, userIds: [] });
  for (const userId of userIds) texts.get(languageOf.get(userId) ?? '')!.userIds.push(userId);

  const association = property?.name ?? 'Your association';
  // The emergency itself breaks through quiet hours; a reminder of it does not wake anyone again.
  const isEmergency = row.kind === 'emergency';
  const breaksThrough = isEmergency && !options.reminder;
  for (const text of texts.values()) {
    const heading = `${isEmergency ? 'Emergency: ' : ''}${association}: ${text.title}`;
    const excerpt = plainExcerpt(text.body);
    await notifier.notify(
      tx,
      text.userIds,
      {
        kind: breaksThrough
          ? 'community.emergency'
          : row.requiresAck || isEmergency
            ? 'community.notice'
            : 'community.announcement',
        urgency: breaksThrough ? 'emergency' : 'normal',
        propertyId: row.propertyId,
        title: options.reminder ? `Reminder: ${heading}` : heading,
        body: row.requiresAck ? `${excerpt}\n\nPlease open it and confirm you have read it.` : excerpt,
        link: announcementLink(row.id),
        dedupeKey: options.reminder
          ? `announcement:${row.id}:reminder:${options.reminder}`
          : `announcement:${row.id}`,
      },
      options.now,
    );
  }
}

export async function publishNow(tx: Tx, notifier: Notifier, announcementId: string, now: Date) {
  const [row] = await tx
    .update(announcements)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(eq(announcements.id, announcementId))
    .returning();
  if (!row) throw new Error(`Announcement ${announcementId} is gone`);
  const recipients = await recordRecipients(tx, announcementId, now);
  await publishCounts(tx, announcementId);
  await notifyOfAnnouncement(tx, notifier, row, recipients, { now });
  // An all-clear ends the emergency it answers: the notices from the same work order stop being pinned.
  if (row.kind === 'normal' && row.sourceWorkOrderId)
    await tx
      .update(announcements)
      .set({ expiresAt: now, updatedAt: now })
      .where(
        and(
          eq(announcements.sourceWorkOrderId, row.sourceWorkOrderId),
          eq(announcements.kind, 'emergency'),
          eq(announcements.status, 'published'),
          sql`${announcements.expiresAt} > ${now.toISOString()}::timestamptz`,
          sql`${announcements.publishedAt} < ${now.toISOString()}::timestamptz`,
        ),
      );
  return { recipients: recipients.length };
}

/** Queues the publication of a scheduled announcement at its time (in the caller's transaction). */
export async function schedulePublication(
  tx: Pick<Db, 'execute'>,
  jobs: JobQueue,
  announcementId: string,
  publishAt: Date,
  now: Date,
  minDelayMs = 0,
) {
  const payload: PublishPayload = { announcementId, publishAt: publishAt.toISOString() };
  await jobs.enqueue(publishQueue, payload, {
    executor: tx,
    // A new time is a new job; the old one finds the time changed and does nothing.
    dedupeKey: `${announcementId}:${payload.publishAt}`,
    delayMs: Math.max(minDelayMs, publishAt.getTime() - now.getTime()),
  });
}

/**
 * The job failed on every attempt (the database away for a while, say): while the announcement is still
 * scheduled for that time, it is tried again a minute later, so it is never left scheduled in the past.
 */
export async function retryScheduledPublication(db: Db, jobs: JobQueue, payload: PublishPayload) {
  const [row] = await db
    .select({ status: announcements.status, publishAt: announcements.publishAt })
    .from(announcements)
    .where(eq(announcements.id, payload.announcementId));
  if (row?.status !== 'scheduled' || row.publishAt?.toISOString() !== payload.publishAt) return;
  await schedulePublication(db, jobs, payload.announcementId, row.publishAt, new Date(), 60_000);
}

/**
 * The job: publishes the announcement if it is still scheduled for this time (not withdrawn, edited to
 * another time, or published already).
 */
export async function runScheduledPublication(
  db: Db,
  notifier: Notifier,
  job: RunningJob<PublishPayload>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: announcements.status,
        publishAt: announcements.publishAt,
        expiresAt: announcements.expiresAt,
      })
      .from(announcements)
      .where(eq(announcements.id, job.payload.announcementId))
      .for('update');
    await job.assertStillOwned(tx);
    if (!row || row.status !== 'scheduled' || row.publishAt?.toISOString() !== job.payload.publishAt) return;
    const now = new Date();
    // Its time came while the server was down, and so did its expiry: it is not sent after all.
    if (row.expiresAt && row.expiresAt <= now) {
      await tx
        .update(announcements)
        .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
        .where(eq(announcements.id, job.payload.announcementId));
      return;
    }
    await publishNow(tx, notifier, job.payload.announcementId, now);
  });
}
