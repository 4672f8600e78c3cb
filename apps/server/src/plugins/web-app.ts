import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './errors.ts';

/** Serves the built single-page app, with index.html for every client-side route. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebBuild = existsSync(join(webDist, 'index.html'));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/; the HTML must always be fetched fresh.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) return apiNotFound(request, reply);
    if (hasWebBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .type('text/plain')
      .send(
        hasWebBuild
          ? 'Not found'
          : 'The web app is not built yet: run `npm run build`, or use `npm run dev`.',
      );
  });
}
