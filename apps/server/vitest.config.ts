import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The PostgreSQL run is there for what the database does, so it leaves out the test files that never
 * open one (classifiers, parsers, pure rules): the PGlite run has already run them, and a second run on
 * the same code would only cost CI minutes. A file opens a database through the test app, the database
 * client or the fault harness, and says so in its imports.
 */
const opensDatabase = /test-app|openDatabase|createDatabase|pglite|TEST_DATABASE/;
function testsWithoutDatabase(): string[] {
  const root = import.meta.dirname;
  return (readdirSync(join(root, 'src'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('src', file))
    .filter((file) => !opensDatabase.test(readFileSync(join(root, file), 'utf8')));
}

export default defineConfig({
  test: {
    name: onPostgres ? 'server-postgres' : 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: onPostgres ? [...configDefaults.exclude, ...testsWithoutDatabase()] : configDefaults.exclude,
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
