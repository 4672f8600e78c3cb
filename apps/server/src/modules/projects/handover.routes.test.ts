import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handoverItemKeys,
  type BoardHandover,
  type Handover,
  type HandoverReport,
  type Milestone,
  type Project,
} from '@commonwise/contracts';
import {
  auditEvents,
  committeeMembers,
  committees,
  developmentProjects,
  notifications,
  profiles,
  projectMilestones,
  propertyDocuments,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { dayIn } from '../letters/values.ts';
import { overdueMilestones } from './milestones.service.ts';

/**
 * Issue 25 items 3 and 4 through the API: milestones with their owner and documents, overdue ones told
 * once; the hand-over checklist read from live data and the documents attached to it; a report frozen
 * with the SHA-256 of its PDF and sent to the board, who acknowledge it item by item until the project
 * is handed over; the audit trail keeps each receipt.
 */

type Who = 'admin' | 'manager' | 'developer' | 'resident' | 'board';
let t: TestApp;
const cookies = new Map<string, string>();
async function as(who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  if (!cookies.has(who)) cookies.set(who, await t.signIn(`${who}@commonwise.test`));
  return injectAs(t.app, cookies.get(who)!, { method, url, ...(payload ? { payload } : {}) });
}
const db = () => t.database.db;
const idOf = async (who: Who) =>
  (
    await db()
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, `${who}@commonwise.test`))
  )[0]!.id;

let project: Project;
let other: Project;
let documentId: string;
const today = dayIn(new Date(), 'America/Chicago');
const url = (path = '') => `/api/projects/${project.id}${path}`;

beforeAll(async () => {
  t = await createTestApp();
  const input = (name: string) => ({
    name,
    address: '4000 Cedar Ridge Parkway, Round Rock, TX 78665',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    phases: [{ name: 'Phase 1', unitCount: 4 }],
  });
  project = (await as('developer', 'POST', '/api/projects', input('Cedar Ridge Handover'))).json<Project>();
  other = (await as('admin', 'POST', '/api/projects', input('Oak Hollow Handover'))).json<Project>();
  const [document] = await db()
    .insert(propertyDocuments)
    .values({
      propertyId: project.propertyId,
      category: 'financial_statements',
      name: 'Recorded plat, phase 1.pdf',
      filePath: `${project.propertyId}/plat.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 1000,
      status: 'completed',
    })
    .returning({ id: propertyDocuments.id });
  documentId = document!.id;
});
afterAll(async () => t?.close());

describe('milestones', () => {
  it('adds a milestone with its owner and documents, flags it overdue, and marks it done', async () => {
    const created = await as('developer', 'POST', url('/milestones'), {
      kind: 'plat_or_declaration_recorded',
      title: 'Plat recorded with Williamson County',
      phaseId: project.phases[0]!.id,
      plannedOn: '2026-01-15',
      ownerUserId: await idOf('developer'),
      documentIds: [documentId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const milestone = created.json<Milestone>();
    expect(milestone).toMatchObject({
      phaseName: 'Phase 1',
      owner: { fullName: 'Devon Price' },
      documents: [{ id: documentId, name: 'Recorded plat, phase 1.pdf' }],
      isOverdue: true,
      actualOn: null,
    });
    const done = await as('developer', 'PATCH', url(`/milestones/${milestone.id}`), {
      actualOn: '2026-01-20',
    });
    expect(done.json<Milestone>()).toMatchObject({ actualOn: '2026-01-20', isOverdue: false });
    expect((await as('developer', 'GET', url('/milestones'))).json().milestones).toHaveLength(1);
  });

  it('refuses an owner off the team, another project’s phase, another community’s document, a future actual date', async () => {
    const base = { kind: 'permits', title: 'Building permits', plannedOn: '2026-02-01' };
    const cases: [object, string][] = [
      [{ ...base, ownerUserId: await idOf('resident') }, 'OWNER_NOT_ON_TEAM'],
      [{ ...base, phaseId: other.phases[0]!.id }, 'PHASE_NOT_OF_PROJECT'],
      [{ ...base, actualOn: '2999-01-01' }, 'DATE_IN_FUTURE'],
    ];
    const [foreign] = await db()
      .insert(propertyDocuments)
      .values({
        propertyId: other.propertyId,
        category: 'ccr',
        name: 'Oak Hollow CC&Rs.pdf',
        filePath: `${other.propertyId}/ccr.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 1000,
      })
      .returning({ id: propertyDocuments.id });
    cases.push([{ ...base, documentIds: [foreign!.id] }, 'DOCUMENT_NOT_OF_PROPERTY']);
    for (const [body, code] of cases) {
      const response = await as('developer', 'POST', url('/milestones'), body);
      expect(response.statusCode, code).toBe(422);
      expect(response.json().error.code).toBe(code);
    }
    expect((await as('developer', 'GET', url('/milestones'))).json().milestones).toHaveLength(1);
  });

  it('tells the developer and the managers of an overdue milestone once', async () => {
    const late = await as('developer', 'POST', url('/milestones'), {
      kind: 'amenities_complete',
      title: 'Pool and clubhouse complete',
      plannedOn: '2026-03-01',
    });
    const id = late.json<Milestone>().id;
    const developerId = await idOf('developer');
    const told = async () =>
      (
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, developerId), eq(notifications.kind, 'project.milestone')))
      ).length;
    const first = await db().transaction((tx) => overdueMilestones(tx, project.propertyId, t.app.notifier));
    expect(first.titles).toEqual(['Pool and clubhouse complete']);
    expect(await told()).toBe(1);
    const second = await db().transaction((tx) => overdueMilestones(tx, project.propertyId, t.app.notifier));
    expect(second.titles).toEqual([]);
    expect(await told()).toBe(1);
    // Moved to a later day, it is told again if it slips again.
    await as('developer', 'PATCH', url(`/milestones/${id}`), { plannedOn: '2026-04-01' });
    const [row] = await db().select().from(projectMilestones).where(eq(projectMilestones.id, id));
    expect(row!.overdueNotifiedAt).toBeNull();
  });
});

describe('hand-over', () => {
  it('reads the checklist from live data and takes attached documents only where it has no record', async () => {
    const first = (await as('developer', 'GET', url('/handover'))).json<Handover>();
    expect(first.items.map((item) => item.key)).toEqual([...handoverItemKeys]);
    const plans = () => first.items.find((item) => item.key === 'plans')!;
    expect(plans()).toMatchObject({ isComplete: false, attachedDocumentIds: [] });
    expect(first.items.find((item) => item.key === 'owner_board')).toMatchObject({
      isComplete: false,
      summary: 'No one sits on the board.',
    });
    // The financial statement on file counts (the books are not kept here).
    expect(first.items.find((item) => item.key === 'financial_statements')!.isComplete).toBe(true);
    const attached = await as('developer', 'PUT', url('/handover/items/plans/documents'), {
      documentIds: [documentId],
    });
    const after = attached.json<Handover>();
    expect(after.items.find((item) => item.key === 'plans')).toMatchObject({
      isComplete: true,
      attachedDocumentIds: [documentId],
      evidence: [expect.objectContaining({ kind: 'document', label: 'Recorded plat, phase 1.pdf' })],
    });
    expect(after.completeCount).toBe(first.completeCount + 1);
    const refused = await as('developer', 'PUT', url('/handover/items/insurance/documents'), {
      documentIds: [documentId],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('ITEM_NOT_ATTACHABLE');
    // The election meeting comes from the hand-over meeting milestone.
    await as('developer', 'POST', url('/milestones'), {
      kind: 'handover_meeting',
      title: 'Turnover meeting and board election',
      plannedOn: '2027-03-15',
    });
    const meeting = (await as('developer', 'GET', url('/handover'))).json<Handover>();
    expect(meeting.items.find((item) => item.key === 'election_meeting')).toMatchObject({
      isComplete: true,
      summary: 'The hand-over meeting is planned for 2027-03-15.',
    });
  });

  it('freezes a report with its PDF’s SHA-256, tells the board, and the board acknowledges it item by item', async () => {
    // An owner-elected board: the demo board member and resident sit on it (the resident owns a lot).
    const [board] = await db()
      .insert(committees)
      .values({ propertyId: project.propertyId, kind: 'board', name: 'Board of Directors' })
      .returning({ id: committees.id });
    await db()
      .insert(committeeMembers)
      .values([
        { committeeId: board!.id, userId: await idOf('board'), role: 'president', startsOn: '2026-01-01' },
        { committeeId: board!.id, userId: await idOf('resident'), role: 'member', startsOn: '2026-01-01' },
      ]);
    const made = await as('developer', 'POST', url('/handover/reports'));
    expect(made.statusCode, made.body).toBe(201);
    const report = made.json<HandoverReport>();
    expect(report).toMatchObject({
      communityName: 'Cedar Ridge Handover',
      generatedBy: 'Devon Price',
      isFullyAcknowledged: false,
    });
    expect(report.items).toHaveLength(handoverItemKeys.length);
    const pdf = await as('developer', 'GET', url(`/handover/reports/${report.id}/pdf`));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(report.sha256);
    const boardPdf = await as(
      'board',
      'GET',
      `/api/properties/${project.propertyId}/handover/reports/${report.id}/pdf`,
    );
    expect(createHash('sha256').update(boardPdf.rawPayload).digest('hex')).toBe(report.sha256);
    const boardId = await idOf('board');
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, boardId), eq(notifications.kind, 'project.handover')));
    expect(told).toHaveLength(1);

    const list = (await as('board', 'GET', '/api/board-portal/handovers')).json();
    expect(list.handovers).toEqual([
      expect.objectContaining({
        propertyId: project.propertyId,
        reportId: report.id,
        acknowledgedItemCount: 0,
        itemCount: 10,
      }),
    ]);
    // Not on this board: not found. The developer does not acknowledge.
    expect((await as('manager', 'GET', `/api/properties/${project.propertyId}/handover`)).statusCode).toBe(
      403,
    );
    expect((await as('board', 'GET', `/api/properties/${other.propertyId}/handover`)).statusCode).toBe(404);
    const ack = (key: string, who: Who = 'board', note?: string) =>
      as(
        who,
        'POST',
        `/api/properties/${project.propertyId}/handover/reports/${report.id}/items/${key}/acknowledge`,
        note ? { note } : {},
      );
    const first = await ack('plans', 'board', 'Plat received in print and PDF');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BoardHandover>()).toMatchObject({ acknowledgedByMe: ['plans'], canAcknowledge: true });
    // An admin reads every board's report and is told it does not acknowledge.
    const adminView = await as('admin', 'GET', `/api/properties/${project.propertyId}/handover`);
    expect(adminView.json<BoardHandover>()).toMatchObject({ canAcknowledge: false });
    expect((await ack('plans')).json().error.code).toBe('ALREADY_ACKNOWLEDGED');
    // Another board member may acknowledge the same item too.
    expect((await ack('plans', 'resident')).statusCode).toBe(200);
    expect((await ack('plans', 'admin')).statusCode).toBe(403);

    for (const key of handoverItemKeys.filter((key) => key !== 'plans' && key !== 'insurance'))
      expect((await ack(key)).statusCode, key).toBe(200);
    const [beforeLast] = await db()
      .select()
      .from(developmentProjects)
      .where(eq(developmentProjects.id, project.id));
    expect(beforeLast!.handedOverOn).toBeNull();
    const last = await ack('insurance');
    expect(last.json<BoardHandover>().report).toMatchObject({ isFullyAcknowledged: true });
    // Two members' receipts of one item count once; the board's list shows the report complete.
    expect((await as('board', 'GET', '/api/board-portal/handovers')).json().handovers).toEqual([
      expect.objectContaining({
        reportId: report.id,
        acknowledgedItemCount: 10,
        itemCount: 10,
        isFullyAcknowledged: true,
      }),
    ]);
    const [handedOver] = await db()
      .select()
      .from(developmentProjects)
      .where(eq(developmentProjects.id, project.id));
    expect(handedOver!.handedOverOn).toBe(today);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'handover_acknowledgements'),
          eq(auditEvents.propertyId, project.propertyId),
        ),
      );
    expect(audited.length).toBe(handoverItemKeys.length + 1);

    // A newer report supersedes it: the old one takes no more receipts.
    await as('developer', 'POST', url('/handover/reports'));
    const stale = await as(
      'resident',
      'POST',
      `/api/properties/${project.propertyId}/handover/reports/${report.id}/items/insurance/acknowledge`,
      {},
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('REPORT_SUPERSEDED');
  });
});
