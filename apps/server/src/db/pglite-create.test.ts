import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteCluster } from './pglite-create.ts';

const root = mkdtempSync(join(tmpdir(), 'cw-pglite-create-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('creates the cluster of a new directory in place of what an interrupted creation left, once', async () => {
  const dir = join(root, 'pglite');
  // What a process killed during initdb leaves: an empty data directory, a half-written cluster beside it.
  mkdirSync(dir);
  mkdirSync(`${dir}.initdb`);
  writeFileSync(join(`${dir}.initdb`, 'PG_VERSION'), '17\n');

  expect(await createPgliteCluster(dir)).toBe(true);
  expect(existsSync(`${dir}.initdb`)).toBe(false);
  const pglite = await PGlite.create(dir);
  try {
    expect((await pglite.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await pglite.exec('create table kept (id int)');
  } finally {
    await pglite.close();
  }

  expect(await createPgliteCluster(dir)).toBe(false);
  const reopened = await PGlite.create(dir);
  try {
    expect((await reopened.query('select * from kept')).rows).toEqual([]);
  } finally {
    await reopened.close();
  }
}, 60_000);
