import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, properties } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The demo people a community seed writes as: Willow Creek's manager, a board member and 14B's owner. */
export type DemoPeople = { manager: string; board: string; resident: string };

/**
 * A test app with one of Willow Creek's community seeds run on it (announcements, events, amenities), as
 * `db/seed.ts` runs it for the demo, so its test reads what the demo's people see.
 */
export async function appWithWillowSeed(
  seed: (tx: Db, willowCreekId: string, people: DemoPeople) => Promise<void>,
): Promise<{ t: TestApp; willowId: string }> {
  const t = await createTestApp();
  const db = t.database.db;
  const [willow] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  const idOf = async (email: string) =>
    (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  const people = {
    manager: await idOf('manager@commonwise.test'),
    board: await idOf('board@commonwise.test'),
    resident: await idOf('resident@commonwise.test'),
  };
  await db.transaction((tx) => seed(tx, willow!.id, people));
  return { t, willowId: willow!.id };
}
