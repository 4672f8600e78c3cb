import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import {
  letterDeliveries,
  letters,
  letterTemplates,
  profiles,
  properties,
  units,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let willow: string;
let harbor: string;
let unit14B: string;
let unit7A: string;
let residentId: string;
let boardId: string;

const idOf = async (name: string) =>
  (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
    .id;

beforeAll(async () => {
  t = await createTestApp();
  willow = await idOf('Willow Creek Commons');
  harbor = await idOf('Harbor View Condominiums');
  const unitOf = async (label: string) =>
    (
      await t.database.db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, willow), eq(units.label, label)))
    )[0]!.id;
  unit14B = await unitOf('14B');
  unit7A = await unitOf('7A');
  const personOf = async (email: string) =>
    (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  residentId = await personOf('resident@commonwise.test');
  boardId = await personOf('board@commonwise.test');
});
afterAll(async () => t.close());

const as = async (role: Role | 'manager2' | 'resident2', method: string, url: string, payload?: unknown) => {
  const cookie =
    role === 'manager2' || role === 'resident2'
      ? await t.signIn(`${role}@commonwise.test`)
      : await t.cookieFor(role);
  return injectAs(t.app, cookie, {
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
};

const lettersUrl = (propertyId = willow) => `/api/properties/${propertyId}/letters`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
async function textOf(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  // Lines joined: what a sentence says, wherever the page wraps it.
  return text.map((page) => page.replace(/\s+/g, ' '));
}

async function welcomeTemplateId(propertyId = willow): Promise<string> {
  const list = await as('manager', 'GET', `/api/properties/${propertyId}/letter-templates`);
  expect(list.statusCode).toBe(200);
  return list.json().templates.find((template: { key: string }) => template.key === 'welcome').id;
}

async function makeWelcome(unitId = unit14B, recipientIds = [residentId]) {
  const response = await as('manager', 'POST', lettersUrl(), {
    templateId: await welcomeTemplateId(),
    unitId,
    recipientIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const violationTemplate = {
  key: 'violation',
  kind: 'violation_notice',
  title: 'Notice of violation: unit {{unit.label}}',
  body: 'Dear {{owner.name}},\n\n“{{rule.text}}” ({{rule.source}})\n\nA fine of {{amount.fine}} is due by {{date.due}}.\n\n{{sender.name}}',
  requiresApproval: true,
};
const violationValues = {
  'rule.text': 'Trash containers must be stored out of sight except on collection days.',
  'rule.source': 'CC&Rs §7.4',
  'amount.fine': 10_000,
  'date.due': '2027-01-15',
};

describe('the welcome letter', () => {
  it('is made as a draft for a new owner, from the installation default, with its PDF stored once with its SHA-256', async () => {
    const letter = await makeWelcome();
    expect(letter).toMatchObject({
      status: 'draft',
      kind: 'correspondence',
      title: 'Welcome to Willow Creek Commons',
      requiresApproval: false,
      unit: { id: unit14B, label: '14B' },
      recipients: [{ userId: residentId, name: 'Ryan Chen' }],
      template: { key: 'welcome', version: 1 },
      deliveries: [],
      can: { submit: false, approve: false, send: true, cancel: true },
    });
    expect(letter.values).toMatchObject({
      'owner.name': 'Ryan Chen',
      'owner.since': 'June 1, 2023',
      'sender.name': 'Maria Santos',
      'unit.label': '14B',
    });
    // The stored bytes and the downloaded bytes are the ones the checksum names.
    const [row] = await t.database.db.select().from(letters).where(eq(letters.id, letter.id));
    const stored = await t.app.storage.read(row!.pdfKey);
    expect(sha256(stored)).toBe(letter.sha256);
    const download = await as('manager', 'GET', `${lettersUrl()}/${letter.id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(sha256(download.rawPayload)).toBe(letter.sha256);
    const [page] = await textOf(download.rawPayload);
    expect(page).toContain('Dear Ryan Chen,');
    expect(page).toContain('owner of unit 14B from June 1, 2023');
    expect(page).toContain('Maria Santos');
    expect(page).toContain(`Letter ${letter.id.slice(0, 8).toUpperCase()}`);
  });

  it('goes out only when a person sends it, and the owner then reads it in the resident portal', async () => {
    const letter = await makeWelcome();
    const before = (await as('resident', 'GET', '/api/resident-portal/letters')).json();
    expect(before.letters.map((mine: { id: string }) => mine.id)).not.toContain(letter.id);
    expect((await as('resident', 'GET', `/api/resident-portal/letters/${letter.id}/pdf`)).statusCode).toBe(
      404,
    );

    const sent = await as('manager', 'POST', `${lettersUrl()}/${letter.id}/send`, {
      deliveries: [{ recipientId: residentId, method: 'portal' }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'sent',
      deliveries: [{ recipientId: residentId, method: 'portal', recordedBy: { fullName: 'Maria Santos' } }],
      can: { send: false, cancel: false },
    });
    // The portal delivery reached the owner as a notification too (letter.sent, which cannot be turned off).
    const bell = (await as('resident', 'GET', '/api/notifications')).json();
    expect(bell.rows).toContainEqual(
      expect.objectContaining({
        kind: 'letter.sent',
        title: 'Welcome to Willow Creek Commons',
        link: '/resident-portal',
        propertyId: willow,
      }),
    );
    const mine = (await as('resident', 'GET', '/api/resident-portal/letters')).json();
    expect(mine.letters).toContainEqual(
      expect.objectContaining({
        id: letter.id,
        title: 'Welcome to Willow Creek Commons',
        methods: ['portal'],
      }),
    );
    const pdf = await as('resident', 'GET', `/api/resident-portal/letters/${letter.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(sha256(pdf.rawPayload)).toBe(letter.sha256);
    // Someone else's letter is not found, whoever asks through the portal.
    expect((await as('resident2', 'GET', `/api/resident-portal/letters/${letter.id}/pdf`)).statusCode).toBe(
      404,
    );
    expect((await as('board', 'GET', `/api/resident-portal/letters/${letter.id}/pdf`)).statusCode).toBe(404);

    const again = await as('manager', 'POST', `${lettersUrl()}/${letter.id}/send`, {
      deliveries: [{ recipientId: residentId, method: 'portal' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LETTER_ALREADY_SENT');
  });

  it('is only for owners of the unit', async () => {
    const response = await as('manager', 'POST', lettersUrl(), {
      templateId: await welcomeTemplateId(),
      unitId: unit7A,
      recipientIds: [residentId],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'NOT_AN_OWNER',
      fields: { recipientIds: 'Not an owner of unit 7A' },
    });
  });
});

describe('templates', () => {
  it('refuses an unknown placeholder on save, saying which', async () => {
    const response = await as('manager', 'POST', `/api/properties/${willow}/letter-templates`, {
      ...violationTemplate,
      body: 'Dear {{owner.firstName}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      body: 'Unknown placeholder {{owner.firstName}}. Use only the placeholders listed beside the editor.',
    });
  });

  it('publishes new versions without changing letters already made, or the version they were made from', async () => {
    const first = await as('manager', 'POST', `/api/properties/${willow}/letter-templates`, {
      key: 'newsletter',
      kind: 'correspondence',
      title: 'News for unit {{unit.label}}',
      body: 'Version one, {{owner.name}}.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ propertyId: willow, key: 'newsletter', version: 1 });
    const made = await as('manager', 'POST', lettersUrl(), {
      templateId: first.json().id,
      unitId: unit14B,
      recipientIds: [residentId],
    });
    expect(made.statusCode).toBe(201);

    const second = await as('manager', 'POST', `/api/properties/${willow}/letter-templates`, {
      key: 'newsletter',
      kind: 'correspondence',
      title: 'News for unit {{unit.label}}',
      body: 'Version two, {{owner.name}}.',
    });
    expect(second.json()).toMatchObject({ version: 2 });
    const old = (await as('manager', 'GET', `${lettersUrl()}/${made.json().id}`)).json();
    expect(old).toMatchObject({ body: 'Version one, Ryan Chen.', template: { version: 1 } });
    const list = (await as('manager', 'GET', `/api/properties/${willow}/letter-templates`)).json();
    expect(list.templates.find((template: { key: string }) => template.key === 'newsletter').version).toBe(2);

    const outdated = await as('manager', 'POST', lettersUrl(), {
      templateId: first.json().id,
      unitId: unit14B,
      recipientIds: [residentId],
    });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().error.code).toBe('TEMPLATE_OUTDATED');
    // No code path can rewrite a published version: the database refuses.
    const refusal = await t.database.db
      .update(letterTemplates)
      .set({ body: 'rewritten' })
      .where(eq(letterTemplates.id, first.json().id))
      .then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(refusal).toBe('letter_templates cannot be changed: UPDATE is refused');
  });

  it('asks for the values a template needs that the records cannot give', async () => {
    const template = (
      await as('manager', 'POST', `/api/properties/${willow}/letter-templates`, violationTemplate)
    ).json();
    const response = await as('manager', 'POST', lettersUrl(), {
      templateId: template.id,
      unitId: unit14B,
      recipientIds: [residentId],
      values: { 'rule.text': 'x', 'rule.source': 'y' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'PLACEHOLDER_VALUE_MISSING',
      fields: {
        'values.amount.fine': 'Required by this template',
        'values.date.due': 'Required by this template',
      },
    });
  });
});

describe('approval and the evidence the jurisdiction requires (Willow Creek is in Texas)', () => {
  let letterId: string;

  beforeAll(async () => {
    const template = (
      await as('manager', 'POST', `/api/properties/${willow}/letter-templates`, {
        ...violationTemplate,
        key: 'violation-tx',
      })
    ).json();
    const made = await as('manager', 'POST', lettersUrl(), {
      templateId: template.id,
      unitId: unit14B,
      recipientIds: [residentId],
      values: violationValues,
    });
    expect(made.statusCode, made.body).toBe(201);
    letterId = made.json().id;
    const [page] = await textOf((await as('manager', 'GET', `${lettersUrl()}/${letterId}/pdf`)).rawPayload);
    expect(page).toContain('A fine of $100.00 is due by January 15, 2027.');
  });

  const send = (role: Role, payload: unknown) =>
    as(role, 'POST', `${lettersUrl()}/${letterId}/send`, payload);
  const certified = { recipientId: '', method: 'certified', trackingNumber: '9407 1000 0000 0000 0000 01' };

  it('refuses to send a letter that needs approval before it has it', async () => {
    const refused = await send('manager', { deliveries: [{ ...certified, recipientId: residentId }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      message: 'This letter needs approval before it is sent: submit it for approval first.',
    });
    const submitted = await as('manager', 'POST', `${lettersUrl()}/${letterId}/submit`);
    expect(submitted.json()).toMatchObject({ status: 'awaiting_approval', can: { approve: false } });
    expect(
      (await send('manager', { deliveries: [{ ...certified, recipientId: residentId }] })).statusCode,
    ).toBe(403);
    expect(
      (await t.database.db.select().from(letterDeliveries).where(eq(letterDeliveries.letterId, letterId)))
        .length,
    ).toBe(0);
  });

  it('is approved by someone other than its author: the board, not the manager who made it', async () => {
    const own = await as('manager', 'POST', `${lettersUrl()}/${letterId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_LETTER');
    // The board of another association does not even find it.
    expect((await as('manager2', 'POST', `${lettersUrl()}/${letterId}/approve`)).statusCode).toBe(404);
    const seen = (await as('board', 'GET', `${lettersUrl()}/${letterId}`)).json();
    expect(seen.can).toEqual({ submit: false, approve: true, send: false, cancel: false });
    const approved = await as('board', 'POST', `${lettersUrl()}/${letterId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedBy: { id: boardId } });
    // Sending stays with the property's managers.
    expect(
      (await send('board', { deliveries: [{ ...certified, recipientId: residentId }] })).statusCode,
    ).toBe(403);
  });

  it('refuses a delivery without the evidence Texas requires, naming the rule and statute', async () => {
    const bellBefore = (await as('resident', 'GET', '/api/notifications')).json().total;
    const firstClass = await send('manager', {
      deliveries: [{ recipientId: residentId, method: 'first_class' }],
    });
    expect(firstClass.statusCode).toBe(422);
    expect(firstClass.json().error).toMatchObject({
      code: 'DELIVERY_METHOD_REQUIRED',
      message:
        'Texas requires a violation notice by certified mail: record a certified mail delivery to Ryan Chen (Tex. Prop. Code §209.006)',
    });
    const noTracking = await send('manager', {
      deliveries: [{ recipientId: residentId, method: 'certified', trackingNumber: '  ' }],
    });
    expect(noTracking.statusCode).toBe(422);
    expect(noTracking.json().error).toMatchObject({
      code: 'TRACKING_NUMBER_REQUIRED',
      message: 'Certified mail needs a tracking number (Tex. Prop. Code §209.006)',
      fields: {
        'deliveries.0.trackingNumber': 'Certified mail needs a tracking number (Tex. Prop. Code §209.006)',
      },
    });
    const email = await send('manager', {
      deliveries: [
        { ...certified, recipientId: residentId },
        { recipientId: residentId, method: 'email' },
      ],
    });
    expect(email.statusCode).toBe(422);
    expect(email.json().error.message).toMatch(
      /only if the owner opted in.*\(Tex\. Prop\. Code §209\.0042\)$/,
    );
    const future = await send('manager', {
      deliveries: [{ ...certified, recipientId: residentId, deliveredOn: '2999-01-01' }],
    });
    expect(future.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(letterDeliveries)
      .where(eq(letterDeliveries.letterId, letterId));
    expect(rows).toEqual([]);
    // A refused send notified no one: the notification shares the refused transaction.
    expect((await as('resident', 'GET', '/api/notifications')).json().total).toBe(bellBefore);
  });

  it('records the deliveries with the evidence, once, and keeps them unchangeable', async () => {
    const sent = await send('manager', {
      deliveries: [
        { ...certified, recipientId: residentId },
        { recipientId: residentId, method: 'email', confirmations: ['tx-electronic-opt-in', 'made-up'] },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().deliveries).toEqual([
      expect.objectContaining({
        method: 'certified',
        trackingNumber: certified.trackingNumber,
        confirmations: [],
      }),
      expect.objectContaining({ method: 'email', confirmations: ['tx-electronic-opt-in'] }),
    ]);
    const refusal = await t.database.db
      .update(letterDeliveries)
      .set({ trackingNumber: 'changed' })
      .where(eq(letterDeliveries.letterId, letterId))
      .then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(refusal).toBe('letter_deliveries cannot be changed: UPDATE is refused');
    const rewrite = await t.database.db
      .update(letters)
      .set({ body: 'changed' })
      .where(eq(letters.id, letterId))
      .then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(rewrite).toBe("A letter's content cannot be changed once made: cancel it and make a new one");
    // Who moved it is in the audit trail.
    const trail = (await as('admin', 'GET', `/api/audit-events?entity=letters&q=${letterId}`)).json();
    expect(
      trail.events.map((event: { action: string; actorRole: string }) => [event.action, event.actorRole]),
    ).toEqual([
      ['update', 'manager'],
      ['update', 'board'],
      ['update', 'manager'],
      ['insert', 'manager'],
    ]);
  });
});

describe('who may see and do what', () => {
  it("keeps another association's manager out, and residents off the staff routes", async () => {
    const letter = await makeWelcome();
    expect((await as('manager2', 'GET', `${lettersUrl()}/${letter.id}`)).statusCode).toBe(404);
    expect((await as('manager2', 'GET', `${lettersUrl()}/${letter.id}/pdf`)).statusCode).toBe(404);
    expect((await as('manager2', 'GET', lettersUrl())).statusCode).toBe(404);
    expect(
      (
        await as('manager2', 'POST', lettersUrl(), {
          templateId: await welcomeTemplateId(),
          unitId: unit14B,
          recipientIds: [residentId],
        })
      ).statusCode,
    ).toBe(404);
    // Named under their own property, a Willow Creek letter is still not found.
    expect((await as('manager2', 'GET', `${lettersUrl(harbor)}/${letter.id}`)).statusCode).toBe(404);
    expect((await as('resident', 'GET', lettersUrl())).statusCode).toBe(403);
    expect((await as('board', 'GET', lettersUrl())).statusCode).toBe(200);
    expect((await as('board', 'POST', `${lettersUrl()}/${letter.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await as('manager', 'POST', `${lettersUrl()}/${letter.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
  });
});

describe('printing a batch', () => {
  it('prints one PDF: an address sheet, then every letter exactly as stored', async () => {
    const first = await makeWelcome();
    const second = await makeWelcome(unit7A, [boardId]);
    const response = await as('manager', 'GET', `${lettersUrl()}/print?ids=${first.id},${second.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Letters \d{4}-\d{2}-\d{2} \(2\)\.pdf"/,
    );
    const pages = await textOf(response.rawPayload);
    // One page of addresses, then one page per letter.
    expect(pages).toHaveLength(1 + first.pageCount + second.pageCount);
    expect(pages[0]).toContain('Address sheet: Willow Creek Commons');
    expect(pages[0]).toContain('2 envelopes');
    for (const name of ['Ryan Chen', 'Beatrice Hall']) expect(pages[0]).toContain(name);
    expect(pages[0]).toContain(first.recipients[0].address);
    expect(pages[1]).toContain('Dear Ryan Chen,');
    expect(pages[2]).toContain('Dear Beatrice Hall,');
  });

  it('refuses a letter whose stored PDF no longer matches its SHA-256, and cancelled or unapproved ones', async () => {
    const letter = await makeWelcome();
    const [row] = await t.database.db.select().from(letters).where(eq(letters.id, letter.id));
    // Someone changes the file behind the product's back.
    writeFileSync(
      join(t.config.storage.driver === 'local' ? t.config.storage.rootDir : '', row!.pdfKey),
      'tampered',
    );
    const tampered = await as('manager', 'GET', `${lettersUrl()}/print?ids=${letter.id}`);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error.code).toBe('LETTER_FILE_CHANGED');

    const cancelled = await makeWelcome();
    await as('manager', 'POST', `${lettersUrl()}/${cancelled.id}/cancel`);
    expect((await as('manager', 'GET', `${lettersUrl()}/print?ids=${cancelled.id}`)).statusCode).toBe(409);
    expect((await as('manager2', 'GET', `${lettersUrl(harbor)}/print?ids=${cancelled.id}`)).statusCode).toBe(
      404,
    );
    expect((await as('board', 'GET', `${lettersUrl()}/print?ids=${cancelled.id}`)).statusCode).toBe(403);
  });
});

describe('files', () => {
  it("keeps a letter's PDF through the orphan-file sweep", async () => {
    const { sweepOrphanFiles } = await import('../documents/orphan-files.ts');
    const letter = await makeWelcome();
    const [row] = await t.database.db.select().from(letters).where(eq(letters.id, letter.id));
    const removed = await sweepOrphanFiles(t.database.db, t.app.storage, new Date(Date.now() + 60_000));
    expect(removed).not.toContain(row!.pdfKey);
    expect(await t.app.storage.exists(row!.pdfKey)).toBe(true);
  });
});
