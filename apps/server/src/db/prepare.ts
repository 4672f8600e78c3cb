import { count, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { profiles } from './schema/index.ts';
import { seedDemoData } from './seed.ts';
import type { DemoServices } from './seed-finance.ts';
import { addMissingDocumentSections } from '../modules/documents/sections.ts';

// Any fixed number (not the migrations' one): the advisory lock under which an empty database is seeded.
const seedLockId = 727_002;

/**
 * Brings the database up to date and, in demo mode, fills an empty one with the demo data. Several
 * servers starting at once on one empty database take turns (advisory lock, checked again inside
 * it): one seeds, the others find the data there. Without the lock the second one's seed failed on
 * the first one's accounts and that server exited.
 */
export async function prepareDatabase(
  database: Database,
  options: {
    seedDemo: boolean;
    /** Willow Creek's year of books in the demo (default); the integration tests' template goes without. */
    financeHistory?: boolean;
    /** The file store and notifier the demo's collections letters need (none: no collection cases). */
    demoServices?: DemoServices;
    log?: (message: string) => void;
    /** Called at the end of each step (`migrations`, `seed`), for start-up timings. */
    onPhase?: (phase: string) => void;
  },
): Promise<void> {
  await runMigrations(database);
  const sectioned = await addMissingDocumentSections(database.db);
  if (sectioned > 0)
    options.log?.(`Found the sections of ${sectioned} documents processed before sections existed.`);
  options.onPhase?.('migrations');
  if (!options.seedDemo) return;
  const isSeeded = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockId})`);
    const [people] = await tx.select({ value: count() }).from(profiles);
    if ((people?.value ?? 0) > 0) return false;
    await seedDemoData(tx as unknown as typeof database.db, {
      financeHistory: options.financeHistory,
      services: options.demoServices,
    });
    return true;
  });
  options.onPhase?.('seed');
  if (isSeeded)
    options.log?.('Seeded the demo data: sign in as admin@commonwise.test with password commonwise-demo.');
}
