import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@commonwise/contracts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../plugins/config.ts';
import { ownOriginOf } from '../plugins/csrf.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { demoAccounts, demoPassword } from '../modules/auth/demo-accounts.ts';
import { withDatabase } from './global-setup.ts';
import { pgliteExtensions } from '../db/pglite-extensions.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in as a demo account and returns its session cookie. */
  signIn: (email: string, password?: string) => Promise<string>;
  /** The session cookie of the demo account of that role. */
  cookieFor: (role: Role) => Promise<string>;
  close: () => Promise<void>;
};

export const testConfigEnv = {
  AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'silent',
};

/** A fresh copy of the seeded demo database behind a fully built app, for one test file. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'assistantModel' | 'stripeHttpClient'> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  // Its own data directory, so a test can read the mail outbox of its app alone.
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-test-'));
  const config = loadConfig({ ...testConfigEnv, DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database, logger: false, ...options });
  sendLikeOurPages(app, config);
  await app.ready();
  const cookies = new Map<string, string>();

  async function signIn(email: string, password = demoPassword): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
    return sessionCookieOf(response)!;
  }

  return {
    app,
    database,
    config,
    signIn,
    async cookieFor(role) {
      const account = demoAccounts.find((candidate) => candidate.role === role)!;
      const cached = cookies.get(account.email);
      if (cached) return cached;
      const cookie = await signIn(account.email);
      cookies.set(account.email, cookie);
      return cookie;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `cw_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgres.database}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(postgres.url, name),
      poolSize: 4,
    });
    const drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    return { database, drop };
  }
  const file = inject('pgliteTemplateFile');
  if (!file) throw new Error('The test global setup did not provide a database template');
  const instance = new PGlite({
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: pgliteExtensions,
  });
  return { database: await openDatabase({ kind: 'pglite', instance }), drop: async () => {} };
}

/**
 * Injected requests behave like the product's own pages in a browser: a state-changing one carries
 * our Origin, as the browser adds it (plugins/csrf.ts refuses it otherwise). A test of that check
 * names the `origin` header itself, or passes `origin: undefined` to send none.
 */
function sendLikeOurPages(app: FastifyInstance, config: Config): void {
  const inject = app.inject.bind(app);
  const ownOrigin = ownOriginOf(config);
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string') return options;
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string | string[] | number | undefined> = { ...options.headers };
    const named = Object.keys(headers).find((key) => key.toLowerCase() === 'origin');
    if (named !== undefined && headers[named] === undefined) delete headers[named];
    else if (named === undefined && !['GET', 'HEAD', 'OPTIONS'].includes(method)) headers.origin = ownOrigin;
    return { ...options, headers };
  };
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(withOrigin(options))) as typeof app.inject;
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  // An empty value is the server clearing the cookie, not a session.
  const session = all.find((cookie) => /^better-auth\.session_token=[^;]/.test(cookie));
  return session?.split(';')[0];
}

export function injectAs(app: FastifyInstance, cookie: string | undefined, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
}
