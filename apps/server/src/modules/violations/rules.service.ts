import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  violationRuleInputSchema,
  type PageQuery,
  type RuleSuggestionRun,
  type ViolationRule,
  type ViolationRuleInput,
  type ViolationRuleList,
  type ViolationRuleListQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  documentContents,
  documentSections,
  profiles,
  propertyDocuments,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import type { Block } from '../documents/structure.ts';
import { requireKeeper, requireReader } from './inspections.service.ts';
import { excerptKeyOf, suggestRulesFrom } from './rule-suggestions.ts';

/** The document categories whose sentences bind owners: what rules are read from. */
const governingCategories = ['ccr', 'rules_and_regulations', 'architectural_guidelines'] as const;

type RuleRow = typeof violationRules.$inferSelect & {
  documentName: string | null;
  confirmedByName: string | null;
  openViolations: number;
};

const ruleColumns = {
  rule: violationRules,
  documentName: propertyDocuments.name,
  confirmedByName: profiles.fullName,
  openViolations: sql<number>`(select count(*)::int from ${violations} where ${violations.ruleId} = ${violationRules.id} and ${violations.status} = 'open')`,
};

const toRule = (row: RuleRow): ViolationRule => ({
  id: row.id,
  propertyId: row.propertyId,
  status: row.status,
  title: row.title,
  category: row.category,
  clause: {
    documentId: row.documentId,
    documentName: row.documentName,
    sectionNumber: row.sectionNumber,
    sectionTitle: row.sectionTitle,
    page: row.page,
    excerpt: row.excerpt,
  },
  curable: row.curable,
  healthSafety: row.healthSafety,
  defaultCureDays: row.defaultCureDays,
  fineScheduleCents: row.fineScheduleCents,
  suggestedAt: row.suggestedAt?.toISOString() ?? null,
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  confirmedBy: row.confirmedBy ? { id: row.confirmedBy, fullName: row.confirmedByName ?? '' } : null,
  openViolations: Number(row.openViolations),
});

async function selectRules(db: Db, where: SQL | undefined) {
  const rows = await db
    .select(ruleColumns)
    .from(violationRules)
    .leftJoin(propertyDocuments, eq(propertyDocuments.id, violationRules.documentId))
    .leftJoin(profiles, eq(profiles.id, violationRules.confirmedBy))
    .where(where);
  return rows.map((row) => ({ ...row.rule, ...row }) as RuleRow);
}

async function readRule(db: Db, propertyId: string, ruleId: string): Promise<ViolationRule> {
  const [row] = await selectRules(
    db,
    and(eq(violationRules.id, ruleId), eq(violationRules.propertyId, propertyId)),
  );
  if (!row) throw notFound('Rule');
  return toRule(row);
}

export async function listRules(
  ctx: ServiceContext,
  propertyId: string,
  query: ViolationRuleListQuery & PageQuery,
): Promise<ViolationRuleList> {
  await requireReader(ctx.db, ctx, propertyId);
  const search = query.q ? containing(query.q) : null;
  const where = and(
    eq(violationRules.propertyId, propertyId),
    query.status ? eq(violationRules.status, query.status) : undefined,
    search
      ? sql`(${violationRules.title} ilike ${search} or ${violationRules.excerpt} ilike ${search} or coalesce(${violationRules.sectionNumber}, '') ilike ${search})`
      : undefined,
  );
  const [rows, [total], [suggested]] = await Promise.all([
    ctx.db
      .select(ruleColumns)
      .from(violationRules)
      .leftJoin(propertyDocuments, eq(propertyDocuments.id, violationRules.documentId))
      .leftJoin(profiles, eq(profiles.id, violationRules.confirmedBy))
      .where(where)
      // Suggestions first (they wait for someone), then in use, then retired; each by document order.
      .orderBy(
        sql`case ${violationRules.status} when 'suggested' then 0 when 'confirmed' then 1 else 2 end`,
        asc(propertyDocuments.name),
        asc(violationRules.page),
        asc(violationRules.createdAt),
        asc(violationRules.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(violationRules).where(where),
    ctx.db
      .select({ n: count() })
      .from(violationRules)
      .where(and(eq(violationRules.propertyId, propertyId), eq(violationRules.status, 'suggested'))),
  ]);
  return {
    rules: rows.map((row) => toRule({ ...row.rule, ...row } as RuleRow)),
    suggested: suggested!.n,
    total: total!.n,
    page: query.page,
    limit: query.limit,
  };
}

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The clause must stand in the document word for word (spacing aside): a rule can only quote what the
 * association adopted. The document must be one of this association's.
 */
async function checkClause(db: Db, propertyId: string, input: ReturnType<typeof parse>) {
  if (!input.documentId) return;
  const [document] = await db
    .select({ id: propertyDocuments.id, status: propertyDocuments.status })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.id, input.documentId), eq(propertyDocuments.propertyId, propertyId)));
  if (!document)
    throw new AppError(404, 'NOT_FOUND', 'Document not found', {
      fields: { documentId: 'Choose one of this association’s documents' },
    });
  const pages = await db
    .select({ content: documentContents.content })
    .from(documentContents)
    .where(eq(documentContents.documentId, input.documentId))
    .orderBy(asc(documentContents.page));
  const text = words(pages.map((page) => page.content).join(' '));
  if (!text.includes(words(input.excerpt)))
    throw new AppError(
      422,
      'EXCERPT_NOT_IN_DOCUMENT',
      'The clause must be quoted word for word from the document. Copy it from the document, or choose no document.',
      { fields: { excerpt: 'Not found word for word in the document' } },
    );
}

const parse = (input: ViolationRuleInput) => violationRuleInputSchema.parse(input);

function valuesOf(input: ReturnType<typeof parse>) {
  return {
    title: input.title,
    category: input.category,
    documentId: input.documentId,
    sectionNumber: input.sectionNumber,
    sectionTitle: input.sectionTitle,
    page: input.page,
    excerpt: input.excerpt,
    excerptKey: excerptKeyOf(input.excerpt),
    curable: input.curable,
    healthSafety: input.healthSafety,
    defaultCureDays: input.curable ? input.defaultCureDays : null,
    fineScheduleCents: input.fineScheduleCents,
  };
}

const duplicateClause = () =>
  new AppError(409, 'RULE_EXISTS', 'This association already has a rule with this clause.', {
    fields: { excerpt: 'Already a rule of this association' },
  });

/** A rule a manager writes themselves: in use at once. */
export async function createRule(
  ctx: ServiceContext,
  propertyId: string,
  body: ViolationRuleInput,
): Promise<ViolationRule> {
  const input = parse(body);
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(tx, ctx, propertyId);
    await checkClause(tx, propertyId, input);
    try {
      const [row] = await tx
        .insert(violationRules)
        .values({
          propertyId,
          status: 'confirmed',
          confirmedAt: new Date(),
          confirmedBy: ctx.actor.id,
          ...valuesOf(input),
        })
        .returning({ id: violationRules.id });
      return readRule(tx, propertyId, row!.id);
    } catch (error) {
      if (isUniqueViolation(error, 'violation_rules_clause_key')) throw duplicateClause();
      throw error;
    }
  });
}

async function lockRule(tx: Db, propertyId: string, ruleId: string) {
  const [row] = await tx
    .select()
    .from(violationRules)
    .where(and(eq(violationRules.id, ruleId), eq(violationRules.propertyId, propertyId)))
    .for('update');
  if (!row) throw notFound('Rule');
  return row;
}

/**
 * Changes a rule (every field of the form). Confirming a suggestion is the same form with `confirm`:
 * the manager has read it, chosen its cure days and fines, and it is enforced from now on. A retired
 * rule stays as it was.
 */
export async function saveRule(
  ctx: ServiceContext,
  propertyId: string,
  ruleId: string,
  body: ViolationRuleInput,
  confirm: boolean,
): Promise<ViolationRule> {
  const input = parse(body);
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(tx, ctx, propertyId);
    const rule = await lockRule(tx, propertyId, ruleId);
    if (rule.status === 'retired')
      throw new AppError(409, 'RULE_RETIRED', 'This rule is retired. Write a new rule instead.');
    if (confirm && rule.status !== 'suggested')
      throw new AppError(409, 'RULE_NOT_SUGGESTED', 'This rule is already in use.');
    await checkClause(tx, propertyId, input);
    try {
      await tx
        .update(violationRules)
        .set({
          ...valuesOf(input),
          ...(confirm
            ? { status: 'confirmed' as const, confirmedAt: new Date(), confirmedBy: ctx.actor.id }
            : {}),
        })
        .where(eq(violationRules.id, ruleId));
    } catch (error) {
      if (isUniqueViolation(error, 'violation_rules_clause_key')) throw duplicateClause();
      throw error;
    }
    return readRule(tx, propertyId, ruleId);
  });
}

/** No new violations of a retired rule; those open stay open and keep citing it. */
export async function retireRule(
  ctx: ServiceContext,
  propertyId: string,
  ruleId: string,
): Promise<ViolationRule> {
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(tx, ctx, propertyId);
    const rule = await lockRule(tx, propertyId, ruleId);
    if (rule.status !== 'confirmed')
      throw new AppError(
        409,
        'RULE_NOT_IN_USE',
        rule.status === 'suggested'
          ? 'A suggestion is not in use: dismiss it instead.'
          : 'This rule is already retired.',
      );
    await tx
      .update(violationRules)
      .set({ status: 'retired', retiredAt: new Date() })
      .where(eq(violationRules.id, ruleId));
    return readRule(tx, propertyId, ruleId);
  });
}

/** Dismisses a suggestion: it is removed, and may be suggested again by a later reading. */
export async function dismissSuggestion(
  ctx: ServiceContext,
  propertyId: string,
  ruleId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await requireKeeper(tx, ctx, propertyId);
    const rule = await lockRule(tx, propertyId, ruleId);
    if (rule.status !== 'suggested')
      throw new AppError(
        409,
        'RULE_NOT_SUGGESTED',
        'Only a suggestion can be dismissed; retire a rule in use.',
      );
    await tx.delete(violationRules).where(eq(violationRules.id, ruleId));
  });
}

/**
 * Reads the association's processed CC&Rs, rules and architectural guidelines for rules, and adds each
 * clause not already among its rules (suggested, in use or retired) as a suggestion.
 */
export async function suggestRules(ctx: ServiceContext, propertyId: string): Promise<RuleSuggestionRun> {
  await requireKeeper(ctx.db, ctx, propertyId);
  const documents = await ctx.db
    .select({ id: propertyDocuments.id })
    .from(propertyDocuments)
    .where(
      and(
        eq(propertyDocuments.propertyId, propertyId),
        eq(propertyDocuments.status, 'completed'),
        inArray(propertyDocuments.category, [...governingCategories]),
      ),
    );
  let added = 0;
  for (const document of documents) {
    const sections = await ctx.db
      .select({
        number: documentSections.number,
        designation: documentSections.designation,
        title: documentSections.title,
        context: documentSections.context,
        page: documentSections.page,
        blocks: documentSections.blocks,
      })
      .from(documentSections)
      .where(eq(documentSections.documentId, document.id))
      .orderBy(asc(documentSections.ordinal));
    const suggestions = suggestRulesFrom(
      sections.map((section) => ({ ...section, blocks: section.blocks as Block[] })),
    );
    if (suggestions.length === 0) continue;
    const inserted = await ctx.db
      .insert(violationRules)
      .values(
        suggestions.map((suggestion) => ({
          propertyId,
          status: 'suggested' as const,
          title: suggestion.title,
          category: suggestion.category,
          documentId: document.id,
          sectionNumber: suggestion.sectionNumber,
          sectionTitle: suggestion.sectionTitle,
          page: suggestion.page,
          excerpt: suggestion.excerpt,
          excerptKey: excerptKeyOf(suggestion.excerpt),
          curable: suggestion.curable,
          healthSafety: suggestion.healthSafety,
          defaultCureDays: suggestion.defaultCureDays,
          suggestedAt: new Date(),
        })),
      )
      .onConflictDoNothing({ target: [violationRules.propertyId, violationRules.excerptKey] })
      .returning({ id: violationRules.id });
    added += inserted.length;
  }
  return { documents: documents.length, added };
}
