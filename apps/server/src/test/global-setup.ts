import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { ensureModels } from '../modules/assistant/classifier/model.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a gzip dump of the migrated, seeded database that each test file loads. */
    pgliteTemplateFile?: string;
    /** PostgreSQL: the URL of the server and the name of the migrated, seeded template database. */
    postgresTemplate?: { url: string; database: string };
  }
}

/**
 * Migrates and seeds one database for the whole run; every test file then starts from a copy of it
 * (PGlite: loads the dump; PostgreSQL: CREATE DATABASE … TEMPLATE). Setting TEST_DATABASE_URL runs
 * the suite on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  // The assistant's classifiers are trained once for the run (cached), not by each test file.
  ensureModels();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `cw_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = withDatabase(url, templateName);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 2 });
    await prepareDatabase(database, { seedDemo: true, financeHistory: false });
    await database.close();
    project.provide('postgresTemplate', { url, database: templateName });
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cw-template-'));
  const database = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(database, { seedDemo: true, financeHistory: false });
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
