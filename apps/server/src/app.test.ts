import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, injectAs, type TestApp } from './test/test-app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cw-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Commonwise</title>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the server', () => {
  it('refuses to boot with a route that does not declare who may call it', async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    expect(() => app.get('/api/undeclared', async () => 'hello')).toThrow(
      'Route GET /api/undeclared does not declare its access (config.access)',
    );
  });

  it('reports health with the database kind and version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind, version: t.config.version });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/me', '/api/properties/{id}']),
    );
    expect(
      document.paths['/api/me'].patch.requestBody.content['application/json'].schema.properties.fullName,
    ).toBeTruthy();
  });

  it('answers malformed JSON with the error shape and a readable message', async () => {
    const response = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'PATCH',
      url: '/api/me',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message: 'The request body is not valid JSON.' });
    expect(response.json().error.requestId).toBe(response.headers['x-request-id']);
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no API endpoint GET /api/nothing-here.',
    });
  });

  it('serves the web app for client-side routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Commonwise</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-me' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the security headers with refusals and errors too', async () => {
    const resident = await t.cookieFor('resident');
    const answers = {
      401: await t.app.inject({ method: 'GET', url: '/api/me' }),
      403: await injectAs(t.app, resident, { method: 'GET', url: '/api/users' }),
      '404 unknown route': await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      '400 malformed %-escape': await t.app.inject({ method: 'GET', url: '/api/properties/%zz' }),
      '400 bad JSON': await injectAs(t.app, resident, {
        method: 'PATCH',
        url: '/api/me',
        headers: { 'content-type': 'application/json' },
        payload: '{"fullName": ',
      }),
      415: await injectAs(t.app, resident, {
        method: 'PATCH',
        url: '/api/me',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      }),
    };
    let limited;
    for (let attempt = 0; attempt < 25 && limited?.statusCode !== 429; attempt++) {
      limited = await t.app.inject({
        method: 'POST',
        url: '/api/invitations/not-a-real-token/accept',
        payload: { password: 'long-enough-password' },
      });
    }
    const statuses = Object.fromEntries(
      Object.entries({ ...answers, 429: limited! }).map(([name, response]) => [name, response.statusCode]),
    );
    expect(statuses).toEqual({
      401: 401,
      403: 403,
      '404 unknown route': 404,
      '400 malformed %-escape': 400,
      '400 bad JSON': 400,
      415: 415,
      429: 429,
    });
    for (const [name, response] of Object.entries({ ...answers, 429: limited! })) {
      expect({
        name,
        csp: response.headers['content-security-policy'],
        nosniff: response.headers['x-content-type-options'],
        frameOptions: response.headers['x-frame-options'],
        requestId: response.headers['x-request-id'],
      }).toEqual({
        name,
        csp: expect.stringContaining("frame-ancestors 'none'"),
        nosniff: 'nosniff',
        frameOptions: 'SAMEORIGIN',
        requestId: response.json().error.requestId,
      });
    }
  });

  it('echoes a well-formed request id', async () => {
    for (const id of [
      'trace-me',
      '3f2b8c1e-9d4a-4e6f-8b2a-1c3d5e7f9a0b',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces a request id that is too long or not plain text with one of its own', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const id of [
      'a'.repeat(65),
      'abc\r\nset-cookie: x=1',
      'abc\ndef',
      'café-42',
      '<script>alert(1)</script>',
      '"quoted"',
      'a b',
      '',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/nothing-here',
        headers: { 'x-request-id': id },
      });
      expect({ id, echoed: response.headers['x-request-id'] }).toEqual({
        id,
        echoed: expect.stringMatching(uuid),
      });
      expect(response.json().error.requestId).toBe(response.headers['x-request-id']);
    }
  });
});
