// `npm run bench` (documents part): PDF text extraction pages/s on a generated 100-page PDF, OCR
// seconds per scanned page, and the API's p99 latency with and without an OCR job running in the
// server's background worker. Prints JSON. BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OcrEngine, extractPdf } from '../apps/server/src/modules/documents/extraction/extract.ts';
import { makeLongTextPdf, makeScannedPdf } from '../apps/server/src/test/fixtures/documents.ts';
import { load, startProcess, stopProcess } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../apps/server/src/server.ts');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const port = 3904;
const base = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** A page of a scanned governing document: 30 lines of text, about 200 DPI. */
const scannedPage = (page: number) =>
  Array.from(
    { length: 30 },
    (_, line) => `Section ${page}.${line + 1} Owners shall keep lots and homes in good repair.`,
  );

// 1. PDF text layer, in this process with the worker's own code (pdf.js is single-threaded either way).
const textPdf = await makeLongTextPdf(100);
const ocr = new OcrEngine();
await extractPdf(textPdf, ocr); // warm-up: loads pdf.js
const textRuns: number[] = [];
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  const result = await extractPdf(textPdf, ocr);
  if (result.pages.length !== 100 || result.ocrPages !== 0) throw new Error('text extraction lost pages');
  textRuns.push(performance.now() - started);
}
textRuns.sort((a, b) => a - b);
const medianTextMs = textRuns[Math.floor(textRuns.length / 2)]!;

// 2. OCR of scanned pages (no text layer), with the English model from @tesseract.js-data/eng.
const ocrPages = 3;
const scanned = await makeScannedPdf(Array.from({ length: ocrPages }, (_, page) => scannedPage(page + 1)));
const ocrStarted = performance.now();
const ocrResult = await extractPdf(scanned, ocr);
const ocrSeconds = (performance.now() - ocrStarted) / 1000;
if (!ocrResult.pages[0]?.text.includes('Owners shall keep lots'))
  throw new Error('OCR did not read the page');
await ocr.terminate();

// 3. API latency with and without OCR running in the server's worker thread.
const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-documents-'));
const server = await startProcess(
  'tsx',
  [serverEntry],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    WORKER_CONCURRENCY: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  `${base}/api/health`,
);

try {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@commonwise.test', password: 'commonwise-demo' }),
  });
  if (!signIn.ok) throw new Error(`sign-in for the benchmark failed: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const headers = { cookie, origin: base };
  const { properties } = (await (await fetch(`${base}/api/properties`, { headers })).json()) as {
    properties: { id: string; name: string }[];
  };
  const propertyId = properties.find((property) => property.name === 'Willow Creek Commons')!.id;
  const target = `${base}/api/properties/${propertyId}/documents`;

  // Warm the server up first (JIT, caches), so the two measurements differ only by the OCR job.
  await load('warm-up', target, { seconds: 3, headers });
  const idle = await load('GET documents list, no job running', target, { seconds, headers });

  // A scan long enough to keep the worker busy for the whole measurement.
  const busyPages = Math.max(6, Math.ceil((seconds + 4) / Math.max(0.5, ocrSeconds / ocrPages)));
  const busyScan = await makeScannedPdf(
    Array.from({ length: busyPages }, (_, page) => scannedPage(page + 1)),
  );
  const form = new FormData();
  form.append('category', 'bylaws');
  form.append('name', 'Benchmark scan');
  form.append(
    'file',
    new Blob([new Uint8Array(busyScan)], { type: 'application/pdf' }),
    'benchmark-scan.pdf',
  );
  const uploaded = await fetch(`${base}/api/properties/${propertyId}/documents`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
  const document = (await uploaded.json()) as { id: string };
  // Let the job start (it is due 100 ms after the upload) and OCR get going.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const busy = await load('GET documents list, OCR job running', target, { seconds, headers });
  const statusAfter = (await (await fetch(`${base}/api/documents/${document.id}`, { headers })).json()) as {
    status: string;
  };
  const p99Ratio = round(busy.latencyMs.p99 / Math.max(idle.latencyMs.p99, 0.01));

  console.log(
    JSON.stringify(
      {
        benchmark: 'documents',
        database: databaseUrl ? 'postgres' : 'pglite',
        pdfText: {
          pages: 100,
          medianMs: round(medianTextMs),
          pagesPerSecond: Math.round(100 / (medianTextMs / 1000)),
        },
        ocr: { pages: ocrPages, seconds: round(ocrSeconds), secondsPerPage: round(ocrSeconds / ocrPages) },
        api: {
          connections: 10,
          secondsPerTarget: seconds,
          results: [idle, busy],
          ocrPagesQueued: busyPages,
          ocrStillRunningAtEnd: statusAfter.status === 'processing',
          p99WithOcrOverWithout: p99Ratio,
        },
        budgets: {
          'PDF text >= 100 pages/s': 100 / (medianTextMs / 1000) >= 100,
          'API p99 with OCR running within 1.5x of without': p99Ratio <= 1.5,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
