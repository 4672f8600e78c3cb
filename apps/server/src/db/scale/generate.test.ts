import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../plugins/config.ts';
import { ownOriginOf } from '../../plugins/csrf.ts';
import { sessionCookieOf, testConfigEnv } from '../../test/test-app.ts';
import { openDatabase, type Database } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { generatePortfolio, PortfolioRefused, sizesFor, type GenerateResult } from './generate.ts';

// A tiny portfolio: two associations, a few units each, short histories.
const sizes = sizesFor(2, {
  unitsPerAssociation: 12,
  workOrdersPerUnit: 2,
  messagesPerRoom: 3,
  documentsPerAssociation: 8,
  years: 1,
});
const today = new Date('2026-11-30T00:00:00Z');
const password = 'scale-test-password';

let first: Database;
let second: Database;
let result: GenerateResult;

async function fingerprint(database: Database) {
  const { rows } = await database.pglite!.query<{ table: string; ids: string }>(
    `select 'properties' as table, string_agg(id::text, ',' order by id) as ids from properties
     union all select 'profiles', string_agg(id || ':' || email, ',' order by id) from profiles
     union all select 'work_orders', string_agg(id::text, ',' order by id) from work_orders
     union all select 'chat_messages', string_agg(id::text, ',' order by id) from chat_messages`,
  );
  return rows;
}

beforeAll(async () => {
  const template = await openDatabase({ kind: 'pglite' });
  await runMigrations(template);
  const copy = (await template.pglite!.clone()) as PGlite;
  first = template;
  second = await openDatabase({ kind: 'pglite', instance: copy });
  result = await generatePortfolio(first, { seed: 7, sizes, today, password });
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('the portfolio generator', () => {
  it('makes the same portfolio from the same seed: the same counts and the same ids', async () => {
    const again = await generatePortfolio(second, { seed: 7, sizes, today, password });
    expect(again.counts).toEqual(result.counts);
    expect(await fingerprint(second)).toEqual(await fingerprint(first));
    expect(result.counts.properties).toBe(2);
    expect(result.counts.work_orders).toBeGreaterThan(0);
    expect(result.counts.chat_messages).toBeGreaterThan(0);
    expect(result.counts.document_sections).toBeGreaterThan(0);
  });

  it('writes no audit trail for the generated history, and leaves the audit triggers on', async () => {
    const { rows } = await first.pglite!.query<{ n: number }>(
      `select count(*)::int as n from audit_events
       where entity in ('profiles', 'properties', 'units', 'work_orders', 'work_order_tasks', 'property_documents')`,
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: triggers } = await first.pglite!.query<{ tgenabled: string }>(
      `select tgenabled from pg_trigger where tgname like '%\\_audit' escape '\\'`,
    );
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.every((trigger) => trigger.tgenabled === 'O')).toBe(true);
  });

  it('refuses a database that already has data', async () => {
    await expect(generatePortfolio(first, { seed: 7, sizes, today, password })).rejects.toThrow(
      /already has properties or people/,
    );
  });

  it('refuses PGlite above a small portfolio, saying what to do instead', async () => {
    const refused = generatePortfolio(second, { seed: 7, sizes: sizesFor(150), today, password });
    await expect(refused).rejects.toBeInstanceOf(PortfolioRefused);
    await expect(refused).rejects.toThrow(
      /PGlite .* at most 10 generated associations.*--database-url postgres/,
    );
  });

  it('makes managers who sign in through the real server and see the properties they manage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-scale-test-'));
    const config = loadConfig({ ...testConfigEnv, SEED_DEMO: 'false', DATA_DIR: dataDir });
    const app = await buildApp({ config, database: first, logger: false });
    try {
      await app.ready();
      const manager = result.portfolio.managers[0]!;
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ownOriginOf(config) },
        payload: { email: manager.email, password },
      });
      expect(signIn.statusCode).toBe(200);
      const cookie = sessionCookieOf(signIn)!;
      const response = await app.inject({ method: 'GET', url: '/api/properties', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const managed = result.portfolio.associations
        .filter((association) => association.managerIds.includes(manager.id))
        .map((association) => association.name)
        .sort();
      const listed = (response.json() as { properties: { name: string }[] }).properties
        .map((p) => p.name)
        .sort();
      expect(listed).toEqual(managed);
      expect(listed.length).toBeGreaterThan(0);
      const workOrders = await app.inject({ method: 'GET', url: '/api/work-orders', headers: { cookie } });
      expect((workOrders.json() as { total: number }).total).toBeGreaterThan(0);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
