// Build step (run by vite.config.ts after the client and SSR builds): renders the landing page to
// HTML and writes it into the built landing.html, so the page is readable before any script runs.
//
// The settings are not known at build time, so the page is rendered with `{{name}}` placeholders.
// React leaves them as they are in text and attributes; where the page URL-encodes a value (mail
// drafts, tel: links) the placeholder appears URL-encoded, as `%7B%7Bname%7D%7D`. The server
// (apps/server/src/plugins/web-app.ts) replaces both forms, each escaped for its context, and
// `{{landingData}}` with the same values as JSON for hydration. Two files are written, one per
// header: landing.html (signed out) and landing-signed-in.html.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LandingData } from '../src/features/landing/landing-data.ts';

export const landingTemplates = { signedOut: 'landing.html', signedIn: 'landing-signed-in.html' } as const;

const appMarker = '<!--landing-app-->';
const dataMarker = '<!--landing-data-->';
const dataScript = '<script type="application/json" id="landing-data">{{landingData}}</script>';

function placeholders(isSignedIn: boolean): LandingData {
  return {
    companyName: '{{companyName}}',
    contactEmail: '{{contactEmail}}',
    contactPhone: '{{contactPhone}}',
    copyrightYear: '{{copyrightYear}}',
    isSignedIn,
  };
}

/** The names the server knows how to fill; anything else in the output is a mistake caught here. */
const knownPlaceholders = new Set([
  'companyName',
  'contactEmail',
  'contactPhone',
  'copyrightYear',
  'publicUrl',
]);

function checkPlaceholders(html: string) {
  for (const match of html.matchAll(/\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/g)) {
    const name = match[1] ?? match[2]!;
    if (name === 'landingData' && match[1]) continue;
    if (!knownPlaceholders.has(name)) throw new Error(`landing prerender: unknown placeholder ${match[0]}`);
  }
  // A placeholder mangled some other way (e.g. lower-cased, or split by markup) would reach visitors.
  const leftovers = html.replace(/\{\{\w+\}\}|%7B%7B\w+%7D%7D/g, '').match(/.{0,40}(\{\{|%7B%7B).{0,40}/);
  if (leftovers) throw new Error(`landing prerender: a placeholder was transformed: …${leftovers[0]}…`);
}

/**
 * Every class in the prerendered HTML must exist in the landing's CSS: the SSR and client builds
 * name CSS-module classes independently, and a mismatch would show an unstyled page until hydration.
 */
function checkClassNames(html: string, distDir: string) {
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map((match) =>
    readFileSync(join(distDir, match[1]!), 'utf8'),
  );
  if (stylesheets.length === 0) throw new Error('landing prerender: landing.html links no stylesheet');
  const css = stylesheets.join('\n');
  const classes = new Set(
    [...html.matchAll(/ class="([^"]+)"/g)]
      .flatMap((match) => match[1]!.split(/\s+/))
      // Tabler icons carry their own class names, which nothing styles.
      .filter((name) => name && !name.startsWith('tabler-icon')),
  );
  const missing = [...classes].filter(
    (name) => !new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`).test(css),
  );
  if (missing.length > 0)
    throw new Error(`landing prerender: classes missing from the CSS: ${missing.join(', ')}`);
}

export async function prerenderLanding({ distDir, serverEntry }: { distDir: string; serverEntry: string }) {
  const { render } = (await import(pathToFileURL(serverEntry).href)) as {
    render: (data: LandingData) => string;
  };
  const template = readFileSync(join(distDir, landingTemplates.signedOut), 'utf8');
  if (!template.includes(appMarker) || !template.includes(dataMarker))
    throw new Error(`landing prerender: landing.html lacks ${appMarker} or ${dataMarker}`);

  for (const isSignedIn of [false, true]) {
    const html = template
      .replace(appMarker, () => render(placeholders(isSignedIn)))
      .replace(dataMarker, dataScript);
    checkPlaceholders(html);
    checkClassNames(html, distDir);
    const file = isSignedIn ? landingTemplates.signedIn : landingTemplates.signedOut;
    writeFileSync(join(distDir, file), html);
  }
}
