import { and, asc, eq, sql } from 'drizzle-orm';
import {
  projectInputSchema,
  unitSalesStatuses,
  type Project,
  type ProjectInput,
  type UnitSalesStatus,
} from '@commonwise/contracts';
import {
  developmentProjects,
  projectMembers,
  projectPhases,
  projectUnits,
  properties,
  units,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { developsProject } from '../access/memberships.ts';
import { readPropertyDefaults } from '../settings/system-defaults.ts';

/**
 * Communities under development (issue 25, docs/research/developer-turnover.md). "New Project" creates, in
 * one transaction, the association's property (pending), the project with its creator as its first
 * member, its phases, and each phase's planned lots or units. A developer sees only the projects they
 * are a member of; another's is not found.
 */

/** The projects the person may see: their own (developers), every one (admins). */
const projectScope = (ctx: ServiceContext) =>
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
        await tx
          .insert(projectUnits)
          .values(made.map((unit) => ({ unitId: unit.id, projectId: project!.id, phaseId: row!.id })));
      }
    }
    return project!.id;
  });
  return getProject(ctx, projectId);
}

export async function getProject(ctx: ServiceContext, projectId: string): Promise<Project> {
  const [row] = await ctx.db
    .select({ project: developmentProjects, property: properties })
    .from(developmentProjects)
    .innerJoin(properties, eq(properties.id, developmentProjects.propertyId))
    .where(and(eq(developmentProjects.id, projectId), projectScope(ctx)));
  if (!row) throw notFound('Project');
  const phases = await phasesOf(ctx.db, projectId);
  return {
    id: row.project.id,
    propertyId: row.property.id,
    name: row.property.name,
    address: row.property.address,
    propertyStatus: row.property.status,
    phases,
    totalUnits: phases.reduce(
      (sum, phase) => sum + Object.values(phase.units).reduce((all, count) => all + count, 0),
      0,
    ),
    handoverThresholdBp: row.project.handoverThresholdBp,
    handoverThresholdClause: row.project.handoverThresholdClause,
    handedOverOn: row.project.handedOverOn,
    createdAt: row.project.createdAt.toISOString(),
  };
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
