import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { createTestApp, type TestApp } from './test-app.ts';
import { loadFixtures, routeExamples, type ExampleRequest, type Fixtures } from './route-examples.ts';
import {
  createOutsiders,
  day,
  idsNamedBy,
  idsShownBy,
  PersonCaller,
  willowCreekPrivateIds,
  type Outsiders,
} from './fixtures/membership-people.ts';

/**
 * The authorization matrix by membership (issue 17; docs/access.md): every registered API route, replayed
 * by two people whose global role lets them call it but whose memberships give them nothing at Willow
 * Creek. Each makes exactly the request a Willow Creek insider of the same role makes about their own
 * things (route-examples.ts's `own`):
 *
 * - a board member of another association (Harbor View) replays the Willow Creek board member's;
 * - a former owner, whose Willow Creek ownership ended yesterday, replays the Willow Creek resident's,
 *   and the same again about the home they sold wherever the resident's names their home.
 *
 * A case leaks when a request naming a Willow Creek id succeeds (status < 400), or when any answer, of
 * any status, shows a Willow Creek id the request did not name itself. Nothing at Willow Creek is shared
 * with either: its rosters and governing documents are for its owners, and the former owner no longer is
 * one. Public and self routes (/api/me …) answer them, as long as nothing of Willow Creek is in it.
 *
 * The control: the insiders, replaying the same requests after them, succeed on requests naming Willow
 * Creek ids and are shown Willow Creek ids. So the cases can fail: docs/access.md records the scoping
 * mutations this test was seen to catch.
 */

let t: TestApp;
let fixtures: Fixtures;
let outsiders: Outsiders;
let privateIds: Map<string, string>;
let caller: PersonCaller;
let routes: { method: string; url: string }[];

/**
 * Who replays whose requests. `swaps`: the insider's ids to replace with the outsider's own former ones,
 * for a second case of each request naming them: the former owner asks about the home they sold, and
 * about the repair they asked for while they owned it (its work order, task and room), too.
 */
type Replay = {
  name: string;
  outsider: () => string;
  insider: string;
  role: Role;
  swaps?: () => [string, string][];
};
const replays: Replay[] = [
  {
    name: 'board member of another association',
    outsider: () => outsiders.otherBoardMember.email,
    insider: 'board@commonwise.test',
    role: 'board',
  },
  {
    name: 'former owner',
    outsider: () => outsiders.formerOwner.email,
    insider: 'resident@commonwise.test',
    role: 'resident',
    swaps: () => [
      [fixtures.residentHomeUnitId, outsiders.formerOwner.unitId],
      [fixtures.sinkLeakWorkOrderId, outsiders.formerOwner.workOrderId],
      [fixtures.sinkTaskId, outsiders.formerOwner.taskId],
      [fixtures.sinkRoomId, outsiders.formerOwner.roomId],
    ],
  },
];

type Case = { label: string; status: number; named: string[]; shown: string[] };
const outsiderCases: Case[] = [];

/** Insiders must get at least this much of the same requests (measured: board 24 and 24, resident 21 and 20). */
const control: Partial<Record<Role, { succeededNaming: number; shown: number }>> = {
  board: { succeededNaming: 18, shown: 18 },
  resident: { succeededNaming: 15, shown: 15 },
};

beforeAll(async () => {
  t = await createTestApp();
  fixtures = await loadFixtures(t.database.db, t.app);
  outsiders = await createOutsiders(t, fixtures);
  privateIds = await willowCreekPrivateIds(t, fixtures, [
    outsiders.otherBoardMember.id,
    outsiders.formerOwner.id,
  ]);
  caller = new PersonCaller(t);
  routes = t.app.apiRoutes.filter((route) => route.method !== 'HEAD');
}, 120_000);

afterAll(async () => {
  // The figures docs/access.md quotes.
  console.info(
    JSON.stringify({
      membershipMatrix: {
        routes: routes.length,
        cases: outsiderCases.length,
        privateIds: privateIds.size,
        leaks: outsiderCases.filter(isLeak).length,
      },
    }),
  );
  await t.close();
});

/** The insider's own request, and where it names ids of `swaps`, the same about the outsider's. */
function requestsOf(route: { method: string; url: string }, replayed: Replay): ExampleRequest[] {
  const request = routeExamples[`${route.method} ${route.url}`]!.own(fixtures, replayed.role);
  const url = (replayed.swaps?.() ?? []).reduce(
    (swapped, [insiders, theirs]) => swapped.replaceAll(insiders, theirs),
    request.url,
  );
  return url === request.url ? [request] : [request, { ...request, url }];
}

async function replay(email: string, method: string, request: ExampleRequest, label: string): Promise<Case> {
  const response = await caller.call(email, method, request);
  const named = idsNamedBy(request, privateIds);
  return { label, status: response.statusCode, named, shown: idsShownBy(response.body, named, privateIds) };
}

function isLeak(outcome: Case): boolean {
  return (outcome.named.length > 0 && outcome.status < 400) || outcome.shown.length > 0;
}

function describeLeak(outcome: Case): string {
  const what = (ids: string[]) =>
    ids
      .slice(0, 3)
      .map((id) => `${privateIds.get(id)} ${id}`)
      .join(', ') + (ids.length > 3 ? ` and ${ids.length - 3} more` : '');
  const parts = [
    outcome.named.length > 0 && outcome.status < 400
      ? `answered ${outcome.status} about ${what(outcome.named)}`
      : '',
    outcome.shown.length > 0 ? `showed ${what(outcome.shown)} (status ${outcome.status})` : '',
  ];
  return `${outcome.label}: ${parts.filter(Boolean).join('; ')}`;
}

describe('membership matrix: people whose memberships give them nothing at Willow Creek', () => {
  it('has an example for every route, and Willow Creek ids to look for', () => {
    const missing = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !routeExamples[key]);
    expect(missing, 'add these routes to src/test/route-examples.ts').toEqual([]);
    const kinds = new Set(privateIds.values());
    for (const kind of [
      'property',
      'unit',
      'ownership',
      'committee',
      'work order',
      'room',
      'document',
      'letter',
    ])
      expect(kinds, `no Willow Creek ${kind} id found`).toContain(kind);
    // The former owner's ended ownership is Willow Creek's record now, not theirs to see.
    expect(privateIds.get(outsiders.formerOwner.ownershipId)).toBe('ownership');
  });

  it('signs in two real outsiders, each with a standing of their own', async () => {
    const board = outsiders.otherBoardMember.email;
    expect((await caller.call(board, 'GET', { url: '/api/properties' })).body).toContain(
      fixtures.harborViewId,
    );
    const overview = await caller.call(board, 'GET', { url: '/api/board-portal/overview' });
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain(fixtures.harborViewId);

    const me = await caller.call(outsiders.formerOwner.email, 'GET', { url: '/api/me' });
    expect(me.json()).toMatchObject({ id: outsiders.formerOwner.id, role: 'resident' });
    // Up to the sale, their home, its ownerships and their repair's room were theirs to read.
    expect(Object.values(outsiders.formerOwner.whileOwner)).toEqual([200, 200, 200, 200]);
    // Owned from two years ago up to today, exclusive: the last day of ownership was yesterday.
    expect(outsiders.formerOwner.startsOn).toBe(await day(t, "- interval '2 years'"));
    expect(outsiders.formerOwner.endsOn).toBe(await day(t, '0'));
  });

  for (const replayed of replays) {
    it(`shows a ${replayed.name} nothing of Willow Creek on any route`, { timeout: 120_000 }, async () => {
      const results: Case[] = [];
      for (const route of routes) {
        for (const request of requestsOf(route, replayed)) {
          const label = `${route.method} ${request.url} as ${replayed.name}`;
          results.push(await replay(replayed.outsider(), route.method, request, label));
        }
      }
      outsiderCases.push(...results);
      // Signed in throughout: a 401 would be a case refused without being tested.
      expect(results.filter((outcome) => outcome.status === 401).map((outcome) => outcome.label)).toEqual([]);
      expect(results.filter(isLeak).map(describeLeak), `${replayed.name}: Willow Creek leaked`).toEqual([]);
    });
  }

  // After the outsiders, so that an insider's own delete never spares an outsider a case.
  it(
    'lets the Willow Creek insiders through the same requests (the control)',
    { timeout: 120_000 },
    async () => {
      for (const { name, insider, role } of replays) {
        const results: Case[] = [];
        for (const route of routes) {
          const request = routeExamples[`${route.method} ${route.url}`]!.own(fixtures, role);
          results.push(
            await replay(insider, route.method, request, `${route.method} ${request.url} as ${insider}`),
          );
        }
        const succeededNaming = results.filter(
          (outcome) => outcome.named.length > 0 && outcome.status >= 200 && outcome.status < 300,
        ).length;
        const shown = results.filter((outcome) => outcome.shown.length > 0).length;
        console.info(JSON.stringify({ membershipControl: { insider, succeededNaming, shown } }));
        expect(
          succeededNaming,
          `${insider}, for the ${name}: 2xx naming Willow Creek ids`,
        ).toBeGreaterThanOrEqual(control[role]!.succeededNaming);
        expect(shown, `${insider}, for the ${name}: answers showing Willow Creek ids`).toBeGreaterThanOrEqual(
          control[role]!.shown,
        );
      }
    },
  );
});
