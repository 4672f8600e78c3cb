import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  requiredDocumentCategories,
  type CommunitySetup,
  type CommunitySummary,
  type DeveloperCommunityList,
  type PageQuery,
  type DocumentCategory,
  type Property,
  type SetupStep,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { currentBetween } from '../access/memberships.ts';
import { propertyDocuments, propertyManagers, unitOccupancies, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { getProperty, listProperties } from '../properties/properties.service.ts';

/** Short names for the checklist; the full labels (SPEC §3) are long for a one-line step. */
const shortCategoryNames: Partial<Record<DocumentCategory, string>> = {
  ccr: 'CC&Rs',
  bylaws: 'Bylaws',
  articles_of_incorporation: 'Articles of Incorporation',
  rules_and_regulations: 'Rules & Regulations',
};

type Facts = {
  managers: number;
  residents: number;
  /** Per required category, the processing statuses of its documents. */
  documents: Map<string, { status: string; name: string }[]>;
};

/** Counts and document statuses for several properties in three queries (one per kind). */
async function factsFor(db: Db, propertyIds: string[]): Promise<Map<string, Facts>> {
  const facts = new Map<string, Facts>(
    propertyIds.map((id) => [id, { managers: 0, residents: 0, documents: new Map() }]),
  );
  if (propertyIds.length === 0) return facts;
  const [managers, residents, documents] = await Promise.all([
    db
      .select({ propertyId: propertyManagers.propertyId, total: count() })
      .from(propertyManagers)
      .where(inArray(propertyManagers.propertyId, propertyIds))
      .groupBy(propertyManagers.propertyId),
    // The people living in each association today.
    db
      .select({
        propertyId: units.propertyId,
        total: sql<number>`count(distinct ${unitOccupancies.userId})::int`,
      })
      .from(unitOccupancies)
      .innerJoin(units, eq(units.id, unitOccupancies.unitId))
      .where(
        and(
          inArray(units.propertyId, propertyIds),
          isNull(units.archivedAt),
          currentBetween(sql`${unitOccupancies.movedInOn}`, sql`${unitOccupancies.movedOutOn}`),
        ),
      )
      .groupBy(units.propertyId),
    db
      .select({
        propertyId: propertyDocuments.propertyId,
        category: propertyDocuments.category,
        status: propertyDocuments.status,
        name: propertyDocuments.name,
      })
      .from(propertyDocuments)
      .where(
        and(
          inArray(propertyDocuments.propertyId, propertyIds),
          inArray(propertyDocuments.category, [...requiredDocumentCategories]),
        ),
      )
      .orderBy(asc(propertyDocuments.uploadedAt)),
  ]);
  for (const row of managers) facts.get(row.propertyId)!.managers = row.total;
  for (const row of residents) facts.get(row.propertyId)!.residents = row.total;
  for (const row of documents) {
    const byCategory = facts.get(row.propertyId)!.documents;
    byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  }
  return facts;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function documentStep(category: DocumentCategory, documents: { status: string; name: string }[]): SetupStep {
  const key = `document:${category}` as SetupStep['key'];
  const label = `${shortCategoryNames[category] ?? category} uploaded and processed`;
  const processed = documents.find((document) => document.status === 'completed');
  if (processed) return { key, label, state: 'complete', detail: `Processed: ${processed.name}` };
  if (documents.some((document) => document.status === 'processing' || document.status === 'pending'))
    return { key, label, state: 'in_progress', detail: 'Uploaded, still being processed' };
  if (documents.length > 0)
    return {
      key,
      label,
      state: 'failed',
      detail: 'Processing failed: process it again or upload a new copy',
    };
  return { key, label, state: 'todo', detail: 'Not uploaded yet' };
}

/** The checklist: managers, residents, each required document uploaded and processed, community live. */
export function setupStepsOf(property: Property, facts: Facts): SetupStep[] {
  const statusDetail = { active: 'Active', pending: 'Still pending setup', inactive: 'Marked inactive' };
  return [
    {
      key: 'managers',
      label: 'Property manager assigned',
      state: facts.managers > 0 ? 'complete' : 'todo',
      detail:
        facts.managers > 0 ? `${plural(facts.managers, 'manager', 'managers')} assigned` : 'No manager yet',
    },
    {
      key: 'residents',
      label: 'Residents added',
      state: facts.residents > 0 ? 'complete' : 'todo',
      detail:
        facts.residents > 0
          ? `${plural(facts.residents, 'resident', 'residents')} across ${plural(property.units, 'unit', 'units')}`
          : 'No residents added yet',
    },
    ...requiredDocumentCategories.map((category) =>
      documentStep(category, facts.documents.get(category) ?? []),
    ),
    {
      key: 'status',
      label: 'Community marked active',
      state: property.status === 'active' ? 'complete' : 'todo',
      detail: statusDetail[property.status],
    },
  ];
}

function summaryOf(property: Property, steps: SetupStep[]): CommunitySummary {
  return {
    id: property.id,
    name: property.name,
    address: property.address,
    units: property.units,
    status: property.status,
    completedSteps: steps.filter((step) => step.state === 'complete').length,
    totalSteps: steps.length,
  };
}

/** Every community the caller may read (developers: their projects' communities, issue 25), with its setup progress. */
export async function listCommunities(
  ctx: ServiceContext,
  query: PageQuery & { q?: string | undefined },
): Promise<DeveloperCommunityList> {
  const { properties: rows, ...page } = await listProperties(ctx, query);
  const facts = await factsFor(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    communities: rows.map((property) => summaryOf(property, setupStepsOf(property, facts.get(property.id)!))),
    ...page,
  };
}

export async function getCommunitySetup(ctx: ServiceContext, propertyId: string): Promise<CommunitySetup> {
  const property = await getProperty(ctx, propertyId);
  const facts = await factsFor(ctx.db, [property.id]);
  const steps = setupStepsOf(property, facts.get(property.id)!);
  const community = summaryOf(property, steps);
  return {
    community,
    steps,
    percentage: Math.round((community.completedSteps / community.totalSteps) * 100),
  };
}
