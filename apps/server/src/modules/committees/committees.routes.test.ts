import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownRule, ruleOf } from '@commonwise/contracts';
import {
  committees,
  profiles,
  properties,
  propertyManagers,
  unitOccupancies,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { texasArcLots } from './committees.service.ts';

/**
 * Boards and committees (issue 17): kept by admins and the property's managers, read by its managers,
 * the people serving on them and the association's owners — not its tenants, not another association's
 * board, not a former owner. Each bad input is refused naming its field.
 *
 * The memberships are made here, in two new associations, so the test does not lean on the demo data:
 * Cedar Ridge (managed by manager@; resident@ owns C1, resident2@ rents C2) and Birch Hollow (board@
 * sits on its board; resident2@ owned B1 until yesterday).
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let ids: Record<string, string>;
let cedarId: string;
let birchId: string;
let owners: { early: string; late: string };

const day = 24 * 60 * 60 * 1000;
const dayFrom = (offset: number) => new Date(Date.now() + offset * day).toISOString().slice(0, 10);
const today = dayFrom(0);

const as = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const base = (propertyId: string) => `/api/properties/${propertyId}/committees`;

async function newPerson(name: string) {
  const id = randomUUID();
  await t.database.db.insert(profiles).values({ id, email: `${name}@committees.test`, fullName: name });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  cookies.resident2 = await t.signIn('resident2@commonwise.test');
  const people = await t.database.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const make = async (name: string) => {
    const response = await as('admin', 'POST', '/api/properties', {
      name,
      address: `1 ${name} Road, Boulder, CO`,
      units: 1,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  cedarId = await make('Cedar Ridge');
  birchId = await make('Birch Hollow');
  const db = t.database.db;
  const [c1, c2, c3, b1] = await db
    .insert(units)
    .values([
      { propertyId: cedarId, label: 'C1' },
      { propertyId: cedarId, label: 'C2' },
      { propertyId: cedarId, label: 'C3' },
      { propertyId: birchId, label: 'B1' },
    ])
    .returning({ id: units.id });
  await db.insert(propertyManagers).values({ propertyId: cedarId, userId: ids.manager! });
  owners = { early: await newPerson('Early Owner'), late: await newPerson('Late Owner') };
  await db.insert(unitOwnerships).values([
    { unitId: c1!.id, userId: ids.resident!, startsOn: '2020-01-01' },
    { unitId: c2!.id, userId: owners.early, startsOn: '2021-01-01' },
    { unitId: c3!.id, userId: owners.late, startsOn: dayFrom(30) },
    { unitId: b1!.id, userId: ids.resident2!, startsOn: '2019-01-01', endsOn: today },
  ]);
  await db.insert(unitOccupancies).values({ unitId: c2!.id, userId: ids.resident2!, kind: 'tenant' });
  const [birchBoard] = await db
    .insert(committees)
    .values({ propertyId: birchId, kind: 'board', name: 'Board of Directors' })
    .returning({ id: committees.id });
  const seat = await as('admin', 'POST', `${base(birchId)}/${birchBoard!.id}/members`, {
    userId: ids.board!,
    role: 'director',
    startsOn: '2024-01-01',
  });
  expect(seat.statusCode).toBe(201);
});
afterAll(async () => t.close());

async function createCommittee(body: object, who = 'manager', propertyId = cedarId) {
  const response = await as(who, 'POST', base(propertyId), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; kind: string };
}

function expectField(response: { statusCode: number; json: () => unknown }, status: number, field: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: { fields?: Record<string, string>; message: string } };
  expect(Object.keys(body.error.fields ?? {})).toContain(field);
  return body.error.fields![field]!;
}

describe('creating committees', () => {
  it('creates the board and a committee; the board is listed first', async () => {
    await createCommittee({ kind: 'social', name: 'Social Committee' });
    const board = await createCommittee({ kind: 'board', name: 'Board of Directors', requiresOwners: true });
    expect(board.kind).toBe('board');
    const list = (await as('manager', 'GET', base(cedarId))).json();
    expect(list.committees[0]).toMatchObject({ kind: 'board', decisionRule: 'majority_of_members' });
    expect(list.committees.map((c: { name: string }) => c.name)).toContain('Social Committee');
    expect(list).toMatchObject({ page: 1, limit: 50 });
  });

  it('refuses a second board for the same association, naming kind', async () => {
    const response = await as('manager', 'POST', base(cedarId), { kind: 'board', name: 'Another board' });
    expect(expectField(response, 409, 'kind')).toMatch(/already has a board/);
  });

  it('refuses a quorum-count rule without a quorum, and a committee without a name', async () => {
    expect(
      expectField(
        await as('manager', 'POST', base(cedarId), {
          kind: 'fining',
          name: 'Hearings',
          decisionRule: 'quorum_count',
        }),
        400,
        'quorum',
      ),
    ).toBe('A quorum-count rule needs a quorum');
    expectField(await as('manager', 'POST', base(cedarId), { kind: 'fining', name: ' ' }), 400, 'name');
  });

  it('keeps the quorum only for a quorum-count rule', async () => {
    const hearing = await createCommittee({
      kind: 'fining',
      name: 'Hearing Panel',
      decisionRule: 'quorum_count',
      quorum: 3,
    });
    expect(hearing).toMatchObject({ decisionRule: 'quorum_count', quorum: 3 });
    const changed = await as('manager', 'PATCH', `${base(cedarId)}/${hearing.id}`, {
      kind: 'fining',
      name: 'Hearing Panel',
      decisionRule: 'majority_of_voting',
      quorum: 3,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ decisionRule: 'majority_of_voting', quorum: null });
  });

  it('refuses making a committee the second board', async () => {
    const social = await createCommittee({ kind: 'social', name: 'Garden Club' });
    const response = await as('manager', 'PATCH', `${base(cedarId)}/${social.id}`, {
      kind: 'board',
      name: 'Garden Club',
    });
    expectField(response, 409, 'kind');
  });

  it('deletes only a committee that never had members', async () => {
    const empty = await createCommittee({ kind: 'other', name: 'Short-lived' });
    expect((await as('manager', 'DELETE', `${base(cedarId)}/${empty.id}`)).statusCode).toBe(204);
    const kept = await createCommittee({ kind: 'other', name: 'With history' });
    const seat = await as('manager', 'POST', `${base(cedarId)}/${kept.id}/members`, {
      userId: owners.early,
      role: 'member',
      startsOn: '2024-01-01',
      endsOn: '2024-06-01',
    });
    expect(seat.statusCode).toBe(201);
    const refused = await as('manager', 'DELETE', `${base(cedarId)}/${kept.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('COMMITTEE_HAS_MEMBERS');
  });
});

describe('members and their terms', () => {
  let boardId: string;
  let arcId: string;
  const boardUrl = () => `${base(cedarId)}/${boardId}/members`;
  const arcUrl = () => `${base(cedarId)}/${arcId}/members`;

  beforeAll(async () => {
    const list = (await as('manager', 'GET', base(cedarId))).json();
    boardId = list.committees.find((c: { kind: string }) => c.kind === 'board').id;
    arcId = (
      await createCommittee({
        kind: 'architectural_review',
        name: 'Architectural Review',
        requiresOwners: true,
      })
    ).id;
  });

  it('seats an owner as president of the board, current from their term start', async () => {
    const response = await as('manager', 'POST', boardUrl(), {
      userId: ids.resident!,
      role: 'president',
      startsOn: dayFrom(-10),
      endsOn: dayFrom(355),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      role: 'president',
      isCurrent: true,
      fullName: expect.any(String),
    });
  });

  it('refuses a term that ends before it starts (endsOn)', async () => {
    const response = await as('manager', 'POST', arcUrl(), {
      userId: owners.early,
      role: 'member',
      startsOn: '2025-05-01',
      endsOn: '2025-04-30',
    });
    expect(expectField(response, 400, 'endsOn')).toBe('A term cannot end before it starts');
  });

  it('refuses someone who does not own a unit here when the term starts, where owners are required (userId)', async () => {
    // A tenant of Cedar Ridge.
    const tenant = await as('manager', 'POST', arcUrl(), {
      userId: ids.resident2!,
      role: 'member',
      startsOn: today,
    });
    expect(expectField(tenant, 400, 'userId')).toMatch(/Only owners may serve/);
    // An owner whose ownership starts next month: not yet, but from then on.
    const early = await as('manager', 'POST', arcUrl(), {
      userId: owners.late,
      role: 'member',
      startsOn: today,
    });
    expectField(early, 400, 'userId');
    const inTime = await as('manager', 'POST', arcUrl(), {
      userId: owners.late,
      role: 'member',
      startsOn: dayFrom(30),
    });
    expect(inTime.statusCode).toBe(201);
    expect(inTime.json().isCurrent).toBe(false);
  });

  it('gives officer roles on the board only, chair and member on committees only (role)', async () => {
    expect(
      expectField(
        await as('manager', 'POST', arcUrl(), { userId: owners.early, role: 'treasurer', startsOn: today }),
        400,
        'role',
      ),
    ).toMatch(/board office/);
    expect(
      expectField(
        await as('manager', 'POST', boardUrl(), { userId: owners.early, role: 'chair', startsOn: today }),
        400,
        'role',
      ),
    ).toMatch(/committee role/);
  });

  it('has one president at a time, and one chair per committee (role)', async () => {
    const second = await as('manager', 'POST', boardUrl(), {
      userId: owners.early,
      role: 'president',
      startsOn: dayFrom(100),
    });
    expect(expectField(second, 409, 'role')).toMatch(/one president at a time/);
    // The next president, from the day the current one's term ends.
    const next = await as('manager', 'POST', boardUrl(), {
      userId: owners.early,
      role: 'president',
      startsOn: dayFrom(355),
    });
    expect(next.statusCode).toBe(201);

    const chair = await as('manager', 'POST', arcUrl(), {
      userId: owners.early,
      role: 'chair',
      startsOn: today,
    });
    expect(chair.statusCode).toBe(201);
    const secondChair = await as('manager', 'POST', arcUrl(), {
      userId: ids.resident!,
      role: 'chair',
      startsOn: today,
    });
    expectField(secondChair, 409, 'role');
  });

  it('refuses the same person twice on one committee for overlapping terms (userId)', async () => {
    const twice = await as('manager', 'POST', arcUrl(), {
      userId: owners.early,
      role: 'member',
      startsOn: dayFrom(5),
    });
    expect(expectField(twice, 409, 'userId')).toMatch(/already serves here/);
  });

  it('refuses an unknown person and a malformed date, naming the field', async () => {
    expectField(
      await as('manager', 'POST', arcUrl(), { userId: 'nobody', role: 'member', startsOn: today }),
      400,
      'userId',
    );
    expectField(
      await as('manager', 'POST', arcUrl(), {
        userId: ids.resident!,
        role: 'member',
        startsOn: '01/02/2025',
      }),
      400,
      'startsOn',
    );
  });

  it('ends a term and keeps it: current roster without it, past terms on request', async () => {
    const seat = await as('manager', 'POST', arcUrl(), {
      userId: ids.resident!,
      role: 'member',
      startsOn: '2024-01-01',
    });
    expect(seat.statusCode).toBe(201);
    const seatId = seat.json().id as string;
    expectField(await as('manager', 'POST', `${arcUrl()}/${seatId}/end`, { on: '2023-12-31' }), 400, 'on');
    const ended = await as('manager', 'POST', `${arcUrl()}/${seatId}/end`, { on: today });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ endsOn: today, isCurrent: false });

    const arcOf = async (query = '') =>
      (await as('manager', 'GET', `${base(cedarId)}${query}`))
        .json()
        .committees.find((c: { id: string }) => c.id === arcId) as { members: { id: string }[] };
    expect((await arcOf()).members.map((m) => m.id)).not.toContain(seatId);
    expect((await arcOf('?includePast=true')).members.map((m) => m.id)).toContain(seatId);
  });

  it("changes a seat's role and term under the same rules", async () => {
    const list = (await as('manager', 'GET', base(cedarId))).json();
    const arc = list.committees.find((c: { id: string }) => c.id === arcId);
    const chairSeat = arc.members.find((m: { role: string }) => m.role === 'chair');
    const changed = await as('manager', 'PATCH', `${arcUrl()}/${chairSeat.id}`, {
      role: 'member',
      startsOn: chairSeat.startsOn,
      endsOn: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().role).toBe('member');
    expectField(
      await as('manager', 'PATCH', `${arcUrl()}/${chairSeat.id}`, {
        role: 'president',
        startsOn: chairSeat.startsOn,
        endsOn: null,
      }),
      400,
      'role',
    );
  });

  it('searches committees by name or member, and pages them', async () => {
    const byName = (await as('manager', 'GET', `${base(cedarId)}?q=garden`)).json();
    expect(byName.committees.map((c: { name: string }) => c.name)).toEqual(['Garden Club']);
    const byMember = (await as('manager', 'GET', `${base(cedarId)}?q=late%20owner`)).json();
    expect(byMember.committees.map((c: { id: string }) => c.id)).toEqual([arcId]);
    const paged = (await as('manager', 'GET', `${base(cedarId)}?limit=2&page=2`)).json();
    expect(paged.committees).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(4);
    expectField(await as('manager', 'GET', `${base(cedarId)}?limit=500`), 400, 'limit');
  });
});

describe('who may see and keep the rosters', () => {
  it("shows the rosters to the association's owners, read-only", async () => {
    expect((await as('resident', 'GET', base(cedarId))).statusCode).toBe(200);
    const write = await as('resident', 'POST', base(cedarId), { kind: 'social', name: 'Mine' });
    expect(write.statusCode).toBe(403);
  });

  it('hides them from a tenant, from a former owner (ended yesterday or today) and from another association', async () => {
    // resident2 rents at Cedar Ridge and owned at Birch Hollow until today.
    expect((await as('resident2', 'GET', base(cedarId))).statusCode).toBe(404);
    expect((await as('resident2', 'GET', base(birchId))).statusCode).toBe(404);
    // board@ sits on Birch Hollow's board: sees its roster, not Cedar Ridge's.
    expect((await as('board', 'GET', base(birchId))).statusCode).toBe(200);
    expect((await as('board', 'GET', base(cedarId))).statusCode).toBe(404);
  });

  it("lets only the property's managers and admins keep them", async () => {
    expect((await as('manager2', 'GET', base(cedarId))).statusCode).toBe(404);
    expect(
      (await as('manager2', 'POST', base(cedarId), { kind: 'social', name: 'Not mine' })).statusCode,
    ).toBe(404);
    expect(
      (await as('manager', 'POST', base(birchId), { kind: 'social', name: 'Not mine' })).statusCode,
    ).toBe(404);
    expect(
      (await as('admin', 'POST', base(birchId), { kind: 'social', name: 'Admins may' })).statusCode,
    ).toBe(201);
  });

  it("does not reach another association's committee through one's own property", async () => {
    const birch = (await as('admin', 'GET', base(birchId))).json();
    const birchBoardId = birch.committees[0].id;
    const response = await as('manager', 'PATCH', `${base(cedarId)}/${birchBoardId}`, {
      kind: 'board',
      name: 'Taken over',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Texas: a larger association’s architectural review committee is independent of its board', () => {
  let pecanId: string;
  let pecanBoardId: string;
  let pecanArcId: string;
  let smallId: string;
  let director: string;
  let reviewer: string;
  const members = (propertyId: string, committeeId: string) => `${base(propertyId)}/${committeeId}/members`;

  beforeAll(async () => {
    const db = t.database.db;
    const make = async (name: string, unitCount: number) => {
      const response = await as('admin', 'POST', '/api/properties', { name, address: `1 ${name}`, units: 1 });
      const id = (response.json() as { id: string }).id;
      await db.update(properties).set({ jurisdiction: 'TX' }).where(eq(properties.id, id));
      await db.delete(units).where(eq(units.propertyId, id));
      await db
        .insert(units)
        .values(Array.from({ length: unitCount }, (_, n) => ({ propertyId: id, label: `P${n + 1}` })));
      return id;
    };
    pecanId = await make('Pecan Bend', 41);
    smallId = await make('Live Oak Row', 40);
    pecanBoardId = (await createCommittee({ kind: 'board', name: 'Board of Directors' }, 'admin', pecanId))
      .id;
    pecanArcId = (
      await createCommittee({ kind: 'architectural_review', name: 'Design Review' }, 'admin', pecanId)
    ).id;
    director = await newPerson('Pecan Director');
    reviewer = await newPerson('Pecan Reviewer');
    for (const [committeeId, userId, role] of [
      [pecanBoardId, director, 'director'],
      [pecanArcId, reviewer, 'member'],
    ] as const) {
      const seated = await as('admin', 'POST', members(pecanId, committeeId), {
        userId,
        role,
        startsOn: '2024-01-01',
      });
      expect(seated.statusCode, seated.body).toBe(201);
    }
  });

  it('refuses a board member on the committee, and a committee member on the board (422, naming the statute)', async () => {
    const onCommittee = await as('admin', 'POST', members(pecanId, pecanArcId), {
      userId: director,
      role: 'member',
      startsOn: today,
    });
    expect(onCommittee.statusCode).toBe(422);
    expect(onCommittee.json().error.code).toBe('ARC_COMMITTEE_NOT_INDEPENDENT');
    expect(expectField(onCommittee, 422, 'userId')).toBe(
      'This person sits on the board during that term: in Texas, an architectural review committee of an association of more than 40 lots may not include board members (Tex. Prop. Code §209.00505).',
    );
    const onBoard = await as('admin', 'POST', members(pecanId, pecanBoardId), {
      userId: reviewer,
      role: 'director',
      startsOn: today,
    });
    expect(expectField(onBoard, 422, 'userId')).toMatch(
      /serves on the Design Review during that term: .*\(Tex\. Prop\. Code §209\.00505\)/,
    );
  });

  it('takes a former board member, and a board member in an association of 40 lots or fewer', async () => {
    const formerDirector = await newPerson('Former Director');
    expect(
      (
        await as('admin', 'POST', members(pecanId, pecanBoardId), {
          userId: formerDirector,
          role: 'director',
          startsOn: '2022-01-01',
          endsOn: dayFrom(-1),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await as('admin', 'POST', members(pecanId, pecanArcId), {
          userId: formerDirector,
          role: 'member',
          startsOn: today,
        })
      ).statusCode,
    ).toBe(201);
    const smallBoard = (await createCommittee({ kind: 'board', name: 'Board' }, 'admin', smallId)).id;
    const smallArc = (await createCommittee({ kind: 'architectural_review', name: 'ARC' }, 'admin', smallId))
      .id;
    const both = await newPerson('Small Director');
    for (const committeeId of [smallBoard, smallArc])
      expect(
        (
          await as('admin', 'POST', members(smallId, committeeId), {
            userId: both,
            role: committeeId === smallBoard ? 'director' : 'member',
            startsOn: today,
          })
        ).statusCode,
      ).toBe(201);
  });

  it('refuses turning a committee with a board member into the architectural review committee (kind)', async () => {
    const social = (await createCommittee({ kind: 'social', name: 'Garden Club' }, 'admin', pecanId)).id;
    expect(
      (
        await as('admin', 'POST', members(pecanId, social), {
          userId: director,
          role: 'member',
          startsOn: '2024-01-01',
        })
      ).statusCode,
    ).toBe(201);
    const changed = await as('admin', 'PATCH', `${base(pecanId)}/${social}`, {
      kind: 'architectural_review',
      name: 'Garden Club',
    });
    expect(expectField(changed, 422, 'kind')).toMatch(/Tex\. Prop\. Code §209\.00505/);
  });

  it('reads the threshold and the statute from the jurisdiction profile', () => {
    const rule = ruleOf('TX', 'arcRules');
    expect(isKnownRule(rule)).toBe(true);
    if (!isKnownRule(rule)) return;
    expect(rule.statute).toBe('Tex. Prop. Code §209.00505');
    expect(rule.value[0]).toContain(`more than ${texasArcLots} lots`);
    expect(rule.value[0]).toContain('may not be board members');
  });
});
