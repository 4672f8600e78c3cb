import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { auditEvents, properties } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let willow: string;
let harbor: string;

beforeAll(async () => {
  t = await createTestApp();
  const idOf = async (name: string) =>
    (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
      .id;
  willow = await idOf('Willow Creek Commons');
  harbor = await idOf('Harbor View Condominiums');
});
afterAll(async () => t.close());

const as = async (role: Role, method: string, url: string, payload?: unknown) =>
  injectAs(t.app, await t.cookieFor(role), {
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('the audit trail', () => {
  it("records a person's change with who, in which role, the request and the fields before and after", async () => {
    const created = await as('manager', 'POST', `/api/properties/${willow}/units`, { label: 'AUD-1' });
    expect(created.statusCode).toBe(201);
    const unitId = created.json().id as string;
    const changed = await as('manager', 'PATCH', `/api/properties/${willow}/units/${unitId}`, {
      label: 'AUD-1',
      kind: 'condo',
    });
    expect(changed.statusCode).toBe(200);

    const trail = await as('admin', 'GET', `/api/audit-events?q=${unitId}`);
    expect(trail.statusCode).toBe(200);
    const [update, insert] = trail.json().events;
    expect(insert).toMatchObject({
      action: 'insert',
      entity: 'units',
      entityId: unitId,
      actorRole: 'manager',
      property: { id: willow, name: 'Willow Creek Commons' },
      requestId: created.headers['x-request-id'],
    });
    expect(insert.actor.email).toMatch(/^manager@/);
    expect(insert.changes.label).toEqual([null, 'AUD-1']);
    expect(update).toMatchObject({ action: 'update', requestId: changed.headers['x-request-id'] });
    // Only what changed, as [before, after].
    expect(update.changes).toEqual({ kind: ['home', 'condo'] });
  });

  it('records nothing for a write that was refused: the trail and the change share a transaction', async () => {
    const before = (await as('admin', 'GET', `/api/audit-events?propertyId=${willow}`)).json().total;
    const refused = await as('manager', 'POST', `/api/properties/${willow}/units`, { label: 'AUD-1' });
    expect(refused.statusCode).toBe(409);
    expect((await as('admin', 'GET', `/api/audit-events?propertyId=${willow}`)).json().total).toBe(before);
  });

  it('cannot be changed, deleted or emptied, by any code path: the database refuses', async () => {
    const db = t.database.db;
    const [event] = await db.select({ id: auditEvents.id }).from(auditEvents).limit(1);
    // Drizzle wraps the database's error; its cause is PostgreSQL's own refusal.
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(db.update(auditEvents).set({ entityId: 'x' }).where(eq(auditEvents.id, event!.id))),
    ).toBe('audit_events is append-only: UPDATE is refused');
    expect(await refusal(db.delete(auditEvents).where(eq(auditEvents.id, event!.id)))).toBe(
      'audit_events is append-only: DELETE is refused',
    );
    expect(await refusal(db.execute(sql`truncate audit_events`))).toBe(
      'audit_events is append-only: TRUNCATE is refused',
    );
  });

  it('filters by property, kind of record, person and dates, and pages', async () => {
    const harborOnly = (await as('admin', 'GET', `/api/audit-events?propertyId=${harbor}&limit=100`)).json();
    expect(
      harborOnly.events.every((event: { property: { id: string } }) => event.property.id === harbor),
    ).toBe(true);
    const units = (await as('admin', 'GET', '/api/audit-events?entity=units&limit=5')).json();
    expect(units.events).toHaveLength(5);
    expect(units.events.every((event: { entity: string }) => event.entity === 'units')).toBe(true);
    const byManager = (await as('admin', 'GET', '/api/audit-events?q=manager%40')).json();
    expect(byManager.total).toBeGreaterThan(0);
    expect(
      byManager.events.every((event: { actor: { email: string } }) => /^manager@/.test(event.actor.email)),
    ).toBe(true);
    const future = (await as('admin', 'GET', '/api/audit-events?from=2999-01-01')).json();
    expect(future).toMatchObject({ events: [], total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await as('admin', 'GET', `/api/audit-events?to=${today}`)).json().total).toBeGreaterThan(0);
    const badDate = await as('admin', 'GET', '/api/audit-events?from=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields).toEqual({ from: 'From must be a date (YYYY-MM-DD)' });
  });

  it('records the seed and other system work without a person', async () => {
    const seeded = (await as('admin', 'GET', `/api/audit-events?entity=properties&limit=100`)).json();
    const system = seeded.events.filter((event: { actor: unknown }) => event.actor === null);
    expect(system.length).toBeGreaterThan(0);
    expect(system[0].actorRole).toBeNull();
  });

  it('exports the filtered trail as CSV, with formula-like cells made inert', async () => {
    const admin = await t.cookieFor('admin');
    const me = (await injectAs(t.app, admin, { method: 'GET', url: '/api/me' })).json();
    // A name a spreadsheet would run as a formula, in the Who column of the admin's own change.
    const renamed = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: '=HYPERLINK("http://x")' },
    });
    expect(renamed.statusCode).toBe(200);
    const csv = await as('admin', 'GET', `/api/audit-events/export?entity=profiles&q=${me.id}`);
    await injectAs(t.app, admin, { method: 'PATCH', url: '/api/me', payload: { fullName: me.fullName } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row] = csv.body.trim().split('\n');
    expect(header).toBe('When,Who,Role,Property,Record,Record id,Action,Changes,Request id');
    expect(row).toContain(`"'=HYPERLINK(""http://x"") <${me.email}>",admin,,Person,${me.id},Changed,`);
  });

  it('is for admins only', async () => {
    for (const role of ['manager', 'board', 'resident'] as const) {
      expect((await as(role, 'GET', '/api/audit-events')).statusCode).toBe(403);
      expect((await as(role, 'GET', '/api/audit-events/export')).statusCode).toBe(403);
    }
  });
});
