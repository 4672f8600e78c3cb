import { and, asc, eq, gte, ilike, isNull, sql } from 'drizzle-orm';
import {
  conveyedBp,
  handoverProjection,
  handoverThresholdInputSchema,
  isKnownRule,
  jurisdictionLabels,
  paceWindowMonths,
  projectInputSchema,
  projectListQuerySchema,
  projectMemberInputSchema,
  ruleOf,
  unitSalesStatuses,
  type HandoverThresholdInput,
  type Project,
  type ProjectInput,
  type ProjectList,
  type ProjectListQuery,
  type ProjectMemberInput,
  type ProjectTeamMember,
  type UnitSalesStatus,
} from '@commonwise/contracts';
import {
  developmentProjects,
  profiles,
  projectMembers,
  projectPhases,
  projectUnits,
  properties,
  propertyDocuments,
  unitSales,
  units,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { dayIn } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import { developsProject } from '../access/memberships.ts';
import { readPropertyDefaults } from '../settings/system-defaults.ts';

/**
 * Communities under development (issue 25, docs/research/developer-turnover.md). "New Project" creates, in
 * one transaction, the association's property (pending), the project with its creator as its first
 * member, its phases, and each phase's planned lots or units. A developer sees only the projects they
 * are a member of; another's is not found.
 */

/** The projects the person may see: their own (developers), every one (admins). */
export const projectScope = (ctx: ServiceContext) =>
  ctx.actor.role === 'admin' ? undefined : developsProject(ctx.actor.id, sql`${developmentProjects.id}`);

export async function createProject(ctx: ServiceContext, input: ProjectInput): Promise<Project> {
  const values = projectInputSchema.parse(input);
  const totalUnits = values.phases.reduce(
    (sum, phase) => sum + (phase.unitCount ?? phase.labels?.length ?? 0),
    0,
  );
  const projectId = await ctx.db.transaction(async (tx) => {
    const defaults = await readPropertyDefaults(tx);
    const [property] = await tx
      .insert(properties)
      .values({
        ...defaults,
        name: values.name,
        address: values.address,
        units: totalUnits,
        status: 'pending',
        ...(values.jurisdiction ? { jurisdiction: values.jurisdiction } : {}),
        ...(values.timeZone ? { timeZone: values.timeZone } : {}),
        createdBy: ctx.actor.id,
      })
      .returning({ id: properties.id });
    const [project] = await tx
      .insert(developmentProjects)
      .values({ propertyId: property!.id, createdBy: ctx.actor.id })
      .returning({ id: developmentProjects.id });
    await tx
      .insert(projectMembers)
      .values({ projectId: project!.id, userId: ctx.actor.id, addedBy: ctx.actor.id });
    // Counted phases are numbered on from the previous phases' units: lots 1–12, then 13–20.
    let next = 1;
    for (const [index, phase] of values.phases.entries()) {
      const [row] = await tx
        .insert(projectPhases)
        .values({ projectId: project!.id, name: phase.name, ordinal: index + 1 })
        .returning({ id: projectPhases.id });
      const labels =
        phase.labels ?? Array.from({ length: phase.unitCount ?? 0 }, (_, offset) => String(next + offset));
      next += labels.length;
      for (let start = 0; start < labels.length; start += 1000) {
        const made = await tx
          .insert(units)
          .values(
            labels
              .slice(start, start + 1000)
              .map((label) => ({ propertyId: property!.id, label, status: 'under_construction' as const })),
          )
          .returning({ id: units.id });
        await tx.insert(projectUnits).values(
          made.map((unit) => ({
            unitId: unit.id,
            projectId: project!.id,
            propertyId: property!.id,
            phaseId: row!.id,
          })),
        );
      }
    }
    return project!.id;
  });
  return getProject(ctx, projectId);
}

/** The project, scoped to the caller (404 otherwise), with its property's name, clock and jurisdiction. */
export async function projectOf(
  db: Db,
  ctx: ServiceContext,
  projectId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({ project: developmentProjects, property: properties })
    .from(developmentProjects)
    .innerJoin(properties, eq(properties.id, developmentProjects.propertyId))
    .where(and(eq(developmentProjects.id, projectId), projectScope(ctx)));
  const [row] = options.lock ? await query.for('update', { of: developmentProjects }) : await query;
  if (!row) throw notFound('Project');
  return { ...row, today: dayIn(new Date(), row.property.timeZone) };
}
export type ProjectRow = Awaited<ReturnType<typeof projectOf>>;

/** "2026-11" for a day, and the month `offset` months before it. */
const monthOf = (day: string, offset = 0) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

export async function listProjects(ctx: ServiceContext, query: ProjectListQuery): Promise<ProjectList> {
  const { page, limit, q } = projectListQuerySchema.parse(query);
  const where = and(projectScope(ctx), q ? ilike(properties.name, containing(q)) : undefined);
  const closed = sql<number>`(select count(*)::int from project_units pu where pu.project_id = ${developmentProjects.id} and pu.sales_status = 'closed')`;
  const total = sql<number>`(select count(*)::int from project_units pu where pu.project_id = ${developmentProjects.id})`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ project: developmentProjects, property: properties, closed, total })
      .from(developmentProjects)
      .innerJoin(properties, eq(properties.id, developmentProjects.propertyId))
      .where(where)
      .orderBy(asc(properties.name), asc(developmentProjects.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(developmentProjects)
      .innerJoin(properties, eq(properties.id, developmentProjects.propertyId))
      .where(where),
  ]);
  return {
    projects: rows.map((row) => ({
      id: row.project.id,
      propertyId: row.property.id,
      name: row.property.name,
      address: row.property.address,
      propertyStatus: row.property.status,
      totalUnits: row.total,
      closedUnits: row.closed,
      conveyedBp: conveyedBp(row.closed, row.total),
      handoverThresholdBp: row.project.handoverThresholdBp,
      handedOverOn: row.project.handedOverOn,
    })),
    total: count?.count ?? 0,
    page,
    limit,
  };
}

export async function getProject(ctx: ServiceContext, projectId: string): Promise<Project> {
  const row = await projectOf(ctx.db, ctx, projectId);
  const { project, property, today } = row;
  const firstMonth = `${monthOf(today, 11)}-01`;
  const [phases, monthly, team, document] = await Promise.all([
    phasesOf(ctx.db, projectId),
    ctx.db
      .select({
        month: sql<string>`to_char(${unitSales.closingOn}, 'YYYY-MM')`,
        count: sql<number>`count(*)::int`,
      })
      .from(unitSales)
      .innerJoin(projectUnits, eq(projectUnits.unitId, unitSales.unitId))
      .where(
        and(
          eq(projectUnits.projectId, projectId),
          isNull(unitSales.cancelledAt),
          gte(unitSales.closingOn, firstMonth),
        ),
      )
      .groupBy(sql`1`),
    teamOf(ctx.db, projectId, property.id),
    project.handoverThresholdDocumentId
      ? ctx.db
          .select({ id: propertyDocuments.id, name: propertyDocuments.name })
          .from(propertyDocuments)
          .where(eq(propertyDocuments.id, project.handoverThresholdDocumentId))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const counts = new Map(monthly.map((entry) => [entry.month, entry.count]));
  const closingsByMonth = Array.from({ length: 12 }, (_, index) => {
    const month = monthOf(today, 11 - index);
    return { month, count: counts.get(month) ?? 0 };
  });
  const totalUnits = phases.reduce(
    (sum, phase) => sum + Object.values(phase.units).reduce((all, count) => all + count, 0),
    0,
  );
  const closedUnits = phases.reduce((sum, phase) => sum + phase.units.closed, 0);
  // The pace: the last whole months, this month (not yet over) left out.
  const recent = closingsByMonth.slice(-1 - paceWindowMonths, -1).map((entry) => entry.count);
  const rule = ruleOf(property.jurisdiction, 'turnoverThreshold');
  const known = isKnownRule(rule);
  return {
    id: project.id,
    propertyId: property.id,
    name: property.name,
    address: property.address,
    propertyStatus: property.status,
    jurisdiction: property.jurisdiction,
    timeZone: property.timeZone,
    today,
    phases,
    totalUnits,
    closedUnits,
    conveyedBp: conveyedBp(closedUnits, totalUnits),
    closingsByMonth,
    handoverThresholdBp: project.handoverThresholdBp,
    handoverThresholdClause: project.handoverThresholdClause,
    handoverThresholdDocument: document,
    projection:
      project.handoverThresholdBp === null
        ? null
        : handoverProjection({
            totalUnits,
            closedUnits,
            thresholdBp: project.handoverThresholdBp,
            recentMonthlyClosings: recent,
          }),
    statutoryThreshold: {
      jurisdiction: property.jurisdiction,
      jurisdictionLabel: jurisdictionLabels[property.jurisdiction],
      known,
      text: known ? rule.value : null,
      statute: known ? rule.statute : 'statute' in rule ? (rule.statute ?? null) : null,
      sourceUrl: known ? rule.sourceUrl : 'sourceUrl' in rule ? (rule.sourceUrl ?? null) : null,
      note: rule.note ?? null,
    },
    team,
    handedOverOn: project.handedOverOn,
    createdAt: project.createdAt.toISOString(),
  };
}

/** The developer's people on the project and the property's managers: who may own a milestone. */
export async function teamOf(db: Db, projectId: string, propertyId: string): Promise<ProjectTeamMember[]> {
  const rows = await db.execute(sql`
    select p.id, p.full_name as "fullName", p.email, 'developer' as role
      from project_members m join profiles p on p.id = m.user_id where m.project_id = ${projectId}
    union
    select p.id, p.full_name, p.email, 'manager'
      from property_managers pm join profiles p on p.id = pm.user_id
     where pm.property_id = ${propertyId}
       and pm.user_id not in (select user_id from project_members where project_id = ${projectId})
    order by 2, 1`);
  return rowsOf<ProjectTeamMember>(rows);
}

/**
 * Adds another of the developer's people to the project, by their account's e-mail: a developer account
 * (only they work in the developer portal), active. From then on they see and run the project and its
 * community like its creator.
 */
export async function addProjectMember(
  ctx: ServiceContext,
  projectId: string,
  input: ProjectMemberInput,
): Promise<Project> {
  const { email } = projectMemberInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    await projectOf(tx, ctx, projectId, { lock: true });
    const [person] = await tx
      .select({ id: profiles.id, role: profiles.role, banned: profiles.banned })
      .from(profiles)
      .where(eq(sql`lower(${profiles.email})`, email.toLowerCase()));
    // One answer for an unknown address, a deactivated account and one that is not a developer's: the
    // form must not tell who has an account here, or whose it is.
    if (!person || person.banned || person.role !== 'developer')
      throw new AppError(
        422,
        'NOT_A_DEVELOPER',
        `${email} is not an active developer account here: an administrator invites them as a developer first.`,
        { fields: { email: 'Not an active developer account' } },
      );
    const added = await tx
      .insert(projectMembers)
      .values({ projectId, userId: person.id, addedBy: ctx.actor.id })
      .onConflictDoNothing()
      .returning({ userId: projectMembers.userId });
    if (added.length === 0)
      throw new AppError(409, 'ALREADY_MEMBER', `${email} is already on this project.`, {
        fields: { email: 'Already on this project' },
      });
  });
  return getProject(ctx, projectId);
}

/**
 * Takes someone off the project: from then on they see neither it nor its community (every read asks
 * project_members). A project keeps at least one of the developer's people.
 */
export async function removeProjectMember(
  ctx: ServiceContext,
  projectId: string,
  userId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await projectOf(tx, ctx, projectId, { lock: true });
    const members = await tx
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, projectId));
    if (!members.some((member) => member.userId === userId)) throw notFound('Project member');
    if (members.length === 1)
      throw new AppError(
        409,
        'LAST_MEMBER',
        'A project keeps at least one of the developer’s people: add someone else first.',
      );
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  });
}

/**
 * Sets the share of units conveyed that triggers the hand-over, with the clause of the governing
 * documents it comes from (and the document, when it is on file: one of this property's).
 */
export async function setHandoverThreshold(
  ctx: ServiceContext,
  projectId: string,
  input: HandoverThresholdInput,
): Promise<Project> {
  const values = handoverThresholdInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const { project } = await projectOf(tx, ctx, projectId, { lock: true });
    if (values.documentId) {
      const [document] = await tx
        .select({ id: propertyDocuments.id })
        .from(propertyDocuments)
        .where(
          and(
            eq(propertyDocuments.id, values.documentId),
            eq(propertyDocuments.propertyId, project.propertyId),
          ),
        );
      if (!document)
        throw new AppError(422, 'DOCUMENT_NOT_OF_PROPERTY', "Choose one of this community's documents.", {
          fields: { documentId: "Choose one of this community's documents" },
        });
    }
    await tx
      .update(developmentProjects)
      .set({
        handoverThresholdBp: values.thresholdBp,
        handoverThresholdClause: values.clause,
        handoverThresholdDocumentId: values.documentId ?? null,
        updatedAt: new Date(),
      })
      .where(eq(developmentProjects.id, projectId));
  });
  return getProject(ctx, projectId);
}

/** The phases in order, each with its units counted by sales status (every status present). */
async function phasesOf(db: Db, projectId: string): Promise<Project['phases']> {
  const [phases, counts] = await Promise.all([
    db
      .select()
      .from(projectPhases)
      .where(eq(projectPhases.projectId, projectId))
      .orderBy(asc(projectPhases.ordinal)),
    db
      .select({
        phaseId: projectUnits.phaseId,
        status: projectUnits.salesStatus,
        count: sql<number>`count(*)::int`,
      })
      .from(projectUnits)
      .where(eq(projectUnits.projectId, projectId))
      .groupBy(projectUnits.phaseId, projectUnits.salesStatus),
  ]);
  return phases.map((phase) => {
    const byStatus = Object.fromEntries(unitSalesStatuses.map((status) => [status, 0])) as Record<
      UnitSalesStatus,
      number
    >;
    for (const count of counts) if (count.phaseId === phase.id) byStatus[count.status] = count.count;
    return {
      id: phase.id,
      name: phase.name,
      ordinal: phase.ordinal,
      completedOn: phase.completedOn,
      units: byStatus,
    };
  });
}
