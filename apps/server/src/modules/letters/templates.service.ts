import { and, eq, isNull, max, or, sql } from 'drizzle-orm';
import {
  letterTemplateInputSchema,
  type LetterTemplate,
  type LetterTemplateInput,
  type LetterTemplateList,
  type PageQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { letterTemplates, profiles, properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { letterScope, propertyAdministration } from '../access/scope.ts';

type TemplateRow = typeof letterTemplates.$inferSelect;

/** The property, if the caller may read its letters (managers, its board, admins); 404 otherwise. */
export async function letterProperty(db: Db, ctx: ServiceContext, propertyId: string) {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), letterScope(ctx.actor, sql`${properties.id}`)));
  if (!row) throw notFound('Property');
  return row;
}

/** The property, locked, if the caller runs it (managers, admins); 404 otherwise. */
export async function administeredProperty(db: Db, ctx: ServiceContext, propertyId: string) {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), propertyAdministration(ctx.actor, sql`${properties.id}`)))
    .for('update');
  if (!row) throw notFound('Property');
  return row;
}

function toTemplate(row: TemplateRow, author: { id: string; fullName: string } | null): LetterTemplate {
  return {
    id: row.id,
    propertyId: row.propertyId,
    key: row.key,
    version: row.version,
    kind: row.kind,
    title: row.title,
    body: row.body,
    requiresApproval: row.requiresApproval,
    createdAt: row.createdAt.toISOString(),
    createdBy: author,
  };
}

const selectTemplates = (db: Db) =>
  db
    .select({ template: letterTemplates, authorName: profiles.fullName })
    .from(letterTemplates)
    .leftJoin(profiles, eq(profiles.id, letterTemplates.createdBy));

const withAuthor = (row: { template: TemplateRow; authorName: string | null }) =>
  toTemplate(
    row.template,
    row.template.createdBy ? { id: row.template.createdBy, fullName: row.authorName ?? '' } : null,
  );

/** The templates the property may use: its own, and the installation's defaults. */
const usableBy = (propertyId: string) =>
  or(eq(letterTemplates.propertyId, propertyId), isNull(letterTemplates.propertyId));

/**
 * The version in use of each key for this property: its own newest, or else the installation default's
 * newest. A page at a time, by key.
 */
export async function listTemplates(
  ctx: ServiceContext,
  propertyId: string,
  query: PageQuery,
): Promise<LetterTemplateList> {
  await letterProperty(ctx.db, ctx, propertyId);
  const current = sql`(select distinct on (lt.key) lt.id from letter_templates lt
    where lt.property_id = ${propertyId} or lt.property_id is null
    order by lt.key, (lt.property_id is null), lt.version desc)`;
  const [rows, [counted]] = await Promise.all([
    selectTemplates(ctx.db)
      .where(sql`${letterTemplates.id} in ${current}`)
      .orderBy(letterTemplates.key)
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: sql<number>`count(distinct ${letterTemplates.key})::int` })
      .from(letterTemplates)
      .where(usableBy(propertyId)),
  ]);
  return {
    templates: rows.map(withAuthor),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** One version of a template the property may use (its own or a default); 404 otherwise. */
export async function getTemplateRow(db: Db, propertyId: string, templateId: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(letterTemplates)
    .where(and(eq(letterTemplates.id, templateId), usableBy(propertyId)));
  if (!row) throw notFound('Template');
  return row;
}

export async function getTemplate(
  ctx: ServiceContext,
  propertyId: string,
  templateId: string,
): Promise<LetterTemplate> {
  await letterProperty(ctx.db, ctx, propertyId);
  const [row] = await selectTemplates(ctx.db).where(
    and(eq(letterTemplates.id, templateId), usableBy(propertyId)),
  );
  if (!row) throw notFound('Template');
  return withAuthor(row);
}

/**
 * The newest version of a key for this property: its own, or else the default's. A letter is made
 * from this one only, so a published change reaches every letter made after it and none made before.
 */
export async function currentVersionOf(db: Db, propertyId: string, key: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(letterTemplates)
    .where(and(eq(letterTemplates.key, key), usableBy(propertyId)))
    .orderBy(sql`(${letterTemplates.propertyId} is null)`, sql`${letterTemplates.version} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Publishes a template for this property: a new key, or the next version of one it (or the
 * installation) has. Nothing already published changes; the placeholders were checked by the contract.
 */
export async function publishTemplate(
  ctx: ServiceContext,
  propertyId: string,
  input: LetterTemplateInput,
): Promise<LetterTemplate> {
  const values = letterTemplateInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    await administeredProperty(tx, ctx, propertyId);
    const [latest] = await tx
      .select({ version: max(letterTemplates.version) })
      .from(letterTemplates)
      .where(and(eq(letterTemplates.propertyId, propertyId), eq(letterTemplates.key, values.key)));
    const [row] = await tx
      .insert(letterTemplates)
      .values({ ...values, propertyId, version: (latest?.version ?? 0) + 1, createdBy: ctx.actor.id })
      .returning();
    return toTemplate(row!, { id: ctx.actor.id, fullName: ctx.actor.fullName });
  });
}
