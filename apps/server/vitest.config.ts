import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const root = import.meta.dirname;

/** Every test file of the server, relative to apps/server. */
const testFiles = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('src', file));

/**
 * The PostgreSQL run is there for what the database does, so it leaves out the test files that never
 * open one (classifiers, parsers, pure rules): the PGlite run has already run them, and a second run on
 * the same code would only cost CI minutes. A file opens a database through the test app, the database
 * client or the fault harness, and says so in its imports.
 */
const opensDatabase = /test-app|openDatabase|createDatabase|pglite|TEST_DATABASE/;
const withoutDatabase = testFiles.filter(
  (file) => !opensDatabase.test(readFileSync(join(root, file), 'utf8')),
);

/**
 * Test files that replace a module with `vi.mock`. A mock holds only where the file imports everything
 * afresh, so these run isolated; every other file shares its worker's modules with the files before it
 * (`isolate: false`), because importing the whole server again for each file cost about 6 s a file,
 * a third of the suite (decision 0062).
 */
export const isolatedServerTests = testFiles.filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8')),
);

export const serverProjectName = onPostgres ? 'server-postgres' : 'server';

export default defineConfig({
  root,
  test: {
    name: serverProjectName,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres ? withoutDatabase : [])],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
