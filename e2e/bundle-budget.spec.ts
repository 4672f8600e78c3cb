import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// DESIGN.md §6: the signed-in shell's initial JavaScript is at most 200 KB gzip. Read from the Vite
// build manifest (test:e2e builds first): the entry, the dashboard route, and everything they import
// statically — what the browser must fetch before a signed-in person sees the dashboard.
const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const budgetBytes = 200 * 1024;

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; src?: string };

test('the signed-in shell loads at most 200 KB of gzipped JavaScript', () => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  expect(entry, 'the build has an entry chunk').toBeTruthy();
  const dashboard = Object.keys(manifest).find((key) => key.endsWith('src/app/routes/dashboard.tsx'));
  expect(dashboard, 'the dashboard route is its own chunk').toBeTruthy();

  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry!);
  visit(dashboard!);

  const sizes = [...files].map((file) => ({
    file,
    raw: statSync(join(dist, file)).size,
    gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
  console.log(JSON.stringify({ signedInShellGzipBytes: total, budgetBytes, files: sizes }));
  expect(total).toBeLessThanOrEqual(budgetBytes);
});

// DESIGN.md §6 and issue 3: the landing page (landing.html, its own entry) loads at most 110 KB of
// gzipped JavaScript, and none of the signed-in app: no Mantine, no TanStack Query, no router.
const landingBudgetBytes = 110 * 1024;

test('the landing page loads at most 110 KB of gzipped JavaScript, none of it the app', () => {
  // The landing page is built on its own (apps/web/vite.config.ts), with its own manifest.
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/landing-manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const appManifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const landing = manifest['landing.html'];
  expect(landing?.isEntry, 'landing.html is an entry of the build').toBe(true);

  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('landing.html');

  const sizes = [...files].map((file) => {
    const content = readFileSync(join(dist, file));
    return {
      file,
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      text: content.toString(),
    };
  });
  const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
  console.log(
    JSON.stringify({
      landingGzipBytes: total,
      budgetBytes: landingBudgetBytes,
      files: sizes.map(({ text: _text, ...size }) => size),
    }),
  );
  expect(total).toBeLessThanOrEqual(landingBudgetBytes);
  expect(files.has(appManifest['index.html']!.file), "the app's entry is not among them").toBe(false);
  for (const { file, text } of sizes) {
    for (const marker of ['mantine', 'QueryClient', 'createBrowserRouter']) {
      expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  }
});
