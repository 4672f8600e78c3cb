import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatWorkOrderReference,
  maintenanceCategoryLabels,
  type AnnouncementAudience,
  type EmergencyPrepared,
  type MaintenanceCategory,
  type emergencyDraftInputSchema,
  type emergencyInputSchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { announcements, announcementUnits, properties, units, workOrders } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hasUnit } from '../access/memberships.ts';
import { rowsOf } from '../realtime/publish.ts';
import {
  announcementOf,
  authoredProperty,
  lockedAnnouncement,
  saveAnnouncement,
  type AnnouncementsContext,
} from './announcements.service.ts';
import { audienceMembersSql, audienceOfRow } from './audience.ts';
import { publishNow } from './publish.ts';

/**
 * Emergency broadcasts (issue 23 item 2). A manager (or an admin) prepares one — a draft of kind
 * emergency, with an audience of everyone, buildings or units and a required expiry — and is shown how
 * many people it reaches now. Sending is a second request that repeats that number: if the audience
 * changed in between, nothing goes and the new number is shown. Once sent it reaches everyone of its
 * audience on every channel, past preferences, quiet hours and digests, and stays pinned until it
 * expires. The assistant drafts one from an emergency work order (and later its all-clear); a person
 * always sends it.
 */

export type EmergencyInputParsed = z.output<typeof emergencyInputSchema>;
export type EmergencyDraftInputParsed = z.output<typeof emergencyDraftInputSchema>;

const asAnnouncementInput = (
  input: Omit<EmergencyInputParsed, 'audience'> & { audience: AnnouncementAudience },
) => ({
  ...input,
  language: 'en' as const,
  publishAt: null,
  publish: false,
});

async function prepared(db: Db, propertyId: string, announcementId: string): Promise<EmergencyPrepared> {
  const announcement = await announcementOf(db, propertyId, announcementId);
  return { announcement, recipients: await reachOf(db, announcementId) };
}

/** How many people the saved announcement's audience reaches now. */
async function reachOf(db: Pick<Db, 'execute'>, announcementId: string): Promise<number> {
  const [row] = rowsOf<{ people: number }>(
    await db.execute(sql`select count(distinct m.user_id)::int as people
      from announcements announcement, lateral (${audienceMembersSql(audienceOfRow('announcement'))}) m
      where announcement.id = ${announcementId}`),
  );
  return row?.people ?? 0;
}

/** Step one: saves the emergency notice unsent and says how many people it would reach. */
export async function prepareEmergency(
  ctx: AnnouncementsContext,
  propertyId: string,
  input: EmergencyInputParsed,
  existingId: string | null = null,
): Promise<EmergencyPrepared> {
  const saved = await saveAnnouncement(ctx, propertyId, asAnnouncementInput(input), existingId, {
    kind: 'emergency',
  });
  return prepared(ctx.db, propertyId, saved.id);
}

/** The prepared notice again, with the number it reaches now (the confirmation step reloads it). */
export async function getPreparedEmergency(ctx: ServiceContext, propertyId: string, announcementId: string) {
  await authoredProperty(ctx, propertyId, 'emergency');
  const announcement = await announcementOf(ctx.db, propertyId, announcementId);
  if (announcement.kind !== 'emergency') throw notFound('Emergency notice');
  return { announcement, recipients: await reachOf(ctx.db, announcementId) };
}

/**
 * Step two: sends it, if the sender confirmed the number of people it reaches now. Sent once: a second
 * confirmation finds it published.
 */
export async function sendEmergency(
  ctx: AnnouncementsContext,
  propertyId: string,
  announcementId: string,
  confirmed: number,
): Promise<EmergencyPrepared> {
  await authoredProperty(ctx, propertyId, 'emergency');
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const row = await lockedAnnouncement(tx, propertyId, announcementId);
    if (row.kind !== 'emergency') throw notFound('Emergency notice');
    if (row.status !== 'draft')
      throw new AppError(
        409,
        'EMERGENCY_ALREADY_SENT',
        row.status === 'published'
          ? 'This emergency notice was already sent.'
          : 'This emergency notice was withdrawn. Prepare a new one.',
      );
    if (!row.expiresAt || row.expiresAt <= now)
      throw new AppError(
        422,
        'EMERGENCY_EXPIRED',
        'Its expiry has already passed, so it would never show. Choose a later expiry, then send it.',
        { fields: { expiresAt: 'Choose a time in the future' } },
      );
    const reach = await reachOf(tx, announcementId);
    if (reach !== confirmed)
      throw new AppError(
        409,
        'AUDIENCE_CHANGED',
        `It now reaches ${reach === 1 ? '1 person' : `${reach} people`}, not ${confirmed}: someone moved in or out. Check the number and confirm again.`,
      );
    if (reach === 0)
      throw new AppError(
        422,
        'EMPTY_AUDIENCE',
        'Nobody lives in or owns the chosen units or buildings today, so there is nobody to tell. Choose another audience.',
      );
    await tx
      .update(announcements)
      .set({ confirmedBy: ctx.actor.id, confirmedAt: now })
      .where(eq(announcements.id, announcementId));
    await publishNow(tx, ctx.notifier, announcementId, now);
  });
  return prepared(ctx.db, propertyId, announcementId);
}

type OrderRow = {
  id: string;
  summary: string;
  mainCategory: string;
  subcategory: string | null;
  priority: string;
  status: string;
  locationKind: string | null;
  residentId: string | null;
  reference: string;
  propertyName: string;
};

/** What an emergency of this kind usually means for the people around it. */
const adviceByCategory: Partial<Record<MaintenanceCategory, string>> = {
  plumbing:
    'The water may be shut off while the repair is made. Please keep some drinking water at hand and keep taps closed until the all-clear.',
  electrical:
    'The power may be cut while the repair is made. Please unplug sensitive equipment and avoid the elevators until the all-clear.',
  hvac: 'Heating or cooling may be off while the repair is made. Please take care with portable heaters.',
  structural: 'Please keep away from the affected area and follow any signs or tape on site.',
  access: 'Entrances may be affected. Please keep doors closed behind you and report anyone you do not know.',
  common_areas: 'Please keep away from the affected area until the all-clear.',
};

function noticeText(order: OrderRow, where: string) {
  const what = order.summary.replace(/[.\s]+$/, '');
  const category = maintenanceCategoryLabels[order.mainCategory as MaintenanceCategory] ?? 'Maintenance';
  const advice = adviceByCategory[order.mainCategory as MaintenanceCategory];
  return {
    title: `Urgent: ${what}`.slice(0, 200),
    body: [
      `We are dealing with an emergency affecting ${where}: **${what}** (${category.toLowerCase()}, work order ${order.reference}).`,
      advice ?? 'Please keep away from the affected area until the all-clear.',
      'We will post an update here as soon as it is resolved. If you notice anything related, tell us at once through the assistant or the management office.',
    ].join('\n\n'),
  };
}

function allClearText(order: OrderRow, where: string) {
  const what = order.summary.replace(/[.\s]+$/, '');
  return {
    title: `All clear: ${what}`.slice(0, 200),
    body: [
      `The emergency affecting ${where} is over: **${what}** (work order ${order.reference}) has been dealt with.`,
      'Everything should be back to normal. If something still is not working, tell us through the assistant or the management office.',
      'Thank you for your patience.',
    ].join('\n\n'),
  };
}

/**
 * The audience a work order's emergency concerns: the building of the reporter's unit when it has one,
 * else that unit; a common area, or a report nobody's unit is known for, concerns everyone.
 */
async function audienceOfOrder(
  db: Db,
  order: OrderRow,
  propertyId: string,
): Promise<{ audience: AnnouncementAudience; where: string }> {
  if (order.locationKind === 'common_area' || !order.residentId)
    return { audience: { kind: 'everyone' }, where: 'the whole community' };
  const homes = await db
    .select({ id: units.id, label: units.label, building: units.building })
    .from(units)
    .where(
      and(
        eq(units.propertyId, propertyId),
        isNull(units.archivedAt),
        hasUnit(order.residentId, sql`${units.id}`),
      ),
    )
    .orderBy(units.label)
    .limit(1);
  const home = homes[0];
  if (!home) return { audience: { kind: 'everyone' }, where: 'the whole community' };
  const building = home.building?.trim();
  if (building) return { audience: { kind: 'buildings', buildings: [building] }, where: building };
  return { audience: { kind: 'units', unitIds: [home.id] }, where: `unit ${home.label}` };
}

/** The latest emergency notice sent from this work order: its all-clear goes to the same people. */
async function noticeOfOrder(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      id: announcements.id,
      audience: announcements.audience,
      buildings: announcements.audienceBuildings,
    })
    .from(announcements)
    .where(
      and(
        eq(announcements.sourceWorkOrderId, workOrderId),
        eq(announcements.kind, 'emergency'),
        eq(announcements.status, 'published'),
      ),
    )
    .orderBy(desc(announcements.publishedAt))
    .limit(1);
  if (!row) return null;
  if (row.audience === 'buildings')
    return {
      audience: { kind: 'buildings', buildings: row.buildings } as AnnouncementAudience,
      where: row.buildings.join(', '),
    };
  if (row.audience === 'units') {
    const chosen = await db
      .select({ id: units.id, label: units.label })
      .from(announcementUnits)
      .innerJoin(units, eq(units.id, announcementUnits.unitId))
      .where(eq(announcementUnits.announcementId, row.id))
      .orderBy(units.label);
    return {
      audience: { kind: 'units', unitIds: chosen.map((unit) => unit.id) } as AnnouncementAudience,
      where:
        chosen.length === 1
          ? `unit ${chosen[0]!.label}`
          : `units ${chosen.map((unit) => unit.label).join(', ')}`,
    };
  }
  return { audience: { kind: 'everyone' } as AnnouncementAudience, where: 'the whole community' };
}

/**
 * The assistant's draft from an emergency work order: the notice (an emergency draft, for a manager to
 * check, confirm and send) or its all-clear (an ordinary draft to the same people; publishing it unpins
 * the notice). Nothing is sent here.
 */
export async function draftFromWorkOrder(
  ctx: AnnouncementsContext,
  propertyId: string,
  input: EmergencyDraftInputParsed,
) {
  await authoredProperty(ctx, propertyId, 'emergency');
  const [order] = (await ctx.db
    .select({
      id: workOrders.id,
      summary: workOrders.summary,
      mainCategory: workOrders.mainCategory,
      subcategory: workOrders.subcategory,
      priority: workOrders.priority,
      status: workOrders.status,
      locationKind: workOrders.locationKind,
      residentId: workOrders.residentId,
      referencePrefix: properties.workOrderPrefix,
      referenceNumber: workOrders.referenceNumber,
      propertyName: properties.name,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(and(eq(workOrders.id, input.workOrderId), eq(workOrders.propertyId, propertyId)))
    .then((rows) =>
      rows.map(({ referencePrefix, referenceNumber, ...row }) => ({
        ...row,
        reference: formatWorkOrderReference({ referencePrefix, referenceNumber }),
      })),
    )) as OrderRow[];
  if (!order) throw notFound('Work order');
  if (input.stage === 'notice' && order.priority !== 'emergency')
    throw new AppError(
      422,
      'NOT_AN_EMERGENCY',
      `Work order ${order.reference} is not marked as an emergency. Mark it as one first, or write an announcement yourself.`,
    );
  const earlier = input.stage === 'all-clear' ? await noticeOfOrder(ctx.db, order.id) : null;
  const { audience, where } = earlier ?? (await audienceOfOrder(ctx.db, order, propertyId));
  const text = input.stage === 'notice' ? noticeText(order, where) : allClearText(order, where);
  if (input.stage === 'notice') {
    const expiresAt = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const saved = await saveAnnouncement(
      ctx,
      propertyId,
      asAnnouncementInput({ ...text, audience, requiresAck: false, expiresAt }),
      null,
      { kind: 'emergency', sourceWorkOrderId: order.id },
    );
    return prepared(ctx.db, propertyId, saved.id);
  }
  const saved = await saveAnnouncement(
    ctx,
    propertyId,
    {
      ...text,
      audience,
      language: 'en',
      requiresAck: false,
      publishAt: null,
      expiresAt: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
      publish: false,
    },
    null,
    { kind: 'normal', sourceWorkOrderId: order.id },
  );
  return prepared(ctx.db, propertyId, saved.id);
}
