import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';

/**
 * A PGlite database migrated as an installation was before migration `tag` (the same files, the
 * journal cut there), for a migration test to write data in that shape and then bring it to today
 * with `runMigrations`. `close` closes it and removes the cut copy of the migrations.
 */
export async function databaseBefore(
  tag: string,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), `migrations-before-${tag}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.find((entry) => entry.tag === tag);
  if (!cut) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.filter((entry) => entry.idx < cut.idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(drizzle(database.pglite!), { migrationsFolder: folder });
  return {
    database,
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
