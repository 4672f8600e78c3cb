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
  attachments,
  auditEvents,
  breakoutRooms,
  chatMessages,
  notifications,
  profiles,
  properties,
  vendorAssignmentOverrides,
  vendorCompanies,
  vendorDocuments,
  vendorPeople,
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
 *
 * A company's record (its details, people, documents and files) is kept by the managers of its home
 * association; any manager reads the whole directory and may take a company on for an association they run,
 * which does not make them a keeper.
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
/** A day no test's clock reaches: a certificate that stays current (and quiet) throughout. */
const farDay = () => addDays(today(), 5 * 365);
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
const company = async (who: Who | string, id: string) =>
  (await as(who, 'GET', `/api/vendors/${id}`)).json<VendorCompany>();
const documentOf = async (who: Who | string, companyId: string, documentId: string) =>
  (await company(who, companyId)).documents.find((document) => document.id === documentId)!;
const filesOf = async (documentId: string) =>
  (
    await t.database.db
      .select({ id: attachments.id, fileName: attachments.fileName })
      .from(attachments)
      .where(eq(attachments.vendorDocumentId, documentId))
  ).map((file) => file.fileName);
const danaId = async () =>
  (
    await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'dana@lonestarelectric.example'))
  )[0]!.id;

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
/** Another company of the same name, in Harbor View: names are not unique. */
let ortizSanDiego: VendorCompany;
let loneStar: VendorCompany;
let harborElectric: VendorCompany;
const willowArea = () => ({
  propertyId: willow,
  propertyName: 'Willow Creek Commons',
  timeZone: 'America/Chicago',
});
const harborArea = () => ({
  propertyId: harbor,
  propertyName: 'Harbor View Condominiums',
  timeZone: 'America/Los_Angeles',
});

describe('the directory', () => {
  it('lets a manager add a company serving their association, which keeps its record', async () => {
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
      serviceAreas: [willowArea()],
      homeProperty: willowArea(),
      people: [],
      documents: [],
      canManage: true,
      // Maria runs Willow Creek alone, and it already serves it.
      canServe: [],
      overrides: [],
      compliance: {
        insurance: { status: 'missing', expiresOn: null },
        licence: { status: 'missing', expiresOn: null },
        w9: { status: 'missing' },
      },
    });

    const before = await countOf(vendorCompanies);
    // Without an association its managers would keep: refused, and nothing written.
    const homeless = await as('manager', 'POST', '/api/vendors', { name: 'Nowhere Roofing', trades: [] });
    expect(homeless.statusCode).toBe(400);
    expect(homeless.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { propertyIds: expect.any(String) },
    });
    // An association the manager does not run: not found, and nothing written.
    const elsewhere = await as('manager', 'POST', '/api/vendors', {
      name: 'Somewhere Else Roofing',
      trades: ['roofing'],
      propertyIds: [harbor],
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await countOf(vendorCompanies)).toBe(before);

    // Another company of the same name in another city: names are not unique, so both are kept.
    const sameName = await as('manager2', 'POST', '/api/vendors', {
      name: '  Ortiz Plumbing & Repair ',
      trades: ['plumbing'],
      address: '1200 Harbor Dr, San Diego, CA',
      propertyIds: [harbor],
    });
    expect(sameName.statusCode, sameName.body).toBe(201);
    ortizSanDiego = sameName.json<VendorCompany>();
    expect(ortizSanDiego).toMatchObject({
      name: 'Ortiz Plumbing & Repair',
      homeProperty: harborArea(),
      canManage: true,
    });
    expect(ortizSanDiego.id).not.toBe(ortiz.id);
    expect(await countOf(vendorCompanies)).toBe(before + 1);

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
    expect(harborElectric.homeProperty).toEqual(harborArea());
    expect(loneStar.homeProperty).toEqual(willowArea());
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
      [{ name: 'Id Co', trades: [], propertyIds: ['willow'] }, 'propertyIds.0'],
    ];
    for (const [payload, field] of cases) {
      const response = await as('manager', 'POST', '/api/vendors', { propertyIds: [willow], ...payload });
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
      'Ortiz Plumbing & Repair',
    ]);
    expect(managers.total).toBe(4);
    const board = (await as('board', 'GET', '/api/vendors')).json<VendorList>();
    expect(board.vendors.map((vendor) => vendor.id)).toEqual([loneStar.id, ortiz.id]);

    const seen = await as('board', 'GET', `/api/vendors/${ortiz.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      name: 'Ortiz Plumbing & Repair',
      notes: null,
      overrides: null,
      homeProperty: willowArea(),
      canManage: false,
      canServe: [],
    });
    expect((await as('board', 'GET', `/api/vendors/${harborElectric.id}`)).statusCode).toBe(404);
    expect((await as('board', 'GET', `/api/vendors/${ortizSanDiego.id}`)).statusCode).toBe(404);
    expect((await as('board', 'PATCH', `/api/vendors/${ortiz.id}`, { phone: '1' })).statusCode).toBe(403);
    expect(
      (await as('board', 'POST', '/api/vendors', { name: 'Board Co', trades: [], propertyIds: [willow] }))
        .statusCode,
    ).toBe(403);
    for (const who of ['resident', 'vendor'] as const)
      expect((await as(who, 'GET', '/api/vendors')).statusCode).toBe(403);
    // A manager reads another association's vendor (the roster is the management company's), and may take
    // it on for their own association, but does not keep it.
    expect(await company('manager', harborElectric.id)).toMatchObject({
      name: 'Harbor Electric',
      homeProperty: harborArea(),
      canManage: false,
      canServe: [willowArea()],
    });

    const filtered = async (query: string) =>
      (await as('manager', 'GET', `/api/vendors?${query}`))
        .json<VendorList>()
        .vendors.map((vendor) => vendor.id);
    expect(await filtered('trade=electrical')).toEqual([harborElectric.id, loneStar.id]);
    expect(await filtered(`propertyId=${harbor}`)).toEqual([harborElectric.id, ortizSanDiego.id]);
    expect((await filtered('search=ortiz')).sort()).toEqual([ortiz.id, ortizSanDiego.id].sort());
    expect(await filtered('limit=1&page=2')).toEqual([loneStar.id]);
    expect((await as('manager', 'GET', '/api/vendors?limit=101')).statusCode).toBe(400);
  });

  it('lets the home association’s managers change a company, and another association’s manager not', async () => {
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
    // Another company's name is no obstacle.
    const renamed = await as('manager', 'PATCH', `/api/vendors/${loneStar.id}`, { name: 'Harbor Electric' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await as('manager', 'PATCH', `/api/vendors/${loneStar.id}`, { name: 'Lone Star Electric' })).json()
        .name,
    ).toBe('Lone Star Electric');
    expect((await as('manager', 'PATCH', `/api/vendors/${ortiz.id}`, {})).statusCode).toBe(400);
    // The record can only be kept by an association the company serves.
    const handedAway = await as('manager', 'PATCH', `/api/vendors/${ortiz.id}`, { homePropertyId: harbor });
    expect(handedAway.statusCode).toBe(409);
    expect(handedAway.json().error).toMatchObject({
      code: 'NOT_A_SERVICE_AREA',
      fields: { homePropertyId: expect.any(String) },
    });
    expect((await company('manager', ortiz.id)).homeProperty).toEqual(willowArea());

    const audit = (await as('admin', 'GET', `/api/audit-events?q=${ortiz.id}&limit=100`)).json();
    expect(
      audit.events.map((event: { entity: string; action: string }) => `${event.entity} ${event.action}`),
    ).toEqual(expect.arrayContaining(['vendor_companies insert', 'vendor_companies update']));
  });

  it('gives a company an admin adds with no association to the first association that takes it on', async () => {
    const added = await as('admin', 'POST', '/api/vendors', { name: 'Summit Roofing', trades: ['roofing'] });
    expect(added.statusCode, added.body).toBe(201);
    const summit = added.json<VendorCompany>();
    expect(summit).toMatchObject({ serviceAreas: [], homeProperty: null, canManage: true });
    const url = `/api/vendors/${summit.id}`;
    // Kept by admins alone: no manager may change it.
    expect(await company('manager', summit.id)).toMatchObject({
      canManage: false,
      canServe: [willowArea()],
    });
    expect((await as('manager', 'PATCH', url, { phone: '512-555-0100' })).statusCode).toBe(404);
    expect(
      (await as('manager', 'POST', `${url}/documents`, insurance(addDays(today(), 200)))).statusCode,
    ).toBe(404);

    // Willow Creek takes it on first: its managers keep it. Harbor View then takes it on too: they do not.
    const taken = await as('manager', 'PUT', `${url}/service-areas/${willow}`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<VendorCompany>()).toMatchObject({
      serviceAreas: [willowArea()],
      homeProperty: willowArea(),
      canManage: true,
      canServe: [],
    });
    const joined = await as('manager2', 'PUT', `${url}/service-areas/${harbor}`);
    expect(joined.json<VendorCompany>()).toMatchObject({
      serviceAreas: [harborArea(), willowArea()],
      homeProperty: willowArea(),
      canManage: false,
      canServe: [],
    });
    expect((await as('manager2', 'PATCH', url, { phone: '619-555-0100' })).statusCode).toBe(404);

    // The home association cannot be removed while others are served: hand the record over first.
    const home = await as('manager', 'DELETE', `${url}/service-areas/${willow}`);
    expect(home.statusCode).toBe(409);
    expect(home.json().error.code).toBe('HOME_SERVICE_AREA');
    expect((await company('admin', summit.id)).serviceAreas).toEqual([harborArea(), willowArea()]);
    const handed = await as('manager', 'PATCH', url, { homePropertyId: harbor });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json<VendorCompany>()).toMatchObject({ homeProperty: harborArea(), canManage: false });
    expect((await as('manager', 'PATCH', url, { phone: '512-555-0100' })).statusCode).toBe(404);
    expect((await as('manager2', 'PATCH', url, { phone: '619-555-0100' })).json()).toMatchObject({
      phone: '619-555-0100',
      canManage: true,
    });
    expect((await as('manager', 'DELETE', `${url}/service-areas/${willow}`)).statusCode).toBe(204);

    // The last one, the home association, goes: the company serves none and is the admins' to keep again,
    // not every manager's.
    expect((await as('manager2', 'DELETE', `${url}/service-areas/${harbor}`)).statusCode).toBe(204);
    expect(await company('admin', summit.id)).toMatchObject({ serviceAreas: [], homeProperty: null });
    for (const who of ['manager', 'manager2'] as const) {
      expect((await company(who, summit.id)).canManage, who).toBe(false);
      expect((await as(who, 'PATCH', url, { phone: '1' })).statusCode, who).toBe(404);
    }
    expect((await as('admin', 'PATCH', url, { phone: '512-555-0199' })).statusCode).toBe(200);
    const notServed = await as('admin', 'PATCH', url, { homePropertyId: willow });
    expect(notServed.statusCode).toBe(409);
    expect(notServed.json().error.code).toBe('NOT_A_SERVICE_AREA');
  });
});

describe('people and invitations', () => {
  let danaUserId: string;

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
    danaUserId = invited.json().userId;
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
    const resent = await as('manager', 'POST', `/api/vendors/${loneStar.id}/people/${danaUserId}/invitation`);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error.code).toBe('ALREADY_JOINED');
  });

  it('refuses a manager an existing vendor account, which only an admin adds (without an invitation)', async () => {
    const before = await countOf(vendorPeople);
    const byManager = await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Whatever Name',
      email: 'vendor@commonwise.test',
      title: 'Owner',
      isPrimary: true,
    });
    expect(byManager.statusCode).toBe(409);
    expect(byManager.json().error).toMatchObject({
      code: 'VENDOR_ACCOUNT_EXISTS',
      fields: { email: expect.any(String) },
    });
    expect(await countOf(vendorPeople)).toBe(before);
    expect((await company('manager', ortiz.id)).people).toEqual([]);
    expect((await as('vendor', 'GET', '/api/vendor-portal/company')).json()).toEqual({ company: null });

    const byAdmin = await as('admin', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Whatever Name',
      email: 'vendor@commonwise.test',
      title: 'Owner',
      isPrimary: true,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({
      fullName: 'Victor Ortiz',
      invitationPending: false,
      isPrimary: true,
    });
    expect(await mailsTo(t, 'vendor@commonwise.test')).toEqual([]);
    expect((await as('vendor', 'GET', '/api/vendor-portal/company')).json().company.id).toBe(ortiz.id);
  });

  it('refuses another role’s e-mail, a person of another company, the same person twice', async () => {
    const resident = await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Ryan Chen',
      email: 'resident@commonwise.test',
    });
    expect(resident.statusCode).toBe(409);
    expect(resident.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: expect.any(String) },
    });
    for (const who of ['manager', 'admin'] as const) {
      const elsewhere = await as(who, 'POST', `/api/vendors/${loneStar.id}/people`, {
        fullName: 'Victor Ortiz',
        email: 'vendor@commonwise.test',
      });
      expect(elsewhere.statusCode, who).toBe(409);
      expect(elsewhere.json().error.code, who).toBe('VENDOR_PERSON_ELSEWHERE');
    }
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
    expect((await company('manager', ortiz.id)).people.map((person) => person.fullName)).toEqual([
      'Victor Ortiz',
    ]);
    const [account] = await t.database.db.select().from(profiles).where(eq(profiles.id, helper.userId));
    expect(account).toMatchObject({ role: 'vendor', banned: false });
  });
});

/** Ortiz's first certificate (expires in 20 days), its file, and its W-9 with its file. */
let current: VendorDocument;
let certificateFile: { id: string; url: string };
let w9: VendorDocument;
let w9File: { id: string; url: string };

describe('compliance documents and their files', () => {
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
      canRemoveFiles: true,
      generalLiabilityCents: 100_000_000,
      receivedOn: today(),
      withdrawnReason: null,
      withdrawnBy: null,
      withdrawnAt: null,
    });
    const file = await upload('manager', current.id);
    expect(file.statusCode, file.body).toBe(201);
    certificateFile = file.json();
    w9 = (
      await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents`, { kind: 'w9' })
    ).json<VendorDocument>();
    const w9Upload = await upload('manager', w9.id, 'w9.pdf');
    expect(w9Upload.statusCode).toBe(201);
    w9File = w9Upload.json();

    const forManager = await company('manager', ortiz.id);
    expect(forManager.compliance).toMatchObject({
      insurance: { status: 'expiring', expiresOn: addDays(today(), 20) },
      w9: { status: 'received' },
    });
    expect(forManager.documents.map((document) => [document.kind, document.files.length])).toEqual([
      ['w9', 1],
      ['insurance', 1],
    ]);
    const forBoard = await company('board', ortiz.id);
    expect(forBoard.documents.map((document) => [document.kind, document.files.length])).toEqual([
      ['w9', 0],
      ['insurance', 1],
    ]);
    expect(forBoard.documents.map((document) => document.canRemoveFiles)).toEqual([false, false]);
    expect((await as('board', 'GET', forBoard.documents[1]!.files[0]!.url)).statusCode).toBe(200);
    expect((await as('board', 'GET', w9File.url)).statusCode).toBe(404);
    expect((await as('resident', 'GET', certificateFile.url)).statusCode).toBe(404);
    // Another association's manager reads the company, but not its W-9's file, and adds no files to it.
    const forManager2 = await company('manager2', ortiz.id);
    expect(forManager2.documents.map((document) => [document.kind, document.files.length])).toEqual([
      ['w9', 0],
      ['insurance', 1],
    ]);
    expect((await as('manager2', 'GET', w9File.url)).statusCode).toBe(404);
    expect((await as('manager2', 'GET', `/api/attachments/${w9File.id}`)).statusCode).toBe(404);
    expect((await as('manager2', 'GET', certificateFile.url)).statusCode).toBe(200);
    expect((await upload('manager2', current.id)).statusCode).toBe(404);
    expect((await upload('resident', current.id)).statusCode).toBe(404);
  });

  it('lets a keeper remove a wrong file from a verified certificate, and no one else', async () => {
    const wrong = await upload('manager', current.id, 'w9-by-mistake.pdf');
    expect(wrong.statusCode, wrong.body).toBe(201);
    expect(await filesOf(current.id)).toEqual(['certificate.pdf', 'w9-by-mistake.pdf']);
    expect((await documentOf('manager', ortiz.id, current.id)).canRemoveFiles).toBe(true);
    expect((await documentOf('manager2', ortiz.id, current.id)).canRemoveFiles).toBe(false);
    for (const who of ['manager2', 'board'] as const) {
      const refused = await as(who, 'DELETE', `/api/attachments/${wrong.json().id}`);
      expect(refused.statusCode, who).toBe(403);
    }
    expect(await filesOf(current.id)).toEqual(['certificate.pdf', 'w9-by-mistake.pdf']);
    expect((await as('manager', 'DELETE', `/api/attachments/${wrong.json().id}`)).statusCode).toBe(204);
    expect(await filesOf(current.id)).toEqual(['certificate.pdf']);
    expect((await documentOf('manager', ortiz.id, current.id)).status).toBe('verified');
  });

  it('refuses a document without what its kind needs, impossible amounts or days, or another kind’s fields', async () => {
    const before = await countOf(vendorDocuments);
    const cases: [object, string][] = [
      [{ kind: 'insurance', generalLiabilityCents: 100 }, 'expiresOn'],
      [{ kind: 'insurance', expiresOn: addDays(today(), 90) }, 'generalLiabilityCents'],
      [
        { kind: 'insurance', expiresOn: addDays(today(), 90), generalLiabilityCents: 0, workersComp: false },
        'generalLiabilityCents',
      ],
      [insurance(addDays(today(), 90), { aggregateCents: -1 }), 'aggregateCents'],
      [insurance(addDays(today(), 90), { umbrellaCents: 10.5 }), 'umbrellaCents'],
      [insurance(addDays(today(), 90), { effectiveOn: addDays(today(), 91) }), 'expiresOn'],
      [insurance(addDays(today(), 90), { licenceNumber: 'M-1' }), 'licenceNumber'],
      [insurance('2200-01-01'), 'expiresOn'],
      [insurance('9999-12-31'), 'expiresOn'],
      [insurance('1949-12-31'), 'expiresOn'],
      [insurance(addDays(today(), 90), { effectiveOn: '0001-01-01' }), 'effectiveOn'],
      [insurance(addDays(today(), 90), { receivedOn: addDays(today(), 1) }), 'receivedOn'],
      [{ kind: 'licence', expiresOn: addDays(today(), 90) }, 'licenceNumber'],
      [{ kind: 'w9', expiresOn: addDays(today(), 90) }, 'expiresOn'],
    ];
    for (const [payload, field] of cases) {
      const response = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // A vendor's submission is received the day it arrives: a day of their own is refused, not dropped.
    const received = await as('vendor', 'POST', '/api/vendor-portal/company/documents', {
      ...insurance(addDays(today(), 90)),
      receivedOn: today(),
    });
    expect(received.statusCode).toBe(400);
    expect(Object.keys(received.json().error.fields ?? {})).toContain('receivedOn');
    expect(await countOf(vendorDocuments)).toBe(before);
  });

  it('takes a certificate of any one cover, a licence without an expiry, a day it was received in the past', async () => {
    const url = `/api/vendors/${harborElectric.id}/documents`;
    const workersComp = await as('manager2', 'POST', url, {
      kind: 'insurance',
      insurer: 'State Compensation Insurance Fund',
      workersComp: true,
      expiresOn: farDay(),
    });
    expect(workersComp.statusCode, workersComp.body).toBe(201);
    expect(workersComp.json()).toMatchObject({
      workersComp: true,
      generalLiabilityCents: null,
      expiresOn: farDay(),
    });
    const auto = await as('manager2', 'POST', url, {
      kind: 'insurance',
      autoLiabilityCents: 50_000_000,
      expiresOn: farDay(),
      receivedOn: addDays(today(), -3),
    });
    expect(auto.statusCode, auto.body).toBe(201);
    expect(auto.json()).toMatchObject({ autoLiabilityCents: 50_000_000, receivedOn: addDays(today(), -3) });
    const licence = await as('manager2', 'POST', url, {
      kind: 'licence',
      licenceNumber: 'C-10 1180442',
      issuedBy: 'California Contractors State License Board',
    });
    expect(licence.statusCode, licence.body).toBe(201);
    expect(licence.json()).toMatchObject({ licenceNumber: 'C-10 1180442', expiresOn: null });
    expect((await company('manager2', harborElectric.id)).compliance.insurance).toEqual({
      status: 'current',
      expiresOn: farDay(),
    });
    // A licence that does not expire is on file and current (not "Not on file"), in the record and the list.
    expect((await company('manager2', harborElectric.id)).compliance.licence).toEqual({
      status: 'current',
      expiresOn: null,
    });
    const listed = (await as('manager2', 'GET', '/api/vendors?search=Harbor%20Electric')).json<VendorList>();
    expect(listed.vendors.find((vendor) => vendor.id === harborElectric.id)!.compliance.licence).toEqual({
      status: 'current',
      expiresOn: null,
    });
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
      canRemoveFiles: true,
      submittedBy: { fullName: 'Victor Ortiz' },
    });
    expect((await upload('vendor', renewal.id)).statusCode).toBe(201);
    // The company's people remove a file of theirs while their submission waits.
    const wrong = await upload('vendor', renewal.id, 'old-certificate.pdf');
    expect(wrong.statusCode).toBe(201);
    expect((await as('vendor', 'DELETE', `/api/attachments/${wrong.json().id}`)).statusCode).toBe(204);
    expect(await filesOf(renewal.id)).toEqual(['certificate.pdf']);
    const verifiedByNow = await upload('vendor', current.id);
    expect(verifiedByNow.statusCode).toBe(409);
    expect(verifiedByNow.json().error.code).toBe('DOCUMENT_ALREADY_REVIEWED');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.manager!), eq(notifications.kind, 'vendor.document-review')));
    expect(told).toEqual([
      expect.objectContaining({
        title: 'Ortiz Plumbing & Repair submitted a certificate of insurance to review',
        link: `/vendors/${ortiz.id}`,
      }),
    ]);
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
    // Verified: the vendor's files stay as they were checked.
    const checked = own.company!.documents.find((document) => document.id === renewal.id)!;
    expect(checked.canRemoveFiles).toBe(false);
    const late = await as('vendor', 'DELETE', `/api/attachments/${checked.files[0]!.id}`);
    expect(late.statusCode).toBe(409);
    expect(await filesOf(renewal.id)).toEqual(['certificate.pdf']);
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
      canRemoveFiles: true,
    });
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.vendor!), like(notifications.title, '%was not accepted')));
    expect(told!.body).toContain('does not match the state register');
    const late = await upload('vendor', licence.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DOCUMENT_REJECTED');
    // Rejected counts for nothing already: nothing to withdraw.
    const withdrawn = await as(
      'manager',
      'POST',
      `/api/vendors/${ortiz.id}/documents/${licence.id}/withdraw`,
      {
        reason: 'Entered twice.',
      },
    );
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().error.code).toBe('DOCUMENT_NOT_IN_FORCE');
    expect((await company('manager', ortiz.id)).compliance.licence.status).toBe('missing');
  });
});

describe('a manager who takes on another association’s vendor', () => {
  it('serves it from their association, reads it as any manager, and still may not change it', async () => {
    expect((await company('manager2', ortiz.id)).canServe).toEqual([harborArea()]);
    expect((await as('manager2', 'PUT', `/api/vendors/${ortiz.id}/service-areas/${willow}`)).statusCode).toBe(
      404,
    );
    const added = await as('manager2', 'PUT', `/api/vendors/${ortiz.id}/service-areas/${harbor}`);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<VendorCompany>()).toMatchObject({
      serviceAreas: [harborArea(), willowArea()],
      homeProperty: willowArea(),
      canManage: false,
      canServe: [],
    });
    expect((await as('manager2', 'PUT', `/api/vendors/${ortiz.id}/service-areas/${harbor}`)).statusCode).toBe(
      200,
    );

    // A submission waiting for review, for the keeper to decide.
    const submitted = (
      await as('vendor', 'POST', '/api/vendor-portal/company/documents', {
        kind: 'licence',
        licenceNumber: 'M-40128',
        issuedBy: 'Texas State Board of Plumbing Examiners',
      })
    ).json<VendorDocument>();
    expect(submitted.status).toBe('submitted');

    // The record as an admin reads it, without its files' signed links (they change by the minute).
    const record = async () =>
      JSON.parse((await as('admin', 'GET', `/api/vendors/${ortiz.id}`)).body, (key, value: unknown) =>
        ['url', 'thumbnailUrl', 'linksExpireAt'].includes(key) ? undefined : value,
      ) as unknown;
    const before = await record();
    const url = `/api/vendors/${ortiz.id}`;
    const attempts: [string, 'PATCH' | 'POST' | 'DELETE', string, object?][] = [
      ['details', 'PATCH', url, { name: 'Ortiz & Reed Plumbing', phone: '619-555-0143' }],
      ['deactivate', 'PATCH', url, { isActive: false }],
      ['take the record', 'PATCH', url, { homePropertyId: harbor }],
      ['add a person', 'POST', `${url}/people`, { fullName: 'Mark Reed', email: 'mark@example.com' }],
      ['take a person off', 'DELETE', `${url}/people/${ids.vendor}`],
      ['add a certificate', 'POST', `${url}/documents`, insurance('2036-01-31')],
      ['verify', 'POST', `${url}/documents/${submitted.id}/verify`],
      ['reject', 'POST', `${url}/documents/${submitted.id}/reject`, { reason: 'Not ours to decide.' }],
      ['withdraw', 'POST', `${url}/documents/${current.id}/withdraw`, { reason: 'Looks wrong to me.' }],
    ];
    for (const [what, method, path, payload] of attempts)
      expect((await as('manager2', method, path, payload)).statusCode, what).toBe(404);
    expect((await upload('manager2', current.id)).statusCode).toBe(404);
    expect((await as('manager2', 'DELETE', `/api/attachments/${certificateFile.id}`)).statusCode).toBe(403);
    // Nothing changed.
    expect(await record()).toEqual(before);
    expect(await filesOf(current.id)).toEqual(['certificate.pdf']);

    // Serving it does not open its W-9's file to them, nor does it let them remove files.
    const forManager2 = await company('manager2', ortiz.id);
    expect(forManager2.documents.find((document) => document.id === w9.id)!.files).toEqual([]);
    expect(forManager2.documents.every((document) => !document.canRemoveFiles)).toBe(true);
    expect((await as('manager2', 'GET', w9File.url)).statusCode).toBe(404);

    // The board sees only its own association among those served, in the list and on the record.
    const boardList = (await as('board', 'GET', '/api/vendors')).json<VendorList>();
    expect(boardList.vendors.find((vendor) => vendor.id === ortiz.id)!.serviceAreaCount).toBe(1);
    expect((await company('board', ortiz.id)).serviceAreas).toEqual([willowArea()]);
    const adminList = (await as('admin', 'GET', '/api/vendors')).json<VendorList>();
    expect(adminList.vendors.find((vendor) => vendor.id === ortiz.id)!.serviceAreaCount).toBe(2);

    // The keeper decides the submission (a licence that does not expire). Their home association stays
    // while another is served.
    const verified = await as('manager', 'POST', `${url}/documents/${submitted.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', expiresOn: null });
    const home = await as('manager', 'DELETE', `${url}/service-areas/${willow}`);
    expect(home.statusCode).toBe(409);
    expect(home.json().error.code).toBe('HOME_SERVICE_AREA');

    // Harbor View's manager takes their own association off again; not another's.
    expect((await as('manager', 'DELETE', `${url}/service-areas/${harbor}`)).statusCode).toBe(404);
    expect((await as('manager2', 'DELETE', `${url}/service-areas/${willow}`)).statusCode).toBe(404);
    expect((await as('manager2', 'DELETE', `${url}/service-areas/${harbor}`)).statusCode).toBe(204);
    expect(await company('manager2', ortiz.id)).toMatchObject({
      serviceAreas: [willowArea()],
      homeProperty: willowArea(),
      canManage: false,
      canServe: [harborArea()],
    });
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

  const tables = [
    workOrderActivity,
    workOrderInternalNotes,
    vendorAssignmentOverrides,
    chatMessages,
    notifications,
    auditEvents,
  ] as const;
  const counts = () => Promise.all(tables.map(countOf));

  it('refuses an expired certificate with 409 and writes nothing', async () => {
    const before = await counts();
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
    expect(await counts()).toEqual(before);
    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, sinkLeak));
    expect(order!.vendorId).toBe(ids.vendor);
    // A reason too short to read is refused too, counted in characters: five emoji are five, not ten.
    for (const overrideReason of ['urgent', '🙂🙂🙂🙂🙂']) {
      const short = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
        vendorId: await danaId(),
        overrideReason,
      });
      expect(short.statusCode, overrideReason).toBe(400);
      expect(Object.keys(short.json().error.fields ?? {}), overrideReason).toContain('overrideReason');
    }
    expect(await counts()).toEqual(before);
  });

  it('withdraws a certificate entered with a wrong expiry: it counts for nothing and the block is back', async () => {
    // The renewal's expiry typed as 2036: Lone Star looks current, and would not be blocked.
    const typo = (
      await as('manager', 'POST', `/api/vendors/${loneStar.id}/documents`, insurance('2036-06-30'))
    ).json<VendorDocument>();
    expect((await company('manager', loneStar.id)).compliance.insurance).toEqual({
      status: 'current',
      expiresOn: '2036-06-30',
    });
    const options = (
      await as('manager', 'GET', `/api/work-orders/${sinkLeak}/vendor-options`)
    ).json<VendorOptions>();
    expect(options.vendors.find((option) => option.fullName === 'Dana Whitfield')!.insurance.status).toBe(
      'current',
    );

    const url = `/api/vendors/${loneStar.id}/documents/${typo.id}/withdraw`;
    expect((await as('manager', 'POST', url, { reason: ' ' })).statusCode).toBe(400);
    expect((await as('manager2', 'POST', url, { reason: 'The expiry is wrong.' })).statusCode).toBe(404);
    expect((await as('board', 'POST', url, { reason: 'The expiry is wrong.' })).statusCode).toBe(403);
    expect((await as('dana', 'POST', url, { reason: 'The expiry is wrong.' })).statusCode).toBe(403);
    const reason = 'The expiry was typed as 2036; the certificate on file ends this year.';
    const withdrawn = await as('manager', 'POST', url, { reason });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      status: 'withdrawn',
      withdrawnReason: reason,
      withdrawnBy: { id: ids.manager, fullName: 'Maria Santos' },
      withdrawnAt: expect.any(String),
      isCurrent: false,
      canRemoveFiles: false,
    });
    // Back to what the other documents say, everywhere.
    const record = await company('manager', loneStar.id);
    expect(record.compliance.insurance).toEqual({ status: 'expired', expiresOn: expiredOn });
    expect(record.documents.find((document) => document.id === typo.id)).toMatchObject({
      status: 'withdrawn',
      withdrawnReason: reason,
    });
    const listed = (await as('manager', 'GET', '/api/vendors?compliance=expired')).json<VendorList>();
    expect(listed.vendors.map((vendor) => vendor.id)).toEqual([loneStar.id]);
    const again = (
      await as('manager', 'GET', `/api/work-orders/${sinkLeak}/vendor-options`)
    ).json<VendorOptions>();
    expect(again.vendors.find((option) => option.fullName === 'Dana Whitfield')!.insurance).toEqual({
      status: 'expired',
      expiresOn: expiredOn,
    });
    const refused = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('VENDOR_INSURANCE_EXPIRED');
    // The company's people are told; it takes no files, and there is nothing left to withdraw.
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await danaId()), eq(notifications.kind, 'vendor.document-review')));
    expect(told).toMatchObject({
      title: 'Lone Star Electric: a certificate of insurance was withdrawn',
      link: '/vendor-portal',
    });
    expect(told!.body).toContain(reason);
    expect((await upload('manager', typo.id)).json().error.code).toBe('DOCUMENT_REJECTED');
    const twice = await as('manager', 'POST', url, { reason });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('DOCUMENT_NOT_IN_FORCE');
  });

  it('counts a verified renewal only once it is in effect: one starting next month lifts no block today', async () => {
    const renewal = await as(
      'manager',
      'POST',
      `/api/vendors/${loneStar.id}/documents`,
      insurance(farDay(), { effectiveOn: addDays(today(), 30) }),
    );
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect(renewal.json()).toMatchObject({ status: 'verified', isCurrent: false });
    expect((await company('manager', loneStar.id)).compliance.insurance).toEqual({
      status: 'expired',
      expiresOn: expiredOn,
    });
    const refused = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('VENDOR_INSURANCE_EXPIRED');
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
    expect((await company('manager', loneStar.id)).overrides).toEqual([
      expect.objectContaining({
        reason,
        workOrderId: sinkLeak,
        propertyName: 'Willow Creek Commons',
        createdBy: { id: ids.manager, fullName: 'Maria Santos' },
      }),
    ]);
    expect((await company('manager2', loneStar.id)).overrides).toEqual([]);
    expect((await company('board', loneStar.id)).overrides).toBeNull();

    // Nowhere the resident, the vendor or the board read: each of these they may read, and it is not there.
    const routes = {
      workOrder: `/api/work-orders/${sinkLeak}`,
      activity: `/api/work-orders/${sinkLeak}/activity?limit=100`,
      room: `/api/work-rooms/${sinkRoom}/messages`,
      notifications: '/api/notifications',
      vendorPortal: '/api/vendor-portal',
      residentPortal: '/api/resident-portal',
    };
    const readable = {
      resident: ['workOrder', 'activity', 'room', 'notifications', 'residentPortal'],
      dana: ['workOrder', 'activity', 'room', 'notifications', 'vendorPortal'],
      board: ['workOrder', 'activity', 'room', 'notifications', 'residentPortal'],
    };
    for (const [who, names] of Object.entries(readable)) {
      const statuses: Record<string, number> = {};
      for (const [name, url] of Object.entries(routes)) {
        const response = await as(who, 'GET', url);
        statuses[name] = response.statusCode;
        expect(response.body, `${who} ${url}`).not.toContain('Burst pipe tonight');
      }
      const ok = Object.keys(statuses).filter((name) => statuses[name] === 200);
      expect(ok, `${who} ${JSON.stringify(statuses)}`).toEqual(names);
    }
    // The assignment itself is in the activity, as any other.
    const activity = (await as('manager', 'GET', `/api/work-orders/${sinkLeak}/activity?limit=100`)).json();
    expect(activity.activity[0].description).toBe('Vendor changed from Victor Ortiz to Dana Whitfield');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'vendor_assignment_overrides'));
    expect(audit).toEqual([expect.objectContaining({ action: 'insert', propertyId: willow })]);
  });

  it('re-assigns the vendor already assigned, or takes them off, without an override', async () => {
    const before = await counts();
    // Dana is on the work order, and Lone Star's certificate is still expired.
    const same = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().vendorId).toBe(await danaId());
    const withReason = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
      overrideReason: 'Still the only one on call tonight.',
    });
    expect(withReason.statusCode).toBe(409);
    expect(withReason.json().error.code).toBe('OVERRIDE_NOT_NEEDED');
    expect(await counts()).toEqual(before);

    const off = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, { vendorId: null });
    expect(off.statusCode, off.body).toBe(200);
    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, sinkLeak));
    expect(order).toMatchObject({ vendorId: null, vendorCompanyId: null });
    expect(
      await t.database.db
        .select()
        .from(vendorAssignmentOverrides)
        .where(eq(vendorAssignmentOverrides.workOrderId, sinkLeak)),
    ).toHaveLength(1);
  });

  it('refuses a vendor of an inactive company with 409, and takes no reason to override it', async () => {
    const deactivated = await as('manager', 'PATCH', `/api/vendors/${loneStar.id}`, { isActive: false });
    expect(deactivated.json()).toMatchObject({ isActive: false });
    const before = await counts();
    for (const overrideReason of [undefined, 'Burst pipe tonight, nobody else is on call.']) {
      const refused = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
        vendorId: await danaId(),
        ...(overrideReason ? { overrideReason } : {}),
      });
      expect(refused.statusCode, overrideReason).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'VENDOR_INACTIVE',
        fields: { vendorId: expect.any(String) },
      });
    }
    expect(await counts()).toEqual(before);
    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, sinkLeak));
    expect(order!.vendorId).toBeNull();
    expect((await as('manager', 'PATCH', `/api/vendors/${loneStar.id}`, { isActive: true })).statusCode).toBe(
      200,
    );
  });

  it('takes a reason of ten characters, however many UTF-16 units they are', async () => {
    const reason = '🙂'.repeat(10);
    const assigned = await as('manager', 'PUT', `/api/work-orders/${sinkLeak}/vendor`, {
      vendorId: await danaId(),
      overrideReason: reason,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const overrides = await t.database.db
      .select({ reason: vendorAssignmentOverrides.reason })
      .from(vendorAssignmentOverrides)
      .where(eq(vendorAssignmentOverrides.workOrderId, sinkLeak));
    expect(overrides.map((override) => override.reason)).toContain(reason);
  });

  it('needs no override for a current certificate or a vendor of no company, and refuses a reason where none is needed', async () => {
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
    const off = await as('manager', 'PUT', `/api/work-orders/${streetlight}/vendor`, {
      vendorId: null,
      overrideReason: 'Taking them off, for the record.',
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('OVERRIDE_NOT_NEEDED');
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
      .select({
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.kind, ['vendor.compliance-expiring', 'vendor.compliance-expired']),
        ),
      )
      .orderBy(notifications.createdAt, notifications.title);
  const renewalExpiry = () => addDays(today(), 385);

  it('tells the company’s people and its associations’ managers once when expired; nothing while inactive', async () => {
    // Lone Star's certificate expired a week ago (its 2036 typo is withdrawn, its renewal starts next
    // month). Marked inactive, it is no one's concern.
    expect(
      (await as('manager', 'PATCH', `/api/vendors/${loneStar.id}`, { isActive: false })).statusCode,
    ).toBe(200);
    expect((await run(today())).counts).toEqual({ alerts: 0 });
    expect(await alertsTo(await danaId())).toEqual([]);
    expect((await as('manager', 'PATCH', `/api/vendors/${loneStar.id}`, { isActive: true })).statusCode).toBe(
      200,
    );

    // Ortiz's first certificate is replaced by the verified renewal: nothing about it.
    expect((await run(today())).counts).toEqual({ alerts: 2 });
    expect(await alertsTo(await danaId())).toEqual([
      {
        kind: 'vendor.compliance-expired',
        title: expect.stringMatching(/^Lone Star Electric: certificate of insurance expired on /),
        body: expect.stringContaining('Managers cannot assign you new work'),
        link: '/vendor-portal',
      },
    ]);
    expect(await alertsTo(ids.manager!)).toEqual([
      expect.objectContaining({
        kind: 'vendor.compliance-expired',
        title: expect.stringMatching(/^Lone Star Electric: /),
        link: `/vendors/${loneStar.id}`,
      }),
    ]);
    expect(await alertsTo(ids.manager2!)).toEqual([]);
    expect((await run(today())).counts).toEqual({ alerts: 0 });
  });

  it('tells about an expired licence without saying it stops new work', async () => {
    const licence = await as('manager', 'POST', `/api/vendors/${loneStar.id}/documents`, {
      kind: 'licence',
      licenceNumber: 'EC-29117',
      expiresOn: addDays(today(), -2),
    });
    expect(licence.statusCode, licence.body).toBe(201);
    expect((await run(today())).counts).toEqual({ alerts: 2 });
    const [toDana] = (await alertsTo(await danaId())).filter((alert) => alert.title.includes('licence'));
    expect(toDana).toMatchObject({
      kind: 'vendor.compliance-expired',
      title: expect.stringMatching(/^Lone Star Electric: licence expired on /),
      body: expect.stringContaining('Upload the renewed licence'),
    });
    expect(toDana!.body).not.toMatch(/cannot assign/i);
    const [toManager] = (await alertsTo(ids.manager!)).filter((alert) => alert.title.includes('licence'));
    expect(toManager!.body).not.toMatch(/cannot be assigned/i);
  });

  it('tells once per stage when two verified certificates share an expiry day', async () => {
    // The manager also adds the renewal Victor submitted: two verified certificates, one expiry day.
    const twin = await as(
      'manager',
      'POST',
      `/api/vendors/${ortiz.id}/documents`,
      insurance(renewalExpiry()),
    );
    expect(twin.statusCode).toBe(201);
    // 30 days before: the expiring alert, once to each person, also on the days after.
    expect((await run(addDays(renewalExpiry(), -31))).counts).toEqual({ alerts: 0 });
    expect((await run(addDays(renewalExpiry(), -30))).counts).toEqual({ alerts: 2 });
    expect((await run(addDays(renewalExpiry(), -29))).counts).toEqual({ alerts: 0 });
    expect((await alertsTo(ids.vendor!)).map((alert) => alert.kind)).toEqual(['vendor.compliance-expiring']);
    expect(
      (await alertsTo(ids.manager!)).filter((alert) => alert.title.startsWith('Ortiz Plumbing & Repair')),
    ).toEqual([
      expect.objectContaining({ kind: 'vendor.compliance-expiring', link: `/vendors/${ortiz.id}` }),
    ]);
  });

  it('stops telling about a certificate once a renewal that follows it is verified and in effect', async () => {
    // The next renewal starts the day after the current one ends.
    const next = addDays(renewalExpiry(), 366);
    const submitted = (
      await as(
        'vendor',
        'POST',
        '/api/vendor-portal/company/documents',
        insurance(next, { effectiveOn: addDays(renewalExpiry(), 1) }),
      )
    ).json<VendorDocument>();
    expect(
      (await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents/${submitted.id}/verify`)).statusCode,
    ).toBe(200);
    // Today it is not in effect yet: the company's standing is still the current certificate's.
    expect((await company('manager', ortiz.id)).compliance.insurance.expiresOn).toBe(renewalExpiry());
    expect((await run(renewalExpiry())).counts).toEqual({ alerts: 0 });
    expect((await run(addDays(renewalExpiry(), 1))).counts).toEqual({ alerts: 0 });
    expect((await run(addDays(renewalExpiry(), 2))).counts).toEqual({ alerts: 0 });
    expect((await alertsTo(ids.vendor!)).map((alert) => alert.kind)).toEqual(['vendor.compliance-expiring']);
    // The renewal has alerts of its own.
    expect((await run(addDays(next, -30))).counts).toEqual({ alerts: 2 });
    expect((await alertsTo(ids.vendor!)).map((alert) => alert.title)).toEqual([
      expect.stringContaining('expires on'),
      expect.stringMatching(/^Ortiz Plumbing & Repair: certificate of insurance expires on /),
    ]);
    expect((await run(addDays(next, 1))).counts).toEqual({ alerts: 2 });
    expect((await alertsTo(ids.vendor!)).map((alert) => alert.kind)).toEqual([
      'vendor.compliance-expiring',
      'vendor.compliance-expiring',
      'vendor.compliance-expired',
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
    // Its own people read its W-9's file.
    expect(own.company!.documents.find((document) => document.id === w9.id)!.files).toHaveLength(1);
    expect((await as('vendor', 'GET', w9File.url)).statusCode).toBe(200);
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
    expect((await as('dana', 'GET', w9File.url)).statusCode).toBe(404);
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

  it('lets a keeper remove a file the vendor sent once the document is verified; the vendor no longer can', async () => {
    const submitted = (
      await as('vendor', 'POST', '/api/vendor-portal/company/documents', {
        kind: 'w9',
      })
    ).json<VendorDocument>();
    const file = await upload('vendor', submitted.id, 'someone-elses-w9.pdf');
    expect(file.statusCode, file.body).toBe(201);
    const verified = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents/${submitted.id}/verify`);
    expect(verified.statusCode).toBe(200);
    const late = await as('vendor', 'DELETE', `/api/attachments/${file.json().id}`);
    expect(late.statusCode).toBe(409);
    expect(await filesOf(submitted.id)).toEqual(['someone-elses-w9.pdf']);
    const removed = await as('manager', 'DELETE', `/api/attachments/${file.json().id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await filesOf(submitted.id)).toEqual([]);
  });

  it('lets a keeper change a person’s title and make them the main contact, the one before no longer', async () => {
    const invited = await as('manager', 'POST', `/api/vendors/${ortiz.id}/people`, {
      fullName: 'Rosa Ortiz',
      email: 'rosa@ortizplumbing.example',
      title: 'Office',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const rosa = invited.json().userId as string;
    const url = `/api/vendors/${ortiz.id}/people/${rosa}`;
    expect((await as('manager2', 'PATCH', url, { isPrimary: true })).statusCode).toBe(404);
    expect((await as('manager', 'PATCH', url, {})).statusCode).toBe(400);
    const changed = await as('manager', 'PATCH', url, { title: 'Office and billing', isPrimary: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Office and billing', isPrimary: true });
    const people = (await company('manager', ortiz.id)).people;
    expect(people.filter((person) => person.isPrimary).map((person) => person.fullName)).toEqual([
      'Rosa Ortiz',
    ]);
    expect(people.find((person) => person.fullName === 'Victor Ortiz')!.isPrimary).toBe(false);
  });

  it('takes at most five files on a document, counting those already there', async () => {
    const added = await as('manager', 'POST', `/api/vendors/${ortiz.id}/documents`, {
      kind: 'licence',
      licenceNumber: 'M-40127-B',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<VendorDocument>().id;
    for (let index = 1; index <= 5; index++)
      expect((await upload('manager', id, `page-${index}.pdf`)).statusCode, `file ${index}`).toBe(201);
    const sixth = await upload('manager', id, 'page-6.pdf');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('TOO_MANY_FILES');
    expect(await filesOf(id)).toHaveLength(5);
  });
});
