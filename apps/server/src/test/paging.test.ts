import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPageSize } from '@commonwise/contracts';
import { jobRuns } from '../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from './test-app.ts';

/**
 * Every list endpoint is paged with a maximum (issue 17): the OpenAPI document is walked so that a list
 * added later without a `limit` fails here; then the paging of the older lists is tried as callers
 * see it.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.cookieFor('admin');
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => injectAs(t.app, cookie, { method: 'GET', url });

async function firstWorkOrderId(): Promise<string> {
  return (await get(admin, '/api/work-orders?limit=1')).json().workOrders[0].id;
}

/**
 * Lists bounded by what they are, not paged: each with the reason. A list not here must declare a
 * `limit` with a maximum.
 */
const boundedByNature: Record<string, string> = {
  'GET /api/finance/owner-accounts': 'the units the caller owns today: a household owns one or a few',
  'GET /api/finance/owner-accounts/{unitId}/autopay':
    "one unit's autopay with its last twelve months, and the caller's own saved cards and accounts: a person saves a few",
  'GET /api/me/sessions': "one person's signed-in devices",
  'GET /api/projects/{id}':
    "a project's phases, each with its units counted by status (at most 50 phases), its team, and 12 months of closings",
  'GET /api/projects/{id}/milestones':
    "one project's milestones: at most 200 a project (TOO_MANY_MILESTONES)",
  'GET /api/projects/{id}/handover':
    'the ten checklist items, each with at most 40 pieces of evidence, and the latest report',
  'GET /api/board-portal/handovers':
    'the latest hand-over report of each association whose board the caller sits on: a person sits on a few boards (at most 100 read)',
  'GET /api/properties/{propertyId}/handover':
    "the association's latest hand-over report: ten items and each board member's receipt of each",
  'GET /api/violations/{violationId}':
    "one violation's timeline: its observations (at most 10 photos each) and how it was closed",
  'GET /api/violations/{violationId}/enforcement':
    "one violation's notices (one per stage, at most 8, and a decision per hearing) and its hearings",
  'GET /api/properties/{id}/enforcement-policy':
    "one association's stages (at most 8), its violation-letter templates and the state's rules on fines",
  'GET /api/violations/{violationId}/fairness':
    'counts, with at most 50 violations per comparison and the three kinds of flag',
  'GET /api/properties/{id}/violation-report':
    "a line per rule and month that had a violation: at most 24 months of one association's rules",
  'GET /api/resident-portal/violations':
    "the caller's own units' noticed violations: open ones and those closed in the last year, at most 50",
  'GET /api/properties/{propertyId}/decisions/{itemId}':
    "one item's options (at most 6), documents (at most 10) and one vote per member of its committee",
  'GET /api/properties/{propertyId}/arc/project-types': "one association's project types, at most 50",
  'GET /api/resident-portal/arc/project-types':
    "the active project types of the caller's unit's association, at most 50",
  'GET /api/properties/{propertyId}/arc/requests/{requestId}':
    "one request's files (at most 30), its latest 50 revisions, and the checks and questions of its project type (at most 20 each)",
  'GET /api/resident-portal/arc/requests/{requestId}':
    "one request's files (at most 30), its latest 50 revisions, and the questions of its project type (at most 20)",
  'GET /api/notifications/settings': 'the fixed list of notification kinds',
  'GET /api/announcements/authoring':
    'the associations the caller manages or sits on the board of (every one, at most 500, for admins)',
  'GET /api/properties/{propertyId}/announcements/audience-options':
    "one association's buildings and units (at most 5,000), to choose an audience from",
  'GET /api/properties/{propertyId}/announcements/{announcementId}':
    "one announcement's translations, at most one per language we offer (12)",
  'GET /api/properties/{propertyId}/announcements/{announcementId}/attachments':
    "one announcement's files, at most 10",
  'GET /api/me/announcements/{announcementId}/attachments': "one announcement's files, at most 10",
  'GET /api/properties/{propertyId}/amenity-bookings/{bookingId}/attachments':
    "one deposit settlement's photos and files, at most 10",
  'GET /api/me/amenity-bookings/{bookingId}/attachments':
    "one deposit settlement's photos and files, at most 10",
  'GET /api/properties/{propertyId}/emergencies/{announcementId}':
    "one emergency notice's translations, at most one per language we offer (12)",
  'GET /api/me/events/{eventId}': "one event's next occurrences, at most 20",
  'GET /api/me/amenities': "the active amenities of the caller's associations, at most 100",
  'GET /api/me/amenities/{amenityId}/availability': "one amenity's slots of one day (at most 96)",
  'GET /api/properties/{propertyId}/amenities': "one association's amenities, at most 100",
  'GET /api/properties/{propertyId}/amenities/{amenityId}':
    "one amenity's opening periods (at most 50), limits (at most 6) and closures not yet over (at most 500)",
  'GET /api/vendors/{id}':
    "one vendor company's people (at most 100), contacts (at most 10), service areas (at most 500), latest 50 documents with at most 5 files each, and latest 20 overrides",
  'GET /api/properties/{propertyId}/bid-requests/{id}':
    "one request's invitations (at most 20) with each bid's files (at most 10), and its photos and plans (at most 20)",
  'GET /api/vendor-portal/bids/{invitationId}':
    "one invitation's request photos and plans (at most 20), its bid's files (at most 10) and the latest 50 messages of its thread",
  'GET /api/properties/{propertyId}/vendor-invoices/{id}':
    "one invoice's lines (at most 100), files (at most 10) and approvals (one per person, and none once it is approved)",
  'GET /api/vendor-portal/invoices/{id}': "one invoice's lines (at most 100) and files (at most 10)",
  'GET /api/demo-accounts': 'the six fixed demo accounts',
  'GET /api/properties/{id}/units/{unitId}/ownerships': "one unit's owners over its history",
  'GET /api/properties/{id}/units/{unitId}/occupancies': "one unit's occupants over its history",
  'GET /api/work-orders/{id}/vendor-options': 'the vendors one work order may be given to',
  'GET /api/work-orders/{id}/vendor-suggestions': 'at most three suggested companies for one work order',
  'GET /api/vendors/{id}/performance': "one company's figures, with its five latest ratings",
  'GET /api/work-orders/{id}/task-assignees': "one property's managers and one work order's vendor",
  'GET /api/work-rooms/{id}': "one room's participants",
  'GET /api/properties/{id}/documents/search': 'a search answer, already limited',
  'GET /api/properties/{id}/documents/required-status': 'the four required document categories',
  'GET /api/developer-portal/communities/{id}/setup': "the setup checklist's fixed steps",
  'GET /api/people/{userId}': "one person's units and memberships",
  'GET /api/resident-portal': "the signed-in person's own homes",
  'GET /api/board-portal/overview': "counts grouped by status, category and the board's properties",
  'GET /api/board-portal/associations': "the board's associations, at most 50",
  'GET /api/manager-portal/overview': "the manager's properties, and lists capped at a few rows",
  'GET /api/analytics/assistant': 'counts grouped by reason, intent, language and kind',
  'GET /api/properties/{id}/letters/{letterId}':
    "one letter's recipients (at most 10) and its deliveries (recorded once, at most 30)",
  'GET /api/schedules': 'the scheduled jobs defined in the code (a handful)',
  'GET /api/schedules/{name}/preview': 'a preview, at most 20 lines of examples',
  'GET /api/work-orders/{id}': "one work order's rooms: the one its conversation opened",
  'GET /api/properties/{id}/finance/accounts': "one association's chart of accounts (at most 500)",
  'GET /api/properties/{id}/finance/reports/monthly':
    "one month's report: accounts of one chart (at most 500), the ten largest balances, charges by kind and payments by method",
  'GET /api/properties/{id}/finance/assessments': "one association's assessment schedules (at most 100)",
  'GET /api/properties/{id}/finance/assessments/preview':
    'at most 200 charges, and a group per schedule and due date within a year',
  'GET /api/properties/{id}/finance/budgets/{year}': 'a line per income or expense account (at most 500)',
  'GET /api/properties/{id}/finance/late-fees':
    "the rule's 20 latest versions, and the next run's first 50 charges",
  'GET /api/properties/{id}/finance/collections':
    "at most 500 cases, the policy (at most 8 stages), the next run's first 200 changes and the 10 latest runs",
  'GET /api/properties/{id}/finance/collections/cases/{caseId}':
    "one case's history: a few events per stage of a policy of at most 8",
};

type Schema = { type?: string; properties?: Record<string, Schema>; maximum?: number };
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

describe('paging', () => {
  it('declares a limit with a maximum on every endpoint that answers with a list', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const lists: string[] = [];
    const unbounded: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const operation = operations.get;
      if (!operation) continue;
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
      const listFields = Object.entries(schema?.properties ?? {}).filter(
        ([, field]) => field.type === 'array',
      );
      if (listFields.length === 0) continue;
      const key = `GET ${path}`;
      lists.push(key);
      if (boundedByNature[key]) continue;
      const limit = operation.parameters?.find(
        (parameter) => parameter.in === 'query' && parameter.name === 'limit',
      );
      if (!limit?.schema?.maximum || limit.schema.maximum > 200) unbounded.push(key);
    }
    expect(unbounded, 'these lists need a limit with a maximum (or a reason in boundedByNature)').toEqual([]);
    // The walk found the lists it should: a broken walk would pass with nothing.
    expect(lists).toEqual(
      expect.arrayContaining([
        'GET /api/properties',
        'GET /api/users',
        'GET /api/work-orders',
        'GET /api/work-rooms',
        'GET /api/chat/threads',
        'GET /api/chat/threads/{id}/messages',
        'GET /api/properties/{id}/documents',
        'GET /api/properties/{id}/units',
        'GET /api/properties/{id}/people',
        'GET /api/properties/{id}/letters',
        'GET /api/properties/{id}/letter-templates',
        'GET /api/resident-portal/letters',
        'GET /api/work-orders/{id}/tasks',
        'GET /api/work-orders/{id}/activity',
        'GET /api/violation-complaints',
        'GET /api/properties/{propertyId}/vendor-invoices',
        'GET /api/vendor-portal/invoices',
        'GET /api/projects',
        'GET /api/projects/{id}/units',
      ]),
    );
  });

  it('refuses a page larger than the maximum, naming the field', async () => {
    for (const url of [
      '/api/properties',
      '/api/users',
      '/api/work-orders',
      '/api/chat/threads',
      '/api/schedule-runs',
      `/api/work-orders/${await firstWorkOrderId()}/tasks`,
      `/api/work-orders/${await firstWorkOrderId()}/activity`,
    ]) {
      const response = await get(admin, `${url}?limit=${maxPageSize + 1}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields).toEqual({ limit: `Limit must be at most ${maxPageSize}` });
    }
    const page = await get(admin, '/api/properties?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().error.fields).toEqual({ page: 'Page must be 1 or more' });
  });

  it('pages the properties in a stable order, with the total, and an empty page past the end', async () => {
    const all = (await get(admin, '/api/properties')).json();
    expect(all).toMatchObject({ page: 1, limit: 50 });
    expect(all.total).toBe(all.properties.length);
    const names: string[] = [];
    for (let page = 1; page <= all.total; page++) {
      const one = (await get(admin, `/api/properties?limit=1&page=${page}`)).json();
      expect(one).toMatchObject({ total: all.total, page, limit: 1 });
      names.push(...one.properties.map((property: { name: string }) => property.name));
    }
    expect(names).toEqual(all.properties.map((property: { name: string }) => property.name));
    const past = (await get(admin, `/api/properties?limit=1&page=${all.total + 1}`)).json();
    expect(past).toMatchObject({ properties: [], total: all.total });
  });

  it('pages the history of scheduled runs newest first, in a stable order when runs share a moment', async () => {
    const at = new Date('2026-01-02T03:15:00Z');
    await t.database.db.insert(jobRuns).values(
      ['a', 'b', 'c', 'd', 'e'].map((letter, index) => ({
        schedule: 'tests.paging',
        period: `2026-01-0${index + 1}T03:15+00:00`,
        scheduledFor: at,
        timeZone: 'UTC',
        trigger: 'schedule' as const,
        status: 'succeeded' as const,
        summary: letter,
        createdAt: index < 3 ? at : new Date(at.getTime() + index * 60_000),
      })),
    );
    const all = (await get(admin, '/api/schedule-runs?schedule=tests.paging')).json();
    expect(all).toMatchObject({ total: 5, page: 1, limit: 25 });
    expect(all.runs.slice(0, 2).map((run: { summary: string }) => run.summary)).toEqual(['e', 'd']);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const one = (await get(admin, `/api/schedule-runs?schedule=tests.paging&limit=2&page=${page}`)).json();
      expect(one).toMatchObject({ total: 5, page, limit: 2 });
      paged.push(...one.runs.map((run: { summary: string }) => run.summary));
    }
    expect(paged).toEqual(all.runs.map((run: { summary: string }) => run.summary));
    expect(new Set(paged).size).toBe(5);
  });

  it('searches and sorts the properties on the server', async () => {
    const harbor = (await get(admin, '/api/properties?q=harbor')).json();
    expect(harbor.properties.map((property: { name: string }) => property.name)).toEqual([
      'Harbor View Condominiums',
    ]);
    expect(harbor.total).toBe(1);
    const byUnits = (await get(admin, '/api/properties?sort=units&direction=desc')).json();
    const units = byUnits.properties.map((property: { units: number }) => property.units);
    expect(units).toEqual([...units].sort((a, b) => b - a));
    // LIKE's own characters are taken literally.
    expect((await get(admin, '/api/properties?q=%25')).json().total).toBe(0);
  });

  it("searches the caller's work orders by summary, property and the id's beginning, within their scope", async () => {
    const resident = await t.cookieFor('resident');
    const mine = (await get(resident, '/api/work-orders')).json();
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBe(mine.workOrders.length);
    const first = mine.workOrders[0] as { id: string; summary: string };
    const bySummary = (await get(resident, `/api/work-orders?q=${encodeURIComponent(first.summary)}`)).json();
    expect(bySummary.workOrders.map((workOrder: { id: string }) => workOrder.id)).toContain(first.id);
    const byId = (await get(resident, `/api/work-orders?q=%23${first.id.slice(0, 8)}`)).json();
    expect(byId.workOrders.map((workOrder: { id: string }) => workOrder.id)).toEqual([first.id]);
    // The id's beginning in capitals and across its first dash finds it too (ilike's answer, by range).
    const byLongerId = (
      await get(resident, `/api/work-orders?q=${first.id.slice(0, 11).toUpperCase()}`)
    ).json();
    expect(byLongerId.workOrders.map((workOrder: { id: string }) => workOrder.id)).toEqual([first.id]);
    const wholeId = (await get(resident, `/api/work-orders?q=${first.id}`)).json();
    expect(wholeId.workOrders.map((workOrder: { id: string }) => workOrder.id)).toEqual([first.id]);
    // The admin sees more work orders than the resident; a search never widens the resident's scope.
    const everyone = (await get(admin, '/api/work-orders')).json();
    expect(everyone.total).toBeGreaterThan(mine.total);
    const harbor = (await get(resident, '/api/work-orders?q=Harbor')).json();
    expect(
      harbor.workOrders.every(
        (workOrder: { property: { name: string } }) => workOrder.property.name !== 'Harbor View Condominiums',
      ),
    ).toBe(true);
    const byStatus = (await get(admin, '/api/work-orders?status=completed')).json();
    expect(
      byStatus.workOrders.every((workOrder: { status: string }) => workOrder.status === 'completed'),
    ).toBe(true);
  });

  it("reads an assistant thread backwards a page at a time, refusing another thread's message as the cursor", async () => {
    const resident = await t.cookieFor('resident');
    const threads = (await get(resident, '/api/chat/threads')).json();
    const withMessages: string[] = [];
    for (const thread of threads.threads as { id: string }[]) {
      const page = (await get(resident, `/api/chat/threads/${thread.id}/messages`)).json();
      if (page.messages.length >= 2) withMessages.push(thread.id);
    }
    const [threadId] = withMessages;
    expect(threadId, 'a seeded thread with messages').toBeTruthy();
    const whole = (await get(resident, `/api/chat/threads/${threadId}/messages`)).json();
    expect(whole.hasMore).toBe(false);
    const newest = (await get(resident, `/api/chat/threads/${threadId}/messages?limit=1`)).json();
    expect(newest).toEqual({ messages: [whole.messages.at(-1)], hasMore: true });
    const before = (
      await get(resident, `/api/chat/threads/${threadId}/messages?limit=1&before=${newest.messages[0].id}`)
    ).json();
    expect(before.messages).toEqual([whole.messages.at(-2)]);

    const other = await injectAs(t.app, resident, { method: 'POST', url: '/api/chat/threads' });
    const refused = await get(
      resident,
      `/api/chat/threads/${other.json().id}/messages?before=${newest.messages[0].id}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ before: 'That message is not in this conversation.' });
  });
});
