// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../plugins/config.ts';
import { databaseOptionsFor, openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFor(config));
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
