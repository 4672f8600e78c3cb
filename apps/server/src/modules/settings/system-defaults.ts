import { eq } from 'drizzle-orm';
import {
  defaultJurisdiction,
  defaultPropertyTimeZone,
  propertyDefaultsSchema,
  type PropertyDefaults,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

const defaultsKey = 'property-defaults';
const fallbackDefaults: PropertyDefaults = {
  jurisdiction: defaultJurisdiction,
  timeZone: defaultPropertyTimeZone,
};

/** The installation's defaults for a new association; the product's own until an admin saves some. */
export async function readPropertyDefaults(db: Pick<Db, 'select'>): Promise<PropertyDefaults> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, defaultsKey));
  const parsed = propertyDefaultsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : fallbackDefaults;
}

export async function updatePropertyDefaults(
  ctx: ServiceContext,
  input: PropertyDefaults,
): Promise<PropertyDefaults> {
  // In a transaction of its own, so the audit trigger records who changed it (decision 0032).
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: defaultsKey, value: input, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: input, updatedBy: ctx.actor.id, updatedAt: new Date() },
      });
  });
  return input;
}
