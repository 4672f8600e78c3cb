// `npm run bench` (second part): Lighthouse on the landing page, mobile profile (Lighthouse's default:
// simulated slow 4G and 4× CPU slowdown), three runs, medians. Builds the web app, starts the server on
// it with a fresh database, and drives Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default).
// Prints JSON. BENCH_SKIP_BUILD=1 measures the build already in apps/web/dist.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProcess, stopProcess } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
const serverEntry = resolve(repoRoot, 'apps/server/src/server.ts');
const port = 3904;
const url = `http://127.0.0.1:${port}/`;
const runCount = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets = { performance: 95, accessibility: 100, lcpMs: 2000, cls: 0.05 };

if (process.env.BENCH_SKIP_BUILD !== '1') {
  // Progress goes to stderr so stdout stays one JSON document.
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@commonwise/web'], {
    cwd: repoRoot,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (build.status !== 0) throw new Error('the web build failed');
}

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Audits that kept a category below 100, for the reader to act on. */
  failedAudits: string[];
};

async function measure(): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (category: (typeof categories)[number]) =>
      Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    const failedAudits = categories
      .filter((category) => category !== 'performance')
      .flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category}: ${ref.id}`),
      );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(numeric('first-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      speedIndexMs: Math.round(numeric('speed-index')),
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-lighthouse-'));
const server = await startProcess(
  'tsx',
  [serverEntry],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  },
  `http://127.0.0.1:${port}/api/health`,
);

try {
  const runs: Run[] = [];
  for (let index = 0; index < runCount; index++) runs.push(await measure());
  const medianOf = (key: Exclude<keyof Run, 'failedAudits'>) => median(runs.map((run) => run[key]));
  const result = {
    performance: medianOf('performance'),
    accessibility: medianOf('accessibility'),
    bestPractices: medianOf('bestPractices'),
    seo: medianOf('seo'),
    lcpMs: medianOf('lcpMs'),
    cls: medianOf('cls'),
    fcpMs: medianOf('fcpMs'),
    tbtMs: medianOf('tbtMs'),
    speedIndexMs: medianOf('speedIndexMs'),
  };
  console.log(
    JSON.stringify(
      {
        benchmark: 'lighthouse',
        url,
        profile: 'mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown)',
        runs: runCount,
        median: result,
        targets: {
          'performance >= 95': result.performance >= targets.performance,
          'accessibility = 100': result.accessibility >= targets.accessibility,
          'LCP <= 2.0 s': result.lcpMs <= targets.lcpMs,
          'CLS <= 0.05': result.cls <= targets.cls,
        },
        failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
        perRun: runs.map(({ failedAudits: _failed, ...run }) => run),
      },
      null,
      2,
    ),
  );
} finally {
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
