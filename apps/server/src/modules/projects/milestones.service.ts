import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  milestoneInputSchema,
  milestoneKindLabels,
  milestoneUpdateSchema,
  projectMilestonesMax,
  type Milestone,
  type MilestoneInput,
  type MilestoneUpdate,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  developmentProjects,
  profiles,
  projectMilestoneDocuments,
  projectMilestones,
  projectPhases,
  properties,
  propertyDocuments,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Notifier } from '../notifications/notify.ts';
import { rowsOf } from '../realtime/publish.ts';
import { projectOf, teamOf, type ProjectRow } from './projects.service.ts';

/**
 * A project's milestones (issue 25 item 3): planned and actual dates, an owner from the project's team,
 * the documents that show it. Overdue is measured on the association's clock; the nightly job tells the
 * developer's people and the managers once per milestone (notifyOverdueMilestones).
 */

async function milestonesOf(db: Db, projectId: string, today: string, only?: string): Promise<Milestone[]> {
  const rows = await db
    .select({
      milestone: projectMilestones,
      phaseName: projectPhases.name,
      ownerName: profiles.fullName,
    })
    .from(projectMilestones)
    .leftJoin(projectPhases, eq(projectPhases.id, projectMilestones.phaseId))
    .leftJoin(profiles, eq(profiles.id, projectMilestones.ownerUserId))
    .where(and(eq(projectMilestones.projectId, projectId), only ? eq(projectMilestones.id, only) : undefined))
    .orderBy(asc(projectMilestones.plannedOn), asc(projectMilestones.createdAt));
  const ids = rows.map((row) => row.milestone.id);
  const documents = ids.length
    ? await db
        .select({
          milestoneId: projectMilestoneDocuments.milestoneId,
          id: propertyDocuments.id,
          name: propertyDocuments.name,
        })
        .from(projectMilestoneDocuments)
        .innerJoin(propertyDocuments, eq(propertyDocuments.id, projectMilestoneDocuments.documentId))
        .where(inArray(projectMilestoneDocuments.milestoneId, ids))
        .orderBy(asc(propertyDocuments.name))
    : [];
  return rows.map(({ milestone, phaseName, ownerName }) => ({
    id: milestone.id,
    kind: milestone.kind,
    title: milestone.title,
    phaseId: milestone.phaseId,
    phaseName,
    plannedOn: milestone.plannedOn,
    actualOn: milestone.actualOn,
    owner: milestone.ownerUserId && ownerName ? { id: milestone.ownerUserId, fullName: ownerName } : null,
    documents: documents
      .filter((document) => document.milestoneId === milestone.id)
      .map(({ id, name }) => ({ id, name })),
    isOverdue: milestone.actualOn === null && milestone.plannedOn < today,
  }));
}

export async function listMilestones(ctx: ServiceContext, projectId: string) {
  const { today } = await projectOf(ctx.db, ctx, projectId);
  return { milestones: await milestonesOf(ctx.db, projectId, today) };
}

/** The references a milestone may make: a phase of the project, someone of its team, its property's documents. */
async function checkReferences(
  tx: Db,
  project: ProjectRow,
  values: { phaseId?: string | null; ownerUserId?: string | null; documentIds?: string[] },
) {
  if (values.phaseId) {
    const [phase] = await tx
      .select({ id: projectPhases.id })
      .from(projectPhases)
      .where(and(eq(projectPhases.id, values.phaseId), eq(projectPhases.projectId, project.project.id)));
    if (!phase)
      throw new AppError(422, 'PHASE_NOT_OF_PROJECT', "Choose one of this project's phases.", {
        fields: { phaseId: "Choose one of this project's phases" },
      });
  }
  if (values.ownerUserId) {
    const team = await teamOf(tx, project.project.id, project.property.id);
    if (!team.some((member) => member.id === values.ownerUserId))
      throw new AppError(
        422,
        'OWNER_NOT_ON_TEAM',
        "A milestone's owner is one of the developer's people on the project or the community's managers.",
        { fields: { ownerUserId: 'Choose someone on the project' } },
      );
  }
  const ids = [...new Set(values.documentIds ?? [])];
  if (ids.length) {
    const found = await tx
      .select({ id: propertyDocuments.id })
      .from(propertyDocuments)
      .where(and(inArray(propertyDocuments.id, ids), eq(propertyDocuments.propertyId, project.property.id)));
    if (found.length !== ids.length)
      throw new AppError(422, 'DOCUMENT_NOT_OF_PROPERTY', 'Choose documents of this community.', {
        fields: { documentIds: 'Choose documents of this community' },
      });
  }
  return ids;
}

function refuseActualInFuture(actualOn: string | null | undefined, today: string) {
  if (actualOn && actualOn > today)
    throw new AppError(422, 'DATE_IN_FUTURE', 'A milestone is done on or before today.', {
      fields: { actualOn: 'The actual date cannot be after today' },
    });
}

export async function createMilestone(
  ctx: ServiceContext,
  projectId: string,
  input: MilestoneInput,
): Promise<Milestone> {
  const values = milestoneInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const project = await projectOf(tx, ctx, projectId, { lock: true });
    const documentIds = await checkReferences(tx, project, values);
    refuseActualInFuture(values.actualOn, project.today);
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, projectId));
    if ((count?.count ?? 0) >= projectMilestonesMax)
      throw new AppError(
        409,
        'TOO_MANY_MILESTONES',
        `A project keeps at most ${projectMilestonesMax} milestones.`,
      );
    const [row] = await tx
      .insert(projectMilestones)
      .values({
        projectId,
        kind: values.kind,
        title: values.title,
        phaseId: values.phaseId ?? null,
        plannedOn: values.plannedOn,
        actualOn: values.actualOn ?? null,
        ownerUserId: values.ownerUserId ?? null,
        createdBy: ctx.actor.id,
      })
      .returning({ id: projectMilestones.id });
    if (documentIds.length)
      await tx
        .insert(projectMilestoneDocuments)
        .values(documentIds.map((documentId) => ({ milestoneId: row!.id, documentId })));
    return (await milestonesOf(tx, projectId, project.today, row!.id))[0]!;
  });
}

export async function updateMilestone(
  ctx: ServiceContext,
  projectId: string,
  milestoneId: string,
  input: MilestoneUpdate,
): Promise<Milestone> {
  const values = milestoneUpdateSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const project = await projectOf(tx, ctx, projectId, { lock: true });
    const [existing] = await tx
      .select()
      .from(projectMilestones)
      .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, projectId)));
    if (!existing) throw notFound('Milestone');
    const documentIds = await checkReferences(tx, project, values);
    refuseActualInFuture(values.actualOn, project.today);
    const { documentIds: given, ...fields } = values;
    const plannedOn = fields.plannedOn ?? existing.plannedOn;
    await tx
      .update(projectMilestones)
      .set({
        ...fields,
        // Moved to a later day, an overdue milestone is told again if it slips again.
        ...(plannedOn !== existing.plannedOn ? { overdueNotifiedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(projectMilestones.id, milestoneId));
    if (given !== undefined) {
      await tx
        .delete(projectMilestoneDocuments)
        .where(eq(projectMilestoneDocuments.milestoneId, milestoneId));
      if (documentIds.length)
        await tx
          .insert(projectMilestoneDocuments)
          .values(documentIds.map((documentId) => ({ milestoneId, documentId })));
    }
    return (await milestonesOf(tx, projectId, project.today, milestoneId))[0]!;
  });
}

/**
 * The morning check of one association (projects.jobs): each of its project's milestones planned before its
 * today and not done is told to the project's developer people and the property's managers, once — marked
 * in the run's transaction, so a second run tells nothing more. Without a notifier (the preview) it
 * only lists them.
 */
export async function overdueMilestones(
  db: Db,
  propertyId: string,
  notifier: Notifier | null,
): Promise<{ titles: string[] }> {
  const query = db
    .select({
      id: projectMilestones.id,
      title: projectMilestones.title,
      kind: projectMilestones.kind,
      plannedOn: projectMilestones.plannedOn,
      projectId: projectMilestones.projectId,
      community: properties.name,
    })
    .from(projectMilestones)
    .innerJoin(developmentProjects, eq(developmentProjects.id, projectMilestones.projectId))
    .innerJoin(properties, eq(properties.id, developmentProjects.propertyId))
    .where(
      and(
        eq(properties.id, propertyId),
        isNull(projectMilestones.actualOn),
        isNull(projectMilestones.overdueNotifiedAt),
        lt(projectMilestones.plannedOn, sql`(now() at time zone ${properties.timeZone})::date`),
      ),
    )
    .orderBy(asc(projectMilestones.plannedOn));
  // A preview runs read-only: only the run locks what it marks.
  const overdue = notifier ? await query.for('update', { of: projectMilestones }) : await query;
  if (!notifier || overdue.length === 0) return { titles: overdue.map((milestone) => milestone.title) };
  const people = rowsOf<{ id: string }>(
    await db.execute(sql`
      select m.user_id as id from project_members m join development_projects d on d.id = m.project_id
       where d.property_id = ${propertyId}
      union select user_id from property_managers where property_id = ${propertyId}`),
  ).map((row) => row.id);
  await db
    .update(projectMilestones)
    .set({ overdueNotifiedAt: new Date() })
    .where(
      inArray(
        projectMilestones.id,
        overdue.map((milestone) => milestone.id),
      ),
    );
  for (const milestone of overdue)
    if (people.length > 0)
      await notifier.notify(db, people, {
        kind: 'project.milestone',
        propertyId,
        title: `Milestone overdue: ${milestone.title}`,
        body: `${milestone.community}: "${milestone.title}" (${milestoneKindLabels[milestone.kind]}) was planned for ${milestone.plannedOn} and is not done.`,
        link: `/developer-portal?project=${milestone.projectId}`,
        dedupeKey: `milestone-overdue:${milestone.id}:${milestone.plannedOn}`,
      });
  return { titles: overdue.map((milestone) => milestone.title) };
}
