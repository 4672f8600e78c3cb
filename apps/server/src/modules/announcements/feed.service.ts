import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AnnouncementFeed,
  AnnouncementPost,
  ReadingLanguage,
  announcementFeedQuerySchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  announcementRecipients,
  announcements,
  announcementTranslations,
  notificationSettings,
  profiles,
  properties,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import type { Person } from '../access/memberships.ts';
import { announcementAuthorScope, inAnnouncementAudience, propertyScope } from '../access/scope.ts';
import { audienceOfRow } from './audience.ts';
import { markReadByLink } from '../notifications/notifications.service.ts';
import { announcementLink, publishCounts } from './publish.ts';

/**
 * Announcements as the people they are for read them (issue 23 item 1): published, in the person's
 * audience today — or of an association the person manages or sits on the board of, who read what their
 * association says (their dashboard shows it) without counting as readers. The feed lists the live ones
 * (not past their expiry); one that expired stays readable by its link. Anything else — a draft, a
 * withdrawn one, another audience's — is not found, by any route.
 */

export type FeedQueryInput = z.output<typeof announcementFeedQuerySchema>;

const isForSql = (personId: string) => inAnnouncementAudience(personId, audienceOfRow('announcements'));

const readerWhere = (person: Person): SQL => {
  const authors = announcementAuthorScope(person, sql`${announcements.propertyId}`);
  return and(
    eq(announcements.status, 'published'),
    // Implied by either branch below, and narrows the rows to the person's associations first (their
    // index), rather than testing every association's announcements against the audience rule.
    propertyScope(person, sql`${announcements.propertyId}`),
    authors === undefined ? undefined : sql`(${isForSql(person.id)} or ${authors})`,
  )!;
};

const liveSql = sql`(${announcements.expiresAt} is null or ${announcements.expiresAt} > now())`;

/** An emergency not yet expired: first in the feed and on the dashboard. */
const pinnedSql = sql<boolean>`(${announcements.kind} = 'emergency' and ${liveSql})`;

/**
 * The language the person reads announcements in (their notification settings): English when they never
 * chose, as their settings show. The original is shown where there is no translation into it.
 */
async function readerLanguage(db: Db, personId: string): Promise<ReadingLanguage> {
  const [row] = await db
    .select({ language: notificationSettings.language })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, personId));
  return row?.language ?? 'en';
}

const selectPosts = (db: Db, personId: string, language: ReadingLanguage) =>
  db
    .select({
      row: announcements,
      isPinned: pinnedSql.mapWith(Boolean),
      translation: {
        language: announcementTranslations.language,
        title: announcementTranslations.title,
        body: announcementTranslations.body,
      },
      propertyName: properties.name,
      authorName: profiles.fullName,
      isExpired: sql<boolean>`not ${liveSql}`,
      isForMe: isForSql(personId).mapWith(Boolean),
      readAt: announcementRecipients.readAt,
      ackedAt: announcementRecipients.ackedAt,
    })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .leftJoin(profiles, eq(profiles.id, announcements.authorId))
    .leftJoin(
      announcementRecipients,
      and(
        eq(announcementRecipients.announcementId, announcements.id),
        eq(announcementRecipients.userId, personId),
      ),
    )
    .leftJoin(
      announcementTranslations,
      and(
        eq(announcementTranslations.announcementId, announcements.id),
        eq(announcementTranslations.language, language),
      ),
    );
type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['where']>>[number];

function toPost({ row, translation, ...rest }: PostRow): AnnouncementPost {
  const shown = translation?.language ? translation : null;
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: rest.propertyName,
    kind: row.kind,
    isPinned: rest.isPinned,
    title: shown?.title ?? row.title,
    body: shown?.body ?? row.body,
    language: shown?.language ?? row.language,
    original: shown ? { language: row.language, title: row.title, body: row.body } : null,
    requiresAck: row.requiresAck,
    publishedAt: row.publishedAt!.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isExpired: rest.isExpired,
    author: row.authorId && rest.authorName !== null ? { id: row.authorId, fullName: rest.authorName } : null,
    isForMe: rest.isForMe,
    readAt: rest.readAt?.toISOString() ?? null,
    acknowledgedAt: rest.ackedAt?.toISOString() ?? null,
  };
}

export async function listFeed(ctx: ServiceContext, query: FeedQueryInput): Promise<AnnouncementFeed> {
  const personId = ctx.actor.id;
  const where = and(
    readerWhere(ctx.actor),
    liveSql,
    query.propertyId ? eq(announcements.propertyId, query.propertyId) : undefined,
  );
  // Unread: addressed to them and not read (what a manager reads as an author is never "unread").
  const unreadWhere = sql`${isForSql(personId)} and not exists (select 1 from announcement_recipients r
    where r.announcement_id = ${announcements.id} and r.user_id = ${personId} and r.read_at is not null)`;
  const language = await readerLanguage(ctx.db, personId);
  const [rows, [total], [unread]] = await Promise.all([
    selectPosts(ctx.db, personId, language)
      .where(where)
      .orderBy(desc(pinnedSql), desc(announcements.publishedAt), desc(announcements.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(announcements).where(where),
    ctx.db.select({ unread: count() }).from(announcements).where(and(where, unreadWhere)),
  ]);
  return {
    announcements: rows.map(toPost),
    unread: unread!.unread,
    total: total!.total,
    page: query.page,
    limit: query.limit,
  };
}

async function postOf(db: Db, person: Person, announcementId: string): Promise<AnnouncementPost> {
  const [row] = await selectPosts(db, person.id, await readerLanguage(db, person.id)).where(
    and(eq(announcements.id, announcementId), readerWhere(person)),
  );
  if (!row) throw notFound('Announcement');
  return toPost(row);
}

export const getPost = (ctx: ServiceContext, announcementId: string) =>
  postOf(ctx.db, ctx.actor, announcementId);

/**
 * Marks it read (and acknowledged), once: the first time is kept. Someone who joined the audience after
 * it was published becomes a recipient by reading it. A manager or board member reading one not
 * addressed to them is not a reader: nothing is recorded.
 */
async function mark(ctx: ServiceContext, announcementId: string, acknowledge: boolean) {
  const post = await postOf(ctx.db, ctx.actor, announcementId);
  if (acknowledge && !post.requiresAck)
    throw new AppError(409, 'NOT_ASKED', 'This announcement does not ask to be acknowledged.');
  if (acknowledge && !post.isForMe)
    throw new AppError(
      409,
      'NOT_ADDRESSED',
      'This announcement is not addressed to you, so there is nothing for you to acknowledge.',
    );
  if (!post.isForMe) return post;
  if (post.readAt !== null && (!acknowledge || post.acknowledgedAt !== null)) return post;
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(announcementRecipients)
      .values({ announcementId, userId: ctx.actor.id, readAt: now, ackedAt: acknowledge ? now : null })
      .onConflictDoUpdate({
        target: [announcementRecipients.announcementId, announcementRecipients.userId],
        set: {
          readAt: sql`coalesce(${announcementRecipients.readAt}, excluded.read_at)`,
          ackedAt: sql`coalesce(${announcementRecipients.ackedAt}, excluded.acked_at)`,
        },
      });
    await publishCounts(tx, announcementId);
    await markReadByLink(tx, ctx.actor.id, announcementLink(announcementId));
  });
  return postOf(ctx.db, ctx.actor, announcementId);
}

export const markRead = (ctx: ServiceContext, announcementId: string) => mark(ctx, announcementId, false);
export const acknowledge = (ctx: ServiceContext, announcementId: string) => mark(ctx, announcementId, true);
