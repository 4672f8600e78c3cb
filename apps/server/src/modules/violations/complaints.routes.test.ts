import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantReplyQueue,
  letterPlaceholderNames,
  type ComplaintList,
  type MessageAnalysis,
  type Violation,
  type ViolationComplaint,
  type ViolationList,
} from '@commonwise/contracts';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  properties,
  unitOwnerships,
  units,
  violationComplaints,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import { JobQueue } from '../../plugins/jobs.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { analyzeMessage } from '../assistant/analyze.ts';
import { createAssistantReplyHandler } from '../assistant/router/assistant-reply.ts';
import { reviewedNotices } from './complaints.service.ts';

/**
 * Complaints (issue 21 item 3): a resident's neighbour complaint to the assistant waits as a complaint
 * for the association's managers, who verify it into a violation (source 'complaint', the reporter kept
 * on it) or dismiss it. The reporter is named to the managers alone: never to the board, and never to
 * whoever owns or lives in the cited unit, a manager among them.
 *
 * At Willow Creek (demo data): Ryan Chen (resident@, 14B) complains; Beatrice Hall (board@) owns 7A and
 * sits on its board; Maria Santos (manager@) manages it. Marcus Reed (manager2@) manages Harbor View.
 */

/** The assistant's reading of each message, scripted (as the assistant router's own tests do). */
const scripts = new Map<string, Partial<MessageAnalysis>>();
const scripted: typeof analyzeMessage = (text, context) => ({
  ...analyzeMessage(text, context),
  soundsUrgent: false,
  ...scripts.get(text.trim()),
});

const noiseComplaint: Partial<MessageAnalysis> = {
  intent: 'neighbor_complaint',
  intentConfidence: 0.88,
  category: 'community',
  subcategory: 'noise',
  location: undefined,
  permissionToEnter: undefined,
  summary: 'Complaint: Noise complaint',
};

let t: TestApp;
let queue: JobQueue;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let willowId: string;
let harborId: string;
let unit7A: string;
let unit14B: string;
let ownUnit: string;
let harborUnit: string;
let ruleId: string;
let suggestedRuleId: string;
let retiredRuleId: string;
let harborRuleId: string;

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });

const complaintsUrl = '/api/violation-complaints';
const complaintUrl = (id: string) => `${complaintsUrl}/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  queue = new JobQueue(t.database, { concurrency: 0 });
  queue.register(
    assistantReplyQueue,
    createAssistantReplyHandler({ db: t.database.db, notifier: t.app.notifier, analyze: scripted }),
  );
  await queue.prepare();
  const db = t.database.db;
  for (const person of await db.select({ id: profiles.id, email: profiles.email }).from(profiles))
    ids[person.email.split('@')[0]!] = person.id;
  const propertyId = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  willowId = await propertyId('Willow Creek Commons');
  harborId = await propertyId('Harbor View Condominiums');
  const unitOf = async (propertyId: string, label?: string) =>
    (
      await db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, propertyId), label ? eq(units.label, label) : undefined))
        .limit(1)
    )[0]!.id;
  unit7A = await unitOf(willowId, '7A');
  unit14B = await unitOf(willowId, '14B');
  harborUnit = await unitOf(harborId);
  // A unit the manager owns at the association she manages.
  const [made] = await db
    .insert(units)
    .values({ propertyId: willowId, label: 'M-1' })
    .returning({ id: units.id });
  ownUnit = made!.id;
  await db.insert(unitOwnerships).values({ unitId: ownUnit, userId: ids.manager!, startsOn: '2020-01-01' });

  const rule = async (who: string, propertyId: string, title: string) => {
    const response = await as(who, 'POST', `/api/properties/${propertyId}/violation-rules`, {
      title,
      category: 'noise_nuisance',
      excerpt: `${title}: no noise that disturbs a neighbour between 10 p.m. and 7 a.m.`,
      defaultCureDays: 10,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  ruleId = await rule('manager', willowId, 'Quiet hours');
  retiredRuleId = await rule('manager', willowId, 'Old quiet hours');
  expect(
    (await as('manager', 'POST', `/api/properties/${willowId}/violation-rules/${retiredRuleId}/retire`))
      .statusCode,
  ).toBe(200);
  harborRuleId = await rule('admin', harborId, 'Harbor quiet hours');
  const [suggestion] = await db
    .insert(violationRules)
    .values({
      propertyId: willowId,
      status: 'suggested',
      title: 'Loud parties',
      category: 'noise_nuisance',
      excerpt: 'No loud parties.',
      excerptKey: 'no loud parties.',
      suggestedAt: new Date(),
    })
    .returning({ id: violationRules.id });
  suggestedRuleId = suggestion!.id;
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

/** Ryan tells the assistant about a neighbour; returns the work order the assistant opened. */
async function complain(content: string): Promise<{ workOrderId: string; reply: string }> {
  scripts.set(content, noiseComplaint);
  const thread = (
    await injectAs(t.app, cookies.resident, { method: 'POST', url: '/api/chat/threads', payload: {} })
  ).json().id;
  const posted = await injectAs(t.app, cookies.resident, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await queue.runDue();
  const messages: { id: string; content: string; metadata: Record<string, unknown> }[] = (
    await injectAs(t.app, cookies.resident, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages;
  const reply = messages.find((message) => message.metadata.work_order_id)!;
  return { workOrderId: String(reply.metadata.work_order_id), reply: reply.content };
}

async function complaintOf(workOrderId: string): Promise<ViolationComplaint> {
  const list = await as('manager', 'GET', `${complaintsUrl}?propertyId=${willowId}&limit=100`);
  expect(list.statusCode).toBe(200);
  return list.json<ComplaintList>().complaints.find((complaint) => complaint.workOrder?.id === workOrderId)!;
}

async function roomMessagesOf(workOrderId: string) {
  const [room] = await t.database.db
    .select()
    .from(breakoutRooms)
    .where(eq(breakoutRooms.workOrderId, workOrderId));
  return t.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id));
}

const words = 'The people in 7A play drums until 2 a.m. every night';
let first: { workOrderId: string; reply: string };
let verified: ViolationComplaint;
let violation: Violation;

describe('a complaint to the assistant', () => {
  it('becomes a complaint for the managers, with the work order and the resident’s words; the reply is as before', async () => {
    first = await complain(words);
    expect(first.reply).toMatch(/passed your report to Maria Santos as WC-\d+;/);
    const complaint = await complaintOf(first.workOrderId);
    expect(complaint).toMatchObject({
      propertyId: willowId,
      propertyName: 'Willow Creek Commons',
      status: 'open',
      text: words,
      reporter: { id: ids.resident, fullName: 'Ryan Chen' },
      workOrder: {
        id: first.workOrderId,
        reference: expect.stringMatching(/^WC-\d+$/),
        summary: 'Noise complaint',
        roomId: expect.any(String),
      },
      unit: null,
      violationId: null,
      decidedAt: null,
    });
    const list = (await as('manager', 'GET', `${complaintsUrl}?status=open`)).json<ComplaintList>();
    expect(list.open).toBeGreaterThanOrEqual(1);
    expect(list.complaints.every((row) => row.status === 'open')).toBe(true);
    const found = (await as('manager', 'GET', `${complaintsUrl}?q=drums`)).json<ComplaintList>();
    expect(found.complaints.map((row) => row.id)).toEqual([complaint.id]);
    expect((await as('admin', 'GET', complaintUrl(complaint.id))).json()).toMatchObject({
      id: complaint.id,
      reporter: { fullName: 'Ryan Chen' },
    });
  });
});

describe('verifying', () => {
  it('refuses bad input, naming the problem, and writes nothing', async () => {
    const complaint = await complaintOf(first.workOrderId);
    const url = `${complaintUrl(complaint.id)}/verify`;
    const countViolations = async () =>
      (await t.database.db.select().from(violations).where(eq(violations.propertyId, willowId))).length;
    const before = await countViolations();
    const noNote = await as('manager', 'POST', url, { unitId: unit7A, ruleId });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields.note).toBe('Say what you verified');
    const blank = await as('manager', 'POST', url, { unitId: unit7A, ruleId, note: '   ' });
    expect(blank.json().error.fields.note).toBe('Say what you verified');
    const noUnit = await as('manager', 'POST', url, { unitId: 'not-a-unit', ruleId, note: 'Heard it' });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().error.fields.unitId).toBe('Choose a unit');
    const foreignUnit = await as('manager', 'POST', url, { unitId: harborUnit, ruleId, note: 'Heard it' });
    expect(foreignUnit.statusCode).toBe(404);
    expect(foreignUnit.json().error.message).toBe('Unit not found');
    const foreignRule = await as('manager', 'POST', url, {
      unitId: unit7A,
      ruleId: harborRuleId,
      note: 'Heard it',
    });
    expect(foreignRule.statusCode).toBe(404);
    expect(foreignRule.json().error.message).toBe('Rule not found');
    for (const notInUse of [suggestedRuleId, retiredRuleId]) {
      const refused = await as('manager', 'POST', url, {
        unitId: unit7A,
        ruleId: notInUse,
        note: 'Heard it',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('RULE_NOT_IN_USE');
    }
    const future = await as('manager', 'POST', url, {
      unitId: unit7A,
      ruleId,
      note: 'Heard it',
      observedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.code).toBe('OBSERVED_IN_FUTURE');
    const badId = await as('manager', 'POST', `${complaintsUrl}/12/verify`, {
      unitId: unit7A,
      ruleId,
      note: 'x',
    });
    expect(badId.statusCode).toBe(400);
    expect(await countViolations()).toBe(before);
    expect((await complaintOf(first.workOrderId)).status).toBe('open');
  });

  it('records a violation from the complaint, with its reporter, the rule’s cure days and the manager’s note', async () => {
    const complaint = await complaintOf(first.workOrderId);
    const response = await as('manager', 'POST', `${complaintUrl(complaint.id)}/verify`, {
      unitId: unit7A,
      ruleId,
      note: 'Heard drums from the street at 1:40 a.m.',
      observedAt: '2025-11-20T18:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    verified = response.json();
    expect(verified).toMatchObject({
      status: 'verified',
      unit: { id: unit7A, label: '7A' },
      violationId: expect.any(String),
      decisionNote: 'Heard drums from the street at 1:40 a.m.',
      decidedBy: { fullName: 'Maria Santos' },
      decidedAt: expect.any(String),
      reporter: { fullName: 'Ryan Chen' },
    });
    const [row] = await t.database.db
      .select()
      .from(violations)
      .where(eq(violations.id, verified.violationId!));
    expect(row).toMatchObject({ source: 'complaint', reporterId: ids.resident, inspectionId: null });
    violation = (await as('manager', 'GET', `/api/violations/${verified.violationId}`)).json();
    expect(violation).toMatchObject({
      source: 'complaint',
      status: 'open',
      unit: { label: '7A' },
      rule: { id: ruleId },
      observedAt: '2025-11-20T18:00:00.000Z',
      // Observed on the 20th in Willow Creek's calendar, plus the rule's 10 days.
      cureDueOn: '2025-11-30',
      reporter: { id: ids.resident, fullName: 'Ryan Chen' },
      can: { observe: true, close: true },
    });
    expect(violation.events).toEqual([
      expect.objectContaining({
        kind: 'observed',
        note: 'Heard drums from the street at 1:40 a.m.',
        actor: { id: ids.manager, fullName: 'Maria Santos' },
        inspectionId: null,
      }),
    ]);
    // The reporter hears that it was reviewed, and nothing of whom it concerns.
    const notices = (await roomMessagesOf(first.workOrderId)).filter((message) =>
      message.content.includes('A manager reviewed this report'),
    );
    expect(notices.map((message) => message.content)).toEqual([reviewedNotices.verified]);
    expect(notices[0]!.content).not.toMatch(/7A|Beatrice|Hall|drums/);
  });

  it('is decided once', async () => {
    const again = await as('manager', 'POST', `${complaintUrl(verified.id)}/verify`, {
      unitId: unit14B,
      ruleId,
      note: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('COMPLAINT_DECIDED');
    const dismissed = await as('manager', 'POST', `${complaintUrl(verified.id)}/dismiss`, { note: 'x' });
    expect(dismissed.statusCode).toBe(409);
  });

  it('names the open violation when the unit already has that rule open, and records nothing', async () => {
    const { workOrderId } = await complain('Drums again from 7A last night, very loud');
    const complaint = await complaintOf(workOrderId);
    const response = await as('manager', 'POST', `${complaintUrl(complaint.id)}/verify`, {
      unitId: unit7A,
      ruleId,
      note: 'Heard it too',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'VIOLATION_ALREADY_OPEN',
      fields: { openViolationId: verified.violationId, unitId: expect.stringContaining('Unit 7A') },
    });
    expect((await complaintOf(workOrderId)).status).toBe('open');
    const open = await as('manager', 'GET', `/api/violations?unitId=${unit7A}&ruleId=${ruleId}&status=open`);
    expect(open.json<ViolationList>().total).toBe(1);
  });
});

describe("the reporter's anonymity", () => {
  it('is kept from the board, even from a board member who owns the cited unit', async () => {
    const board = await as('board', 'GET', `/api/violations/${verified.violationId}`);
    expect(board.statusCode).toBe(200);
    expect(board.json<Violation>()).toMatchObject({ source: 'complaint', reporter: null });
    expect(board.json<Violation>().owners.map((owner) => owner.fullName)).toContain('Beatrice Hall');
    expect(board.body).not.toContain(ids.resident!);
    expect(board.body).not.toContain('Ryan Chen');
    const list = await as('board', 'GET', `/api/violations?propertyId=${willowId}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ids.resident!);
    expect(list.body).not.toContain('Ryan Chen');
    expect((await as('board', 'GET', complaintsUrl)).statusCode).toBe(403);
    expect((await as('board', 'GET', complaintUrl(verified.id))).statusCode).toBe(403);
    // Nor through the complaint's work order, whose resident is the reporter: the board oversees every
    // work order of its association but complaints. The managers still see it.
    expect((await as('board', 'GET', `/api/work-orders/${first.workOrderId}`)).statusCode).toBe(404);
    const boardList = await as(
      'board',
      'GET',
      `/api/work-orders?limit=100&q=${encodeURIComponent('complaint')}`,
    );
    expect(boardList.statusCode).toBe(200);
    expect(boardList.body).not.toContain(first.workOrderId);
    const everything = await as('board', 'GET', '/api/work-orders?limit=100');
    const shown = everything.json<{ workOrders: { id: string }[]; total: number }>();
    expect(shown.workOrders.map((order) => order.id)).not.toContain(first.workOrderId);
    expect(shown.total).toBe(shown.workOrders.length);
    expect((await as('manager', 'GET', `/api/work-orders/${first.workOrderId}`)).statusCode).toBe(200);
    // Nor its room, by id, its messages or the room list; the managers still open it.
    const [room] = await t.database.db
      .insert(breakoutRooms)
      .values({ roomName: 'Complaint follow-up', workOrderId: first.workOrderId })
      .returning();
    expect((await as('board', 'GET', `/api/work-rooms/${room!.id}`)).statusCode).toBe(404);
    expect((await as('board', 'GET', `/api/work-rooms/${room!.id}/messages`)).statusCode).toBe(404);
    const boardRooms = await as('board', 'GET', '/api/work-rooms?limit=100');
    expect(boardRooms.statusCode).toBe(200);
    expect(boardRooms.body).not.toContain(room!.id);
    expect((await as('manager', 'GET', `/api/work-rooms/${room!.id}`)).statusCode).toBe(200);
    expect((await as('manager', 'GET', `/api/work-rooms?limit=100`)).body).toContain(room!.id);
  });

  it('is shown to the managers and admins, but never to a manager who owns the cited unit', async () => {
    expect((await as('admin', 'GET', `/api/violations/${verified.violationId}`)).json()).toMatchObject({
      reporter: { fullName: 'Ryan Chen' },
    });
    const { workOrderId } = await complain('Dog barking all day at M-1, every day this week');
    const complaint = await complaintOf(workOrderId);
    // The admin verifies it: the cited unit is the manager's own.
    const response = await as('admin', 'POST', `${complaintUrl(complaint.id)}/verify`, {
      unitId: ownUnit,
      ruleId,
      note: 'Heard the dog on my visit',
      observedAt: '2025-11-21T18:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const violationId = response.json<ViolationComplaint>().violationId!;
    expect((await as('admin', 'GET', `/api/violations/${violationId}`)).json()).toMatchObject({
      reporter: { fullName: 'Ryan Chen' },
    });
    const owner = await as('manager', 'GET', `/api/violations/${violationId}`);
    expect(owner.json()).toMatchObject({ source: 'complaint', reporter: null });
    expect(owner.body).not.toContain('Ryan Chen');
    const ownComplaint = await as('manager', 'GET', complaintUrl(complaint.id));
    expect(ownComplaint.json()).toMatchObject({ reporter: null, unit: { label: 'M-1' } });
    expect(ownComplaint.body).not.toContain('Ryan Chen');
  });

  it('has no letter placeholder: a letter drafted for a violation cannot name the reporter', () => {
    expect(letterPlaceholderNames.filter((name) => /report|complain/i.test(name))).toEqual([]);
  });
});

describe('dismissing', () => {
  it('needs a note, closes the complaint once, and tells the reporter it was reviewed', async () => {
    const { workOrderId } = await complain('Someone in the building is too loud, not sure which unit');
    const complaint = await complaintOf(workOrderId);
    const url = `${complaintUrl(complaint.id)}/dismiss`;
    const noNote = await as('manager', 'POST', url, {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields.note).toBe('Say why');
    const dismissed = await as('manager', 'POST', url, { note: 'Could not hear anything on two visits' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({
      status: 'dismissed',
      violationId: null,
      decisionNote: 'Could not hear anything on two visits',
      decidedBy: { fullName: 'Maria Santos' },
    });
    expect((await as('manager', 'POST', url, { note: 'again' })).statusCode).toBe(409);
    const verify = await as('manager', 'POST', `${complaintUrl(complaint.id)}/verify`, {
      unitId: unit14B,
      ruleId,
      note: 'x',
    });
    expect(verify.json().error.code).toBe('COMPLAINT_DECIDED');
    const notices = (await roomMessagesOf(workOrderId)).map((message) => message.content);
    expect(notices).toContain(reviewedNotices.dismissed);
    expect(notices.join('\n')).not.toContain('Could not hear anything');
    const listed = await as('manager', 'GET', `${complaintsUrl}?propertyId=${willowId}&status=dismissed`);
    expect(listed.json<ComplaintList>().complaints.map((row) => row.id)).toContain(complaint.id);
  });
});

describe('access', () => {
  let openId: string;
  beforeAll(async () => {
    const [row] = await t.database.db
      .select({ id: violationComplaints.id })
      .from(violationComplaints)
      .where(and(eq(violationComplaints.propertyId, willowId), eq(violationComplaints.status, 'open')))
      .limit(1);
    openId = row!.id;
  });

  it('refuses residents', async () => {
    expect((await as('resident', 'GET', complaintsUrl)).statusCode).toBe(403);
    expect((await as('resident', 'GET', complaintUrl(openId))).statusCode).toBe(403);
    const dismiss = await as('resident', 'POST', `${complaintUrl(openId)}/dismiss`, { note: 'never mind' });
    expect(dismiss.statusCode).toBe(403);
  });

  it("answers another association's manager as if the complaint did not exist", async () => {
    expect((await as('manager2', 'GET', complaintUrl(openId))).statusCode).toBe(404);
    expect((await as('manager2', 'GET', `${complaintsUrl}?propertyId=${willowId}`)).statusCode).toBe(404);
    const theirs = await as('manager2', 'GET', complaintsUrl);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<ComplaintList>()).toMatchObject({ complaints: [], total: 0, open: 0 });
    const verify = await as('manager2', 'POST', `${complaintUrl(openId)}/verify`, {
      unitId: harborUnit,
      ruleId: harborRuleId,
      note: 'x',
    });
    expect(verify.statusCode).toBe(404);
    expect((await as('manager2', 'POST', `${complaintUrl(openId)}/dismiss`, { note: 'x' })).statusCode).toBe(
      404,
    );
    expect((await as('manager', 'GET', complaintUrl(randomUUID()))).statusCode).toBe(404);
    const [still] = await t.database.db
      .select({ status: violationComplaints.status })
      .from(violationComplaints)
      .where(eq(violationComplaints.id, openId));
    expect(still!.status).toBe('open');
  });

  it('pages the list, with a maximum', async () => {
    const page = await as('manager', 'GET', `${complaintsUrl}?limit=1&page=2`);
    expect(page.json<ComplaintList>()).toMatchObject({ page: 2, limit: 1 });
    expect(page.json<ComplaintList>().complaints).toHaveLength(1);
    expect((await as('manager', 'GET', `${complaintsUrl}?limit=1000`)).statusCode).toBe(400);
    expect((await as('manager', 'GET', `${complaintsUrl}?status=maybe`)).statusCode).toBe(400);
  });
});
