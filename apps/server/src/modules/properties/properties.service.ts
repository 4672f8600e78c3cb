import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  propertyInputSchema,
  type PageQuery,
  type Property,
  type PropertyInput,
  type PropertyList,
  type PropertySortKey,
} from '@commonwise/contracts';
import { containing, offsetOf } from '../../lib/paging.ts';
import type { Db } from '../../db/client.ts';
import { properties, units } from '../../db/schema/index.ts';
import { administers, propertyScope } from '../access/scope.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { readPropertyDefaults } from '../settings/system-defaults.ts';

type PropertyRow = typeof properties.$inferSelect;

export function toProperty(row: PropertyRow): Property {
  return {
    id: row.id,
    name: row.name,
    type: row.type as Property['type'],
    address: row.address,
    description: row.description,
    units: row.units,
    status: row.status as Property['status'],
    jurisdiction: row.jurisdiction as Property['jurisdiction'],
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The properties the caller may read: decided by their memberships (modules/access/scope.ts).
 * `undefined` means no restriction.
 */
export function visiblePropertiesFilter(ctx: ServiceContext): SQL | undefined {
  return propertyScope(ctx.actor, sql`${properties.id}`);
}

const sortColumns = {
  name: sql`lower(${properties.name})`,
  type: sql`${properties.type}::text`,
  address: sql`lower(${properties.address})`,
  units: sql`${properties.units}`,
  status: sql`${properties.status}::text`,
} satisfies Record<PropertySortKey, SQL>;

/**
 * The properties the caller may see whose name, address, type or status contains `q`, sorted as asked
 * (then by name), a page at a time.
 */
export async function listProperties(
  ctx: ServiceContext,
  query: PageQuery & { q?: string | undefined; sort?: PropertySortKey; direction?: 'asc' | 'desc' },
): Promise<PropertyList> {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    visiblePropertiesFilter(ctx),
    pattern
      ? or(
          ilike(properties.name, pattern),
          ilike(properties.address, pattern),
          ilike(sql`${properties.type}::text`, pattern),
          ilike(sql`${properties.status}::text`, pattern),
        )
      : undefined,
  );
  const order = query.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(properties)
      .where(where)
      .orderBy(
        order(sortColumns[query.sort ?? 'name']),
        asc(sql`lower(${properties.name})`),
        asc(properties.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(properties).where(where),
  ]);
  return {
    properties: rows.map(toProperty),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

export async function getProperty(ctx: ServiceContext, id: string): Promise<Property> {
  const [row] = await ctx.db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), visiblePropertiesFilter(ctx)));
  // Another association's property and a missing one look the same: nothing leaks about what exists.
  if (!row) throw notFound('Property');
  return toProperty(row);
}

/**
 * A property the caller runs (its manager, or an admin), for changing what belongs to it: 404 when they
 * may not see it at all, 403 when they see it as a member or board member but do not run it.
 */
export async function getAdministeredProperty(ctx: ServiceContext, id: string): Promise<Property> {
  const property = await getProperty(ctx, id);
  if (!(await administers(ctx.db, ctx.actor, id))) throw forbidden();
  return property;
}

/** The form's values; a jurisdiction or time zone left out is left out (the default, or unchanged). */
function normaliseInput(input: PropertyInput) {
  const { jurisdiction, timeZone, ...parsed } = propertyInputSchema.parse(input);
  return {
    ...parsed,
    description: parsed.description?.trim() ? parsed.description.trim() : null,
    ...(jurisdiction === undefined ? {} : { jurisdiction }),
    ...(timeZone === undefined ? {} : { timeZone }),
  };
}

export async function createProperty(ctx: ServiceContext, input: PropertyInput): Promise<Property> {
  const values = normaliseInput(input);
  return ctx.db.transaction(async (tx) => {
    // Left out, they are the installation's defaults (System Settings), not the column's.
    const defaults = await readPropertyDefaults(tx);
    const [row] = await tx
      .insert(properties)
      .values({ ...defaults, ...values, createdBy: ctx.actor.id })
      .returning();
    await addNumberedUnits(tx, row!.id, values.units);
    return toProperty(row!);
  });
}

/**
 * The property form's unit count is the number of units the association has: raising it adds numbered
 * units (a manager relabels or imports them on the Units tab); lowering it is done by archiving units
 * there, so that no unit with owners, dues or history disappears from a number typed in a form.
 */
export async function updateProperty(
  ctx: ServiceContext,
  id: string,
  input: PropertyInput,
): Promise<Property> {
  const values = normaliseInput(input);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ units: properties.units })
      .from(properties)
      .where(and(eq(properties.id, id), visiblePropertiesFilter(ctx)))
      .for('update');
    if (!current) throw notFound('Property');
    const recorded = await countUnits(tx, id);
    if (values.units < recorded) {
      const message = `This property has ${recorded} units. Archive units on the Units tab to have fewer.`;
      throw new AppError(409, 'UNITS_IN_USE', message, { fields: { units: message } });
    }
    await addNumberedUnits(tx, id, values.units - recorded);
    const [row] = await tx
      .update(properties)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    return toProperty(row!);
  });
}

async function countUnits(db: Db, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(units)
    .where(and(eq(units.propertyId, propertyId), isNull(units.archivedAt)));
  return row!.count;
}

/** Adds `count` units labelled 1, 2, 3…, skipping labels the property already uses. */
async function addNumberedUnits(db: Db, propertyId: string, count: number): Promise<void> {
  if (count <= 0) return;
  const taken = new Set(
    (
      await db
        .select({ label: units.label })
        .from(units)
        .where(and(eq(units.propertyId, propertyId), isNull(units.archivedAt)))
    ).map((row) => row.label.toLowerCase()),
  );
  const labels: string[] = [];
  for (let number = 1; labels.length < count; number += 1)
    if (!taken.has(String(number))) labels.push(String(number));
  for (let start = 0; start < labels.length; start += 1000)
    await db.insert(units).values(labels.slice(start, start + 1000).map((label) => ({ propertyId, label })));
}
