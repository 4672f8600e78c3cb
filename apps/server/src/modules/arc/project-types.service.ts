import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  arcProjectTypeInputSchema,
  arcUnitLabels,
  type ArcProjectType,
  type ArcProjectTypeInput,
  type ArcProjectTypeList,
  type ArcUnit,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { arcProjectTypes, properties, violationRules } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireArcKeeper, requireArcReader } from './arc-access.ts';
import { defaultProjectTypes } from './default-project-types.ts';

/**
 * An association's project types (issue 22 item 1): each with its questions, the files it needs, the
 * guideline checks that apply, a fee and a review window. Read by the association's reviewers, kept by
 * its managers. A check rests on one of the association's confirmed rules (its clause quoted from the
 * documents) and reads one of the type's questions; a request keeps the type as it was when it was made,
 * so changing a type never changes a request already in.
 */

/** At most this many project types per association (the lists are not paged). */
export const maxProjectTypes = 50;

type Row = typeof arcProjectTypes.$inferSelect;
type Input = ReturnType<typeof arcProjectTypeInputSchema.parse>;

export const toProjectType = (row: Row): ArcProjectType => ({
  id: row.id,
  propertyId: row.propertyId,
  kind: row.kind,
  name: row.name,
  description: row.description,
  fields: row.fields,
  files: row.files,
  checks: row.checks,
  feeCents: row.feeCents,
  reviewDays: row.reviewDays,
  reviewDaysSource: row.reviewDays === null ? null : row.reviewDaysSource,
  active: row.active,
});

const byName = [asc(sql`lower(${arcProjectTypes.name})`), asc(arcProjectTypes.id)];

export async function listProjectTypes(ctx: ServiceContext, propertyId: string): Promise<ArcProjectTypeList> {
  await requireArcReader(ctx.db, ctx.actor, propertyId);
  const rows = await ctx.db
    .select()
    .from(arcProjectTypes)
    .where(eq(arcProjectTypes.propertyId, propertyId))
    .orderBy(...byName)
    .limit(maxProjectTypes);
  return { projectTypes: rows.map(toProjectType) };
}

/** The active project types an owner of a unit of the association may choose from. */
export async function activeProjectTypes(db: Db, propertyId: string): Promise<ArcProjectType[]> {
  const rows = await db
    .select()
    .from(arcProjectTypes)
    .where(and(eq(arcProjectTypes.propertyId, propertyId), eq(arcProjectTypes.active, true)))
    .orderBy(...byName)
    .limit(maxProjectTypes);
  return rows.map(toProjectType);
}

const dimensionOf: Record<ArcUnit, string> = { in: 'length', ft: 'length', sq_ft: 'area', kw: 'power' };

/**
 * What a project type must hold beyond its own shape, each refusal under the field to correct: keys
 * that name one question, file and check each; every check resting on a rule of this association that is
 * in use; and reading a question of the type that can be compared that way.
 */
async function checkTypeInput(db: Db, propertyId: string, input: Input): Promise<void> {
  const errors: Record<string, string> = {};
  if (input.reviewDays === null && (input.reviewDaysSource ?? '') !== '')
    errors.reviewDaysSource =
      'Give the review window’s number of days with its source, or leave the source empty.';
  const once = (list: { key: string }[], path: string, what: string) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      if (seen.has(item.key))
        errors[`${path}.${index}.key`] ??= `Another ${what} already has the key “${item.key}”.`;
      seen.add(item.key);
    });
  };
  once(input.fields, 'fields', 'question');
  once(input.files, 'files', 'file');
  once(input.checks, 'checks', 'check');

  const ruleIds = [...new Set(input.checks.map((check) => check.ruleId))];
  const rules =
    ruleIds.length === 0
      ? []
      : await db
          .select({ id: violationRules.id })
          .from(violationRules)
          .where(
            and(
              inArray(violationRules.id, ruleIds),
              eq(violationRules.propertyId, propertyId),
              eq(violationRules.status, 'confirmed'),
            ),
          );
  const inUse = new Set(rules.map((rule) => rule.id));
  const fields = new Map(input.fields.map((field) => [field.key, field]));
  input.checks.forEach((check, index) => {
    const at = (name: string) => `checks.${index}.${name}`;
    if (!inUse.has(check.ruleId))
      errors[at('ruleId')] =
        'Choose one of this association’s rules in use: a check rests on a confirmed clause of its documents.';
    if (check.field === null) return;
    const field = fields.get(check.field);
    if (!field) {
      errors[at('field')] = `This project type has no question “${check.field}”.`;
      return;
    }
    if (check.op === 'at_most' || check.op === 'at_least') {
      if (field.kind !== 'number') {
        errors[at('field')] =
          `“${field.label}” is not a number: only a number can be at most or at least a limit.`;
        return;
      }
      if (check.unit && field.unit && dimensionOf[check.unit] !== dimensionOf[field.unit])
        errors[at('unit')] =
          `The limit is in ${arcUnitLabels[check.unit]} but “${field.label}” is in ${arcUnitLabels[field.unit]}.`;
      if (check.unit && !field.unit)
        errors[at('unit')] = `“${field.label}” has no unit: give the limit without one.`;
    }
    if (check.op === 'one_of' || check.op === 'not_one_of') {
      if (field.kind === 'number') {
        errors[at('field')] = `“${field.label}” is a number: compare it with a limit, not a list of values.`;
        return;
      }
      if (field.kind === 'choice') {
        const options = new Set(field.options.map((option) => option.toLowerCase()));
        const strange = check.values.filter((value) => !options.has(value.toLowerCase()));
        if (strange.length > 0)
          errors[at('values')] =
            `Not an option of “${field.label}”: ${strange.join(', ')}. Its options are ${field.options.join(', ')}.`;
      }
    }
  });
  const messages = Object.values(errors);
  if (messages.length > 0)
    throw new AppError(
      422,
      'INVALID_PROJECT_TYPE',
      messages.length === 1 ? messages[0]! : 'Please correct the highlighted fields.',
      { fields: errors },
    );
}

const duplicateName = (name: string) =>
  new AppError(409, 'PROJECT_TYPE_EXISTS', `This association already has a project type named “${name}”.`, {
    fields: { name: `This association already has a project type named “${name}”.` },
  });

const valuesOf = (input: Input) => ({
  kind: input.kind,
  name: input.name,
  description: input.description,
  fields: input.fields,
  files: input.files,
  checks: input.checks,
  feeCents: input.feeCents,
  reviewDays: input.reviewDays,
  reviewDaysSource: input.reviewDays === null ? null : input.reviewDaysSource,
  active: input.active,
});

/** Locks the association's row: additions of project types to one association wait for each other. */
async function lockProperty(tx: Db, propertyId: string) {
  await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
}

async function countTypes(tx: Db, propertyId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(arcProjectTypes)
    .where(eq(arcProjectTypes.propertyId, propertyId));
  return row!.count;
}

export async function createProjectType(
  ctx: ServiceContext,
  propertyId: string,
  input: ArcProjectTypeInput,
): Promise<ArcProjectType> {
  const values = arcProjectTypeInputSchema.parse(input);
  try {
    return await ctx.db.transaction(async (tx) => {
      await requireArcKeeper(tx, ctx.actor, propertyId);
      await lockProperty(tx, propertyId);
      await checkTypeInput(tx, propertyId, values);
      if ((await countTypes(tx, propertyId)) >= maxProjectTypes)
        throw new AppError(
          409,
          'TOO_MANY_PROJECT_TYPES',
          `An association has at most ${maxProjectTypes} project types: change or deactivate one instead.`,
        );
      const [row] = await tx
        .insert(arcProjectTypes)
        .values({ propertyId, ...valuesOf(values) })
        .returning();
      return toProjectType(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'arc_project_types_name_key')) throw duplicateName(values.name);
    throw error;
  }
}

/** Changes a project type; requests already made keep the type as it was when they were made. */
export async function updateProjectType(
  ctx: ServiceContext,
  propertyId: string,
  typeId: string,
  input: ArcProjectTypeInput,
): Promise<ArcProjectType> {
  const values = arcProjectTypeInputSchema.parse(input);
  try {
    return await ctx.db.transaction(async (tx) => {
      await requireArcKeeper(tx, ctx.actor, propertyId);
      const [current] = await tx
        .select({ id: arcProjectTypes.id })
        .from(arcProjectTypes)
        .where(and(eq(arcProjectTypes.id, typeId), eq(arcProjectTypes.propertyId, propertyId)))
        .for('update');
      if (!current) throw notFound('Project type');
      await checkTypeInput(tx, propertyId, values);
      const [row] = await tx
        .update(arcProjectTypes)
        .set({ ...valuesOf(values), updatedAt: new Date() })
        .where(eq(arcProjectTypes.id, typeId))
        .returning();
      return toProjectType(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'arc_project_types_name_key')) throw duplicateName(values.name);
    throw error;
  }
}

/**
 * Installs the default project types (fence, paint colour, roof, solar, addition, landscaping, other)
 * for an association that has none yet; 409 once it has any. They carry no checks and no review window.
 */
export async function installDefaultProjectTypes(
  ctx: ServiceContext,
  propertyId: string,
): Promise<ArcProjectTypeList> {
  await ctx.db.transaction(async (tx) => {
    await requireArcKeeper(tx, ctx.actor, propertyId);
    await lockProperty(tx, propertyId);
    await insertDefaultProjectTypes(tx, propertyId);
  });
  return listProjectTypes(ctx, propertyId);
}

/** The defaults, inside the caller's transaction (the demo uses it too); 409 if the association has types. */
export async function insertDefaultProjectTypes(tx: Db, propertyId: string): Promise<void> {
  if ((await countTypes(tx, propertyId)) > 0)
    throw new AppError(
      409,
      'PROJECT_TYPES_EXIST',
      'This association already has project types: the defaults are only for an association that has none. Add or change types one by one.',
    );
  await tx
    .insert(arcProjectTypes)
    .values(defaultProjectTypes().map((type) => ({ propertyId, ...valuesOf(type) })));
}
