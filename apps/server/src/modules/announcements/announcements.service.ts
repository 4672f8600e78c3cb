import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  announcementReminderGapMinutes,
  readingLanguageEnglishNames,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementKind,
  type AnnouncementTranslationInput,
  type AnnouncementAudienceOptions,
  type AnnouncementDisplayStatus,
  type AnnouncementList,
  type AnnouncementReminder,
  type AnnouncementRecipientList,
  type ReadingLanguage,
  type announcementInputSchema,
  type announcementListQuerySchema,
  type announcementRecipientQuerySchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  announcements,
  announcementTranslations,
  announcementUnits,
  profiles,
  properties,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { hasUnit, type Person } from '../access/memberships.ts';
import { administers, announcementAuthorScope, propertyAdministration } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';
import {
  audienceLabel,
  audienceMembersSql,
  audienceOfRow,
  audienceOfValues,
  countAudience,
} from './audience.ts';
import {
  notifyOfAnnouncement,
  publishNow,
  recordRecipients,
  schedulePublication,
  takeBackNotices,
} from './publish.ts';

/**
 * Announcements as their authors see them (issue 23 item 1): an association's managers and board write,
 * schedule, publish and withdraw them, and see who read and acknowledged them. What another association
 * has is not found. Readers' side: feed.service.ts.
 */

export type AnnouncementsContext = ServiceContext & { jobs: JobQueue };
export type AnnouncementInputParsed = z.output<typeof announcementInputSchema>;
export type AnnouncementListInput = z.output<typeof announcementListQuerySchema>;
export type RecipientQueryInput = z.output<typeof announcementRecipientQuerySchema>;

/** A publish time this far in the past (a slow form, a clock off by a little) still means "now". */
const graceMs = 60_000;

/**
 * An association the person writes announcements for (emergencies: one they manage), or not found.
 */
export async function authoredProperty(
  ctx: ServiceContext,
  propertyId: string,
  kind: AnnouncementKind = 'normal',
) {
  const scope =
    kind === 'emergency'
      ? propertyAdministration(ctx.actor, sql`${properties.id}`)
      : announcementAuthorScope(ctx.actor, sql`${properties.id}`);
  const [row] = await ctx.db
    .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(and(eq(properties.id, propertyId), scope));
  if (!row) throw notFound('Association');
  return row;
}

/** The announcement of this association, locked until the transaction ends, or not found. */
export async function lockedAnnouncement(tx: Db, propertyId: string, announcementId: string) {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), eq(announcements.propertyId, propertyId)))
    .for('update');
  if (!row) throw notFound('Announcement');
  return row;
}

/**
 * An emergency notice is handled — reminded of, withdrawn, deleted, translated, given files — only by
 * those who may send one: the association's managers and admins, not its board (who read it).
 */
export async function assertHandles(
  db: Db,
  person: Person,
  row: { kind: AnnouncementKind; propertyId: string },
): Promise<void> {
  if (row.kind === 'emergency' && !(await administers(db, person, row.propertyId)))
    throw new AppError(
      403,
      'EMERGENCY_MANAGERS_ONLY',
      'Only the association’s managers handle its emergency notices. Ask one of them.',
    );
}

/** The associations whose announcements the person writes (the composer's choice). */
export async function listAuthoringProperties(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(announcementAuthorScope(ctx.actor, sql`${properties.id}`))
    .orderBy(asc(properties.name))
    .limit(500);
  return { properties: rows };
}

const displayStatusSql = sql<AnnouncementDisplayStatus>`case
  when ${announcements.status} = 'published' and ${announcements.expiresAt} <= now() then 'expired'
  else ${announcements.status} end`;

const columns = {
  row: announcements,
  propertyName: properties.name,
  authorName: profiles.fullName,
  displayStatus: displayStatusSql,
  unitRefs: sql<{ id: string; label: string }[]>`coalesce((
    select json_agg(json_build_object('id', u.id, 'label', u.label) order by u.label)
    from announcement_units au join units u on u.id = au.unit_id
    where au.announcement_id = ${announcements.id}), '[]'::json)`,
  // One pass over its recipients for the three counts.
  counts: sql<{ recipients: number; read: number; acknowledged: number }>`(
    select json_build_object('recipients', count(*)::int, 'read', count(r.read_at)::int,
      'acknowledged', count(r.acked_at)::int)
    from announcement_recipients r where r.announcement_id = ${announcements.id})`,
  translations: sql<
    { language: ReadingLanguage; title: string; body: string; updatedAt: string }[]
  >`coalesce((
    select json_agg(json_build_object('language', t.language, 'title', t.title, 'body', t.body,
      'updatedAt', t.updated_at) order by t.language)
    from announcement_translations t where t.announcement_id = ${announcements.id}), '[]'::json)`,
  sourceWorkOrder: sql<{ id: string; reference: string; summary: string } | null>`(
    select json_build_object('id', w.id, 'reference', wp.work_order_prefix || '-' || w.reference_number,
      'summary', w.summary)
    from work_orders w join properties wp on wp.id = w.property_id
    where w.id = ${announcements.sourceWorkOrderId})`,
  confirmerName: sql<string | null>`(select cp.full_name from profiles cp
    where cp.id = ${announcements.confirmedBy})`,
};
type Row = {
  row: typeof announcements.$inferSelect;
  propertyName: string;
  authorName: string | null;
  displayStatus: AnnouncementDisplayStatus;
  unitRefs: { id: string; label: string }[];
  counts: { recipients: number; read: number; acknowledged: number };
  translations: { language: ReadingLanguage; title: string; body: string; updatedAt: string }[];
  sourceWorkOrder: { id: string; reference: string; summary: string } | null;
  confirmerName: string | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toAnnouncement({ row, ...rest }: Row): Announcement {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: rest.propertyName,
    title: row.title,
    body: row.body,
    status: rest.displayStatus,
    kind: row.kind,
    language: row.language,
    translations: rest.translations.map((translation) => ({
      ...translation,
      updatedAt: new Date(translation.updatedAt).toISOString(),
    })),
    sourceWorkOrder: rest.sourceWorkOrder,
    confirmedBy:
      row.confirmedBy && rest.confirmerName !== null
        ? { id: row.confirmedBy, fullName: rest.confirmerName }
        : null,
    confirmedAt: iso(row.confirmedAt),
    audience: {
      kind: row.audience,
      buildings: row.audienceBuildings,
      units: rest.unitRefs,
      label: audienceLabel(
        row.audience,
        row.audienceBuildings,
        rest.unitRefs.map((unit) => unit.label),
      ),
    },
    requiresAck: row.requiresAck,
    publishAt: iso(row.publishAt),
    publishedAt: iso(row.publishedAt),
    expiresAt: iso(row.expiresAt),
    withdrawnAt: iso(row.withdrawnAt),
    lastRemindedAt: iso(row.lastRemindedAt),
    reminders: row.reminders,
    author: row.authorId && rest.authorName !== null ? { id: row.authorId, fullName: rest.authorName } : null,
    counts: rest.counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const selectAnnouncements = (db: Db) =>
  db
    .select(columns)
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .leftJoin(profiles, eq(profiles.id, announcements.authorId));

export async function announcementOf(
  db: Db,
  propertyId: string,
  announcementId: string,
): Promise<Announcement> {
  const [row] = await selectAnnouncements(db).where(
    and(eq(announcements.id, announcementId), eq(announcements.propertyId, propertyId)),
  );
  if (!row) throw notFound('Announcement');
  return toAnnouncement(row as Row);
}

const statusWhere = (status: AnnouncementDisplayStatus): SQL =>
  status === 'expired'
    ? sql`${announcements.status} = 'published' and ${announcements.expiresAt} <= now()`
    : status === 'published'
      ? sql`${announcements.status} = 'published' and (${announcements.expiresAt} is null or ${announcements.expiresAt} > now())`
      : sql`${announcements.status} = ${status}`;

export async function listAnnouncements(
  ctx: ServiceContext,
  propertyId: string,
  query: AnnouncementListInput,
): Promise<AnnouncementList> {
  await authoredProperty(ctx, propertyId);
  const where = and(
    eq(announcements.propertyId, propertyId),
    query.status ? statusWhere(query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectAnnouncements(ctx.db)
      .where(where)
      .orderBy(
        desc(
          sql`coalesce(${announcements.publishedAt}, ${announcements.publishAt}, ${announcements.createdAt})`,
        ),
        desc(announcements.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(announcements).where(where),
  ]);
  return {
    announcements: (rows as Row[]).map(toAnnouncement),
    total: total!.total,
    page: query.page,
    limit: query.limit,
  };
}

export async function getAnnouncement(ctx: ServiceContext, propertyId: string, announcementId: string) {
  await authoredProperty(ctx, propertyId);
  return announcementOf(ctx.db, propertyId, announcementId);
}

/** The association's buildings and units, for choosing an audience. */
export async function audienceOptions(
  ctx: ServiceContext,
  propertyId: string,
): Promise<AnnouncementAudienceOptions> {
  await authoredProperty(ctx, propertyId);
  const live = and(eq(units.propertyId, propertyId), isNull(units.archivedAt));
  const [buildings, unitRows] = await Promise.all([
    ctx.db
      .select({ name: sql<string>`min(trim(${units.building}))`, units: sql<number>`count(*)::int` })
      .from(units)
      .where(and(live, sql`trim(coalesce(${units.building}, '')) <> ''`))
      .groupBy(sql`lower(trim(${units.building}))`)
      .orderBy(sql`lower(trim(${units.building}))`),
    ctx.db
      .select({ id: units.id, label: units.label, building: units.building })
      .from(units)
      .where(live)
      .orderBy(asc(units.label))
      .limit(5000),
  ]);
  return { buildings, units: unitRows };
}

/**
 * The audience as saved: building names as the units spell them, and unit ids of this association.
 * Names no unit carries, or units of another association, are refused with what may be chosen.
 */
export async function resolveAudience(
  db: Db,
  property: { id: string; name: string },
  audience: AnnouncementAudience,
): Promise<{ buildings: string[]; unitIds: string[] }> {
  if (audience.kind === 'buildings') {
    const known = await db
      .selectDistinct({ name: sql<string>`trim(${units.building})` })
      .from(units)
      .where(
        and(eq(units.propertyId, property.id), isNull(units.archivedAt), sql`${units.building} is not null`),
      );
    const byKey = new Map(known.map((row) => [row.name.toLowerCase(), row.name]));
    const chosen = [...new Set(audience.buildings.map((name) => name.trim().toLowerCase()))];
    const unknown = chosen.filter((key) => !byKey.has(key));
    if (unknown.length > 0) {
      const names = [...byKey.values()].sort();
      throw new AppError(
        422,
        'UNKNOWN_BUILDING',
        names.length === 0
          ? `No unit of ${property.name} is in a building, so there is no building to choose. Choose units instead.`
          : `${property.name} has no building named “${audience.buildings.find((name) => name.trim().toLowerCase() === unknown[0])?.trim()}”. Choose from: ${names.join(', ')}.`,
        { fields: { 'audience.buildings': 'Choose buildings of this association' } },
      );
    }
    return { buildings: chosen.map((key) => byKey.get(key)!), unitIds: [] };
  }
  if (audience.kind === 'units') {
    const chosen = [...new Set(audience.unitIds)];
    const found = await db
      .select({ id: units.id })
      .from(units)
      .where(and(inArray(units.id, chosen), eq(units.propertyId, property.id), isNull(units.archivedAt)));
    if (found.length !== chosen.length)
      throw new AppError(
        422,
        'UNKNOWN_UNITS',
        `${chosen.length - found.length === 1 ? 'One of the chosen units is' : `${chosen.length - found.length} of the chosen units are`} not a unit of ${property.name}. Choose its units from the list.`,
        { fields: { 'audience.unitIds': 'Choose units of this association' } },
      );
    return { buildings: [], unitIds: chosen };
  }
  return { buildings: [], unitIds: [] };
}

/** How many people an audience would reach today. */
export async function countAudienceOf(
  ctx: ServiceContext,
  propertyId: string,
  audience: AnnouncementAudience,
): Promise<{ people: number }> {
  const property = await authoredProperty(ctx, propertyId);
  const resolved = await resolveAudience(ctx.db, property, audience);
  const saved: AnnouncementAudience =
    audience.kind === 'buildings'
      ? { kind: 'buildings', buildings: resolved.buildings }
      : audience.kind === 'units'
        ? { kind: 'units', unitIds: resolved.unitIds }
        : audience;
  return { people: await countAudience(ctx.db, audienceOfValues(propertyId, saved)) };
}

const dateTime = (value: Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(value);

/** What the input asks for, checked against the clock: the status it gets and its times. */
function timingOf(input: AnnouncementInputParsed, now: Date, timeZone: string) {
  const publishAt = input.publishAt ? new Date(input.publishAt) : null;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (input.publish && publishAt && publishAt.getTime() < now.getTime() - graceMs)
    throw new AppError(
      422,
      'PUBLISH_TIME_PAST',
      'The publish time has already passed. Choose a time in the future, or publish now.',
      { fields: { publishAt: 'Choose a time in the future' } },
    );
  const scheduled = input.publish && publishAt !== null && publishAt.getTime() > now.getTime();
  // A draft keeps the time it is meant for: its expiry must come after that too.
  const goesOutAt =
    publishAt !== null && publishAt.getTime() > now.getTime() && (scheduled || !input.publish)
      ? publishAt
      : now;
  if (expiresAt && expiresAt.getTime() <= goesOutAt.getTime())
    throw new AppError(
      422,
      'EXPIRY_BEFORE_PUBLISH',
      `The announcement would expire before it goes out. Choose an expiry after ${dateTime(goesOutAt, timeZone)} (${timeZone} time).`,
      { fields: { expiresAt: 'Choose a time after it is published' } },
    );
  const status = !input.publish
    ? ('draft' as const)
    : scheduled
      ? ('scheduled' as const)
      : ('published' as const);
  return { status, publishAt: input.publish ? (scheduled ? publishAt : now) : publishAt, expiresAt };
}

/** What only the emergency routes set: the kind, and the work order a draft came from. */
export type SaveOptions = { kind: AnnouncementKind; sourceWorkOrderId?: string | null };

export async function saveAnnouncement(
  ctx: AnnouncementsContext,
  propertyId: string,
  input: AnnouncementInputParsed,
  existingId: string | null,
  options: SaveOptions = { kind: 'normal' },
): Promise<Announcement> {
  const property = await authoredProperty(ctx, propertyId, options.kind);
  const now = new Date();
  const timing = timingOf(input, now, property.timeZone);
  const id = await ctx.db.transaction(async (tx) => {
    const resolved = await resolveAudience(tx, property, input.audience);
    const values = {
      title: input.title,
      body: input.body,
      audience: input.audience.kind,
      audienceBuildings: resolved.buildings,
      language: input.language,
      requiresAck: input.requiresAck,
      // Saved unpublished first: publishNow below turns it published, with its recipients and notices.
      status: timing.status === 'published' ? ('draft' as const) : timing.status,
      publishAt: timing.publishAt,
      expiresAt: timing.expiresAt,
      updatedAt: now,
    };
    let announcementId: string;
    if (existingId === null) {
      const [row] = await tx
        .insert(announcements)
        .values({
          ...values,
          propertyId,
          authorId: ctx.actor.id,
          kind: options.kind,
          sourceWorkOrderId: options.sourceWorkOrderId ?? null,
        })
        .returning({ id: announcements.id });
      announcementId = row!.id;
    } else {
      const current = await lockedAnnouncement(tx, propertyId, existingId);
      if (current.kind !== options.kind)
        throw new AppError(
          409,
          current.kind === 'emergency' ? 'EMERGENCY_NOTICE' : 'NOT_AN_EMERGENCY',
          current.kind === 'emergency'
            ? 'This is an emergency notice: change and send it from its emergency page, which confirms how many people it reaches.'
            : 'This is an ordinary announcement, not an emergency notice.',
        );
      if (current.status !== 'draft' && current.status !== 'scheduled')
        throw new AppError(
          409,
          'ANNOUNCEMENT_NOT_EDITABLE',
          current.status === 'published'
            ? 'This announcement is already published, so it cannot be changed. Withdraw it and post a corrected one.'
            : 'This announcement was withdrawn and cannot be changed. Post a new one.',
        );
      if (input.language !== current.language) {
        const [clash] = await tx
          .select({ language: announcementTranslations.language })
          .from(announcementTranslations)
          .where(
            and(
              eq(announcementTranslations.announcementId, existingId),
              eq(announcementTranslations.language, input.language),
            ),
          );
        if (clash)
          throw new AppError(
            422,
            'LANGUAGE_HAS_TRANSLATION',
            `It has a ${readingLanguageEnglishNames[input.language]} translation already. Remove that translation first, or keep the original in ${readingLanguageEnglishNames[current.language]}.`,
            { fields: { language: 'Remove the translation into this language first' } },
          );
      }
      await tx.update(announcements).set(values).where(eq(announcements.id, existingId));
      await tx.delete(announcementUnits).where(eq(announcementUnits.announcementId, existingId));
      announcementId = existingId;
    }
    if (resolved.unitIds.length > 0)
      await tx
        .insert(announcementUnits)
        .values(resolved.unitIds.map((unitId) => ({ announcementId, unitId })));
    if (timing.status === 'published') await publishNow(tx, ctx.notifier, announcementId, now);
    if (timing.status === 'scheduled')
      await schedulePublication(tx, ctx.jobs, announcementId, timing.publishAt!, now);
    return announcementId;
  });
  return announcementOf(ctx.db, propertyId, id);
}

export const createAnnouncement = (
  ctx: AnnouncementsContext,
  propertyId: string,
  input: AnnouncementInputParsed,
) => saveAnnouncement(ctx, propertyId, input, null);

export const updateAnnouncement = (
  ctx: AnnouncementsContext,
  propertyId: string,
  announcementId: string,
  input: AnnouncementInputParsed,
) => saveAnnouncement(ctx, propertyId, input, announcementId);

/** Takes a scheduled or published announcement away: readers no longer see it; nothing more is sent. */
export async function withdrawAnnouncement(ctx: ServiceContext, propertyId: string, announcementId: string) {
  await authoredProperty(ctx, propertyId);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedAnnouncement(tx, propertyId, announcementId);
    await assertHandles(tx, ctx.actor, current);
    if (current.status !== 'scheduled' && current.status !== 'published')
      throw new AppError(
        409,
        'ANNOUNCEMENT_NOT_WITHDRAWABLE',
        current.status === 'draft'
          ? 'A draft was never sent: delete it instead.'
          : 'This announcement was already withdrawn.',
      );
    const now = new Date();
    await tx
      .update(announcements)
      .set({ status: 'withdrawn', withdrawnAt: now, withdrawnBy: ctx.actor.id, updatedAt: now })
      .where(eq(announcements.id, announcementId));
    await takeBackNotices(tx, announcementId);
  });
  return announcementOf(ctx.db, propertyId, announcementId);
}

/** Deletes a draft; what was scheduled or sent stays on record (withdraw it instead). */
export async function deleteDraft(ctx: ServiceContext, propertyId: string, announcementId: string) {
  await authoredProperty(ctx, propertyId);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedAnnouncement(tx, propertyId, announcementId);
    await assertHandles(tx, ctx.actor, current);
    if (current.status !== 'draft')
      throw new AppError(
        409,
        'ANNOUNCEMENT_NOT_DRAFT',
        'Only a draft can be deleted. A scheduled or published announcement can be withdrawn.',
      );
    await tx.delete(announcements).where(eq(announcements.id, announcementId));
  });
}

/**
 * Who an announcement reached, each with their homes in the association today, and whether they read
 * and acknowledged it: all of them, or those who have not yet. Ordered by unit, so it reads per unit.
 */
export async function listRecipients(
  ctx: ServiceContext,
  propertyId: string,
  announcementId: string,
  query: RecipientQueryInput,
): Promise<AnnouncementRecipientList> {
  await authoredProperty(ctx, propertyId);
  await announcementOf(ctx.db, propertyId, announcementId);
  const filter =
    query.show === 'unread'
      ? sql`and r.read_at is null`
      : query.show === 'unacknowledged'
        ? sql`and r.acked_at is null`
        : sql``;
  const unitsSql = sql`array(select u.label from units u
    where u.property_id = ${propertyId} and u.archived_at is null and ${hasUnit(sql`r.user_id`, sql`u.id`)}
    order by u.label)`;
  const [rows, totals] = await Promise.all([
    ctx.db.execute(sql`
      select r.user_id, p.full_name, r.read_at, r.acked_at, r.reminded_at, homes.units
      from announcement_recipients r join profiles p on p.id = r.user_id
        cross join lateral (select ${unitsSql} as units) homes
      where r.announcement_id = ${announcementId} ${filter}
      order by homes.units[1] nulls last, p.full_name, r.user_id
      limit ${query.limit} offset ${offsetOf(query)}`),
    ctx.db.execute(sql`select count(*)::int as total from announcement_recipients r
      where r.announcement_id = ${announcementId} ${filter}`),
  ]);
  type RecipientRow = {
    user_id: string;
    full_name: string;
    read_at: Date | string | null;
    acked_at: Date | string | null;
    reminded_at: Date | string | null;
    units: string[];
  };
  const when = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    recipients: rowsOf<RecipientRow>(rows).map((row) => ({
      userId: row.user_id,
      fullName: row.full_name,
      units: row.units,
      readAt: when(row.read_at),
      acknowledgedAt: when(row.acked_at),
      remindedAt: when(row.reminded_at),
    })),
    total: rowsOf<{ total: number }>(totals)[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Reminds those who have not acknowledged it (or, when it asks for none, not read it) and are in its
 * audience today — a former owner is not reminded — by each person's preferences, at most once an hour.
 * Their reminder time shows in the recipients list.
 */
export async function remindAnnouncement(
  ctx: ServiceContext,
  propertyId: string,
  announcementId: string,
): Promise<AnnouncementReminder> {
  const property = await authoredProperty(ctx, propertyId);
  const now = new Date();
  const reminded = await ctx.db.transaction(async (tx) => {
    const row = await lockedAnnouncement(tx, propertyId, announcementId);
    await assertHandles(tx, ctx.actor, row);
    if (row.status !== 'published' || (row.expiresAt && row.expiresAt <= now))
      throw new AppError(
        409,
        'ANNOUNCEMENT_NOT_LIVE',
        'Only a published announcement that has not expired can be reminded of.',
      );
    const gapMs = announcementReminderGapMinutes * 60_000;
    if (row.lastRemindedAt && now.getTime() - row.lastRemindedAt.getTime() < gapMs)
      throw new AppError(
        409,
        'REMINDED_RECENTLY',
        `A reminder went at ${dateTime(row.lastRemindedAt, property.timeZone)}. Another may go from ${dateTime(new Date(row.lastRemindedAt.getTime() + gapMs), property.timeZone)} (${property.timeZone} time).`,
      );
    // Who joined the audience since it went out is reminded too (never delivered, so never read).
    await recordRecipients(tx, announcementId, null);
    const pending = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        update announcement_recipients r set reminded_at = ${now.toISOString()}::timestamptz
        where r.announcement_id = ${announcementId}
          and ${row.requiresAck ? sql`r.acked_at is null` : sql`r.read_at is null`}
          and r.user_id in (select m.user_id from announcements reminded,
            lateral (${audienceMembersSql(audienceOfRow('reminded'))}) m where reminded.id = ${announcementId})
        returning r.user_id`),
    ).map((recipient) => recipient.user_id);
    if (pending.length === 0) return 0;
    await tx
      .update(announcements)
      .set({ lastRemindedAt: now, reminders: row.reminders + 1 })
      .where(eq(announcements.id, announcementId));
    await notifyOfAnnouncement(tx, ctx.notifier, row, pending, { now, reminder: row.reminders + 1 });
    return pending.length;
  });
  return { reminded, announcement: await announcementOf(ctx.db, propertyId, announcementId) };
}

/**
 * Adds or corrects the announcement's text in another language (issue 23 item 3). The original stays the
 * official text; readers who chose this language see the translation with the original one click away.
 * A withdrawn announcement is no longer read, so it takes no more translations.
 */
export async function saveTranslation(
  ctx: ServiceContext,
  propertyId: string,
  announcementId: string,
  language: ReadingLanguage,
  input: AnnouncementTranslationInput,
): Promise<Announcement> {
  await authoredProperty(ctx, propertyId);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedAnnouncement(tx, propertyId, announcementId);
    await assertHandles(tx, ctx.actor, current);
    if (current.status === 'withdrawn')
      throw new AppError(
        409,
        'ANNOUNCEMENT_WITHDRAWN',
        'This announcement was withdrawn: nobody reads it any more.',
      );
    if (current.language === language)
      throw new AppError(
        422,
        'SAME_AS_ORIGINAL',
        `The announcement is written in ${readingLanguageEnglishNames[language]}: that is its original text. Choose another language for a translation.`,
        { fields: { language: 'Choose another language than the original' } },
      );
    const now = new Date();
    await tx
      .insert(announcementTranslations)
      .values({
        announcementId,
        language,
        title: input.title,
        body: input.body,
        updatedBy: ctx.actor.id,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [announcementTranslations.announcementId, announcementTranslations.language],
        set: { title: input.title, body: input.body, updatedBy: ctx.actor.id, updatedAt: now },
      });
    // The announcement's audit trail records that its text changed.
    await tx.update(announcements).set({ updatedAt: now }).where(eq(announcements.id, announcementId));
  });
  return announcementOf(ctx.db, propertyId, announcementId);
}

export async function deleteTranslation(
  ctx: ServiceContext,
  propertyId: string,
  announcementId: string,
  language: ReadingLanguage,
): Promise<Announcement> {
  await authoredProperty(ctx, propertyId);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedAnnouncement(tx, propertyId, announcementId);
    await assertHandles(tx, ctx.actor, current);
    const removed = await tx
      .delete(announcementTranslations)
      .where(
        and(
          eq(announcementTranslations.announcementId, announcementId),
          eq(announcementTranslations.language, language),
        ),
      )
      .returning({ language: announcementTranslations.language });
    if (removed.length === 0) throw notFound('Translation');
    await tx.update(announcements).set({ updatedAt: new Date() }).where(eq(announcements.id, announcementId));
  });
  return announcementOf(ctx.db, propertyId, announcementId);
}
