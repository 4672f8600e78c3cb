import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => {
  // `npm run dev` starts the API on API_PORT (3001 unless told otherwise) and Vite in front of it.
  const apiPort = loadEnv(mode, '.', '').API_PORT ?? '3001';
  return {
    plugins: [react()],
    // The server serves dist/ at the site root and falls back to index.html for every SPA path.
    base: '/',
    build: {
      // The size-budget test reads dist/.vite/manifest.json to find the entry chunk and its static imports.
      manifest: true,
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
    },
  };
});
