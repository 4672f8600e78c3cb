import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  formatWorkOrderReference,
  openViolationErrorField,
  realtimeChannels,
  type complaintDismissInputSchema,
  type complaintListQuerySchema,
  type complaintVerifyInputSchema,
  type ComplaintList,
  type ComplaintStatus,
  type ViolationComplaint,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  chatMessages,
  profiles,
  properties,
  units,
  violationComplaints,
  violationEvents,
  violations,
  workOrders,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { hasUnit } from '../access/memberships.ts';
import { toMessage } from '../chat/chat.service.ts';
import { localClock } from '../notifications/zoned-time.ts';
import { publishAll } from '../realtime/publish.ts';
import { activeRoomsOf } from '../work-rooms/room-notices.ts';
import { requireKeeper } from './inspections.service.ts';
import { keepsEnforcement } from './violation-access.ts';
import {
  addDays,
  lockOpenViolation,
  observedAtOf,
  requireRuleInUse,
  requireUnitOf,
} from './violations.service.ts';

/**
 * Complaints (issue 21 item 3): a resident's neighbour complaint, filed by the assistant with its work
 * order, waits for one of the association's managers to verify it (then it becomes a violation with
 * source 'complaint') or dismiss it. Only those who keep the association's enforcement (its managers,
 * admins) see complaints at all; the reporter is never named to the cited unit's owners or occupants.
 */

const deciders = alias(profiles, 'complaint_deciders');

/**
 * The reporter, unless the caller owns or lives in the unit complained about (a manager can own a unit
 * of an association they manage).
 */
const shownReporter = (ctx: ServiceContext) =>
  sql<string | null>`(case when ${violationComplaints.unitId} is null
    or not ${hasUnit(ctx.actor.id, sql`${violationComplaints.unitId}`)} then ${violationComplaints.reporterId} end)`;

const complaintColumns = (ctx: ServiceContext) => ({
  id: violationComplaints.id,
  propertyId: violationComplaints.propertyId,
  propertyName: properties.name,
  referencePrefix: properties.workOrderPrefix,
  status: violationComplaints.status,
  text: violationComplaints.text,
  reporterId: shownReporter(ctx),
  reporterName: sql<string | null>`(select p.full_name from profiles p where p.id = ${shownReporter(ctx)})`,
  workOrderId: workOrders.id,
  workOrderSummary: workOrders.summary,
  referenceNumber: workOrders.referenceNumber,
  roomId: sql<
    string | null
  >`(select br.id from breakout_rooms br where br.work_order_id = ${workOrders.id} and br.is_active order by br.created_at limit 1)`,
  unitId: units.id,
  unitLabel: units.label,
  violationId: violationComplaints.violationId,
  decisionNote: violationComplaints.decisionNote,
  decidedById: violationComplaints.decidedBy,
  decidedByName: deciders.fullName,
  decidedAt: violationComplaints.decidedAt,
  createdAt: violationComplaints.createdAt,
});

type ComplaintRow = {
  id: string;
  propertyId: string;
  propertyName: string;
  referencePrefix: string;
  status: ComplaintStatus;
  text: string;
  reporterId: string | null;
  reporterName: string | null;
  workOrderId: string | null;
  workOrderSummary: string | null;
  referenceNumber: number | null;
  roomId: string | null;
  unitId: string | null;
  unitLabel: string | null;
  violationId: string | null;
  decisionNote: string | null;
  decidedById: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  createdAt: Date;
};

function toComplaint(row: ComplaintRow): ViolationComplaint {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    status: row.status,
    text: row.text,
    reporter: row.reporterId ? { id: row.reporterId, fullName: row.reporterName ?? '' } : null,
    workOrder:
      row.workOrderId && row.referenceNumber !== null
        ? {
            id: row.workOrderId,
            reference: formatWorkOrderReference({
              referencePrefix: row.referencePrefix,
              referenceNumber: row.referenceNumber,
            }),
            summary: row.workOrderSummary ?? '',
            roomId: row.roomId,
          }
        : null,
    unit: row.unitId ? { id: row.unitId, label: row.unitLabel ?? '' } : null,
    violationId: row.violationId,
    decisionNote: row.decisionNote,
    decidedBy: row.decidedById ? { id: row.decidedById, fullName: row.decidedByName ?? '' } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const fromComplaints = (db: Db, ctx: ServiceContext) =>
  db
    .select(complaintColumns(ctx))
    .from(violationComplaints)
    .innerJoin(properties, eq(properties.id, violationComplaints.propertyId))
    .leftJoin(workOrders, eq(workOrders.id, violationComplaints.workOrderId))
    .leftJoin(units, eq(units.id, violationComplaints.unitId))
    .leftJoin(deciders, eq(deciders.id, violationComplaints.decidedBy));

const kept = (ctx: ServiceContext): SQL =>
  keepsEnforcement(ctx.actor, sql`${violationComplaints.propertyId}`);

/**
 * The complaints of the associations whose enforcement the caller keeps: those waiting first, then
 * newest first. Searched in the resident's words, the reporter's name, the unit and the work order.
 */
export async function listComplaints(
  ctx: ServiceContext,
  query: z.infer<typeof complaintListQuerySchema>,
): Promise<ComplaintList> {
  if (query.propertyId) await requireKeeper(ctx.db, ctx, query.propertyId);
  const inScope = and(
    kept(ctx),
    query.propertyId ? eq(violationComplaints.propertyId, query.propertyId) : undefined,
  );
  const search = query.q ? containing(query.q) : null;
  const where = and(
    inScope,
    query.status ? eq(violationComplaints.status, query.status) : undefined,
    search
      ? sql`(${violationComplaints.text} ilike ${search}
          or ${units.label} ilike ${search}
          or (${properties.workOrderPrefix} || '-' || ${workOrders.referenceNumber}) ilike ${search}
          or (select p.full_name from profiles p where p.id = ${shownReporter(ctx)}) ilike ${search})`
      : undefined,
  );
  const [rows, [total], [open]] = await Promise.all([
    fromComplaints(ctx.db, ctx)
      .where(where)
      .orderBy(
        sql`case ${violationComplaints.status} when 'open' then 0 else 1 end`,
        desc(violationComplaints.createdAt),
        desc(violationComplaints.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ n: count() })
      .from(violationComplaints)
      .innerJoin(properties, eq(properties.id, violationComplaints.propertyId))
      .leftJoin(workOrders, eq(workOrders.id, violationComplaints.workOrderId))
      .leftJoin(units, eq(units.id, violationComplaints.unitId))
      .where(where),
    ctx.db
      .select({ n: count() })
      .from(violationComplaints)
      .where(and(inScope, eq(violationComplaints.status, 'open'))),
  ]);
  return {
    complaints: rows.map((row) => toComplaint(row as ComplaintRow)),
    open: open!.n,
    total: total!.n,
    page: query.page,
    limit: query.limit,
  };
}

async function readComplaint(db: Db, ctx: ServiceContext, complaintId: string): Promise<ViolationComplaint> {
  const [row] = await fromComplaints(db, ctx).where(and(eq(violationComplaints.id, complaintId), kept(ctx)));
  if (!row) throw notFound('Complaint');
  return toComplaint(row as ComplaintRow);
}

export async function getComplaint(ctx: ServiceContext, complaintId: string): Promise<ViolationComplaint> {
  return readComplaint(ctx.db, ctx, complaintId);
}

/** The open complaint, locked for the decision; 404 for one the caller does not keep, 409 once decided. */
async function lockOpenComplaint(tx: Db, ctx: ServiceContext, complaintId: string) {
  const [complaint] = await tx
    .select({
      id: violationComplaints.id,
      propertyId: violationComplaints.propertyId,
      reporterId: violationComplaints.reporterId,
      workOrderId: violationComplaints.workOrderId,
      status: violationComplaints.status,
      timeZone: properties.timeZone,
    })
    .from(violationComplaints)
    .innerJoin(properties, eq(properties.id, violationComplaints.propertyId))
    .where(and(eq(violationComplaints.id, complaintId), kept(ctx)))
    .for('update', { of: violationComplaints });
  if (!complaint) throw notFound('Complaint');
  if (complaint.status !== 'open')
    throw new AppError(
      409,
      'COMPLAINT_DECIDED',
      complaint.status === 'verified'
        ? 'This complaint was already verified and recorded as a violation.'
        : 'This complaint was already dismissed.',
    );
  return complaint;
}

/**
 * Tells the reporter, in the complaint's work room, that a manager reviewed it — never who or which unit
 * was cited, nor the manager's note (written for the file, and for the owner's timeline).
 */
async function tellReporter(tx: Db, workOrderId: string | null, content: string) {
  if (!workOrderId) return;
  const [room] = await activeRoomsOf(tx, workOrderId);
  if (!room) return;
  const [row] = await tx
    .insert(chatMessages)
    .values({
      roomId: room.id,
      role: 'system',
      content,
      processed: true,
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  const channel = realtimeChannels.room(room.id);
  await publishAll(tx, [
    { channel, type: 'message.created', data: toMessage(row!, null) },
    { channel, type: 'room.updated', data: { roomId: room.id } },
  ]);
}

export const reviewedNotices = {
  verified:
    'A manager reviewed this report and is following it up under the association’s rules. Your name is not shared with the other household.',
  dismissed:
    'A manager reviewed this report and closed it without recording a violation. If it happens again, reply here or tell the assistant.',
};

/**
 * Verifies a complaint: in one transaction, a violation of a rule in use at a unit of the association
 * (source 'complaint', the reporter kept on it), observed when the manager saw it, with the manager's
 * note on its timeline; and the complaint marked verified. If the unit already has that rule open, the
 * 409 names the open violation so the manager can open it instead.
 */
export async function verifyComplaint(
  ctx: ServiceContext,
  complaintId: string,
  input: z.infer<typeof complaintVerifyInputSchema>,
): Promise<ViolationComplaint> {
  const now = new Date();
  const observedAt = observedAtOf(input.observedAt, now);
  await ctx.db.transaction(async (tx) => {
    const complaint = await lockOpenComplaint(tx, ctx, complaintId);
    const unit = await requireUnitOf(tx, complaint.propertyId, input.unitId);
    const rule = await requireRuleInUse(tx, complaint.propertyId, input.ruleId);
    const open = await lockOpenViolation(tx, unit.id, rule.id);
    if (open) {
      const message = `Unit ${unit.label} already has an open violation of this rule, observed ${localClock(open.observedAt, complaint.timeZone).date}. Open it to add what you verified, or dismiss this complaint.`;
      throw new AppError(409, 'VIOLATION_ALREADY_OPEN', message, {
        fields: { unitId: message, [openViolationErrorField]: open.id },
      });
    }
    const observedDay = localClock(observedAt, complaint.timeZone).date;
    const [violation] = await tx
      .insert(violations)
      .values({
        propertyId: complaint.propertyId,
        unitId: unit.id,
        ruleId: rule.id,
        source: 'complaint',
        reporterId: complaint.reporterId,
        observedAt,
        cureDueOn: rule.curable && rule.defaultCureDays ? addDays(observedDay, rule.defaultCureDays) : null,
        createdBy: ctx.actor.id,
      })
      .returning({ id: violations.id });
    await tx.insert(violationEvents).values({
      violationId: violation!.id,
      kind: 'observed',
      actorId: ctx.actor.id,
      note: input.note,
      at: observedAt,
    });
    await tx
      .update(violationComplaints)
      .set({
        status: 'verified',
        unitId: unit.id,
        violationId: violation!.id,
        decisionNote: input.note,
        decidedBy: ctx.actor.id,
        decidedAt: now,
      })
      .where(eq(violationComplaints.id, complaint.id));
    await tellReporter(tx, complaint.workOrderId, reviewedNotices.verified);
  });
  return readComplaint(ctx.db, ctx, complaintId);
}

/** Dismisses a complaint, saying why (for the file: the reporter is told only that it was reviewed). */
export async function dismissComplaint(
  ctx: ServiceContext,
  complaintId: string,
  input: z.infer<typeof complaintDismissInputSchema>,
): Promise<ViolationComplaint> {
  await ctx.db.transaction(async (tx) => {
    const complaint = await lockOpenComplaint(tx, ctx, complaintId);
    await tx
      .update(violationComplaints)
      .set({ status: 'dismissed', decisionNote: input.note, decidedBy: ctx.actor.id, decidedAt: new Date() })
      .where(eq(violationComplaints.id, complaint.id));
    await tellReporter(tx, complaint.workOrderId, reviewedNotices.dismissed);
  });
  return readComplaint(ctx.db, ctx, complaintId);
}
