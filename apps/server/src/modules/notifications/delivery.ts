import { and, eq, inArray, sql } from 'drizzle-orm';
import { realtimeChannels, rulesOf } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  notificationDeliveries,
  notifications,
  notificationSettings,
  profiles,
  propertyManagers,
} from '../../db/schema/index.ts';
import type { Config } from '../../plugins/config.ts';
import type { JobQueue, RunningJob } from '../../plugins/jobs.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { publish } from '../realtime/publish.ts';
import { renderEmail } from './email.tsx';
import { deliverQueue, type DeliverPayload, type Notifier, type Tx } from './notify.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

type Deps = { db: Db; mailer: Mailer; config: Config; notifier: Notifier; jobs: JobQueue };

/**
 * Sends queued e-mails (decision 0036). Each delivery is sent at most once: it is sent only while
 * still `queued`, under its own id (the outbox file, the Message-ID), and marked sent right after; a
 * crash in between sends it again under the same id, which the outbox refuses.
 */
export function registerNotificationJobs(deps: Deps): void {
  deps.jobs.register<DeliverPayload>(deliverQueue, {
    maxAttempts: 5,
    // 30–60 s, then doubling (pg-boss's backoff, whole seconds; decision 0034).
    retryDelaySeconds: 30,
    retryBackoff: true,
    run: async (job) => {
      for (const deliveryId of job.payload.deliveryIds) {
        if (job.signal.aborted) throw new Error('Delivery stopped: the job was given up or taken over');
        await deliverOne(deps, deliveryId, job);
      }
    },
    onGiveUp: async ({ payload, error }) => {
      await deps.db.transaction(async (tx) => {
        const failed = await tx
          .update(notificationDeliveries)
          .set({ status: 'failed', error: error.slice(0, 500) })
          .where(
            and(
              inArray(notificationDeliveries.id, payload.deliveryIds),
              eq(notificationDeliveries.status, 'queued'),
            ),
          )
          .returning({ id: notificationDeliveries.id });
        for (const { id } of failed) {
          const row = await deliveryOf(tx, id);
          if (row)
            await takeAnotherWay(tx, deps.notifier, row, 'could not be sent (the mail server kept failing)');
        }
      });
    },
  });
}

async function deliveryOf(executor: Tx, deliveryId: string) {
  const [row] = await executor
    .select({
      id: notificationDeliveries.id,
      status: notificationDeliveries.status,
      createdAt: notificationDeliveries.createdAt,
      notificationId: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      propertyId: notifications.propertyId,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      urgency: notifications.urgency,
      inApp: notifications.inApp,
      email: profiles.email,
      name: profiles.fullName,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .where(eq(notificationDeliveries.id, deliveryId));
  return row;
}
type DeliveryRow = NonNullable<Awaited<ReturnType<typeof deliveryOf>>>;

async function deliverOne(deps: Deps, deliveryId: string, job: RunningJob<DeliverPayload>): Promise<void> {
  const row = await deliveryOf(deps.db, deliveryId);
  if (!row || row.status !== 'queued') return;
  const rules = rulesOf(row.kind);
  const site = { companyName: deps.config.site.companyName, publicUrl: deps.config.publicUrl };
  const token = rules.userCanDisable ? unsubscribeToken(deps.config.authSecret, row.userId, row.kind) : null;
  const content = await renderEmail({
    kind: row.kind,
    urgency: row.urgency,
    title: row.title,
    body: row.body,
    linkUrl: row.link ? `${site.publicUrl}${row.link}` : null,
    recipientName: row.name || null,
    unsubscribeUrl: token ? `${site.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}` : null,
    site,
  });
  try {
    await deps.mailer.send({
      to: row.email,
      ...content,
      id: row.id,
      queuedAt: row.createdAt,
      // One-click unsubscribe (RFC 8058): mail programs POST to it without a session.
      ...(token
        ? {
            headers: {
              'List-Unsubscribe': `<${site.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    });
  } catch (error) {
    if (!isRefusedForGood(error)) throw error;
    await deps.db.transaction(async (tx) => {
      const [bounced] = await tx
        .update(notificationDeliveries)
        .set({
          status: 'bounced',
          error: String((error as Error).message).slice(0, 500),
          attempts: job.attempt,
        })
        .where(and(eq(notificationDeliveries.id, row.id), eq(notificationDeliveries.status, 'queued')))
        .returning({ id: notificationDeliveries.id });
      if (!bounced) return;
      await tx
        .insert(notificationSettings)
        .values({ userId: row.userId, emailBouncedAt: new Date() })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailBouncedAt: new Date() } });
      await takeAnotherWay(tx, deps.notifier, row, 'was refused by their mail server');
    });
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(notificationDeliveries)
      .set({ status: 'sent', sentAt: new Date(), attempts: job.attempt, error: null })
      .where(and(eq(notificationDeliveries.id, row.id), eq(notificationDeliveries.status, 'queued')));
    // A code or one-time link is not kept once it is on its way.
    if (rules.isSecret)
      await tx.update(notifications).set({ body: '' }).where(eq(notifications.id, row.notificationId));
  });
}

/** A mail server's permanent refusal (5xx), as opposed to a failure worth retrying. */
function isRefusedForGood(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  return (
    (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) || code === 'EENVELOPE'
  );
}

/**
 * An e-mail that cannot be delivered is delivered another way: the person finds it in the app (unless
 * it holds a secret), and for a legal notice the association's managers are told to send it by mail or
 * by hand, since a notice must reach its owner.
 */
async function takeAnotherWay(tx: Tx, notifier: Notifier, row: DeliveryRow, what: string): Promise<void> {
  const rules = rulesOf(row.kind);
  if (!rules.isSecret && !row.inApp) {
    await tx.update(notifications).set({ inApp: true }).where(eq(notifications.id, row.notificationId));
    await publish(tx, realtimeChannels.userNotifications(row.userId), 'notification.created', {
      id: row.notificationId,
    });
  }
  if (rules.category !== 'legal') return;
  const managers = row.propertyId
    ? await tx
        .select({ userId: propertyManagers.userId })
        .from(propertyManagers)
        .where(eq(propertyManagers.propertyId, row.propertyId))
    : [];
  const recipients = managers.length
    ? managers.map((manager) => manager.userId)
    : (
        await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(sql`${profiles.role} = 'admin'`)
      ).map((admin) => admin.id);
  await notifier.notify(tx, recipients, {
    kind: 'delivery.failed',
    propertyId: row.propertyId,
    title: `E-mail to ${row.name} ${what}`,
    body: [
      `"${row.title}" was e-mailed to ${row.name} (${row.email}) and ${what}.`,
      'It is in their notifications in the app. A letter or notice must also reach them another way: send it by first-class mail or by hand, and record that delivery.',
    ].join('\n\n'),
    dedupeKey: `delivery:${row.id}`,
  });
}
