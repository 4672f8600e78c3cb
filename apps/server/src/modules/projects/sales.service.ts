import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  projectUnitListQuerySchema,
  projectUnitsStepSchema,
  unitClosingInputSchema,
  unitContractCancelSchema,
  unitContractInputSchema,
  unitSalesEventsFrom,
  unitSalesNext,
  unitSalesStatusLabels,
  type ProjectUnit,
  type ProjectUnitList,
  type ProjectUnitListQuery,
  type ProjectUnitsStep,
  type UnitClosingInput,
  type UnitContractCancel,
  type UnitContractInput,
  type UnitSalesEvent,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  projectMilestones,
  projectPhases,
  projectUnits,
  unitOwnerships,
  unitSales,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { checkOwnershipRules } from '../units/ownerships.service.ts';
import { projectOf, type ProjectRow } from './projects.service.ts';

/**
 * A project's inventory and its sales (issue 25 item 2): each lot or unit moves through planned → under
 * construction → available → under contract → closed (contracts' unitSalesNext). A contract names its
 * buyer; the closing conveys the unit: in one transaction the sale is closed, the buyer's account found
 * or made (and invited by e-mail once the transaction commits), and the ownership created from the
 * closing day. Every write locks the project, so two closings of one unit cannot both pass.
 */

/** Invites new people by e-mail once the caller's transaction commits (the units import's queue). */
export type InvitePeople = (db: Db, userIds: string[]) => Promise<void>;

const liveSale = and(eq(unitSales.unitId, projectUnits.unitId), isNull(unitSales.cancelledAt));

/** Natural enough order for lot numbers and labels: "2" before "10", "Lot 9" before "Lot 10". */
const labelOrder = [asc(sql`length(${units.label})`), asc(units.label)];

function unitSelect(db: Db, where: SQL | undefined) {
  return db
    .select({
      unitId: projectUnits.unitId,
      label: units.label,
      phaseId: projectUnits.phaseId,
      phaseName: projectPhases.name,
      salesStatus: projectUnits.salesStatus,
      updatedAt: projectUnits.updatedAt,
      sale: {
        id: unitSales.id,
        buyerName: unitSales.buyerName,
        buyerEmail: unitSales.buyerEmail,
        contractOn: unitSales.contractOn,
        closingOn: unitSales.closingOn,
        priceCents: unitSales.priceCents,
      },
    })
    .from(projectUnits)
    .innerJoin(units, eq(units.id, projectUnits.unitId))
    .innerJoin(projectPhases, eq(projectPhases.id, projectUnits.phaseId))
    .leftJoin(unitSales, liveSale)
    .where(where);
}
type UnitRow = Awaited<ReturnType<typeof unitSelect>>[number];

const toProjectUnit = (row: UnitRow): ProjectUnit => ({
  unitId: row.unitId,
  label: row.label,
  phaseId: row.phaseId,
  phaseName: row.phaseName,
  salesStatus: row.salesStatus,
  events: unitSalesEventsFrom(row.salesStatus),
  sale: row.sale?.id ? { ...row.sale, id: row.sale.id } : null,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listProjectUnits(
  ctx: ServiceContext,
  projectId: string,
  query: ProjectUnitListQuery,
): Promise<ProjectUnitList> {
  const { page, limit, q, phaseId, status } = projectUnitListQuerySchema.parse(query);
  await projectOf(ctx.db, ctx, projectId);
  const where = and(
    eq(projectUnits.projectId, projectId),
    phaseId ? eq(projectUnits.phaseId, phaseId) : undefined,
    status ? eq(projectUnits.salesStatus, status) : undefined,
    q
      ? sql`(${ilike(units.label, containing(q))} or ${ilike(unitSales.buyerName, containing(q))} or ${ilike(unitSales.buyerEmail, containing(q))})`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    unitSelect(ctx.db, where)
      .orderBy(asc(projectPhases.ordinal), ...labelOrder)
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(projectUnits)
      .innerJoin(units, eq(units.id, projectUnits.unitId))
      .leftJoin(unitSales, liveSale)
      .where(where),
  ]);
  return { units: rows.map(toProjectUnit), total: count?.count ?? 0, page, limit };
}

async function projectUnit(db: Db, projectId: string, unitId: string): Promise<ProjectUnit> {
  const [row] = await unitSelect(
    db,
    and(eq(projectUnits.projectId, projectId), eq(projectUnits.unitId, unitId)),
  );
  if (!row) throw notFound('Unit');
  return toProjectUnit(row);
}

const transitionRefused = (labels: string[], status: string, event: UnitSalesEvent) =>
  new AppError(
    409,
    'INVALID_SALES_TRANSITION',
    `${labels.join(', ')} ${labels.length === 1 ? 'is' : 'are'} ${status.toLowerCase()}: ${eventWords[event]} is not the next step.`,
  );
const eventWords: Record<UnitSalesEvent, string> = {
  start_construction: 'starting construction',
  release: 'releasing for sale',
  sign_contract: 'signing a contract',
  cancel_contract: 'cancelling the contract',
  close: 'closing',
};

/** Start construction on, or release, several lots at once: all of them move, or none does. */
export async function stepProjectUnits(
  ctx: ServiceContext,
  projectId: string,
  input: ProjectUnitsStep,
): Promise<{ moved: number }> {
  const { event, unitIds } = projectUnitsStepSchema.parse(input);
  const ids = [...new Set(unitIds)];
  return ctx.db.transaction(async (tx) => {
    await projectOf(tx, ctx, projectId, { lock: true });
    const rows = await tx
      .select({ unitId: projectUnits.unitId, status: projectUnits.salesStatus, label: units.label })
      .from(projectUnits)
      .innerJoin(units, eq(units.id, projectUnits.unitId))
      .where(and(eq(projectUnits.projectId, projectId), inArray(projectUnits.unitId, ids)))
      .orderBy(...labelOrder);
    if (rows.length !== ids.length) throw notFound('Unit');
    const refused = rows.filter((row) => unitSalesNext(row.status, event) === null);
    if (refused.length > 0) {
      const first = refused[0]!;
      throw new AppError(
        409,
        'INVALID_SALES_TRANSITION',
        `Nothing was changed: ${
          refused.length === 1
            ? `${first.label} is`
            : `${refused.length} units (${refused
                .slice(0, 5)
                .map((row) => row.label)
                .join(', ')}${refused.length > 5 ? '…' : ''}) are`
        } not at the step before ${eventWords[event]}.`,
      );
    }
    const next = unitSalesNext(rows[0]!.status, event)!;
    await tx
      .update(projectUnits)
      .set({ salesStatus: next, updatedAt: new Date() })
      .where(and(eq(projectUnits.projectId, projectId), inArray(projectUnits.unitId, ids)));
    return { moved: ids.length };
  });
}

/** The unit of the project, locked, or 404. */
async function lockedUnit(tx: Db, projectId: string, unitId: string) {
  const [row] = await tx
    .select({ unitId: projectUnits.unitId, status: projectUnits.salesStatus, label: units.label })
    .from(projectUnits)
    .innerJoin(units, eq(units.id, projectUnits.unitId))
    .where(and(eq(projectUnits.projectId, projectId), eq(projectUnits.unitId, unitId)))
    .for('update', { of: projectUnits });
  if (!row) throw notFound('Unit');
  return row;
}

function refuseFutureDay(day: string, today: string, field: string, what: string) {
  if (day > today)
    throw new AppError(422, 'DATE_IN_FUTURE', `The ${what} cannot be after today (${today}).`, {
      fields: { [field]: `The ${what} cannot be after today` },
    });
}

/** A contract signed with a buyer (available → under contract), and its closing at once when dated. */
export async function signContract(
  ctx: ServiceContext,
  projectId: string,
  unitId: string,
  input: UnitContractInput,
  invite: InvitePeople,
): Promise<ProjectUnit> {
  const values = unitContractInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const project = await projectOf(tx, ctx, projectId, { lock: true });
    const unit = await lockedUnit(tx, projectId, unitId);
    if (unit.status === 'closed') throw alreadyClosed(unit.label);
    if (unitSalesNext(unit.status, 'sign_contract') === null)
      throw transitionRefused([unit.label], unitSalesStatusLabels[unit.status], 'sign_contract');
    refuseFutureDay(values.contractOn, project.today, 'contractOn', 'contract date');
    const [sale] = await tx
      .insert(unitSales)
      .values({
        unitId,
        buyerName: values.buyerName,
        buyerEmail: values.buyerEmail.toLowerCase(),
        contractOn: values.contractOn,
        priceCents: values.priceCents ?? null,
        createdBy: ctx.actor.id,
      })
      .returning({ id: unitSales.id });
    await tx
      .update(projectUnits)
      .set({ salesStatus: 'under_contract', updatedAt: new Date() })
      .where(eq(projectUnits.unitId, unitId));
    if (values.closingOn)
      await conveyUnit(
        tx,
        project,
        { ...unit, status: 'under_contract' },
        values.closingOn,
        sale!.id,
        invite,
      );
  });
  return projectUnit(ctx.db, projectId, unitId);
}

const alreadyClosed = (label: string) =>
  new AppError(
    409,
    'UNIT_ALREADY_CLOSED',
    `${label} has already closed; a unit is conveyed to its first owner once.`,
  );

/** Closes the unit's contract: the unit is conveyed to its buyer from the closing day. */
export async function closeSale(
  ctx: ServiceContext,
  projectId: string,
  unitId: string,
  input: UnitClosingInput,
  invite: InvitePeople,
): Promise<ProjectUnit> {
  const { closingOn } = unitClosingInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const project = await projectOf(tx, ctx, projectId, { lock: true });
    const unit = await lockedUnit(tx, projectId, unitId);
    const [sale] = await tx
      .select({ id: unitSales.id })
      .from(unitSales)
      .where(and(eq(unitSales.unitId, unitId), isNull(unitSales.cancelledAt)));
    await conveyUnit(tx, project, unit, closingOn, sale?.id ?? null, invite);
  });
  return projectUnit(ctx.db, projectId, unitId);
}

async function conveyUnit(
  tx: Db,
  project: ProjectRow,
  unit: { unitId: string; status: ProjectUnit['salesStatus']; label: string },
  closingOn: string,
  saleId: string | null,
  invite: InvitePeople,
) {
  if (unit.status === 'closed') throw alreadyClosed(unit.label);
  if (unitSalesNext(unit.status, 'close') === null || !saleId)
    throw transitionRefused([unit.label], unitSalesStatusLabels[unit.status], 'close');
  const [sale] = await tx.select().from(unitSales).where(eq(unitSales.id, saleId));
  if (closingOn < sale!.contractOn)
    throw new AppError(
      422,
      'CLOSING_BEFORE_CONTRACT',
      `The closing (${closingOn}) cannot be before the contract (${sale!.contractOn}).`,
      { fields: { closingOn: 'The closing cannot be before the contract' } },
    );
  refuseFutureDay(closingOn, project.today, 'closingOn', 'closing date');

  // The buyer's account: theirs if they have one, else a new owner's, invited once this commits.
  const [existing] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, sale!.buyerEmail));
  let buyerId = existing?.id;
  if (!buyerId) {
    buyerId = crypto.randomUUID();
    await tx
      .insert(profiles)
      .values({ id: buyerId, email: sale!.buyerEmail, fullName: sale!.buyerName, role: 'resident' });
  }
  const ownership = { userId: buyerId, startsOn: closingOn, endsOn: null, isPrimary: true, shareBp: null };
  await checkOwnershipRules(tx, unit.unitId, ownership);
  const [owned] = await tx
    .insert(unitOwnerships)
    .values({ ...ownership, unitId: unit.unitId })
    .returning({ id: unitOwnerships.id });
  await tx
    .update(unitSales)
    .set({ closingOn, buyerUserId: buyerId, ownershipId: owned!.id })
    .where(eq(unitSales.id, saleId));
  await tx
    .update(projectUnits)
    .set({ salesStatus: 'closed', updatedAt: new Date() })
    .where(eq(projectUnits.unitId, unit.unitId));
  // Sold: no longer "under construction / unsold" in the association's roll; who lives there is its own record.
  await tx
    .update(units)
    .set({ status: 'vacant', updatedAt: new Date() })
    .where(and(eq(units.id, unit.unitId), eq(units.status, 'under_construction')));
  // The project's first closing, if it is planned as a milestone, happened on the earliest closing day.
  await tx
    .update(projectMilestones)
    .set({
      actualOn: sql`(select min(s.closing_on) from unit_sales s join project_units pu on pu.unit_id = s.unit_id
        where pu.project_id = ${project.project.id} and s.cancelled_at is null and s.closing_on is not null)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(projectMilestones.projectId, project.project.id),
        eq(projectMilestones.kind, 'first_closing'),
        isNull(projectMilestones.actualOn),
      ),
    );
  if (!existing) await invite(tx, [buyerId]);
}

/** A contract that fell through: the unit is available again; the sale stays, cancelled, with why. */
export async function cancelContract(
  ctx: ServiceContext,
  projectId: string,
  unitId: string,
  input: UnitContractCancel,
): Promise<ProjectUnit> {
  const { reason } = unitContractCancelSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    await projectOf(tx, ctx, projectId, { lock: true });
    const unit = await lockedUnit(tx, projectId, unitId);
    if (unit.status === 'closed') throw alreadyClosed(unit.label);
    if (unitSalesNext(unit.status, 'cancel_contract') === null)
      throw transitionRefused([unit.label], unitSalesStatusLabels[unit.status], 'cancel_contract');
    await tx
      .update(unitSales)
      .set({ cancelledAt: new Date(), cancelReason: reason })
      .where(and(eq(unitSales.unitId, unitId), isNull(unitSales.cancelledAt)));
    await tx
      .update(projectUnits)
      .set({ salesStatus: 'available', updatedAt: new Date() })
      .where(eq(projectUnits.unitId, unitId));
  });
  return projectUnit(ctx.db, projectId, unitId);
}
