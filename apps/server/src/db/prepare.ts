import { count } from 'drizzle-orm';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { profiles } from './schema/index.ts';
import { seedDemoData } from './seed.ts';

/** Brings the database up to date and, in demo mode, fills an empty one with the demo data. */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; log?: (message: string) => void },
): Promise<void> {
  await runMigrations(database);
  if (!options.seedDemo) return;
  const [people] = await database.db.select({ value: count() }).from(profiles);
  if ((people?.value ?? 0) > 0) return;
  await seedDemoData(database.db);
  options.log?.('Seeded the demo data: sign in as admin@commonwise.test with password commonwise-demo.');
}
