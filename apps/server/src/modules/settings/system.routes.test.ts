import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { latestMailTo } from '../../test/outbox.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

const as = async (t: TestApp, role: Role, method: string, url: string, payload?: unknown) =>
  injectAs(t.app, await t.cookieFor(role), {
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const secrets = [
  's3cret',
  'mailuser',
  'sk-live-0123456789',
  'aiuser',
  'aipass',
  'AKIAEXAMPLEKEY',
  's3-secret-value',
  's3pw',
];

describe('System Settings with secrets in every setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        SMTP_URL: 'smtp://mailuser:s3cret@mail.example.com:587',
        MAIL_FROM: 'HOA <hoa@example.com>',
        AI_BASE_URL: 'https://aiuser:aipass@api.example.com/v1',
        AI_API_KEY: 'sk-live-0123456789',
        AI_MODEL: 'gpt-test-mini',
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'cw-files',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'https://s3user:s3pw@s3.example.com',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY',
        S3_SECRET_ACCESS_KEY: 's3-secret-value',
      },
      {
        // A provider that refuses the key and, as some do, repeats it in its error.
        assistantModel: new MockLanguageModelV4({
          modelId: 'gpt-test-mini',
          doGenerate: async () => {
            throw new Error(
              'Incorrect API key provided: sk-live-0123456789 at https://aiuser:aipass@api.example.com',
            );
          },
        }),
      },
    );
  });
  afterAll(async () => t.close());

  it('shows an admin where mail, the assistant and files go, and no password, key or credential', async () => {
    const response = await as(t, 'admin', 'GET', '/api/settings/system');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mail: {
        transport: 'smtp',
        from: 'HOA <hoa@example.com>',
        host: 'mail.example.com:587',
        outboxDir: null,
      },
      assistant: {
        provider: 'openai-compatible',
        model: 'gpt-test-mini',
        baseUrlHost: 'api.example.com',
        timeoutSeconds: 20,
      },
      storage: {
        driver: 's3',
        folder: null,
        bucket: 'cw-files',
        region: 'eu-west-1',
        endpointHost: 's3.example.com',
      },
      defaults: { jurisdiction: 'none', timeZone: 'America/Los_Angeles' },
    });
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  });

  it("reports a failing model with the provider's error, the key removed", async () => {
    const response = await as(t, 'admin', 'POST', '/api/settings/system/assistant-check');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'openai-compatible', isOk: false });
    expect(response.json().message).toContain('Incorrect API key provided');
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  });

  it('refuses everyone but admins', async () => {
    for (const role of ['manager', 'resident', 'vendor', 'board', 'developer'] as const) {
      expect((await as(t, role, 'GET', '/api/settings/system')).statusCode).toBe(403);
      expect((await as(t, role, 'POST', '/api/settings/system/test-mail')).statusCode).toBe(403);
      expect((await as(t, role, 'POST', '/api/settings/system/assistant-check')).statusCode).toBe(403);
      expect(
        (
          await as(t, role, 'PUT', '/api/settings/system/defaults', {
            jurisdiction: 'TX',
            timeZone: 'America/Chicago',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (await injectAs(t.app, undefined, { method: 'GET', url: '/api/settings/system' })).statusCode,
    ).toBe(401);
  });
});

describe('System Settings on a laptop (outbox, built-in assistant, local files)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('shows the outbox, the built-in assistant and the local folder', async () => {
    const body = (await as(t, 'admin', 'GET', '/api/settings/system')).json();
    expect(body.mail).toEqual({
      transport: 'outbox',
      from: 'Commonwise <no-reply@commonwise.test>',
      host: null,
      outboxDir: t.config.mail.outboxDir,
    });
    expect(body.assistant).toMatchObject({ provider: 'built-in', model: null, baseUrlHost: null });
    expect(body.storage).toMatchObject({ driver: 'local', bucket: null });
    expect(body.storage.folder).toMatch(/files$/);
  });

  it('sends the signed-in admin a test message that lands in the outbox', async () => {
    const response = await as(t, 'admin', 'POST', '/api/settings/system/test-mail');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      status: 'queued',
      transport: 'outbox',
      to: 'admin@commonwise.test',
    });
    expect(response.json().message).toMatch(/outbox/);
    const mail = await latestMailTo(t, 'admin@commonwise.test');
    expect(mail).toContain('Subject: Test message from System Settings');
    expect(mail).toContain('through the outbox folder');
  });

  it('checks the built-in assistant: its classifiers load and answer', async () => {
    const response = await as(t, 'admin', 'POST', '/api/settings/system/assistant-check');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'built-in', isOk: true });
    expect(response.json().message).toMatch(/^Classifiers loaded/);
  });

  it('refuses a jurisdiction or time zone that does not exist, with a message per field', async () => {
    const response = await as(t, 'admin', 'PUT', '/api/settings/system/defaults', {
      jurisdiction: 'NY',
      timeZone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      jurisdiction: 'Choose California, Florida (ch. 720 or ch. 718), Texas or none',
      timeZone: 'Choose a time zone from the list, e.g. America/Chicago',
    });
    expect((await as(t, 'admin', 'GET', '/api/settings/system/defaults')).json()).toEqual({
      jurisdiction: 'none',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('keeps the defaults, gives them to a new property that leaves them out, and records the change', async () => {
    const saved = await as(t, 'admin', 'PUT', '/api/settings/system/defaults', {
      jurisdiction: 'TX',
      timeZone: 'America/Chicago',
    });
    expect(saved.statusCode).toBe(200);
    expect((await as(t, 'admin', 'GET', '/api/settings/system')).json().defaults).toEqual({
      jurisdiction: 'TX',
      timeZone: 'America/Chicago',
    });

    const created = await as(t, 'admin', 'POST', '/api/properties', {
      name: 'Defaults Grove',
      address: '1 Default Way',
      type: 'residential',
      units: 1,
      status: 'pending',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ jurisdiction: 'TX', timeZone: 'America/Chicago' });
    // Given explicitly, the form's choice wins.
    const chosen = await as(t, 'admin', 'POST', '/api/properties', {
      name: 'Chosen Grove',
      address: '2 Default Way',
      type: 'residential',
      units: 1,
      status: 'pending',
      jurisdiction: 'CA',
      timeZone: 'America/Los_Angeles',
    });
    expect(chosen.json()).toMatchObject({ jurisdiction: 'CA', timeZone: 'America/Los_Angeles' });

    const trail = await as(t, 'admin', 'GET', '/api/audit-events?entity=app_settings');
    expect(trail.statusCode).toBe(200);
    const [event] = trail.json().events;
    expect(event).toMatchObject({
      entity: 'app_settings',
      entityId: 'property-defaults',
      actorRole: 'admin',
      requestId: saved.headers['x-request-id'],
    });
    expect(event.changes.value[1]).toEqual({ jurisdiction: 'TX', timeZone: 'America/Chicago' });
  });
});
