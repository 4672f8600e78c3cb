import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { landingTemplates, prerenderLanding } from './scripts/prerender-landing.ts';
import { precompress } from './scripts/precompress.ts';

const root = dirname(fileURLToPath(import.meta.url));
const distDir = resolve(root, 'dist');
// The SSR bundle is only needed while prerendering, so it is built outside dist/ and deleted after.
const ssrOutDir = resolve(root, 'node_modules/.cache/landing-ssr');

/**
 * `npm run dev`: Vite answers `/` with landing.html (not prerendered; its script fetches what the
 * server would have embedded) and fills the head's placeholders from the API's /api/site.
 */
function landingInDev(apiPort: string): Plugin {
  return {
    name: 'commonwise:landing-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path, query] = (request.url ?? '').split('?');
        if (path === '/')
          request.url = `/${landingTemplates.signedOut}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        if (!html.includes('{{')) return html;
        const site = await fetch(`http://localhost:${apiPort}/api/site`)
          .then((response) => (response.ok ? (response.json() as Promise<Record<string, string>>) : {}))
          .catch(() => ({}) as Record<string, string>);
        const origin = context.server?.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
        const values: Record<string, string> = { companyName: 'Commonwise', ...site, publicUrl: origin };
        const escapes: Record<string, string> = {
          '&': '&amp;',
          '<': '&lt;',
          '>': '&gt;',
          '"': '&quot;',
          "'": '&#39;',
        };
        return html.replace(/\{\{(\w+)\}\}/g, (token, name: string) =>
          name in values ? values[name]!.replace(/[&<>"']/g, (character) => escapes[character]!) : token,
        );
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  // `npm run dev` starts the API on API_PORT (3001 unless told otherwise) and Vite in front of it.
  const apiPort = loadEnv(mode, '.', '').API_PORT ?? '3001';
  return {
    plugins: [react(), landingInDev(apiPort)],
    // The server serves dist/ at the site root: the prerendered landing page at `/`, index.html for
    // every other path (docs/decisions/0007-prerendered-landing-page.md).
    base: '/',
    build: {
      // The size-budget tests read dist/.vite/manifest.json to find each entry and its static imports.
      manifest: true,
      // Current browsers preload modules themselves; one that does not (Safari 16) still loads every
      // chunk, only without the head start. The polyfill cost about 270 bytes of the 200 KB budget.
      modulePreload: { polyfill: false },
    },
    environments: {
      // Two HTML documents, built separately so that neither shapes the other's chunks: the signed-in
      // app (index.html) and the landing page (landing.html). Built together, the modules they share
      // split the app's first download into many small files, which cost it about 9 KB of gzip overhead.
      client: {
        build: {
          rolldownOptions: {
            input: { index: resolve(root, 'index.html') },
            // Everything the entry imports statically is fetched before anything else runs, so it is
            // one file: split into the ~30 chunks that lazy pages share with it, it cost about 13 KB
            // more gzip (each file compressed apart) and 30 requests (docs/decisions/0063-shell-bundle.md).
            // Code only lazy pages need is still split automatically.
            output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
          },
          // That file is about 600 kB minified (180 KB gzip); its budget is e2e/bundle-budget.spec.ts's.
          chunkSizeWarningLimit: 700,
        },
      },
      landing: {
        consumer: 'client',
        build: {
          outDir: distDir,
          emptyOutDir: false,
          manifest: '.vite/landing-manifest.json',
          rolldownOptions: { input: { landing: resolve(root, landingTemplates.signedOut) } },
        },
      },
      ssr: {
        build: {
          outDir: ssrOutDir,
          emptyOutDir: true,
          manifest: false,
          rolldownOptions: {
            input: { 'entry-server': resolve(root, 'src/features/landing/entry-server.tsx') },
          },
        },
      },
    },
    // `vite build`: the app's browser build, the landing's, the landing's SSR build, then the prerender into dist/.
    builder: {
      async buildApp(builder) {
        await builder.build(builder.environments.client!);
        await builder.build(builder.environments.landing!);
        await builder.build(builder.environments.ssr!);
        await prerenderLanding({ distDir, serverEntry: join(ssrOutDir, 'entry-server.js') });
        rmSync(ssrOutDir, { recursive: true, force: true });
        // The landing templates are never sent as they are: the server fills and compresses them itself.
        const templates = new Set(Object.values(landingTemplates).map((file) => join(distDir, file)));
        precompress(distDir, (file) => templates.has(file));
      },
    },
    server: {
      port: 3000,
      strictPort: true,
      proxy: {
        // ws: true so realtime (websocket) endpoints under /api work in development too.
        '/api': { target: `http://localhost:${apiPort}`, changeOrigin: true, ws: true },
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Screens rendered in jsdom on 2 shared cores can take several seconds under load; speed is
      // measured by the benchmarks (bench/), not by how long a test may run.
      testTimeout: 20_000,
    },
  };
});
