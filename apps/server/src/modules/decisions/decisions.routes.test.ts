import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionItem, DecisionList, PublishedDecisionList } from '@commonwise/contracts';
import {
  arcProjectTypes,
  arcRequests,
  committeeMembers,
  committees,
  decisionVotes,
  profiles,
  properties,
  propertyDocuments,
  unitOwnerships,
} from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { openDecisionItem } from './open-item.ts';
import { recordOutcome } from './record-outcome.ts';

/**
 * Board and committee decisions (issue 22 items 3 and 5) as callers see them. Oak Meadow (Texas) is
 * made for this file: manager@ manages it; its board is board@ and three directors who have no login
 * (their votes are written here, as they would have cast them), and a director whose term ended; its
 * architectural review committee is chaired by resident@, who owns A1; resident2@ owns A2 and serves
 * on nothing. Two more committees carry the other decision rules. Harbor View (the seed's) is another
 * association, managed by manager2@.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let oak: { id: string; unitIds: Record<string, string> };
let harborId: string;
const committeeIds: Record<'board' | 'arc' | 'voting' | 'quorum', string> = {
  board: '',
  arc: '',
  voting: '',
  quorum: '',
};
const directors: string[] = [];
const docs: Record<'oak' | 'oakMinutes' | 'harbor', string> = { oak: '', oakMinutes: '', harbor: '' };

const day = 86_400_000;
const dayFrom = (offset: number) => new Date(Date.now() + offset * day).toISOString().slice(0, 10);

type Who = 'admin' | 'manager' | 'manager2' | 'resident' | 'resident2' | 'board';
const as = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const base = (propertyId = oak.id) => `/api/properties/${propertyId}/decisions`;
const itemUrl = (itemId: string, propertyId = oak.id) => `${base(propertyId)}/${itemId}`;

async function newPerson(name: string) {
  const id = randomUUID();
  await t.database.db.insert(profiles).values({ id, email: `${id}@decisions.test`, fullName: name });
  return id;
}

async function committee(
  name: string,
  kind: 'other' | 'architectural_review',
  rule: string,
  quorum?: number,
) {
  const [row] = await t.database.db
    .insert(committees)
    .values({
      propertyId: oak.id,
      kind,
      name,
      decisionRule: rule as 'majority_of_members',
      quorum: quorum ?? null,
    })
    .returning({ id: committees.id });
  return row!.id;
}

async function seat(committeeId: string, userId: string, endsOn: string | null = null) {
  await t.database.db
    .insert(committeeMembers)
    .values({ committeeId, userId, role: 'member', startsOn: '2024-01-01', endsOn });
}

async function document(propertyId: string, name: string) {
  const [row] = await t.database.db
    .insert(propertyDocuments)
    .values({ propertyId, name, category: 'meeting_minutes', filePath: `test/${randomUUID()}/${name}.pdf` })
    .returning({ id: propertyDocuments.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  cookies.resident2 = await t.signIn('resident2@commonwise.test');
  const db = t.database.db;
  for (const person of await db.select({ id: profiles.id, email: profiles.email }).from(profiles))
    ids[person.email.split('@')[0]!] = person.id;
  oak = await makeAssociation(t, {
    name: 'Oak Meadow',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['A1', 'A2', 'A3'],
  });
  const [harbor] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Harbor View Condominiums'));
  harborId = harbor!.id;
  await db.insert(unitOwnerships).values([
    { unitId: oak.unitIds.A1!, userId: ids.resident!, startsOn: '2020-01-01' },
    { unitId: oak.unitIds.A2!, userId: ids.resident2!, startsOn: '2020-01-01' },
  ]);
  const [board] = await db
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, oak.id), eq(committees.kind, 'board')));
  committeeIds.board = board!.id;
  for (const name of ['Dana Diaz', 'Eli Ford', 'Gail Hunt']) directors.push(await newPerson(name));
  for (const director of directors) await seat(committeeIds.board, director);
  await seat(committeeIds.board, await newPerson('Past Director'), '2025-01-01');

  committeeIds.arc = await committee(
    'Architectural Review Committee',
    'architectural_review',
    'majority_of_voting',
  );
  await seat(committeeIds.arc, ids.resident!);
  await seat(committeeIds.arc, directors[0]!);
  await seat(committeeIds.arc, await newPerson('Ivy Jones'));

  committeeIds.voting = await committee('Finance Committee', 'other', 'majority_of_voting');
  committeeIds.quorum = await committee('Elections Committee', 'other', 'quorum_count', 3);
  for (const id of [committeeIds.voting, committeeIds.quorum]) {
    await seat(id, ids.board!);
    for (const director of directors) await seat(id, director);
    await seat(id, await newPerson('Kim Lee'));
  }
  docs.oak = await document(oak.id, 'Green Acres bid');
  docs.oakMinutes = await document(oak.id, 'Board minutes');
  docs.harbor = await document(harborId, 'Harbor bid');
});
afterAll(async () => t?.close());

const landscaping = {
  kind: 'contract_award',
  title: 'Award the 2027 landscaping contract',
  background: 'Two bids were received for the 2027 season.',
  options: ['Award to Green Acres', 'Award to Lone Star Lawns'],
  dueOn: dayFrom(14),
};

async function create(body: object, who: Who = 'board', propertyId = oak.id): Promise<DecisionItem> {
  const response = await as(who, 'POST', base(propertyId), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DecisionItem;
}

/** Votes of members without a login, written as they would have cast them. */
async function votesOf(itemId: string, choices: [string, string][]) {
  await t.database.db
    .insert(decisionVotes)
    .values(choices.map(([userId, choice]) => ({ itemId, userId, choice })));
}

function expectError(response: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const { error } = response.json() as {
    error: { code: string; message: string; fields?: Record<string, string> };
  };
  expect(error.code).toBe(code);
  return error;
}

describe('creating an item', () => {
  it('puts it before the board by default, with keys from the labels, the documents and the rule', async () => {
    const item = await create({ ...landscaping, documentIds: [docs.oak] });
    expect(item).toMatchObject({
      propertyName: 'Oak Meadow',
      committeeId: committeeIds.board,
      committeeName: 'Board of Directors',
      kind: 'contract_award',
      status: 'open',
      published: true,
      outcome: null,
      options: [
        { key: 'award_to_green_acres', label: 'Award to Green Acres' },
        { key: 'award_to_lone_star_lawns', label: 'Award to Lone Star Lawns' },
      ],
      documents: [{ id: docs.oak, title: 'Green Acres bid' }],
      decisionRule: 'majority_of_members',
      // board@ and three directors serve; the director whose term ended does not count.
      membersServing: 4,
      needs: '3 of 4 members for one option',
      votesCast: 0,
      canVote: true,
      canDecide: true,
      carries: null,
      createdBy: { fullName: 'Beatrice Hall' },
    });
    expect(item.tally.map((line) => [line.key, line.count])).toEqual([
      ['award_to_green_acres', 0],
      ['award_to_lone_star_lawns', 0],
      ['abstain', 0],
    ]);
  });

  it('puts it before another committee, whose members are told', async () => {
    const item = await create(
      {
        ...landscaping,
        kind: 'policy_change',
        title: 'Adopt the paint palette',
        committeeId: committeeIds.arc,
      },
      'manager',
    );
    expect(item).toMatchObject({ committeeName: 'Architectural Review Committee', canVote: false });
    const notices = await as('resident', 'GET', '/api/notifications');
    expect(notices.json().rows).toContainEqual(
      expect.objectContaining({
        kind: 'decision.attention',
        title: 'For the Architectural Review Committee to decide: Adopt the paint palette',
        link: `/decisions/${oak.id}/${item.id}`,
      }),
    );
  });

  it('makes distinct keys from labels that read alike', async () => {
    const item = await create({ ...landscaping, title: 'Keys', options: ['Yes!', 'Yes?', 'No'] });
    expect(item.options.map((option) => option.key)).toEqual(['yes', 'yes_2', 'no']);
  });

  it('refuses another association’s documents, naming the field, and makes nothing', async () => {
    const before = (await as('board', 'GET', `/api/decisions?propertyId=${oak.id}`)).json().total;
    const error = expectError(
      await as('board', 'POST', base(), { ...landscaping, documentIds: [docs.oak, docs.harbor] }),
      422,
      'NOT_A_DOCUMENT_OF_THE_ASSOCIATION',
    );
    expect(Object.keys(error.fields!)).toEqual(['documentIds']);
    expect((await as('board', 'GET', `/api/decisions?propertyId=${oak.id}`)).json().total).toBe(before);
  });

  it('refuses a committee of another association (404) and a due date in the past (422)', async () => {
    const [harborBoard] = await t.database.db
      .select({ id: committees.id })
      .from(committees)
      .where(and(eq(committees.propertyId, harborId), eq(committees.kind, 'board')));
    expectError(
      await as('manager', 'POST', base(), { ...landscaping, committeeId: harborBoard!.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await as('manager', 'POST', base(), { ...landscaping, dueOn: dayFrom(-3) }),
      422,
      'DUE_IN_PAST',
    );
  });

  it('is for the association’s managers and board only', async () => {
    // board@ is not on Harbor View's board; manager@ does not manage it.
    expectError(await as('board', 'POST', base(harborId), landscaping), 404, 'NOT_FOUND');
    expectError(await as('manager', 'POST', base(harborId), landscaping), 404, 'NOT_FOUND');
    // A resident serving on a committee does not put items to it.
    expectError(await as('resident', 'POST', base(), landscaping), 403, 'FORBIDDEN');
  });
});

describe('who sees which items', () => {
  let boardItem: DecisionItem;
  let arcItem: DecisionItem;
  beforeAll(async () => {
    boardItem = await create({ ...landscaping, title: 'Scope: board item' });
    arcItem = await create({ ...landscaping, title: 'Scope: committee item', committeeId: committeeIds.arc });
  });

  const titles = (list: DecisionList) => list.items.map((item) => item.title);

  it('shows a manager of another association nothing of this one', async () => {
    const list = (await as('manager2', 'GET', '/api/decisions?limit=100')).json() as DecisionList;
    expect(list.items.filter((item) => item.propertyId === oak.id)).toEqual([]);
    expectError(await as('manager2', 'GET', `/api/decisions?propertyId=${oak.id}`), 404, 'NOT_FOUND');
    expectError(await as('manager2', 'GET', itemUrl(boardItem.id)), 404, 'NOT_FOUND');
  });

  it('shows a committee member their committee’s items, not the board’s', async () => {
    const list = (await as('resident', 'GET', `/api/decisions?propertyId=${oak.id}&limit=100`)).json();
    expect(titles(list)).toContain('Scope: committee item');
    expect(titles(list)).not.toContain('Scope: board item');
    expect(list.items.every((item: { committeeId: string }) => item.committeeId === committeeIds.arc)).toBe(
      true,
    );
    const detail = await as('resident', 'GET', itemUrl(arcItem.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ canVote: true, canDecide: true });
    expectError(await as('resident', 'GET', itemUrl(boardItem.id)), 404, 'NOT_FOUND');
  });

  it('shows the board every committee’s items, and the manager too', async () => {
    for (const who of ['board', 'manager'] as const) {
      const list = (await as(who, 'GET', `/api/decisions?propertyId=${oak.id}&limit=100`)).json();
      expect(titles(list)).toEqual(expect.arrayContaining(['Scope: board item', 'Scope: committee item']));
    }
    // The board reads the committee's item but does not vote on it.
    expect((await as('board', 'GET', itemUrl(arcItem.id))).json()).toMatchObject({
      canVote: false,
      canDecide: false,
    });
  });

  it('gives an owner who serves on nothing 404', async () => {
    expectError(await as('resident2', 'GET', itemUrl(boardItem.id)), 404, 'NOT_FOUND');
    expectError(await as('resident2', 'GET', itemUrl(arcItem.id)), 404, 'NOT_FOUND');
    expectError(await as('resident2', 'GET', `/api/decisions?propertyId=${oak.id}`), 404, 'NOT_FOUND');
  });

  it('lists open items by due date (none last), then decided ones newest first; mine: waiting for my vote', async () => {
    await create({
      ...landscaping,
      title: 'Order: later',
      dueOn: dayFrom(60),
      committeeId: committeeIds.quorum,
    });
    const sooner = await create({
      ...landscaping,
      title: 'Order: sooner',
      dueOn: dayFrom(2),
      committeeId: committeeIds.quorum,
    });
    await t.database.db.transaction((tx) =>
      openDecisionItem(tx, {
        propertyId: oak.id,
        committeeId: committeeIds.quorum,
        kind: 'other',
        title: 'Order: undated',
        background: 'No due date.',
        options: [
          { key: 'a', label: 'A' },
          { key: 'b', label: 'B' },
        ],
        dueOn: null,
        published: false,
        createdBy: null,
      }),
    );
    const decided = await create({
      ...landscaping,
      title: 'Order: decided',
      dueOn: dayFrom(1),
      committeeId: committeeIds.quorum,
    });
    await votesOf(
      decided.id,
      directors.map((director) => [director, 'award_to_green_acres']),
    );
    const decision = await as('manager', 'POST', `${itemUrl(decided.id)}/decide`, {
      method: 'votes',
      outcome: 'award_to_green_acres',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    const list = (
      await as('manager', 'GET', `/api/decisions?propertyId=${oak.id}&q=Order:&limit=100`)
    ).json();
    expect(titles(list)).toEqual(['Order: sooner', 'Order: later', 'Order: undated', 'Order: decided']);
    expect(list.total).toBe(4);

    const mine = async () =>
      titles((await as('board', 'GET', `/api/decisions?propertyId=${oak.id}&q=Order:&mine=true`)).json());
    expect(await mine()).toEqual(['Order: sooner', 'Order: later', 'Order: undated']);
    await as('board', 'POST', `${itemUrl(sooner.id)}/votes`, { choice: 'abstain' });
    expect(await mine()).toEqual(['Order: later', 'Order: undated']);
  });
});

describe('votes', () => {
  let item: DecisionItem;
  beforeAll(async () => {
    item = await create({ ...landscaping, title: 'Votes' });
  });

  it('refuses someone who reads the item but does not serve on its committee (403)', async () => {
    const error = expectError(
      await as('manager', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'award_to_green_acres' }),
      403,
      'NOT_A_MEMBER',
    );
    expect(error.message).toMatch(/members serving/);
  });

  it('refuses a choice that is not an option (422)', async () => {
    const error = expectError(
      await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'award_to_someone_else' }),
      422,
      'NOT_AN_OPTION',
    );
    expect(Object.keys(error.fields!)).toEqual(['choice']);
  });

  it('records one vote per member, shown with its author; a second is refused (409)', async () => {
    const response = await as('board', 'POST', `${itemUrl(item.id)}/votes`, {
      choice: 'award_to_green_acres',
      comment: 'Their references were better.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      myVote: 'award_to_green_acres',
      canVote: false,
      votesCast: 1,
      votes: [
        {
          fullName: 'Beatrice Hall',
          choice: 'award_to_green_acres',
          comment: 'Their references were better.',
        },
      ],
    });
    expectError(
      await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'award_to_lone_star_lawns' }),
      409,
      'ALREADY_VOTED',
    );
    expect((await as('board', 'GET', itemUrl(item.id))).json().votes).toHaveLength(1);
  });

  it('lets one of two racing votes by the same member through', async () => {
    const racing = await create({ ...landscaping, title: 'Race' });
    const responses = await Promise.all(
      ['award_to_green_acres', 'award_to_lone_star_lawns'].map((choice) =>
        as('board', 'POST', `${itemUrl(racing.id)}/votes`, { choice }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a vote once the item is decided (409)', async () => {
    await votesOf(item.id, [
      [directors[0]!, 'award_to_green_acres'],
      [directors[1]!, 'award_to_green_acres'],
    ]);
    const decided = await as('manager', 'POST', `${itemUrl(item.id)}/decide`, {
      method: 'votes',
      outcome: 'award_to_green_acres',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const error = expectError(
      await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'abstain' }),
      409,
      'ITEM_NOT_OPEN',
    );
    expect(error.message).toMatch(/decided/);
  });
});

describe('deciding under the committee’s rule', () => {
  const decide = (itemId: string, outcome: string, who: Who = 'manager') =>
    as(who, 'POST', `${itemUrl(itemId)}/decide`, { method: 'votes', outcome, note: 'Decided at the table.' });

  it('majority of members: refused until more than half of the members serving choose it', async () => {
    const item = await create({ ...landscaping, title: 'Members rule' });
    await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'award_to_green_acres' });
    await votesOf(item.id, [
      [directors[0]!, 'award_to_green_acres'],
      [directors[1]!, 'abstain'],
    ]);
    // Two of four: a majority of those voting, not of the members.
    const refused = expectError(await decide(item.id, 'award_to_green_acres'), 409, 'VOTES_DO_NOT_CARRY');
    expect(refused.message).toContain('3 of 4 members for one option');
    expect((await as('board', 'GET', itemUrl(item.id))).json().carries).toBeNull();
    await votesOf(item.id, [[directors[2]!, 'award_to_green_acres']]);
    const wrong = expectError(await decide(item.id, 'award_to_lone_star_lawns'), 409, 'VOTES_DO_NOT_CARRY');
    expect(wrong.message).toBe(
      'The votes recorded carry “Award to Green Acres”, not “Award to Lone Star Lawns”.',
    );
    const response = await decide(item.id, 'award_to_green_acres');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'decided',
      method: 'votes',
      outcome: { key: 'award_to_green_acres', label: 'Award to Green Acres' },
      outcomeNote: 'Decided at the table.',
      decidedBy: { fullName: 'Maria Santos' },
      carries: 'award_to_green_acres',
      canDecide: false,
      canVote: false,
      votesCast: 4,
    });
    expect(response.json().tally).toContainEqual({ key: 'abstain', label: 'Abstain', count: 1 });
  });

  it('majority of those voting: refused without most members voting, or on a tie', async () => {
    const item = await create({ ...landscaping, title: 'Voting rule', committeeId: committeeIds.voting });
    expect(item.needs).toBe('3 of 5 members voting, and more than half of their votes for one option');
    await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'award_to_green_acres' });
    await votesOf(item.id, [[directors[0]!, 'abstain']]);
    expectError(await decide(item.id, 'award_to_green_acres', 'board'), 409, 'VOTES_DO_NOT_CARRY');
    await votesOf(item.id, [[directors[1]!, 'award_to_lone_star_lawns']]);
    expectError(await decide(item.id, 'award_to_green_acres', 'board'), 409, 'VOTES_DO_NOT_CARRY');
    await votesOf(item.id, [[directors[2]!, 'award_to_green_acres']]);
    // A serving member records it (board@ serves on this committee).
    const response = await decide(item.id, 'award_to_green_acres', 'board');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'decided', decidedBy: { fullName: 'Beatrice Hall' } });
  });

  it('quorum count: refused below the quorum, carried by a majority of the votes at it', async () => {
    const item = await create({ ...landscaping, title: 'Quorum rule', committeeId: committeeIds.quorum });
    expect(item.needs).toBe('3 members voting, and more than half of their votes for one option');
    await votesOf(item.id, [
      [directors[0]!, 'award_to_lone_star_lawns'],
      [directors[1]!, 'award_to_lone_star_lawns'],
    ]);
    const refused = expectError(await decide(item.id, 'award_to_lone_star_lawns'), 409, 'VOTES_DO_NOT_CARRY');
    expect(refused.message).toContain('3 members voting');
    await votesOf(item.id, [[directors[2]!, 'award_to_green_acres']]);
    const response = await decide(item.id, 'award_to_lone_star_lawns');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome.key).toBe('award_to_lone_star_lawns');
  });

  it('is refused to a reader who neither serves on the committee nor manages the association (403)', async () => {
    const item = await create({ ...landscaping, title: 'Not theirs', committeeId: committeeIds.arc });
    expectError(await decide(item.id, 'award_to_green_acres', 'board'), 403, 'NOT_A_MEMBER');
  });

  it('refuses an outcome that is not an option (422)', async () => {
    const item = await create({ ...landscaping, title: 'No such option' });
    const error = expectError(await decide(item.id, 'something_else'), 422, 'NOT_AN_OPTION');
    expect(Object.keys(error.fields!)).toEqual(['outcome']);
  });
});

describe('a vote taken at a meeting', () => {
  const meeting = (itemId: string, body: object) =>
    as('manager', 'POST', `${itemUrl(itemId)}/decide`, {
      method: 'meeting',
      outcome: 'award_to_green_acres',
      heldOn: dayFrom(-1),
      counts: { award_to_green_acres: 3, award_to_lone_star_lawns: 1 },
      ...body,
    });

  it('records the meeting, its minutes and its counts when they carry the outcome', async () => {
    const item = await create({ ...landscaping, title: 'Meeting' });
    const response = await meeting(item.id, { minutesDocumentId: docs.oakMinutes });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'decided',
      method: 'meeting',
      outcome: { key: 'award_to_green_acres' },
      meeting: {
        heldOn: dayFrom(-1),
        minutes: { id: docs.oakMinutes, title: 'Board minutes' },
        counts: { award_to_green_acres: 3, award_to_lone_star_lawns: 1 },
      },
    });
  });

  it('refuses counts that do not carry it, more votes than members, unknown keys, later days and others’ minutes', async () => {
    const item = await create({ ...landscaping, title: 'Meeting refused' });
    const tie = expectError(
      await meeting(item.id, { counts: { award_to_green_acres: 2, award_to_lone_star_lawns: 2 } }),
      409,
      'VOTES_DO_NOT_CARRY',
    );
    expect(tie.message).toContain('The meeting’s votes do not carry');
    const tooMany = expectError(
      await meeting(item.id, { counts: { award_to_green_acres: 4, abstain: 1 } }),
      422,
      'MORE_VOTES_THAN_MEMBERS',
    );
    expect(tooMany.message).toContain('4 members serving');
    expect(Object.keys(tooMany.fields!)).toEqual(['counts']);
    expectError(
      await meeting(item.id, { counts: { award_to_green_acres: 3, maybe: 1 } }),
      422,
      'NOT_AN_OPTION',
    );
    const later = expectError(await meeting(item.id, { heldOn: dayFrom(2) }), 422, 'MEETING_IN_FUTURE');
    expect(Object.keys(later.fields!)).toEqual(['heldOn']);
    const minutes = expectError(
      await meeting(item.id, { minutesDocumentId: docs.harbor }),
      422,
      'NOT_A_DOCUMENT_OF_THE_ASSOCIATION',
    );
    expect(Object.keys(minutes.fields!)).toEqual(['minutesDocumentId']);
    expect((await as('manager', 'GET', itemUrl(item.id))).json().status).toBe('open');
  });
});

describe('withdrawing', () => {
  it('takes an open item off the agenda once; nothing is recorded on it after', async () => {
    const item = await create({ ...landscaping, title: 'Withdrawn' });
    const response = await as('board', 'POST', `${itemUrl(item.id)}/withdraw`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'withdrawn', canVote: false, canDecide: false });
    expectError(await as('manager', 'POST', `${itemUrl(item.id)}/withdraw`), 409, 'ITEM_NOT_OPEN');
    expectError(
      await as('board', 'POST', `${itemUrl(item.id)}/votes`, { choice: 'abstain' }),
      409,
      'ITEM_NOT_OPEN',
    );
    expectError(await as('resident', 'POST', `${itemUrl(item.id)}/withdraw`), 403, 'FORBIDDEN');
  });
});

describe('an architectural request’s item', () => {
  let itemId: string;
  beforeAll(async () => {
    const db = t.database.db;
    const [type] = await db
      .insert(arcProjectTypes)
      .values({ propertyId: oak.id, kind: 'fence', name: 'Fence', fields: [], files: [], checks: [] })
      .returning({ id: arcProjectTypes.id });
    // resident2@ asks for a fence at A1, the home resident@ (the committee's chair) owns.
    const [request] = await db
      .insert(arcRequests)
      .values({
        propertyId: oak.id,
        unitId: oak.unitIds.A1!,
        applicantId: ids.resident2!,
        projectTypeId: type!.id,
        typeSnapshot: {
          kind: 'fence',
          name: 'Fence',
          fields: [],
          files: [],
          checks: [],
          feeCents: 0,
          reviewDays: null,
          reviewDaysSource: null,
        },
        title: 'Cedar fence',
        status: 'under_review',
        completeAt: new Date(),
      })
      .returning({ id: arcRequests.id });
    itemId = await db.transaction((tx) =>
      openDecisionItem(tx, {
        propertyId: oak.id,
        committeeId: committeeIds.arc,
        kind: 'arc_request',
        title: 'Cedar fence at A1',
        background: 'A six-foot cedar fence.',
        options: [
          { key: 'approve', label: 'Approve' },
          { key: 'deny', label: 'Deny' },
        ],
        dueOn: dayFrom(30),
        published: false,
        arcRequestId: request!.id,
        createdBy: null,
      }),
    );
  });

  it('keeps the owner of the home out of the vote', async () => {
    expect((await as('resident', 'GET', itemUrl(itemId))).json()).toMatchObject({ canVote: false });
    const error = expectError(
      await as('resident', 'POST', `${itemUrl(itemId)}/votes`, { choice: 'approve' }),
      403,
      'CONFLICT_OF_INTEREST',
    );
    expect(error.message).toMatch(/home you own/);
  });

  it('is decided from the request, not here; the request decides it through recordOutcome', async () => {
    const error = expectError(
      await as('manager', 'POST', `${itemUrl(itemId)}/decide`, { method: 'votes', outcome: 'approve' }),
      409,
      'DECIDED_BY_REQUEST',
    );
    expect(error.message).toBe(
      'An architectural request is decided from the request, with its reasons or conditions.',
    );
    const ctx = {
      actor: {
        id: ids.manager!,
        email: 'manager@commonwise.test',
        fullName: 'Maria Santos',
        role: 'manager' as const,
        twoFactorEnabled: false,
      },
    };
    await expect(
      t.database.db.transaction((tx) =>
        recordOutcome(tx, ctx, { id: itemId }, { method: 'votes', outcome: 'deny' }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'VOTES_DO_NOT_CARRY' });
    await votesOf(itemId, [[directors[0]!, 'deny']]);
    const [ivy] = await t.database.db
      .select({ userId: committeeMembers.userId })
      .from(committeeMembers)
      .innerJoin(profiles, eq(profiles.id, committeeMembers.userId))
      .where(eq(profiles.fullName, 'Ivy Jones'));
    await votesOf(itemId, [[ivy!.userId, 'deny']]);
    await t.database.db.transaction((tx) =>
      recordOutcome(tx, ctx, { id: itemId }, { method: 'votes', outcome: 'deny', note: 'Too tall.' }),
    );
    expect((await as('manager', 'GET', itemUrl(itemId))).json()).toMatchObject({
      status: 'decided',
      outcome: { key: 'deny' },
      outcomeNote: 'Too tall.',
      decidedBy: { fullName: 'Maria Santos' },
    });
  });
});

describe('the resident portal’s decided items', () => {
  it('shows the decided, published items of the caller’s own associations, without the votes', async () => {
    const shown = await create({ ...landscaping, title: 'Published: shown' });
    const hidden = await create({ ...landscaping, title: 'Published: not published', published: false });
    await create({ ...landscaping, title: 'Published: still open' });
    for (const item of [shown, hidden]) {
      await votesOf(
        item.id,
        directors.map((director) => [director, 'award_to_lone_star_lawns']),
      );
      const decided = await as('manager', 'POST', `${itemUrl(item.id)}/decide`, {
        method: 'votes',
        outcome: 'award_to_lone_star_lawns',
        note: 'The lower bid.',
      });
      expect(decided.statusCode, decided.body).toBe(200);
    }
    // Harbor View's decided item: resident@ has no home there.
    const harborItem = await create({ ...landscaping, title: 'Published: Harbor View' }, 'admin', harborId);
    const meeting = await as('admin', 'POST', `${itemUrl(harborItem.id, harborId)}/decide`, {
      method: 'meeting',
      outcome: 'award_to_green_acres',
      heldOn: dayFrom(-1),
      counts: { award_to_green_acres: 3 },
    });
    expect(meeting.statusCode, meeting.body).toBe(200);

    const response = await as('resident', 'GET', '/api/resident-portal/decisions?limit=100');
    expect(response.statusCode).toBe(200);
    const list = response.json() as PublishedDecisionList;
    const titles = list.decisions.map((decision) => decision.title);
    expect(titles).toContain('Published: shown');
    expect(titles).not.toContain('Published: not published');
    expect(titles).not.toContain('Published: still open');
    expect(titles).not.toContain('Published: Harbor View');
    expect(list.decisions.find((decision) => decision.title === 'Published: shown')).toEqual({
      id: shown.id,
      propertyName: 'Oak Meadow',
      kind: 'contract_award',
      title: 'Published: shown',
      background: landscaping.background,
      outcome: 'Award to Lone Star Lawns',
      outcomeNote: 'The lower bid.',
      decidedAt: expect.any(String),
    });
    expect(response.body).not.toContain('Beatrice');
  });
});

describe('the demo’s decisions at Willow Creek', () => {
  it('puts open items before Beatrice Hall, whose vote carries the landscaping contract, and publishes two', async () => {
    const [willow] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    // The demo's items are in the template every test file starts from (seedDemoData).
    const waiting = (await as('board', 'GET', `/api/decisions?propertyId=${willow!.id}&mine=true`)).json();
    expect(waiting.items.map((item: { kind: string }) => item.kind)).toEqual([
      'collections_step',
      'contract_award',
    ]);
    const contract = waiting.items[1] as { id: string; votesCast: number; membersServing: number };
    expect(contract).toMatchObject({ votesCast: 2, membersServing: 5 });
    const url = itemUrl(contract.id, willow!.id);
    const voted = await as('board', 'POST', `${url}/votes`, { choice: 'green_acres' });
    expect(voted.json()).toMatchObject({ carries: 'green_acres', canDecide: true });
    const decided = await as('board', 'POST', `${url}/decide`, { method: 'votes', outcome: 'green_acres' });
    expect(decided.statusCode, decided.body).toBe(200);

    const published = (await as('resident', 'GET', '/api/resident-portal/decisions')).json();
    const willowTitles = published.decisions
      .filter((decision: { propertyName: string }) => decision.propertyName === 'Willow Creek Commons')
      .map((decision: { title: string }) => decision.title);
    expect(willowTitles).toEqual([
      expect.stringMatching(/^Award the \d{4} landscaping contract$/),
      expect.stringMatching(/^Adopt the \d{4} operating budget$/),
      'Reseal the clubhouse parking lot',
    ]);
  });
});
