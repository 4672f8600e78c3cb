import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorCompany, VendorList, VendorOwnCompany } from '@commonwise/contracts';
import { profiles, properties, workOrders } from './schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoVendors } from './seed-vendors.ts';

/** The demo's vendor directory (issue 24 item 1), as the demo's manager and vendor see it. */

let t: TestApp;
const idOf = async (email: string) =>
  (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
const as = async (who: 'manager' | 'vendor', method: 'GET' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, await t.cookieFor(who), { method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const propertyId = async (name: string) =>
    (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
      .id;
  const ids = {
    willowCreek: await propertyId('Willow Creek Commons'),
    harborView: await propertyId('Harbor View Condominiums'),
  };
  const people = {
    vendor: await idOf('vendor@commonwise.test'),
    manager: await idOf('manager@commonwise.test'),
  };
  await t.database.db.transaction((tx) => seedDemoVendors(tx, t.app.storage, ids, people));
});
afterAll(async () => t?.close());

describe('the demo vendors', () => {
  it('give the manager Ortiz’s certificate expiring, Lone Star’s expired and Hill Country’s current', async () => {
    const list = (await as('manager', 'GET', '/api/vendors')).json<VendorList>();
    expect(list.vendors.map((vendor) => [vendor.name, vendor.compliance.insurance.status])).toEqual([
      ['Hill Country Plumbing', 'current'],
      ['Lone Star Electric', 'expired'],
      ['Ortiz Plumbing & Repair', 'expiring'],
    ]);
    const loneStar = (
      await as('manager', 'GET', `/api/vendors/${list.vendors[1]!.id}`)
    ).json<VendorCompany>();
    expect(loneStar.people).toEqual([
      expect.objectContaining({ fullName: 'Dana Whitfield', invitationPending: true, isPrimary: true }),
    ]);
  });

  it('show Victor Ortiz, signed in as ever, his company with its warning and its certificate', async () => {
    const own = (await as('vendor', 'GET', '/api/vendor-portal/company')).json<VendorOwnCompany>();
    expect(own.company).toMatchObject({
      name: 'Ortiz Plumbing & Repair',
      compliance: {
        insurance: { status: 'expiring' },
        licence: { status: 'current' },
        w9: { status: 'received' },
      },
    });
    expect(own.company!.warning).toMatch(/^Your certificate of insurance expires on /);
    const certificate = own.company!.documents.find((document) => document.kind === 'insurance')!;
    expect(certificate.files.map((file) => file.fileName)).toEqual(['certificate-of-insurance.pdf']);
    const opened = await as('vendor', 'GET', certificate.files[0]!.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    // His work orders are his company's now, and stay his.
    const [sink] = await t.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.summary, 'Kitchen sink leaking under the cabinet'));
    expect(sink).toMatchObject({
      vendorId: await idOf('vendor@commonwise.test'),
      vendorCompanyId: own.company!.id,
    });
  });

  it('stop the manager assigning Lone Star until a reason is given', async () => {
    const [streetlight] = await t.database.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.summary, 'Streetlight out in front of unit 14B'));
    const dana = await idOf('dana@lonestarelectric.example');
    const refused = await as('manager', 'PUT', `/api/work-orders/${streetlight!.id}/vendor`, {
      vendorId: dana,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('VENDOR_INSURANCE_EXPIRED');
    const overridden = await as('manager', 'PUT', `/api/work-orders/${streetlight!.id}/vendor`, {
      vendorId: dana,
      overrideReason: 'Their renewal is in the post and the light is a safety issue.',
    });
    expect(overridden.statusCode).toBe(200);
  });

  it('let Sam Alvarez of Hill Country Plumbing sign in with the demo password and see his company', async () => {
    const cookie = await t.signIn('vendor2@commonwise.test');
    const own = (
      await injectAs(t.app, cookie, { method: 'GET', url: '/api/vendor-portal/company' })
    ).json<VendorOwnCompany>();
    expect(own.company).toMatchObject({ name: 'Hill Country Plumbing', warning: null });
  });
});
