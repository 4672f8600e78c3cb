import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';
import { chooseEncoding, fillLandingTemplate, landingTemplateFiles, type LandingValues } from './web-app.ts';

// A stand-in for the prerendered templates: the same placeholder forms the real prerender leaves.
const template = (header: string) =>
  [
    '<title>{{companyName}}</title><link rel="canonical" href="{{publicUrl}}/">',
    `<div id="landing-root"><header>${header}</header>`,
    '<a href="mailto:{{contactEmail}}?subject=Contact%20Request&amp;body=Hello%20%7B%7BcompanyName%7D%7D">Mail</a>',
    '<a href="tel:%7B%7BcontactPhone%7D%7D">{{contactPhone}}</a><p>© {{copyrightYear}} {{companyName}}</p></div>',
    '<script type="application/json" id="landing-data">{{landingData}}</script>',
  ].join('');

const values: LandingValues = {
  companyName: `Acme & <Sons> "HOA" l'été`,
  contactEmail: "o'neil@acme.test",
  contactPhone: '+1 (555) 010-0200',
  copyrightYear: '2026',
  publicUrl: 'https://hoa.example',
};

describe('fillLandingTemplate', () => {
  const html = fillLandingTemplate(template('Login'), values, false);

  it('HTML-escapes settings in text and attributes', () => {
    expect(html).toContain('<title>Acme &amp; &lt;Sons&gt; &quot;HOA&quot; l&#39;été</title>');
    expect(html).toContain('href="mailto:o&#39;neil@acme.test?subject=Contact%20Request');
    expect(html).toContain('<link rel="canonical" href="https://hoa.example/">');
    expect(html).toContain('<p>© 2026 Acme &amp; &lt;Sons&gt;');
  });

  it('URL-encodes settings where the page URL-encoded the placeholder', () => {
    expect(html).toContain(`body=Hello%20${encodeURIComponent(values.companyName).replace(/'/g, '&#39;')}"`);
    expect(html).toContain('href="tel:%2B1%20(555)%20010-0200"');
  });

  it('embeds the values as JSON that cannot close its script element', () => {
    const json = /<script type="application\/json" id="landing-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual({
      companyName: values.companyName,
      contactEmail: values.contactEmail,
      contactPhone: values.contactPhone,
      copyrightYear: '2026',
      isSignedIn: false,
    });
  });

  it('never treats a setting that looks like a placeholder as one', () => {
    const filled = fillLandingTemplate(
      '<p>{{companyName}}</p>',
      { ...values, companyName: '{{publicUrl}}' },
      false,
    );
    expect(filled).toBe('<p>{{publicUrl}}</p>');
  });

  it('refuses a template with a placeholder it does not know', () => {
    expect(() => fillLandingTemplate('<p>{{nope}}</p>', values, false)).toThrow(
      'unknown placeholder {{nope}}',
    );
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});

describe('serving the web build', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cw-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Commonwise app</title>');
    writeFileSync(join(webDist, landingTemplateFiles.signedOut), template('<a href="/auth">Login</a>'));
    writeFileSync(
      join(webDist, landingTemplateFiles.signedIn),
      template('<a href="/dashboard">Dashboard</a>'),
    );
    t = await createTestApp({
      WEB_DIST: webDist,
      COMPANY_NAME: 'Maple & Oak HOA',
      CONTACT_EMAIL: 'board@maple.test',
      CONTACT_PHONE: '+1 555 010 0300',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers / with the landing page filled from the settings, signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    expect(response.body).toContain('<title>Maple &amp; Oak HOA</title>');
    expect(response.body).toContain('href="mailto:board@maple.test?subject=Contact%20Request');
    expect(response.body).toContain('<a href="/auth">Login</a>');
    expect(response.body).toContain(`<p>© ${new Date().getFullYear()} Maple &amp; Oak HOA</p>`);
    expect(response.body).toContain('"isSignedIn":false');
  });

  it('shows a signed-in visitor the signed-in header', async () => {
    const response = await injectAs(t.app, await t.cookieFor('resident'), { method: 'GET', url: '/' });
    expect(response.body).toContain('<a href="/dashboard">Dashboard</a>');
    expect(response.body).toContain('"isSignedIn":true');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('sends the landing page compressed when the browser accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(
      '<title>Maple &amp; Oak HOA</title>',
    );
  });

  it('never sends the templates with their placeholders', async () => {
    for (const file of Object.values(landingTemplateFiles)) {
      const response = await t.app.inject({ method: 'GET', url: `/${file}` });
      expect(response.body).not.toContain('{{');
      expect(response.body).toContain('Commonwise app');
    }
  });

  it('keeps serving the single-page app for every other path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Commonwise app');
  });
});
