import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cw-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('settings', () => {
  it('has working defaults: port 3000, embedded database, demo mode, a generated secret kept across starts', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      isSecureCookies: false,
      seedDemo: true,
      sessionDays: 7,
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it('turns demo mode off by default on PostgreSQL, and SEED_DEMO overrides', () => {
    const url = 'postgres://localhost/commonwise';
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reports every bad value by name at once', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        AUTH_SECRET: 'short',
        SEED_DEMO: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT must be a port number \(got "eighty"\)/);
      expect(problems).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL/);
      expect(problems).toMatch(/AUTH_SECRET must be at least 32 characters long/);
      expect(problems).toMatch(/SEED_DEMO must be true or false/);
    }
  });

  it('needs a real secret in production and secure cookies behind https', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET must be set in production/,
    );
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://hoa.example.com/' })).toMatchObject({
      publicUrl: 'https://hoa.example.com',
      isSecureCookies: true,
    });
  });

  it('takes Stripe with its three keys together, test or live alike, and names what is wrong', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadConfig({ DATA_DIR: dataDir }).stripe).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, ...keys }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /are set together, or none of them/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' }),
    ).toThrow(/both be live keys or both test keys/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });
});
