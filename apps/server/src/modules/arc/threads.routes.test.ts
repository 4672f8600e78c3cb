import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArcMessageList, ArcRequest, NotificationPage } from '@commonwise/contracts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { arcCommittee, fenceTypeInput, own, personId } from '../../test/fixtures/arc-fixtures.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * A request's two threads (issue 22 item 3), as callers see them. Elm Park's architectural review
 * committee is board@ alone and manager@ manages it; resident@ owns E1 and asks for a fence there.
 * manager2@ has nothing to do with Elm Park.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let elm: { id: string; unitIds: Record<string, string> };
let fenceType: string;

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who], {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const staff = (requestId: string, path = '') => `/api/properties/${elm.id}/arc/requests/${requestId}${path}`;
const mine = (requestId: string, path = '') => `/api/resident-portal/arc/requests/${requestId}${path}`;
const notices = async (who: string, kind: string) =>
  ((await as(who, 'GET', '/api/notifications?limit=50')).json() as NotificationPage).rows.filter(
    (row) => row.kind === kind,
  );

async function fenceRequest(title: string): Promise<string> {
  const made = await as('resident', 'POST', '/api/resident-portal/arc/requests', {
    unitId: elm.unitIds.E1,
    projectTypeId: fenceType,
    title,
    answers: { height: 60, length: 40, material: 'Wood', colour: 'Cedar' },
  });
  expect(made.statusCode, made.body).toBe(201);
  return (made.json() as ArcRequest).id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board', 'manager2'])
    cookies[who] = await t.signIn(`${who}@commonwise.test`);
  elm = await makeAssociation(t, {
    name: 'Elm Park',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['E1'],
  });
  const db = t.database.db;
  await own(db, elm.unitIds.E1!, await personId(db, 'resident'));
  await arcCommittee(db, elm.id, [await personId(db, 'board')]);
  const created = await as(
    'manager',
    'POST',
    `/api/properties/${elm.id}/arc/project-types`,
    fenceTypeInput({ files: [], reviewDays: 30, reviewDaysSource: 'CC&Rs §5.3' }),
  );
  expect(created.statusCode, created.body).toBe(201);
  fenceType = created.json().id;
});

afterAll(async () => {
  await t?.close();
});

describe("a request's threads", () => {
  it('carries the owner’s question to the reviewers and their answer back, each side told', async () => {
    const id = await fenceRequest('Side fence');
    const asked = await as('resident', 'POST', mine(id, '/messages'), {
      body: '  Does the 60 in include the post caps?  ',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((asked.json() as ArcMessageList).messages).toEqual([
      expect.objectContaining({
        visibility: 'applicant',
        body: 'Does the 60 in include the post caps?',
        fromOwner: true,
        author: expect.objectContaining({ fullName: 'Ryan Chen' }) as object,
      }),
    ]);
    // The committee member and the manager are told, with the words and the way to the request.
    for (const who of ['board', 'manager']) {
      const [notice] = (await notices(who, 'arc.message')).filter((row) => row.link?.endsWith(id));
      expect(notice, who).toMatchObject({
        title: 'The owner wrote on the fence request at unit E1',
        link: `/arc/${elm.id}/${id}`,
      });
      expect(notice!.body).toContain('Does the 60 in include the post caps?');
    }

    const answered = await as('board', 'POST', staff(id, '/messages'), {
      visibility: 'applicant',
      body: 'It does: 60 in to the top of the caps.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const thread = (await as('resident', 'GET', mine(id, '/messages'))).json() as ArcMessageList;
    expect(thread).toMatchObject({ total: 2, page: 1 });
    // Newest first; the reviewer's answer is not the owner's.
    expect(thread.messages.map((message) => [message.body, message.fromOwner])).toEqual([
      ['It does: 60 in to the top of the caps.', false],
      ['Does the 60 in include the post caps?', true],
    ]);
    const [told] = (await notices('resident', 'arc.request-update')).filter(
      (row) => row.title === 'A message about your fence request',
    );
    expect(told).toMatchObject({ link: `/resident-portal/arc/${id}` });
    expect(told!.body).toContain('It does: 60 in to the top of the caps.');
  });

  it('keeps the committee’s thread from the owner, by any route', async () => {
    const id = await fenceRequest('Rear fence');
    const noted = await as('board', 'POST', staff(id, '/messages'), {
      visibility: 'committee',
      body: 'The neighbour at E2 objected at the last meeting.',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const committee = (await as('manager', 'GET', staff(id, '/messages?visibility=committee'))).json();
    expect((committee as ArcMessageList).messages.map((message) => message.body)).toEqual([
      'The neighbour at E2 objected at the last meeting.',
    ]);
    const applicant = (await as('manager', 'GET', staff(id, '/messages?visibility=applicant'))).json();
    expect((applicant as ArcMessageList).total).toBe(0);

    // The owner's route has one thread: asking for the committee's changes nothing.
    const owner = await as('resident', 'GET', mine(id, '/messages?visibility=committee'));
    expect(owner.statusCode).toBe(200);
    expect((owner.json() as ArcMessageList).total).toBe(0);
    expect((await as('resident', 'GET', staff(id, '/messages?visibility=committee'))).statusCode).toBe(404);
    expect(
      (await as('resident', 'POST', mine(id, '/messages'), { visibility: 'committee', body: 'x' }))
        .statusCode,
    ).toBe(400);
    // Nor is the owner told of it.
    const bell = (await as('resident', 'GET', '/api/notifications?limit=50')).json() as NotificationPage;
    expect(bell.rows.map((row) => row.body).join('\n')).not.toContain('objected');
  });

  it('refuses empty, overlong and misaddressed messages, others’ requests and withdrawn ones', async () => {
    const id = await fenceRequest('Front fence');
    const empty = await as('board', 'POST', staff(id, '/messages'), { visibility: 'committee', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ body: 'Type a message first' });
    const long = await as('resident', 'POST', mine(id, '/messages'), { body: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toMatchObject({
      body: 'A message can be at most 4000 characters',
    });
    const nowhere = await as('board', 'POST', staff(id, '/messages'), { visibility: 'board', body: 'Hi' });
    expect(nowhere.statusCode).toBe(400);
    expect((await as('manager', 'GET', staff(id, '/messages'))).statusCode).toBe(400);

    // Someone who reviews nothing at Elm Park: not found, in either direction.
    expect((await as('manager2', 'GET', staff(id, '/messages?visibility=applicant'))).statusCode).toBe(404);
    expect(
      (await as('manager2', 'POST', staff(id, '/messages'), { visibility: 'applicant', body: 'Hello' }))
        .statusCode,
    ).toBe(404);
    // The resident portal's routes are not a manager's at all.
    expect((await as('manager2', 'GET', mine(id, '/messages'))).statusCode).toBe(403);

    expect((await as('resident', 'POST', mine(id, '/withdraw'))).statusCode).toBe(200);
    const late = await as('resident', 'POST', mine(id, '/messages'), { body: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'REQUEST_WITHDRAWN',
      message: 'This request was withdrawn: it takes no more messages.',
    });
    // What was said stays readable.
    expect((await as('resident', 'GET', mine(id, '/messages'))).statusCode).toBe(200);
  });

  it('pages a long thread, newest first, with its total', async () => {
    const id = await fenceRequest('Long talk');
    for (let index = 1; index <= 3; index += 1)
      expect(
        (
          await as('board', 'POST', staff(id, '/messages'), {
            visibility: 'committee',
            body: `Note ${index}`,
          })
        ).statusCode,
      ).toBe(200);
    const page = (
      await as('manager', 'GET', staff(id, '/messages?visibility=committee&limit=2&page=2'))
    ).json();
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect((page as ArcMessageList).messages.map((message) => message.body)).toEqual(['Note 1']);
  });
});
