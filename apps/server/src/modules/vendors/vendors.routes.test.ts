import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  VendorCompany,
  VendorDocument,
  VendorList,
  VendorOptions,
  VendorOwnCompany,
} from '@commonwise/contracts';
import {
  auditEvents,
  breakoutRooms,
  chatMessages,
  notifications,
  profiles,
  properties,
  vendorAssignmentOverrides,
  vendorCompanies,
  vendorDocuments,
  workOrderActivity,
  workOrderInternalNotes,
  workOrders,
} from '../../db/schema/index.ts';
import { makeTextPdf } from '../../test/fixtures/documents.ts';
import { linkToken, mailsTo } from '../../test/outbox.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { addDays } from './compliance.ts';
import { directoryToday } from './vendor-views.ts';
import { vendorComplianceSchedule } from './vendors.jobs.ts';

/**
 * The vendor directory (issue 24 item 1) through the API, as each person sees it: the manager of Willow
 * Creek (manager@), the manager of Harbor View (manager2@), Willow Creek's board member (board@), the demo
 * vendor Victor Ortiz (vendor@), a resident and an admin. Companies, people, documents and files are made
 * through the routes; only the clock of a certificate is set where a test needs an old one.
 */

type Who = 'admin' | 'manager' | 'manager2' | 'board' | 'vendor' | 'resident';
let t: TestApp;
const cookies = new Map<string, string>();
let willow: string;
let harbor: string;
let sinkLeak: string;
let streetlight: string;
let sinkRoom: string;
const ids: Record<string, string> = {};

async function cookieOf(who: string) {
  if (!cookies.has(who)) cookies.set(who, await t.signIn(who.includes('@') ? who : `${who}@commonwise.test`));
  return cookies.get(who)!;
}
async function as(
  who: Who | string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return injectAs(t.app, await cookieOf(who), { method, url, ...(payload ? { payload } : {}) });
}
const today = () => directoryToday();
const pdf = () => makeTextPdf([['Certificate of liability insurance', 'Ortiz Plumbing & Repair']]);
async function upload(who: Who | string, documentId: string, name = 'certificate.pdf') {
  const body = new FormData();
  body.append('vendorDocumentId', documentId);
  body.append('file', new Blob([new Uint8Array(await pdf())], { type: 'application/pdf' }), name);
  return injectAs(t.app, await cookieOf(who), { method: 'POST', url: '/api/attachments', payload: body });
}
const insurance = (expiresOn: string, extra: object = {}) => ({
  kind: 'insurance',
  insurer: 'Lone Oak Mutual',
  policyNumber: 'GL-44821',
  generalLiabilityCents: 100_000_000,
  aggregateCents: 200_000_000,
  workersComp: true,
  expiresOn,
  ...extra,
});
const countOf = async (table: Parameters<ReturnType<TestApp['database']['db']['select']>['from']>[0]) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  willow = await idOf('Willow Creek Commons');
  harbor = await idOf('Harbor View Condominiums');
  const workOrderId = async (summary: string) =>
    (await db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.summary, summary)))[0]!.id;
  sinkLeak = await workOrderId('Kitchen sink leaking under the cabinet');
  streetlight = await workOrderId('Streetlight out in front of unit 14B');
  sinkRoom = (
    await db
      .select({ id: breakoutRooms.id })
      .from(breakoutRooms)
      .where(eq(breakoutRooms.workOrderId, sinkLeak))
  )[0]!.id;
  for (const email of ['vendor', 'manager', 'manager2', 'board', 'resident'])
    ids[email] = (
      await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, `${email}@commonwise.test`))
    )[0]!.id;
});
afterAll(async () => t?.close());

let ortiz: VendorCompany;
let loneStar: VendorCompany;
let harborElectric: VendorCompany;

describe('the directory', () => {
  it('lets a manager add a company serving their association, once by name', async () => {
    const created = await as('manager', 'POST', '/api/vendors', {
      name: 'Ortiz Plumbing & Repair',
      trades: ['plumbing', 'appliances'],
      phone: '512-555-0142',
      email: 'Office@OrtizPlumbing.example',
      contacts: [{ name: 'Office', role: 'Scheduling', phone: '512-555-0142' }],
      notes: 'Prefers morning calls.',
      propertyIds: [willow],
    });
    expect(created.statusCode, created.body).toBe(201);
    ortiz = created.json<VendorCompany>();
    expect(ortiz).toMatchObject({
      name: 'Ortiz Plumbing & Repair',
      trades: ['plumbing', 'appliances'],
      email: 'office@ortizplumbing.example',
      notes: 'Prefers morning calls.',
      serviceAreas: [{ propertyId: willow, propertyName: 'Willow Creek Commons' }],
      people: [],
      documents: [],
      canManage: true,
      overrides: [],
      compliance: {
        insurance: { status: 'missing', expiresOn: null },
        licence: { status: 'missing', expiresOn: null },
        w9: { status: 'missing' },
      },
    });

    const before = await countOf(vendorCompanies);
    // The same company by another manager, in other letters: one record serves several associations.
    const again = await as('manager2', 'POST', '/api/vendors', {
      name: '  ortiz plumbing & REPAIR ',
      trades: [],
      propertyIds: [harbor],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'VENDOR_NAME_TAKEN' });
    expect(again.json().error.message).toContain('add your association to the associations it serves');
    // An association the manager does not run: not found, and nothing written.
    const elsewhere = await as('manager', 'POST', '/api/vendors', {
      name: 'Somewhere Else Roofing',
      trades: ['roofing'],
      propertyIds: [harbor],
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await countOf(vendorCompanies)).toBe(before);

    harborElectric = (
      await as('manager2', 'POST', '/api/vendors', {
        name: 'Harbor Electric',
        trades: ['electrical'],
        propertyIds: [harbor],
      })
    ).json<VendorCompany>();
    loneStar = (
      await as('manager', 'POST', '/api/vendors', {
        name: 'Lone Star Electric',
        trades: ['electrical'],
        propertyIds: [willow],
      })
    ).json<VendorCompany>();
    expect(loneStar.id).toBeDefined();
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = await countOf(vendorCompanies);
    const cases: [object, string][] = [
      [{ name: ' ', trades: [] }, 'name'],
      [{ name: 'Trades Co', trades: ['plumbing', 'plumbing'] }, 'trades'],
      [{ name: 'Trades Co', trades: ['astrology'] }, 'trades.0'],
      [{ name: 'Mail Co', trades: [], email: 'not an address' }, 'email'],
      [
        {
          name: 'Many Contacts Co',
          trades: [],
          contacts: Array.from({ length: 11 }, (_, i) => ({ name: `Contact ${i}` })),
        },
        'contacts',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await as('manager', 'POST', '/api/vendors', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await countOf(vendorCompanies)).toBe(before);
  });

  it('shows managers the whole directory, a board member only their association’s vendors, read-only', async () => {
    const managers = (await as('manager', 'GET', '/api/vendors')).json<VendorList>();
    expect(managers.vendors.map((vendor) => vendor.name)).toEqual([
      'Harbor Electric',
      'Lone Star Electric',
      'Ortiz Plumbing & Repair',
    ]);
    expect(managers.total).toBe(3);
    const board = (await as('board', 'GET', '/api/vendors')).json<VendorList>();
    expect(board.vendors.map((vendor) => vendor.name)).toEqual([
      'Lone Star Electric',
      'Ortiz Plumbing & Repair',
    ]);

    const seen = await as('board', 'GET', `/api/vendors/${ortiz.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      name: 'Ortiz Plumbing & Repair',
      notes: null,
      overrides: null,
      canManage: false,
    });
    expect((await as('board', 'GET', `/api/vendors/${harborElectric.id}`)).statusCode).toBe(404);
    expect((await as('board', 'PATCH', `/api/vendors/${ortiz.id}`, { phone: '1' })).statusCode).toBe(403);
    expect((await as('board', 'POST', '/api/vendors', { name: 'Board Co', trades: [] })).statusCode).toBe(
      403,
    );
    for (const who of ['resident', 'vendor'] as const)
      expect((await as(who, 'GET', '/api/vendors')).statusCode).toBe(403);
    // A manager reads another association's vendor (the roster is the management company's)…
    const read = await as('manager', 'GET', `/api/vendors/${harborElectric.id}`);
    expect(read.json()).toMatchObject({ name: 'Harbor Electric', canManage: false });
  });

  it('lets only the managers of an association a company serves change it: another association’s manager gets 404', async () => {
    expect(
      (await as('manager', 'PATCH', `/api/vendors/${harborElectric.id}`, { phone: '1' })).statusCode,
    ).toBe(404);
    expect((await as('manager2', 'PATCH', `/api/vendors/${ortiz.id}`, { phone: '1' })).statusCode).toBe(404);
    const changed = await as('manager', 'PATCH', `/api/vendors/${ortiz.id}`, {
      website: 'https://ortizplumbing.example',
      address: '410 Congress Ave, Austin, TX',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ website: 'https://ortizplumbing.example', phone: '512-555-0142' });
    const renamed = await as('manager', 'PATCH', `/api/vendors/${ortiz.id}`, { name: 'harbor electric' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.code).toBe('VENDOR_NAME_TAKEN');
    expect((await as('manager', 'PATCH', `/api/vendors/${ortiz.id}`, {})).statusCode).toBe(400);

    // Harbor View's manager takes Ortiz on for Harbor View: from then on they keep it too.
    expect((await as('manager2', 'PUT', `/api/vendors/${ortiz.id}/service-areas/${willow}`)).statusCode).toBe(
      404,
    );
    const added = await as('manager2', 'PUT', `/api/vendors/${ortiz.id}/service-areas/${harbor}`);
    expect(added.statusCode).toBe(200);
    expect(added.json<VendorCompany>().serviceAreas.map((area) => area.propertyName)).toEqual([
      'Harbor View Condominiums',
      'Willow Creek Commons',
    ]);
    expect((await as('manager2', 'PUT', `/api/vendors/${ortiz.id}/service-areas/${harbor}`)).statusCode).toBe(
      200,
    );
    expect(
      (await as('manager2', 'PATCH', `/api/vendors/${ortiz.id}`, { phone: '512-555-0143' })).statusCode,
    ).toBe(200);
    // The board member of Willow Creek sees only Willow Creek among its associations.
    const forBoard = (await as('board', 'GET', `/api/vendors/${ortiz.id}`)).json<VendorCompany>();
    expect(forBoard.serviceAreas.map((area) => area.propertyName)).toEqual(['Willow Creek Commons']);
    expect(
      (await as('manager', 'DELETE', `/api/vendors/${ortiz.id}/service-areas/${harbor}`)).statusCode,
    ).toBe(404);
    expect(
      (await as('manager2', 'DELETE', `/api/vendors/${ortiz.id}/service-areas/${harbor}`)).statusCode,
    ).toBe(204);
    expect((await as('manager2', 'PATCH', `/api/vendors/${ortiz.id}`, { phone: '1' })).statusCode).toBe(404);

    const filtered = async (query: string) =>
      (await as('manager', 'GET', `/api/vendors?${query}`))
        .json<VendorList>()
        .vendors.map((vendor) => vendor.name);
    expect(await filtered('trade=electrical')).toEqual(['Harbor Electric', 'Lone Star Electric']);
    expect(await filtered(`propertyId=${harbor}`)).toEqual(['Harbor Electric']);
    expect(await filtered('search=ortiz')).toEqual(['Ortiz Plumbing & Repair']);
    expect(await filtered('limit=1&page=2')).toEqual(['Lone Star Electric']);
    expect((await as('manager', 'GET', '/api/vendors?limit=101')).statusCode).toBe(400);

    const audit = (await as('admin', 'GET', `/api/audit-events?q=${ortiz.id}&limit=100`)).json();
    expect(
      audit.events.map((event: { entity: string; action: string }) => `${event.entity} ${event.action}`),
    ).toEqual(expect.arrayContaining(['vendor_companies insert', 'vendor_companies update']));
  });
});

describe('people and invitations', () => {
  let danaId: string;

  it('invites a new person by e-mail, with a link that lets them in as the company’s', async () => {
    const invited = await as('manager', 'POST', `/api/vendors/${loneStar.id}/people`, {
      fullName: 'Dana Whitfield',
      email: 'Dana@LoneStarElectric.example',
      title: 'Office manager',
      isPrimary: true,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      fullName: 'Dana Whitfield',
      email: 'dana@lonestarelectric.example',
      title: 'Office manager',
      isPrimary: true,
      invitationPending: true,
      isActive: true,
    });
    danaId = invited.json().userId;
    const [mail] = await mailsTo(t, 'dana@lonestarelectric.example');
    expect(mail).toContain('Maria Santos has invited you');
    expect(mail).toContain("Lone Star Electric's people");
    const token = linkToken(mail!, '/invite/');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: { password: 'lone-star-password' },
    });
    expect(accepted.statusCode).toBe(200);
    cookies.set('dana', await t.signIn('dana@lonestarelectric.example', 'lone-star-password'));
    const own = (await as('dana', 'GET', '/api/vendor-portal/company')).json<VendorOwnCompany>();
    expect(own.company).toMatchObject({
      name: 'Lone Star Electric',
      people: [expect.objectContaining({ fullName: 'Dana Whitfield', invitationPending: false })],
    });
    // Resending to someone who has joined: nothing to resend.
    const resent = await as('manager', 'POST', `/api/vendors/${loneStar.id}/people/${danaId}/invitation`);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error.code).toBe('ALREADY_JOINED');
  });

  it('adds the existing vendor account without an invitation, and refuses other roles and other companies', async () => {
    const victor = await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Whatever Name',
      email: 'vendor@commonwise.test',
      title: 'Owner',
      isPrimary: true,
    });
    expect(victor.statusCode, victor.body).toBe(201);
    expect(victor.json()).toMatchObject({
      fullName: 'Victor Ortiz',
      invitationPending: false,
      isPrimary: true,
    });
    expect(await mailsTo(t, 'vendor@commonwise.test')).toEqual([]);

    const resident = await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Ryan Chen',
      email: 'resident@commonwise.test',
    });
    expect(resident.statusCode).toBe(409);
    expect(resident.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: expect.any(String) },
    });
    const elsewhere = await as('manager', 'POST', `/api/vendors/${loneStar.id}/people`, {
      fullName: 'Victor Ortiz',
      email: 'vendor@commonwise.test',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('VENDOR_PERSON_ELSEWHERE');
    const twice = await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Victor Ortiz',
      email: 'vendor@commonwise.test',
    });
    expect(twice.json().error.code).toBe('VENDOR_PERSON_ALREADY_ADDED');
    expect(
      (
        await as('manager2', 'POST', `/api/vendors/${ortiz.id}/people`, {
          fullName: 'X',
          email: 'x@example.com',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('resends a pending invitation with a new link, and takes a person off without ending their account', async () => {
    const helper = (
      await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
        fullName: 'Hector Ruiz',
        email: 'hector@ortizplumbing.example',
      })
    ).json<{ userId: string }>();
    const first = linkToken((await mailsTo(t, 'hector@ortizplumbing.example'))[0]!, '/invite/');
    expect(
      (await as('manager', 'POST', `/api/vendors/${ortiz.id}/people/${helper.userId}/invitation`)).statusCode,
    ).toBe(200);
    const mails = await mailsTo(t, 'hector@ortizplumbing.example');
    expect(mails).toHaveLength(2);
    expect(linkToken(mails[1]!, '/invite/')).not.toBe(first);
    expect((await t.app.inject({ url: `/api/invitations/${first}` })).statusCode).toBe(404);

    expect(
      (await as('manager', 'DELETE', `/api/vendors/${ortiz.id}/people/${helper.userId}`)).statusCode,
    ).toBe(204);
    expect(
      (await as('manager', 'DELETE', `/api/vendors/${ortiz.id}/people/${helper.userId}`)).statusCode,
    ).toBe(404);
    const company = (await as('manager', 'GET', `/api/vendors/${ortiz.id}`)).json<VendorCompany>();
    expect(company.people.map((person) => person.fullName)).toEqual(['Victor Ortiz']);
    const [account] = await t.database.db.select().from(profiles).where(eq(profiles.id, helper.userId));
    expect(account).toMatchObject({ role: 'vendor', banned: false });
  });
});

describe('compliance documents and their files', () => {
  let current: VendorDocument;

  it('adds a verified certificate with its file; the board sees it, but not a W-9’s file', async () => {
    const added = await as(
      'manager',
      'POST',
      `/api/vendors/${ortiz.id}/documents`,
      insurance(addDays(today(), 20)),
    );
    expect(added.statusCode, added.body).toBe(201);
    current = added.json<VendorDocument>();
    expect(current).toMatchObject({
      status: 'verified',
      isCurrent: true,
      generalLiabilityCents: 100_000_000,
      receivedOn: today(),
    });
    const file = await upload('manager', current.id);
    expect(file.statusCode, file.body).toBe(201);
    const w9 = (
      await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents`, { kind: 'w9' })
    ).json<VendorDocument>();
    const w9File = await upload('manager', w9.id, 'w9.pdf');
    expect(w9File.statusCode).toBe(201);

    const forManager = (await as('manager', 'GET', `/api/vendors/${ortiz.id}`)).json<VendorCompany>();
    expect(forManager.compliance).toMatchObject({
      insurance: { status: 'expiring', expiresOn: addDays(today(), 20) },
      w9: { status: 'received' },
    });
    expect(forManager.documents.map((document) => [document.kind, document.files.length])).toEqual([
      ['w9', 1],
      ['insurance', 1],
    ]);
    const forBoard = (await as('board', 'GET', `/api/vendors/${ortiz.id}`)).json<VendorCompany>();
    expect(forBoard.documents.map((document) => [document.kind, document.files.length])).toEqual([
      ['w9', 0],
      ['insurance', 1],
    ]);
    expect((await as('board', 'GET', forBoard.documents[1]!.files[0]!.url)).statusCode).toBe(200);
    expect((await as('board', 'GET', w9File.json().url)).statusCode).toBe(404);
    expect((await as('resident', 'GET', file.json().url)).statusCode).toBe(404);
    // Verified: its files stay as they were checked.
    const removal = await as('manager', 'DELETE', `/api/attachments/${file.json().id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.message).toContain('has been reviewed');
    // Another association's manager does not find it; the vendor (once one of its people) may not add to it.
    expect((await upload('manager2', current.id)).statusCode).toBe(404);
    expect((await upload('resident', current.id)).statusCode).toBe(404);
  });

  it('refuses a document without what its kind needs, negative or fractional cents, or another kind’s fields', async () => {
    const before = await countOf(vendorDocuments);
    const cases: [object, string][] = [
      [{ kind: 'insurance', generalLiabilityCents: 100 }, 'expiresOn'],
      [{ kind: 'insurance', expiresOn: addDays(today(), 90) }, 'generalLiabilityCents'],
      [insurance(addDays(today(), 90), { generalLiabilityCents: 0 }), 'generalLiabilityCents'],
      [insurance(addDays(today(), 90), { aggregateCents: -1 }), 'aggregateCents'],
      [insurance(addDays(today(), 90), { umbrellaCents: 10.5 }), 'umbrellaCents'],
      [insurance(addDays(today(), 90), { effectiveOn: addDays(today(), 91) }), 'expiresOn'],
      [insurance(addDays(today(), 90), { licenceNumber: 'M-1' }), 'licenceNumber'],
      [{ kind: 'licence', expiresOn: addDays(today(), 90) }, 'licenceNumber'],
      [{ kind: 'w9', expiresOn: addDays(today(), 90) }, 'expiresOn'],
    ];
    for (const [payload, field] of cases) {
      const response = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await countOf(vendorDocuments)).toBe(before);
  });

  it('takes a renewal from the vendor portal for a manager to verify, and tells each side', async () => {
    const submitted = await as(
      'vendor',
      'POST',
      '/api/vendor-portal/company/documents',
      insurance(addDays(today(), 385)),
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const renewal = submitted.json<VendorDocument>();
    expect(renewal).toMatchObject({
      status: 'submitted',
      isCurrent: false,
      submittedBy: { fullName: 'Victor Ortiz' },
    });
    expect((await upload('vendor', renewal.id)).statusCode).toBe(201);
    const verifiedByNow = await upload('vendor', current.id);
    expect(verifiedByNow.statusCode).toBe(409);
    expect(verifiedByNow.json().error.code).toBe('DOCUMENT_ALREADY_REVIEWED');
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.manager!), eq(notifications.kind, 'vendor.document-review')));
    expect(told).toMatchObject({
      title: 'Ortiz Plumbing & Repair submitted a certificate of insurance to review',
      link: `/vendors/${ortiz.id}`,
    });
    // Not yet verified: the standing is still the old certificate's.
    expect(
      (await as('vendor', 'GET', '/api/vendor-portal/company')).json<VendorOwnCompany>().company!.compliance
        .insurance.status,
    ).toBe('expiring');

    expect(
      (await as('manager2', 'POST', `/api/vendors/${ortiz.id}/documents/${renewal.id}/verify`)).statusCode,
    ).toBe(404);
    const verified = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents/${renewal.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 'verified',
      isCurrent: true,
      verifiedBy: { fullName: 'Maria Santos' },
      files: [expect.objectContaining({ fileName: 'certificate.pdf' })],
    });
    const again = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents/${renewal.id}/verify`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DOCUMENT_ALREADY_REVIEWED');
    const [victorTold] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.vendor!), eq(notifications.kind, 'vendor.document-review')));
    expect(victorTold!.title).toBe('Ortiz Plumbing & Repair: your certificate of insurance was verified');
    const own = (await as('vendor', 'GET', '/api/vendor-portal/company')).json<VendorOwnCompany>();
    expect(own.company!.compliance.insurance).toEqual({
      status: 'current',
      expiresOn: addDays(today(), 385),
    });
    expect(own.company!.warning).toBeNull();
    expect(own.company!.documents.find((document) => document.id === current.id)!.isCurrent).toBe(false);
  });

  it('rejects a submission with a reason the vendor reads, after which it takes no more files', async () => {
    const licence = (
      await as('vendor', 'POST', '/api/vendor-portal/company/documents', {
        kind: 'licence',
        licenceNumber: 'M-40127',
        issuedBy: 'Texas State Board of Plumbing Examiners',
        expiresOn: addDays(today(), 300),
      })
    ).json<VendorDocument>();
    expect(
      (await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents/${licence.id}/reject`, { reason: '' }))
        .statusCode,
    ).toBe(400);
    const rejected = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents/${licence.id}/reject`, {
      reason: 'The licence number does not match the state register.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The licence number does not match the state register.',
    });
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.vendor!), like(notifications.title, '%was not accepted')));
    expect(told!.body).toContain('does not match the state register');
    const late = await upload('vendor', licence.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DOCUMENT_REJECTED');
    const company = (await as('manager', 'GET', `/api/vendors/${ortiz.id}`)).json<VendorCompany>();
    expect(company.compliance.licence.status).toBe('missing');
  });
});

describe('the assignment block', () => {
  let expiredOn: string;

  beforeAll(async () => {
    expiredOn = addDays(today(), -7);
    // Lone Star's certificate, added last year, expired a week ago.
    const added = await as(
      'manager',
      'POST',
      `/api/vendors/${loneStar.id}/documents`,
      insurance(expiredOn, { effectiveOn: addDays(today(), -372) }),
    );
    expect(added.statusCode).toBe(201);
  });

  const danaId = async () =>
    (
      await t.database.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, 'dana@lonestarelectric.example'))
    )[0]!.id;

  it('lists every vendor with its company and certificate, those serving the association first', async () => {
    const options = (
      await as('manager', 'GET', `/api/work-orders/${streetlight}/vendor-options`)
    ).json<VendorOptions>();
    const byName = Object.fromEntries(options.vendors.map((option) => [option.fullName, option]));
    expect(byName['Victor Ortiz']).toMatchObject({
      company: { id: ortiz.id, name: 'Ortiz Plumbing & Repair' },
      servesProperty: true,
      insurance: { status: 'current' },
    });
    expect(byName['Dana Whitfield']).toMatchObject({
      servesProperty: true,
      insurance: { status: 'expired', expiresOn: expiredOn },
    });
    const serving = options.vendors.filter((option) => option.servesProperty).length;
    expect(options.vendors.slice(0, serving).every((option) => option.servesProperty)).toBe(true);
  });

  it('refuses an expired certificate with 409 and writes nothing', async () => {
    const db = t.database.db;
    const tables = [
      workOrderActivity,
      workOrderInternalNotes,
      vendorAssignmentOverrides,
      chatMessages,
      notifications,
      auditEvents,
    ] as const;
    const before = await Promise.all(tables.map(countOf));
    const refused = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'VENDOR_INSURANCE_EXPIRED',
      fields: { vendorId: expect.any(String) },
    });
    expect(refused.json().error.message).toMatch(
      /^Lone Star Electric's certificate of insurance expired on [A-Z][a-z]+ \d+, \d{4}\. Ask them for a current certificate, or assign anyway with a reason\.$/,
    );
    expect(await Promise.all(tables.map(countOf))).toEqual(before);
    const [order] = await db.select().from(workOrders).where(eq(workOrders.id, sinkLeak));
    expect(order!.vendorId).toBe(ids.vendor);
    // A reason too short to read is refused too.
    expect(
      (
        await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
          vendorId: await danaId(),
          overrideReason: 'urgent',
        })
      ).statusCode,
    ).toBe(400);
    expect(await Promise.all(tables.map(countOf))).toEqual(before);
  });

  it('assigns anyway with a recorded reason, kept from the resident, the vendor and the activity', async () => {
    const reason = 'Burst pipe tonight; Lone Star is the only one on call and sent the renewal by e-mail.';
    const assigned = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
      overrideReason: reason,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().vendorId).toBe(await danaId());
    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, sinkLeak));
    expect(order!.vendorCompanyId).toBe(loneStar.id);
    const overrides = await t.database.db
      .select()
      .from(vendorAssignmentOverrides)
      .where(eq(vendorAssignmentOverrides.workOrderId, sinkLeak));
    expect(overrides).toEqual([
      expect.objectContaining({
        reason,
        companyId: loneStar.id,
        propertyId: willow,
        insuranceStatus: 'expired',
        insuranceExpiredOn: expiredOn,
        createdBy: ids.manager,
      }),
    ]);
    const notes = (await as('manager', 'GET', `/api/work-orders/${sinkLeak}/internal-notes`)).json();
    expect(notes.notes[0].body).toContain(`Reason: ${reason}`);
    expect(notes.notes[0].body).toContain('certificate of insurance expired on');
    // The company's record shows it to its managers, not to the board.
    const forManager = (await as('manager', 'GET', `/api/vendors/${loneStar.id}`)).json<VendorCompany>();
    expect(forManager.overrides).toEqual([
      expect.objectContaining({
        reason,
        workOrderId: sinkLeak,
        propertyName: 'Willow Creek Commons',
        createdBy: { id: ids.manager, fullName: 'Maria Santos' },
      }),
    ]);
    expect(
      (await as('manager2', 'GET', `/api/vendors/${loneStar.id}`)).json<VendorCompany>().overrides,
    ).toEqual([]);
    expect(
      (await as('board', 'GET', `/api/vendors/${loneStar.id}`)).json<VendorCompany>().overrides,
    ).toBeNull();

    // Nowhere the resident, the vendor or the board read.
    let read = 0;
    const routes = [
      `/api/work-orders/${sinkLeak}`,
      `/api/work-orders/${sinkLeak}/activity?limit=100`,
      `/api/work-rooms/${sinkRoom}/messages`,
      '/api/notifications',
      '/api/vendor-portal',
      '/api/resident-portal',
    ];
    for (const who of ['resident', 'dana', 'board'] as const)
      for (const url of routes) {
        const response = await as(who, 'GET', url);
        if (response.statusCode === 200) read += 1;
        expect(response.body, `${who} ${url}`).not.toContain('Burst pipe tonight');
      }
    expect(read).toBeGreaterThanOrEqual(12);
    // The assignment itself is in the activity, as any other.
    const activity = (await as('manager', 'GET', `/api/work-orders/${sinkLeak}/activity?limit=100`)).json();
    expect(activity.activity[0].description).toBe('Vendor changed from Victor Ortiz to Dana Whitfield');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'vendor_assignment_overrides'));
    expect(audit).toEqual([expect.objectContaining({ action: 'insert', propertyId: willow })]);
  });

  it('needs no override for a vendor with no certificate on file, and refuses a reason where none is needed', async () => {
    const unneeded = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: ids.vendor,
      overrideReason: 'Just in case, writing a reason anyway.',
    });
    expect(unneeded.statusCode).toBe(409);
    expect(unneeded.json().error.code).toBe('OVERRIDE_NOT_NEEDED');
    expect(
      (await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, { vendorId: ids.vendor }))
        .statusCode,
    ).toBe(200);
    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, sinkLeak));
    expect(order!.vendorCompanyId).toBe(ortiz.id);
    // A vendor of no company (no certificate on file): a warning in the options, not a block.
    const free = await t.database.db
      .insert(profiles)
      .values({ id: crypto.randomUUID(), email: 'solo@example.com', fullName: 'Sol Owens', role: 'vendor' })
      .returning();
    const solo = await as('manager', 'PUT', `/api/work-orders/${streetlight}/vendor`, {
      vendorId: free[0]!.id,
    });
    expect(solo.statusCode).toBe(200);
    const [light] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, streetlight));
    expect(light!.vendorCompanyId).toBeNull();
    // Re-assigning the vendor already assigned, or taking them off, is never blocked.
    expect(
      (await as('manager', 'PUT', `/api/work-orders/${streetlight}/vendor`, { vendorId: null })).statusCode,
    ).toBe(200);
  });
});

describe('compliance alerts', () => {
  const run = (day: string) =>
    t.database.db.transaction((tx) =>
      vendorComplianceSchedule(t.app.notifier).run({ db: tx, now: new Date(), property: null }, null, {
        key: `${day}T07:00-08:00`,
        scheduledFor: new Date(),
        timeZone: 'America/Los_Angeles',
      }),
    );
  const alertsTo = async (userId: string) =>
    await t.database.db
      .select({ kind: notifications.kind, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.kind, ['vendor.compliance-expiring', 'vendor.compliance-expired']),
        ),
      )
      .orderBy(notifications.title);

  it('tells the company’s people and its associations’ managers once at 30 days and once when expired', async () => {
    const danaId = (
      await t.database.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, 'dana@lonestarelectric.example'))
    )[0]!.id;
    // Ortiz's old certificate is replaced by the verified renewal: nothing about it. Lone Star's expired.
    const first = await run(today());
    expect(first.counts).toEqual({ alerts: 2 });
    expect(await alertsTo(danaId)).toEqual([
      {
        kind: 'vendor.compliance-expired',
        title: expect.stringMatching(/^Lone Star Electric: certificate of insurance expired on /),
        link: '/vendor-portal',
      },
    ]);
    expect(await alertsTo(ids.manager!)).toEqual([
      {
        kind: 'vendor.compliance-expired',
        title: expect.stringMatching(/^Lone Star Electric: /),
        link: `/vendors/${loneStar.id}`,
      },
    ]);
    expect(await alertsTo(ids.manager2!)).toEqual([]);
    expect((await run(today())).counts).toEqual({ alerts: 0 });

    // 30 days before the renewal's expiry: the expiring alert, once, also on the days after.
    const renewalExpiry = addDays(today(), 385);
    expect((await run(addDays(renewalExpiry, -31))).counts).toEqual({ alerts: 0 });
    expect((await run(addDays(renewalExpiry, -30))).counts).toEqual({ alerts: 2 });
    expect((await run(addDays(renewalExpiry, -29))).counts).toEqual({ alerts: 0 });
    expect((await alertsTo(ids.vendor!)).map((alert) => alert.kind)).toEqual(['vendor.compliance-expiring']);
    // The day after its expiry day: expired, once.
    expect((await run(renewalExpiry)).counts).toEqual({ alerts: 0 });
    expect((await run(addDays(renewalExpiry, 1))).counts).toEqual({ alerts: 2 });
    expect((await run(addDays(renewalExpiry, 2))).counts).toEqual({ alerts: 0 });
    expect((await alertsTo(ids.vendor!)).map((alert) => alert.kind).sort()).toEqual([
      'vendor.compliance-expired',
      'vendor.compliance-expiring',
    ]);
    // The schedule is one the admins see and run.
    const schedules = (await as('admin', 'GET', '/api/schedules')).json();
    expect(JSON.stringify(schedules)).toContain('vendors.compliance-alerts');
  });
});

describe('the vendor’s own company in the vendor portal', () => {
  it('shows the company with its warning, never another company, and nothing to a vendor of none', async () => {
    const own = (await as('vendor', 'GET', '/api/vendor-portal/company')).json<VendorOwnCompany>();
    expect(own.company).toMatchObject({
      id: ortiz.id,
      name: 'Ortiz Plumbing & Repair',
      serviceAreas: [{ propertyName: 'Willow Creek Commons' }],
    });
    expect(own.company).not.toHaveProperty('notes');
    expect(JSON.stringify(own)).not.toContain('Prefers morning calls');
    expect(
      (await as('vendor', 'GET', `/api/vendor-portal/company?companyId=${loneStar.id}`)).statusCode,
    ).toBe(404);
    expect((await as('vendor', 'GET', `/api/vendor-portal/company?companyId=${ortiz.id}`)).statusCode).toBe(
      200,
    );
    const forDana = (await as('dana', 'GET', '/api/vendor-portal/company')).json<VendorOwnCompany>();
    expect(forDana.company!.warning).toMatch(
      /^Your certificate of insurance expired on .+\. Managers cannot assign you new work until you upload a current one\.$/,
    );
    const other = await as('dana', 'POST', '/api/vendor-portal/company/documents', {
      ...insurance(addDays(today(), 365)),
      companyId: ortiz.id,
    });
    expect(other.statusCode).toBe(404);
    // An admin views any company's card by naming it, and none without.
    expect((await as('admin', 'GET', '/api/vendor-portal/company')).json()).toEqual({ company: null });
    expect(
      (
        await as('admin', 'GET', `/api/vendor-portal/company?companyId=${loneStar.id}`)
      ).json<VendorOwnCompany>().company!.name,
    ).toBe('Lone Star Electric');

    await createUserWithPassword(t.database.db, {
      email: 'nocompany@example.com',
      fullName: 'No Company',
      role: 'vendor',
      password: 'no-company-password',
    });
    cookies.set('nocompany', await t.signIn('nocompany@example.com', 'no-company-password'));
    expect((await as('nocompany', 'GET', '/api/vendor-portal/company')).json()).toEqual({ company: null });
    const refused = await as(
      'nocompany',
      'POST',
      '/api/vendor-portal/company/documents',
      insurance(addDays(today(), 365)),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NO_VENDOR_COMPANY');
  });
});
