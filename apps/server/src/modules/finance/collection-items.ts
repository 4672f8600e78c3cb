import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  collectionStageKindLabels,
  formatMoney,
  type CollectionStage,
  type DecisionOption,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  collectionCases,
  collectionEvents,
  collectionPolicies,
  committees,
  decisionItems,
  letters,
  properties,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { openDecisionItem } from '../decisions/open-item.ts';
import type { DecideInput, DecisionItemRow } from '../decisions/record-outcome.ts';
import { dayIn, formatDay } from '../letters/values.ts';

/**
 * Collections steps as decision items (issue 22 item 5; decisions 0054 and 0060). When the nightly run
 * holds a case before a stage that needs the board's decision, the board gets a decision item asking
 * "proceed or hold?" — one open item per case and stage (the database's unique index holds it to that).
 * Decided in Decisions (by the members' votes or a meeting's), it records the collections decision on the
 * case in the same transaction; recorded on the case instead, or made moot (the case closes, pauses or
 * moves), the item is withdrawn with a note saying why.
 */

/** "stage 4 (referral to attorney or collector)" */
export const stageName = (stages: CollectionStage[], index: number) => {
  const stage = stages[index];
  return stage
    ? `stage ${index + 1} (${collectionStageKindLabels[stage.kind].toLowerCase()})`
    : `stage ${index + 1}`;
};

/** The options of a collections step's item: the keys are the collections decision's outcomes. */
export const collectionItemOptions = (stages: CollectionStage[], stage: number): DecisionOption[] => [
  { key: 'proceed', label: `Proceed to ${stageName(stages, stage)}` },
  { key: 'hold', label: 'Hold at the current stage' },
];
const collectionOutcomes = ['proceed', 'hold'] as const;
type CollectionOutcome = (typeof collectionOutcomes)[number];
const isCollectionOutcome = (key: string): key is CollectionOutcome =>
  (collectionOutcomes as readonly string[]).includes(key);

/**
 * The association's row, locked: the nightly run holds it too, so a decision, a plan or an undo waits
 * for a run in progress (and a run for them) instead of acting on cases the other is changing. Taken
 * before any decision item's row, wherever both are locked, so that two of them never wait on each other.
 */
export async function lockCollections(tx: Db, propertyId: string) {
  await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
}

async function stagesOf(tx: Db, propertyId: string): Promise<CollectionStage[]> {
  const [row] = await tx
    .select({ stages: collectionPolicies.stages })
    .from(collectionPolicies)
    .where(eq(collectionPolicies.propertyId, propertyId));
  return row?.stages ?? [];
}

/** The case's history in plain sentences, oldest first: what the board reads before it decides. */
async function historyOf(tx: Db, caseId: string, timeZone: string): Promise<string[]> {
  const shown = 15;
  const rows = await tx
    .select({
      summary: collectionEvents.summary,
      createdAt: collectionEvents.createdAt,
      letterId: collectionEvents.letterId,
      letterStatus: letters.status,
      sentAt: letters.sentAt,
    })
    .from(collectionEvents)
    .leftJoin(letters, eq(letters.id, collectionEvents.letterId))
    .where(eq(collectionEvents.caseId, caseId))
    .orderBy(desc(collectionEvents.seq))
    .limit(shown + 1);
  const lines = rows
    .slice(0, shown)
    .reverse()
    .map((row) => {
      const letter = !row.letterId
        ? ''
        : row.letterStatus === 'sent'
          ? ` The letter was sent on ${formatDay(dayIn(row.sentAt ?? row.createdAt, timeZone))}.`
          : row.letterStatus === 'cancelled'
            ? ' The letter was cancelled.'
            : ' The letter has not been sent yet.';
      return `- ${formatDay(dayIn(row.createdAt, timeZone))}: ${row.summary}${letter}`;
    });
  if (rows.length > shown) lines.unshift('- Earlier events are on the case’s page.');
  return lines;
}

/**
 * Puts the question "proceed to stage N?" before the association's board, in the caller's transaction
 * (the nightly run's, which holds the association's row): the unit, what is past due and the case's
 * history, never the owner's name or anything the case does not show. Returns the item's id: the one
 * open for the case and stage already, if any (a hold after an undone one), else the new one; null when
 * the association has no board (then the board is only told, as before). The item is not published —
 * collections are private — and has no due date: nothing sets one.
 */
export async function openCollectionItem(
  tx: Db,
  facts: {
    propertyId: string;
    caseId: string;
    unitLabel: string;
    stage: number;
    stages: CollectionStage[];
    pastDueCents: number;
    daysPastDue: number;
    timeZone: string;
  },
): Promise<string | null> {
  const [open] = await tx
    .select({ id: decisionItems.id })
    .from(decisionItems)
    .where(
      and(
        eq(decisionItems.collectionCaseId, facts.caseId),
        eq(decisionItems.collectionStage, facts.stage),
        eq(decisionItems.status, 'open'),
      ),
    );
  if (open) return open.id;
  const [board] = await tx
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, facts.propertyId), eq(committees.kind, 'board')))
    .orderBy(asc(committees.createdAt), asc(committees.id))
    .limit(1);
  if (!board) return null;
  const [row] = await tx.select().from(collectionCases).where(eq(collectionCases.id, facts.caseId));
  const { stages, stage } = facts;
  const next = stages[stage];
  const current = row!.stage === null ? null : stageName(stages, row!.stage);
  const background = [
    `Unit ${facts.unitLabel} has ${formatMoney(facts.pastDueCents)} past due; its oldest unpaid charge is ${facts.daysPastDue} ${facts.daysPastDue === 1 ? 'day' : 'days'} late.`,
    `The collection case opened on ${formatDay(dayIn(row!.openedAt, facts.timeZone))} and ${current ? `is at ${current}` : 'has had no letter yet'}. The association’s collection policy needs the board’s decision before ${stageName(stages, stage)}${next ? `, which comes ${next.daysPastDue} days past due with at least ${formatMoney(next.minBalanceCents)} owed; its letter gives the owner ${next.cureDays} days to pay` : ''}.`,
    `Proceed: the next nightly run moves the case to ${stageName(stages, stage)} and drafts its letter for a manager to review and send. Hold: the case stays ${current ? `at ${current}` : 'where it is'} until the board decides otherwise.`,
    '',
    'The case so far:',
    ...(await historyOf(tx, facts.caseId, facts.timeZone)),
  ].join('\n');
  const id = await openDecisionItem(tx, {
    propertyId: facts.propertyId,
    committeeId: board.id,
    kind: 'collections_step',
    title: `Unit ${facts.unitLabel}: proceed to ${stageName(stages, stage)}?`,
    background,
    options: collectionItemOptions(stages, stage),
    dueOn: null,
    published: false,
    collection: { caseId: facts.caseId, stage },
    createdBy: null,
  });
  return id;
}

/**
 * Withdraws the case's open items that no longer ask what the case waits on — the case closed, paused
 * under a payment plan, or no longer before the item's stage (an undone run put it back) — with a note
 * saying why. In the caller's transaction, after the case was changed.
 */
export async function withdrawMootCollectionItems(tx: Db, caseId: string, by: string | null = null) {
  const [row] = await tx
    .select({ status: collectionCases.status, stage: collectionCases.stage })
    .from(collectionCases)
    .where(eq(collectionCases.id, caseId));
  if (!row) return;
  const next = (row.stage ?? -1) + 1;
  const now = new Date();
  await tx
    .update(decisionItems)
    .set({
      status: 'withdrawn',
      outcomeNote:
        row.status === 'closed'
          ? 'The collection case was closed.'
          : row.status === 'paused'
            ? 'A payment plan paused the collection case: if it resumes, the board is asked again.'
            : 'The collection case is no longer waiting before this stage.',
      decidedBy: by,
      decidedAt: by ? now : null,
      updatedAt: now,
    })
    .where(
      and(
        eq(decisionItems.collectionCaseId, caseId),
        eq(decisionItems.status, 'open'),
        row.status === 'open' ? sql`${decisionItems.collectionStage} <> ${next}` : undefined,
      ),
    );
}

/**
 * A manager (or board member) recorded the board's decision on the case itself: the open item for that
 * stage is withdrawn, by them, with a note of what was recorded where. Not marked decided: an item is
 * decided only by votes or a meeting's counts that carry its outcome under the committee's rule, and
 * the case's record has neither — marking it decided would claim a vote the product never checked.
 */
export async function withdrawItemDecidedOnCase(
  tx: Db,
  facts: {
    caseId: string;
    stage: number;
    stages: CollectionStage[];
    outcome: CollectionOutcome;
    decidedOn: string;
    meeting: string;
    by: string;
  },
) {
  const now = new Date();
  await tx
    .update(decisionItems)
    .set({
      status: 'withdrawn',
      outcomeNote: `The board’s decision was recorded on the collection case instead: to ${facts.outcome === 'proceed' ? 'proceed to' : 'hold before'} ${stageName(facts.stages, facts.stage)}, decided at ${facts.meeting} on ${formatDay(facts.decidedOn)}.`,
      decidedBy: facts.by,
      decidedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(decisionItems.collectionCaseId, facts.caseId),
        eq(decisionItems.collectionStage, facts.stage),
        eq(decisionItems.status, 'open'),
      ),
    );
}

/**
 * The board decided a collections step in Decisions (`decideDecision`, after `recordOutcome` accepted
 * the votes or the meeting's counts): the decision is recorded on the case in the same transaction, as
 * if recorded there — the day of the meeting, or today in the association's time zone for the votes.
 * The association's row must be locked before the item's (`lockCollections`).
 */
export async function recordItemDecisionOnCase(
  tx: Db,
  ctx: Pick<ServiceContext, 'actor'>,
  item: Pick<DecisionItemRow, 'propertyId' | 'collectionCaseId' | 'collectionStage' | 'title'>,
  input: DecideInput,
  committeeName: string,
): Promise<void> {
  if (item.collectionCaseId === null || item.collectionStage === null || !isCollectionOutcome(input.outcome))
    return;
  const stage = item.collectionStage;
  const [row] = await tx
    .select({ status: collectionCases.status, stage: collectionCases.stage, unitLabel: units.label })
    .from(collectionCases)
    .innerJoin(units, eq(units.id, collectionCases.unitId))
    .where(eq(collectionCases.id, item.collectionCaseId))
    .for('update', { of: collectionCases });
  // The item is withdrawn whenever the case closes, pauses or moves past its stage, so this is a guard.
  if (!row || row.status === 'closed' || (row.stage ?? -1) >= stage)
    throw new AppError(
      409,
      'CASE_MOVED_ON',
      'The collection case has moved on since this item was opened: withdraw the item instead.',
    );
  const [property] = await tx
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, item.propertyId));
  const byMeeting = input.method === 'meeting';
  const decidedOn = byMeeting ? input.heldOn : dayIn(new Date(), property!.timeZone);
  const meeting = byMeeting
    ? `Meeting of the ${committeeName} on ${formatDay(input.heldOn)}`
    : `Votes of the ${committeeName} on its decision item`;
  const stages = await stagesOf(tx, item.propertyId);
  const what = `${input.outcome === 'proceed' ? 'proceed to' : 'hold before'} ${stageName(stages, stage)}`;
  await tx.insert(collectionEvents).values({
    caseId: item.collectionCaseId,
    kind: 'decision',
    stage,
    outcome: input.outcome,
    decidedOn,
    meeting,
    note: input.note ? input.note : null,
    createdBy: ctx.actor.id,
    summary: byMeeting
      ? `The board decided at its meeting of ${formatDay(decidedOn)} to ${what} (recorded on its decision item).`
      : `The board decided by its members’ votes on the decision item (${formatDay(decidedOn)}) to ${what}.`,
  });
}

/** The open items of these cases, by case and stage ("caseId:stage"): what the case pages link to. */
export async function openCollectionItemsOf(db: Db, caseIds: string[]): Promise<Map<string, string>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: decisionItems.id,
      caseId: decisionItems.collectionCaseId,
      stage: decisionItems.collectionStage,
    })
    .from(decisionItems)
    .where(and(inArray(decisionItems.collectionCaseId, caseIds), eq(decisionItems.status, 'open')));
  return new Map(rows.map((row) => [`${row.caseId}:${row.stage}`, row.id]));
}
