import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { resolveActor } from './access.ts';
import { apiNotFound } from './errors.ts';

/**
 * The landing page's prerendered templates in the web build, one per header (written by
 * apps/web/scripts/prerender-landing.ts). They hold `{{name}}` placeholders and are never sent as they are.
 */
export const landingTemplateFiles = {
  signedOut: 'landing.html',
  signedIn: 'landing-signed-in.html',
} as const;

export type LandingValues = {
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  copyrightYear: string;
  publicUrl: string;
};

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** JSON that cannot end its <script> element early, whatever the settings contain. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Fills a prerendered landing template, each placeholder escaped for where it stands:
 * `{{name}}` in HTML text or attributes → HTML-escaped; `%7B%7Bname%7D%7D` (the page URL-encoded the
 * placeholder, in a mail draft or tel: link) → URL-encoded, then HTML-escaped; `{{landingData}}` (in
 * the JSON script element the page hydrates from) → JSON. One pass, so a setting's value is never
 * itself searched for placeholders. An unknown placeholder means the web build and the server
 * disagree: better to stop at start-up than to show it to visitors.
 */
export function fillLandingTemplate(template: string, values: LandingValues, isSignedIn: boolean): string {
  const data = {
    companyName: values.companyName,
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    copyrightYear: values.copyrightYear,
    isSignedIn,
  };
  return template.replace(
    /\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/g,
    (placeholder, raw?: string, encoded?: string) => {
      const name = (raw ?? encoded)!;
      if (raw === 'landingData') return jsonForScript(data);
      if (!Object.hasOwn(values, name))
        throw new Error(
          `The web build's landing page has an unknown placeholder ${placeholder}: rebuild it.`,
        );
      const value = values[name as keyof LandingValues];
      return escapeHtml(raw ? value : encodeURIComponent(value));
    },
  );
}

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

function encodeAll(html: string): Encoded {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** br, gzip or identity, by the client's Accept-Encoding (an encoding with q=0 is refused). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(?:\.0+)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The landing page, filled with the site settings once at start-up (and again when the year turns,
 * for the copyright line) and kept compressed in memory.
 */
function createLandingPages(app: FastifyInstance, webDist: string) {
  const templates = {
    signedOut: readFileSync(join(webDist, landingTemplateFiles.signedOut), 'utf8'),
    signedIn: readFileSync(join(webDist, landingTemplateFiles.signedIn), 'utf8'),
  };
  let cached: { year: string; signedOut: Encoded; signedIn: Encoded } | undefined;
  const pagesFor = (year: string) => {
    if (cached?.year !== year) {
      const values: LandingValues = {
        ...app.config.site,
        copyrightYear: year,
        publicUrl: app.config.publicUrl,
      };
      cached = {
        year,
        signedOut: encodeAll(fillLandingTemplate(templates.signedOut, values, false)),
        signedIn: encodeAll(fillLandingTemplate(templates.signedIn, values, true)),
      };
    }
    return cached;
  };
  pagesFor(String(new Date().getFullYear()));

  return async function sendLanding(request: FastifyRequest, reply: FastifyReply) {
    // The header differs for a signed-in visitor (Dashboard, Sign Out): decided here, so the page
    // arrives right the first time, with no request from the browser and no flash of the wrong buttons.
    const actor = await resolveActor(app.auth, app.sessionCache, request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'landing page: could not read the session; showing it signed out');
      return null;
    });
    const pages = pagesFor(String(new Date().getFullYear()));
    const page = actor ? pages.signedIn : pages.signedOut;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', actor ? 'private, no-cache' : 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .send(page[encoding]);
  };
}

/**
 * Serves the built web app: the prerendered landing page at `/`, the single-page app's index.html for
 * every other client-side route, and the files of the build (with their precompressed .br/.gz copies).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebBuild = existsSync(join(webDist, 'index.html'));
  const hasLanding = Object.values(landingTemplateFiles).every((file) => existsSync(join(webDist, file)));
  const templatePaths = new Set(Object.values(landingTemplateFiles).map((file) => `/${file}`));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      // `/` is the landing page, answered below.
      index: false,
      preCompressed: true,
      allowedPath: (path) => !templatePaths.has(path),
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/; the HTML must always be fetched fresh.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const sendLanding = hasLanding ? createLandingPages(app, webDist) : null;
    app.get('/', (request, reply) =>
      sendLanding
        ? sendLanding(request, reply)
        : reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
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
