import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@commonwise/contracts';
import { auditEvents, projectMembers, projectUnits, properties, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { createUserWithPassword } from '../users/users.service.ts';

/**
 * Issue 25 item 1 through the API: "New Project" creates a community in development — its property
 * (pending), its phases and their planned lots — with the developer as a member; developers see only
 * their own projects (another's is not found); bad input writes nothing.
 */

type Who = 'admin' | 'manager' | 'resident' | 'developer';
let t: TestApp;
const cookies = new Map<string, string>();
async function as(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  if (!cookies.has(who)) cookies.set(who, await t.signIn(`${who}@commonwise.test`));
  return injectAs(t.app, cookies.get(who)!, { method, url, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const cedarRidge = {
  name: 'Cedar Ridge',
  address: '4000 Cedar Ridge Parkway, Round Rock, TX 78665',
  jurisdiction: 'TX',
  timeZone: 'America/Chicago',
  phases: [
    { name: 'Phase 1', unitCount: 12 },
    { name: 'Phase 2', labels: ['Lot 13', 'Lot 14', 'Lot 15'] },
  ],
};
const propertyCount = async () => (await t.database.db.select().from(properties)).length;

describe('New Project', () => {
  it('creates the pending property, its phases and their planned lots, with the developer a member', async () => {
    const response = await as('developer', 'POST', '/api/projects', cedarRidge);
    expect(response.statusCode, response.body).toBe(201);
    const project = response.json<Project>();
    expect(project).toMatchObject({
      name: 'Cedar Ridge',
      propertyStatus: 'pending',
      totalUnits: 15,
      handoverThresholdBp: null,
      phases: [
        { name: 'Phase 1', ordinal: 1, units: { planned: 12, closed: 0 } },
        { name: 'Phase 2', ordinal: 2, units: { planned: 3, available: 0 } },
      ],
    });
    const labels = (
      await t.database.db
        .select({ label: units.label })
        .from(units)
        .innerJoin(projectUnits, eq(projectUnits.unitId, units.id))
        .where(eq(units.propertyId, project.propertyId))
    ).map((row) => row.label);
    expect(labels.sort()).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'Lot 13', 'Lot 14', 'Lot 15'].sort(),
    );
    const [property] = await t.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, project.propertyId));
    expect(property).toMatchObject({ units: 15, jurisdiction: 'TX', timeZone: 'America/Chicago' });
    const members = await t.database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.id));
    expect(members).toHaveLength(1);
    // The audit trail files each new row under the community's property.
    const audited = new Set(
      (
        await t.database.db
          .select({ entity: auditEvents.entity })
          .from(auditEvents)
          .where(eq(auditEvents.propertyId, project.propertyId))
      ).map((row) => row.entity),
    );
    for (const entity of [
      'properties',
      'development_projects',
      'project_members',
      'project_phases',
      'project_units',
    ])
      expect(audited, entity).toContain(entity);
    // The developer and admins read it; nobody else calls the route.
    expect((await as('developer', 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await as('manager', 'GET', `/api/projects/${project.id}`)).statusCode).toBe(403);
    expect((await as('resident', 'POST', '/api/projects', cedarRidge)).statusCode).toBe(403);
  });

  it('keeps a developer out of a project they are not a member of', async () => {
    const byAdmin = await as('admin', 'POST', '/api/projects', { ...cedarRidge, name: 'Oak Hollow' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const other = await as('developer', 'GET', `/api/projects/${byAdmin.json<Project>().id}`);
    expect(other.statusCode).toBe(404);
  });

  it("adds another of the developer's people, and takes them off: their access ends at once", async () => {
    const created = await as('developer', 'POST', '/api/projects', { ...cedarRidge, name: 'Juniper Bend' });
    const project = created.json<Project>();
    await createUserWithPassword(t.database.db, {
      email: 'dana.lee@example.com',
      fullName: 'Dana Lee',
      role: 'developer',
      password: 'dana-lee-password',
    });
    const dana = await t.signIn('dana.lee@example.com', 'dana-lee-password');
    const asDana = (url: string) => injectAs(t.app, dana, { method: 'GET', url });
    expect((await asDana(`/api/projects/${project.id}`)).statusCode).toBe(404);

    const added = await as('developer', 'POST', `/api/projects/${project.id}/members`, {
      email: 'Dana.Lee@example.com',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Project>().team).toEqual(
      expect.arrayContaining([expect.objectContaining({ fullName: 'Dana Lee', role: 'developer' })]),
    );
    expect((await asDana(`/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await asDana(`/api/properties/${project.propertyId}/documents`)).statusCode).toBe(200);

    const again = await as('developer', 'POST', `/api/projects/${project.id}/members`, {
      email: 'dana.lee@example.com',
    });
    expect(again.json().error.code).toBe('ALREADY_MEMBER');
    const resident = await as('developer', 'POST', `/api/projects/${project.id}/members`, {
      email: 'resident@commonwise.test',
    });
    expect(resident.json().error.code).toBe('NOT_A_DEVELOPER');
    // The same answer for an address with no account: the form tells no one who has one, or whose.
    const unknown = await as('developer', 'POST', `/api/projects/${project.id}/members`, {
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(
      'nobody@example.com is not an active developer account here: an administrator invites them as a developer first.',
    );
    expect(resident.json().error.message).not.toContain('Ryan');

    const danaId = added.json<Project>().team.find((member) => member.fullName === 'Dana Lee')!.id;
    const removed = await as('developer', 'DELETE', `/api/projects/${project.id}/members/${danaId}`);
    expect(removed.statusCode).toBe(204);
    expect((await asDana(`/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await asDana(`/api/properties/${project.propertyId}/documents`)).statusCode).toBe(404);
    // The last of the developer's people stays.
    const me = added.json<Project>().team.find((member) => member.fullName === 'Devon Price')!.id;
    const last = await as('developer', 'DELETE', `/api/projects/${project.id}/members/${me}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_MEMBER');
  });

  it('refuses a phase with no units, no phases, units twice and too many, writing nothing', async () => {
    const before = await propertyCount();
    const cases: [object, string][] = [
      [{ ...cedarRidge, phases: [] }, 'phases'],
      [{ ...cedarRidge, phases: [{ name: 'Phase 1', unitCount: 0 }] }, 'phases.0.unitCount'],
      [{ ...cedarRidge, phases: [{ name: 'Phase 1', labels: [] }] }, 'phases.0.labels'],
      [{ ...cedarRidge, phases: [{ name: 'Phase 1' }] }, 'phases.0.unitCount'],
      [{ ...cedarRidge, phases: [{ name: 'Phase 1', labels: ['A', 'a'] }] }, 'phases.0.labels.1'],
      [
        {
          ...cedarRidge,
          phases: [
            { name: 'Phase 1', labels: ['A'] },
            { name: 'Phase 2', labels: ['A'] },
          ],
        },
        'phases.1.labels',
      ],
      [
        {
          ...cedarRidge,
          phases: [
            { name: 'Phase 1', unitCount: 1 },
            { name: 'phase 1', unitCount: 1 },
          ],
        },
        'phases.1.name',
      ],
      [{ ...cedarRidge, phases: [{ name: 'Phase 1', unitCount: 5001 }] }, 'phases.0.unitCount'],
    ];
    for (const [body, field] of cases) {
      const response = await as('developer', 'POST', '/api/projects', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await propertyCount()).toBe(before);
  });
});
