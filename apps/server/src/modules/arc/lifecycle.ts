import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { arcNextStatus, type ArcRequestStatus } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  arcFiles,
  arcRequests,
  committeeMembers,
  committees,
  decisionItems,
  propertyManagers,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { currentBetween } from '../access/memberships.ts';
import { arcDecisionOptions, openDecisionItem } from '../decisions/open-item.ts';
import { formatDay } from '../letters/values.ts';
import { localClock } from '../notifications/zoned-time.ts';
import { answerText, missingList, missingOf } from './answers.ts';
import type { ArcProperty } from './arc-access.ts';
import { decisionDueOf, reviewWindowOf } from './review-window.ts';
import type { RequestRow } from './requests.service.ts';

/**
 * A request's life between the owner and the reviewers (issue 22 items 1 and 6): what keeps it
 * incomplete, the moment it is complete (stamped, its due date and where the number comes from, its
 * decision item opened — all in the caller's transaction), and who is told. The product never decides
 * anything here: it starts the clock and puts the request before the committee.
 */

export type ArcContext = ServiceContext;

/** The request, locked for the transaction, if the condition lets the caller act on it. */
export async function lockRequest(tx: Db, requestId: string, condition: SQL | undefined) {
  const [row] = await tx
    .select({ id: arcRequests.id })
    .from(arcRequests)
    .where(and(eq(arcRequests.id, requestId), condition))
    .for('update');
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Request not found');
  return row.id;
}

const refusals: Partial<Record<ArcRequestStatus, string>> = {
  decided: 'This request has been decided: it can no longer be changed or withdrawn.',
  pending_inspection: 'This request was approved and waits for its inspection: it can no longer be changed.',
  closed: 'This request is closed.',
  withdrawn: 'This request was withdrawn.',
};

/** Refuses (409) what the state machine does not allow from this status. */
export function assertAllowed(status: ArcRequestStatus, event: 'revise' | 'withdraw'): void {
  if (arcNextStatus(status, event) !== null) return;
  throw new AppError(
    409,
    'REQUEST_NOT_CHANGEABLE',
    refusals[status] ?? `A request that is ${status.replace('_', ' ')} cannot be changed this way.`,
  );
}

/** The requirements already sent (each file answers one, or none). */
export async function sentRequirements(tx: Db, requestId: string): Promise<(string | null)[]> {
  const rows = await tx
    .select({ requirement: arcFiles.requirement })
    .from(arcFiles)
    .where(eq(arcFiles.requestId, requestId));
  return rows.map((row) => row.requirement);
}

/** What the request lacks now, from its answers and the files sent. */
export async function missingNow(tx: Db, row: Pick<RequestRow, 'id' | 'typeSnapshot' | 'answers'>) {
  return missingOf(row.typeSnapshot, row.answers, await sentRequirements(tx, row.id));
}

/** The committee that decides the association's architectural requests: its ARC committee, else its board. */
async function deciderOf(tx: Db, propertyId: string) {
  const rows = await tx
    .select({ id: committees.id, kind: committees.kind, name: committees.name })
    .from(committees)
    .where(
      and(eq(committees.propertyId, propertyId), inArray(committees.kind, ['architectural_review', 'board'])),
    )
    .orderBy(asc(sql`${committees.kind} = 'board'`), asc(committees.createdAt), asc(committees.id));
  return rows[0] ?? null;
}

/** The people serving today on a committee. */
async function servingOn(tx: Db, committeeId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.committeeId, committeeId),
        currentBetween(sql`${committeeMembers.startsOn}`, sql`${committeeMembers.endsOn}`),
      ),
    );
  return rows.map((row) => row.userId);
}

export async function managersOf(tx: Db, propertyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: propertyManagers.userId })
    .from(propertyManagers)
    .where(eq(propertyManagers.propertyId, propertyId));
  return rows.map((row) => row.userId);
}

/** The members serving today on the committee that decides the association's requests. */
export async function deciderMembersOf(tx: Db, propertyId: string): Promise<string[]> {
  const committee = await deciderOf(tx, propertyId);
  return committee ? servingOn(tx, committee.id) : [];
}

/** Who reviews the association's requests: the deciding committee's members serving today, and its managers. */
export async function reviewersOf(tx: Db, propertyId: string): Promise<string[]> {
  return [...(await deciderMembersOf(tx, propertyId)), ...(await managersOf(tx, propertyId))];
}

/** The association's board (its committee of kind 'board'), if it has one. */
export async function boardCommitteeOf(tx: Db, propertyId: string) {
  const [board] = await tx
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(and(eq(committees.propertyId, propertyId), eq(committees.kind, 'board')));
  return board ?? null;
}

/** The board's members serving today (the clock's "deadline passed" goes to them and the managers). */
export async function boardOf(tx: Db, propertyId: string): Promise<string[]> {
  const board = await boardCommitteeOf(tx, propertyId);
  return board ? servingOn(tx, board.id) : [];
}

/** Where the web shows a request: the owner's page, and the reviewers' (the web app's routes). */
export const ownerLink = (requestId: string) => `/resident-portal/arc/${requestId}`;
export const reviewerLink = (row: { id: string; propertyId: string }) => `/arc/${row.propertyId}/${row.id}`;

/** "the fence request at unit 14B" */
export const describe = (row: Pick<RequestRow, 'typeSnapshot' | 'unitLabel'>) =>
  `the ${row.typeSnapshot.name.toLowerCase()} request at unit ${row.unitLabel}`;

/** Tells the owner what the request still lacks (or that nothing does). */
export async function tellOwnerMissing(
  tx: Db,
  ctx: ArcContext,
  row: Pick<
    RequestRow,
    'id' | 'propertyId' | 'applicantId' | 'title' | 'typeSnapshot' | 'unitLabel' | 'revision'
  >,
  missing: ReturnType<typeof missingOf>,
  key: string,
) {
  const count = missing.length;
  await ctx.notifier.notify(tx, [row.applicantId], {
    kind: 'arc.request-update',
    propertyId: row.propertyId,
    title: `Your ${row.typeSnapshot.name.toLowerCase()} request needs ${count} more ${count === 1 ? 'item' : 'items'}`,
    body: `We received “${row.title}” for unit ${row.unitLabel}. It stays incomplete, and the review does not start, until these arrive: ${missingList(missing)}.\n\nAdd them to the request from the resident portal.`,
    link: ownerLink(row.id),
    dedupeKey: `arc-request:${row.id}:${key}`,
  });
}

/**
 * The request is complete: stamped *complete at* now, its decision due date counted from that day in
 * the association's time zone with where the number comes from, under review, and before the committee
 * as a decision item (the architectural review committee's, else the board's). An item still open from
 * an earlier window is withdrawn first: the committee decides the request as it is now. The owner gets
 * the receipt; the reviewers are told. In the caller's transaction; the row must be locked.
 */
export async function completeRequest(
  tx: Db,
  ctx: ArcContext,
  row: RequestRow,
  property: ArcProperty,
): Promise<void> {
  const next = arcNextStatus(row.status, 'complete');
  if (next === null) throw new Error(`A ${row.status} request cannot be completed`);
  const now = new Date();
  const completeOn = localClock(now, property.timeZone).date;
  const window = reviewWindowOf(property.jurisdiction, row.typeSnapshot);
  const dueOn = decisionDueOf(window, completeOn);
  await tx
    .update(decisionItems)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(decisionItems.arcRequestId, row.id), eq(decisionItems.status, 'open')));
  await tx
    .update(arcRequests)
    .set({
      status: next,
      completeAt: now,
      decisionDueOn: dueOn,
      dueSource: window.source,
      missing: [],
      updatedAt: now,
    })
    .where(eq(arcRequests.id, row.id));

  const committee = await deciderOf(tx, row.propertyId);
  const due = dueOn ? `Decision due by ${formatDay(dueOn)} (${window.source}).` : `${window.source}.`;
  if (committee) {
    await openDecisionItem(tx, {
      propertyId: row.propertyId,
      committeeId: committee.id,
      kind: 'arc_request',
      title: `Unit ${row.unitLabel}: ${row.typeSnapshot.name} — ${row.title}`.slice(0, 300),
      background: backgroundOf(row, completeOn, due, await filesOf(tx, row.id)),
      options: arcDecisionOptions,
      dueOn,
      published: false,
      arcRequestId: row.id,
      createdBy: ctx.actor.id,
    });
  }

  await ctx.notifier.notify(tx, [row.applicantId], {
    kind: 'arc.request-update',
    propertyId: row.propertyId,
    title: `Your ${row.typeSnapshot.name.toLowerCase()} request is complete and under review`,
    body: `“${row.title}” for unit ${row.unitLabel} was complete on ${formatDay(completeOn)}. ${due}\n\nThe ${committee?.kind === 'board' ? 'board' : 'architectural review committee'} reviews it; you will be told its decision.`,
    link: ownerLink(row.id),
    dedupeKey: `arc-request:${row.id}:complete:${now.toISOString()}`,
  });
  const reviewers = await reviewersOf(tx, row.propertyId);
  await ctx.notifier.notify(tx, reviewers, {
    kind: 'arc.review',
    propertyId: row.propertyId,
    title: `To review: ${describe(row)}${row.status === 'more_information' ? ' (more information sent)' : ''}`,
    body: `${row.applicantName}'s request “${row.title}” for unit ${row.unitLabel}, ${row.propertyName}, is complete. ${due}${committee ? '' : '\n\nThe association has no architectural review committee and no board to decide it: set one up.'}`,
    link: reviewerLink(row),
    dedupeKey: `arc-request:${row.id}:complete:${now.toISOString()}`,
  });
}

async function filesOf(tx: Db, requestId: string) {
  return tx
    .select({ fileName: arcFiles.fileName, requirement: arcFiles.requirement })
    .from(arcFiles)
    .where(eq(arcFiles.requestId, requestId))
    .orderBy(asc(arcFiles.createdAt));
}

/** The decision item's background: who asks for what, the answers and files, and the clock. */
function backgroundOf(
  row: RequestRow,
  completeOn: string,
  due: string,
  files: { fileName: string; requirement: string | null }[],
): string {
  const snapshot = row.typeSnapshot;
  const answers = snapshot.fields
    .filter((field) => row.answers[field.key] !== undefined)
    .map((field) => `- ${field.label}: ${answerText(field, row.answers[field.key]!)}`);
  const fileLines = files.map((file) => {
    const requirement = snapshot.files.find((candidate) => candidate.key === file.requirement);
    return `- ${file.fileName}${requirement ? ` (${requirement.label})` : ''}`;
  });
  return [
    `${row.applicantName}, owner of unit ${row.unitLabel}, asks for approval of a ${snapshot.name.toLowerCase()} project: “${row.title}” (revision ${row.revision}).`,
    row.description,
    answers.length > 0 ? `Answers:\n${answers.join('\n')}` : '',
    fileLines.length > 0 ? `Files:\n${fileLines.join('\n')}` : '',
    `Complete on ${formatDay(completeOn)}. ${due}`,
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n')
    .slice(0, 5000);
}
