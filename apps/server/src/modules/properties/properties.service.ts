import { and, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { propertyInputSchema, type Property, type PropertyInput } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { properties, propertyManagers, propertyResidents } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The properties the caller may read (DESIGN.md §5): admins, board and developers all; managers
 * those they manage; residents those they live in. `undefined` means no restriction.
 */
export function visiblePropertiesFilter(ctx: ServiceContext): SQL | undefined {
  const { db, actor } = ctx;
  switch (actor.role) {
    case 'admin':
    case 'board':
    case 'developer':
      return undefined;
    case 'manager':
      return exists(managedBy(db, actor.id));
    case 'resident':
      return exists(
        db
          .select({ one: propertyResidents.id })
          .from(propertyResidents)
          .where(
            and(eq(propertyResidents.propertyId, properties.id), eq(propertyResidents.userId, actor.id)),
          ),
      );
    default:
      // Roles without a stake in any property (vendors) see none, even if a route forgot to refuse them.
      return sql`false`;
  }
}

function managedBy(db: Db, userId: string) {
  return db
    .select({ one: propertyManagers.id })
    .from(propertyManagers)
    .where(and(eq(propertyManagers.propertyId, properties.id), eq(propertyManagers.userId, userId)));
}

export async function listProperties(ctx: ServiceContext): Promise<Property[]> {
  const rows = await ctx.db
    .select()
    .from(properties)
    .where(visiblePropertiesFilter(ctx))
    .orderBy(asc(properties.name));
  return rows.map(toProperty);
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

function normaliseInput(input: PropertyInput) {
  const parsed = propertyInputSchema.parse(input);
  return { ...parsed, description: parsed.description?.trim() ? parsed.description.trim() : null };
}

export async function createProperty(ctx: ServiceContext, input: PropertyInput): Promise<Property> {
  const [row] = await ctx.db
    .insert(properties)
    .values({ ...normaliseInput(input), createdBy: ctx.actor.id })
    .returning();
  return toProperty(row!);
}

export async function updateProperty(
  ctx: ServiceContext,
  id: string,
  input: PropertyInput,
): Promise<Property> {
  const [row] = await ctx.db
    .update(properties)
    .set({ ...normaliseInput(input), updatedAt: new Date() })
    .where(and(eq(properties.id, id), visiblePropertiesFilter(ctx)))
    .returning();
  if (!row) throw notFound('Property');
  return toProperty(row);
}
