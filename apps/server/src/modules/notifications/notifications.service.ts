import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  defaultPropertyTimeZone,
  notificationKindList,
  realtimeChannels,
  rulesOf,
  type Notification,
  type NotificationChannel,
  type NotificationPage,
  type NotificationSettings,
  type PageQuery,
  type UpdateNotificationSettings,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  notificationPreferences,
  notifications,
  notificationSettings,
  properties,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { offsetOf } from '../../lib/paging.ts';
import { publish } from '../realtime/publish.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import { toClock, toMinutes } from './zoned-time.ts';

/** A person's own notifications: every query here is scoped to the caller, and only to in-app ones. */
const own = (ctx: ServiceContext) =>
  and(eq(notifications.userId, ctx.actor.id), eq(notifications.inApp, true));
const unread = isNull(notifications.readAt);

export async function listNotifications(
  ctx: ServiceContext,
  query: PageQuery & { unread: boolean },
): Promise<NotificationPage> {
  const where = query.unread ? and(own(ctx), unread) : own(ctx);
  const [rows, [total], [unreadTotal]] = await Promise.all([
    ctx.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        urgency: notifications.urgency,
        propertyId: notifications.propertyId,
        propertyName: properties.name,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .leftJoin(properties, eq(properties.id, notifications.propertyId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ value: count() }).from(notifications).where(where),
    ctx.db
      .select({ value: count() })
      .from(notifications)
      .where(and(own(ctx), unread)),
  ]);
  return {
    rows: rows.map((row): Notification => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    total: total!.value,
    page: query.page,
    limit: query.limit,
    unreadCount: unreadTotal!.value,
  };
}

export async function unreadCount(ctx: ServiceContext): Promise<{ unreadCount: number }> {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(notifications)
    .where(and(own(ctx), unread));
  return { unreadCount: row!.value };
}

/** Marks some (or all) of the caller's notifications read; the bell of every open tab follows. */
export async function markRead(ctx: ServiceContext, ids: string[] | 'all'): Promise<{ unreadCount: number }> {
  await ctx.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(own(ctx), unread, ids === 'all' ? undefined : inArray(notifications.id, ids)))
      .returning({ id: notifications.id });
    if (ids !== 'all' && ids.length > 0 && marked.length === 0) {
      const [exists] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(own(ctx), inArray(notifications.id, ids)));
      if (!exists) throw new AppError(404, 'NOT_FOUND', 'No such notification.');
    }
    if (marked.length > 0)
      await publish(
        tx,
        realtimeChannels.userNotifications(ctx.actor.id),
        'notification.read',
        ids === 'all' ? { all: true } : { ids: marked.map((row) => row.id) },
      );
  });
  return unreadCount(ctx);
}

/**
 * Marks read the person's unread notifications that lead to `link`, in the caller's transaction: having
 * read the thing itself (an announcement, say), its notice in the bell is read too.
 */
export async function markReadByLink(tx: Db, userId: string, link: string): Promise<void> {
  const marked = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), eq(notifications.link, link)))
    .returning({ id: notifications.id });
  if (marked.length > 0)
    await publish(tx, realtimeChannels.userNotifications(userId), 'notification.read', {
      ids: marked.map((row) => row.id),
    });
}

export async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [settings] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const choices = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(choices.map((choice) => [`${choice.kind}:${choice.channel}`, choice.enabled]));
  const kinds = notificationKindList
    .filter((kind) => rulesOf(kind).channels.length > 0 && !rulesOf(kind).isSecret && kind !== 'digest.daily')
    .map((kind) => {
      const rules = rulesOf(kind);
      const channels: Partial<Record<NotificationChannel, boolean>> = {};
      for (const channel of rules.channels)
        channels[channel] = !rules.userCanDisable || (chosen.get(`${kind}:${channel}`) ?? true);
      return {
        kind,
        label: rules.label,
        category: rules.category,
        userCanDisable: rules.userCanDisable,
        digestible: rules.digestible,
        channels,
      };
    });
  return {
    kinds,
    quietHours:
      settings?.quietStart != null && settings.quietEnd != null
        ? { start: toClock(settings.quietStart), end: toClock(settings.quietEnd) }
        : null,
    timeZone: settings?.timeZone ?? defaultPropertyTimeZone,
    digest: settings?.digest ?? 'off',
    language: settings?.language ?? 'en',
    emailBouncedAt: settings?.emailBouncedAt?.toISOString() ?? null,
  };
}

export async function updateSettings(
  ctx: ServiceContext,
  update: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  for (const choice of update.kinds ?? []) {
    const rules = rulesOf(choice.kind);
    if (!(rules.channels as readonly string[]).includes(choice.channel))
      throw new AppError(
        422,
        'CHANNEL_NOT_USED',
        `"${rules.label}" are not sent by ${channelName[choice.channel]}.`,
        {
          fields: { kinds: `"${rules.label}" are not sent by ${channelName[choice.channel]}.` },
        },
      );
    if (!rules.userCanDisable && !choice.enabled)
      throw new AppError(422, 'CANNOT_DISABLE', `"${rules.label}" cannot be turned off.`, {
        fields: { kinds: `"${rules.label}" cannot be turned off.` },
      });
  }
  await ctx.db.transaction(async (tx) => {
    const userId = ctx.actor.id;
    const changes = {
      ...(update.quietHours !== undefined
        ? {
            quietStart: update.quietHours ? toMinutes(update.quietHours.start) : null,
            quietEnd: update.quietHours ? toMinutes(update.quietHours.end) : null,
          }
        : {}),
      ...(update.timeZone !== undefined ? { timeZone: update.timeZone } : {}),
      ...(update.digest !== undefined ? { digest: update.digest } : {}),
      ...(update.language !== undefined ? { language: update.language } : {}),
      updatedAt: new Date(),
    };
    await tx
      .insert(notificationSettings)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: changes });
    for (const choice of update.kinds ?? [])
      await tx
        .insert(notificationPreferences)
        .values({ userId, ...choice })
        .onConflictDoUpdate({
          target: [
            notificationPreferences.userId,
            notificationPreferences.kind,
            notificationPreferences.channel,
          ],
          set: { enabled: choice.enabled },
        });
  });
  return settingsOf(ctx.db, ctx.actor.id);
}

const channelName: Record<NotificationChannel, string> = { inApp: 'in the app', email: 'e-mail' };

const badToken = () =>
  new AppError(
    400,
    'INVALID_UNSUBSCRIBE_LINK',
    'This unsubscribe link is not valid or has expired. Sign in to change your e-mail settings.',
  );

/**
 * Turns off e-mail for one kind from the link in an e-mail, without signing in. A token that is wrong,
 * expired, or (when someone is signed in) someone else's is refused alike.
 */
export async function unsubscribe(
  db: Db,
  secret: string,
  token: string,
  signedInUserId: string | null,
): Promise<{ kind: Notification['kind']; label: string }> {
  const claim = readUnsubscribeToken(secret, token);
  if (!claim || (signedInUserId !== null && signedInUserId !== claim.userId)) throw badToken();
  const rules = rulesOf(claim.kind);
  if (!rules.userCanDisable) throw badToken();
  const inserted = await db
    .insert(notificationPreferences)
    .values({ userId: claim.userId, kind: claim.kind, channel: 'email', enabled: false })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: false },
    })
    .returning({ userId: notificationPreferences.userId })
    // A token for an account deleted since: the foreign key refuses it, and we say no more than above.
    .catch(() => []);
  if (inserted.length === 0) throw badToken();
  return { kind: claim.kind, label: rules.label };
}
