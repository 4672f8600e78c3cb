import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh database for every run, seeded with the demo data. Playwright evaluates this file again in
// each worker: the environment carries the first choice to them, so tests can read the server's
// outbox under E2E_DATA_DIR.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cw-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A journey here is several sign-ins (a password hash each), uploads and realtime round trips, run
  // two at a time beside the server on a two-core machine. 60 s was too close: on an idle machine here
  // the committees journey took 51 s, and a busier run took four journeys past 60 s (committees,
  // invoices, the developer portal's axe pass, the live bell). Speed is measured by `npm run bench`,
  // never by a test's time limit.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace (its actions, network and console) beside error-context.md's
    // snapshot of the page and a screenshot at the failure. Not the screencast nor a DOM snapshot at
    // every action: recording the screencast encoded a frame at every paint of every page, which
    // doubled Chromium's CPU on a two-core machine (four portal loads: 22 → 36 CPU-s) and let pages
    // starve each other past the expect timeout; the snapshots cost another tenth (two specs: 328 →
    // 297 CPU-s). Measured 2026-12-02, decision 0062.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'npm run --silent serve',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
