import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  abstainChoice,
  carriedOption,
  optionKeyOf,
  ruleNeeds,
  type castDecisionVoteSchema,
  type createDecisionItemSchema,
  type decisionListQuerySchema,
  type DecisionItem,
  type DecisionItemSummary,
  type DecisionList,
  type DecisionOption,
  type PageQuery,
  type PublishedDecisionList,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  committees,
  decisionItemDocuments,
  decisionItems,
  decisionVotes,
  profiles,
  properties,
  propertyDocuments,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import {
  belongsToAssociation,
  currentBetween,
  managesProperty,
  ownsUnit,
  servesAssociation,
  sitsOnBoard,
  sitsOnCommittee,
  type Person,
} from '../access/memberships.ts';
import { administers, decisionScope } from '../access/scope.ts';
import { dayIn } from '../letters/values.ts';
import { recordReconsiderationOutcome } from '../arc/reconsideration.ts';
import { lockCollections, recordItemDecisionOnCase } from '../finance/collection-items.ts';
import {
  lockRequestOfAwardItem,
  recordBoardAward,
  reopenAfterWithdrawal,
} from '../bids/bid-award.service.ts';
import { rowsOf } from '../realtime/publish.ts';
import { decisionLink } from './links.ts';
import { openDecisionItem } from './open-item.ts';
import {
  labelOf,
  notOpen,
  recordOutcome,
  servingMemberIds,
  type DecideInput,
  type DecisionItemRow,
} from './record-outcome.ts';

/**
 * Board and committee decisions (issue 22 items 3 and 5, decision 0060). An item is read by the
 * association's managers, its board and the members serving on the item's committee (scope.ts
 * `decisionScope`, the one condition every query here uses); anyone else gets 404. Serving members vote
 * once each; the outcome is recorded only when the votes (or a meeting's) carry it under the committee's
 * rule (record-outcome.ts). Residents see decided items the association publishes, never who voted how.
 */

export type DecisionListInput = z.output<typeof decisionListQuerySchema>;
export type CreateDecisionInput = z.output<typeof createDecisionItemSchema>;
export type CastVoteInput = z.output<typeof castDecisionVoteSchema>;

const itemScope = (actor: Person) =>
  decisionScope(actor, {
    propertyId: sql`${decisionItems.propertyId}`,
    committeeId: sql`${decisionItems.committeeId}`,
  });

/** The person applied for the item's architectural request (or the one it reconsiders), or owns its unit today. */
const hasConflictSql = (personId: string) =>
  sql<boolean>`exists (select 1 from arc_requests r
    where r.id = coalesce(${decisionItems.arcRequestId}, ${decisionItems.reconsideredRequestId})
    and (r.applicant_id = ${personId} or ${ownsUnit(personId, sql`r.unit_id`)}))`;

const hasVotedSql = (personId: string) =>
  sql`exists (select 1 from decision_votes v where v.item_id = ${decisionItems.id} and v.user_id = ${personId})`;

/** Open, the person serves on its committee today, has not voted, and has no conflict of interest. */
const canVoteSql = (personId: string) =>
  sql<boolean>`(${decisionItems.status} = 'open'
    and ${sitsOnCommittee(personId, sql`${decisionItems.committeeId}`)}
    and not ${hasVotedSql(personId)} and not ${hasConflictSql(personId)})`;

const summaryColumns = (personId: string) => ({
  item: decisionItems,
  propertyName: properties.name,
  committeeName: committees.name,
  decisionRule: committees.decisionRule,
  quorum: committees.quorum,
  votesCast: sql<number>`(select count(*)::int from decision_votes v where v.item_id = ${decisionItems.id})`,
  membersServing: sql<number>`(select count(distinct cm.user_id)::int from committee_members cm
    where cm.committee_id = ${decisionItems.committeeId} and ${currentBetween(sql`cm.starts_on`, sql`cm.ends_on`)})`,
  myVote: sql<
    string | null
  >`(select v.choice from decision_votes v where v.item_id = ${decisionItems.id} and v.user_id = ${personId})`,
  canVote: canVoteSql(personId),
});
type SummaryRow = {
  item: DecisionItemRow;
  propertyName: string;
  committeeName: string;
  votesCast: number;
  membersServing: number;
  myVote: string | null;
  canVote: boolean;
};

const optionOf = (options: readonly DecisionOption[], key: string | null): DecisionOption | null =>
  key === null ? null : { key, label: labelOf(options, key) };

function toSummary(row: SummaryRow): DecisionItemSummary {
  const { item } = row;
  return {
    id: item.id,
    propertyId: item.propertyId,
    propertyName: row.propertyName,
    committeeId: item.committeeId,
    committeeName: row.committeeName,
    kind: item.kind,
    title: item.title,
    dueOn: item.dueOn,
    status: item.status,
    outcome: optionOf(item.options, item.outcome),
    decidedAt: item.decidedAt?.toISOString() ?? null,
    votesCast: row.votesCast,
    membersServing: row.membersServing,
    myVote: row.myVote,
    canVote: row.canVote,
    published: item.published,
    arcRequestId: item.arcRequestId,
    collectionCaseId: item.collectionCaseId,
    reconsideredRequestId: item.reconsideredRequestId,
  };
}

/** Whether the person may see any of the association's decisions (to filter by it); 404 otherwise. */
async function requireDecisionReader(db: Db, actor: Person, propertyId: string): Promise<void> {
  const standing =
    actor.role === 'admin'
      ? undefined
      : sql`(${managesProperty(actor.id, sql`${properties.id}`)} or ${servesAssociation(actor.id, sql`${properties.id}`)})`;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), standing));
  if (!row) throw notFound('Association');
}

/**
 * Whether the person puts items before the association's board and committees and withdraws them:
 * admins, its managers and its board members serving today.
 */
async function putsItems(db: Db, actor: Person, propertyId: string): Promise<boolean> {
  if (actor.role === 'admin') return true;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        sql`(${managesProperty(actor.id, sql`${properties.id}`)} or ${sitsOnBoard(actor.id, sql`${properties.id}`)})`,
      ),
    );
  return row !== undefined;
}

/** Items the caller may read: open ones first by due date, then decided ones, newest first. */
export async function listDecisions(ctx: ServiceContext, query: DecisionListInput): Promise<DecisionList> {
  const { actor } = ctx;
  if (query.propertyId) await requireDecisionReader(ctx.db, actor, query.propertyId);
  const conditions: (SQL | undefined)[] = [
    itemScope(actor),
    query.propertyId ? eq(decisionItems.propertyId, query.propertyId) : undefined,
    query.status ? eq(decisionItems.status, query.status) : undefined,
    query.kind ? eq(decisionItems.kind, query.kind) : undefined,
    query.q ? sql`${decisionItems.title} ilike ${containing(query.q)}` : undefined,
    query.mine ? canVoteSql(actor.id) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(summaryColumns(actor.id))
      .from(decisionItems)
      .innerJoin(properties, eq(properties.id, decisionItems.propertyId))
      .innerJoin(committees, eq(committees.id, decisionItems.committeeId))
      .where(where)
      .orderBy(
        sql`case ${decisionItems.status} when 'open' then 0 when 'decided' then 1 else 2 end`,
        sql`case when ${decisionItems.status} = 'open' then ${decisionItems.dueOn} end asc nulls last`,
        sql`coalesce(${decisionItems.decidedAt}, ${decisionItems.updatedAt}) desc`,
        asc(decisionItems.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ count: count() }).from(decisionItems).where(where),
  ]);
  return { items: rows.map(toSummary), total: total!.count, page: query.page, limit: query.limit };
}

/** The item as the caller sees it: its votes, what its rule needs and carries, and what they may do. */
export async function getDecision(
  ctx: ServiceContext,
  propertyId: string,
  itemId: string,
): Promise<DecisionItem> {
  const { db, actor } = ctx;
  const [row] = await db
    .select(summaryColumns(actor.id))
    .from(decisionItems)
    .innerJoin(properties, eq(properties.id, decisionItems.propertyId))
    .innerJoin(committees, eq(committees.id, decisionItems.committeeId))
    .where(and(eq(decisionItems.id, itemId), eq(decisionItems.propertyId, propertyId), itemScope(actor)));
  if (!row) throw notFound('Decision');
  const { item } = row;
  const [votes, documents, members, isAdministrator] = await Promise.all([
    db
      .select({
        userId: decisionVotes.userId,
        fullName: profiles.fullName,
        choice: decisionVotes.choice,
        comment: decisionVotes.comment,
        castAt: decisionVotes.castAt,
      })
      .from(decisionVotes)
      .innerJoin(profiles, eq(profiles.id, decisionVotes.userId))
      .where(eq(decisionVotes.itemId, itemId))
      .orderBy(asc(decisionVotes.castAt), asc(profiles.fullName)),
    db
      .select({ id: propertyDocuments.id, title: propertyDocuments.name })
      .from(decisionItemDocuments)
      .innerJoin(propertyDocuments, eq(propertyDocuments.id, decisionItemDocuments.documentId))
      .where(eq(decisionItemDocuments.itemId, itemId))
      .orderBy(asc(propertyDocuments.name), asc(propertyDocuments.id)),
    servingMemberIds(db, item.committeeId),
    administers(db, actor, item.propertyId),
  ]);
  const people = [item.decidedBy, item.createdBy].filter((id): id is string => id !== null);
  const [names, minutes] = await Promise.all([
    people.length === 0
      ? []
      : db
          .select({ id: profiles.id, fullName: profiles.fullName })
          .from(profiles)
          .where(inArray(profiles.id, people)),
    item.meetingMinutesId
      ? db
          .select({ id: propertyDocuments.id, title: propertyDocuments.name })
          .from(propertyDocuments)
          .where(eq(propertyDocuments.id, item.meetingMinutesId))
      : [],
  ]);
  const personOf = (id: string | null) => {
    const found = names.find((name) => name.id === id);
    return found ? { id: found.id, fullName: found.fullName } : null;
  };
  const counted = votes.filter((vote) => members.includes(vote.userId)).map((vote) => vote.choice);
  const countOf = (key: string) => votes.filter((vote) => vote.choice === key).length;
  const isOpen = item.status === 'open';
  return {
    ...toSummary(row),
    background: item.background,
    options: item.options,
    documents,
    decisionRule: row.decisionRule,
    quorum: row.quorum,
    needs: ruleNeeds(row.decisionRule, row.quorum, members.length),
    carries: carriedOption(row.decisionRule, row.quorum, members.length, counted),
    votes: votes.map((vote) => ({ ...vote, castAt: vote.castAt.toISOString() })),
    tally: [...item.options, { key: abstainChoice, label: labelOf(item.options, abstainChoice) }].map(
      (option) => ({ key: option.key, label: option.label, count: countOf(option.key) }),
    ),
    method: item.method,
    meeting:
      item.method === 'meeting' && item.meetingHeldOn && item.meetingCounts
        ? { heldOn: item.meetingHeldOn, minutes: minutes[0] ?? null, counts: item.meetingCounts }
        : null,
    outcomeNote: item.outcomeNote,
    decidedBy: personOf(item.decidedBy),
    createdBy: personOf(item.createdBy),
    createdAt: item.createdAt.toISOString(),
    canDecide: isOpen && (isAdministrator || members.includes(actor.id)),
  };
}

/** "March 3, 2027" for a date. */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Puts an item before the association's board (or the committee named), with its documents, and tells
 * the committee's serving members. Option keys come from the labels (`optionKeyOf`), made unique.
 */
export async function createDecision(
  ctx: ServiceContext,
  propertyId: string,
  input: CreateDecisionInput,
): Promise<DecisionItem> {
  const itemId = await ctx.db.transaction(async (tx) => {
    if (!(await putsItems(tx, ctx.actor, propertyId))) throw notFound('Association');
    const [property] = await tx
      .select({ name: properties.name, timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, propertyId));
    const [committee] = await tx
      .select({ id: committees.id, name: committees.name })
      .from(committees)
      .where(
        and(
          eq(committees.propertyId, propertyId),
          input.committeeId ? eq(committees.id, input.committeeId) : eq(committees.kind, 'board'),
        ),
      );
    if (!committee && input.committeeId)
      throw new AppError(404, 'NOT_FOUND', 'Committee not found', {
        fields: { committeeId: 'Choose one of this association’s committees' },
      });
    if (!committee)
      throw new AppError(422, 'NO_BOARD', 'This association has no board yet: choose a committee.', {
        fields: { committeeId: 'This association has no board yet: choose a committee' },
      });
    if (input.dueOn < dayIn(new Date(), property!.timeZone))
      throw new AppError(422, 'DUE_IN_PAST', 'The due date cannot be in the past.', {
        fields: { dueOn: 'Choose today or a later day' },
      });
    const documentIds = [...new Set(input.documentIds)];
    if (documentIds.length > 0) {
      const found = await tx
        .select({ id: propertyDocuments.id })
        .from(propertyDocuments)
        .where(and(inArray(propertyDocuments.id, documentIds), eq(propertyDocuments.propertyId, propertyId)));
      if (found.length !== documentIds.length)
        throw new AppError(
          422,
          'NOT_A_DOCUMENT_OF_THE_ASSOCIATION',
          'Attach this association’s documents only.',
          {
            fields: { documentIds: 'Attach this association’s documents only' },
          },
        );
    }
    const used = new Set<string>();
    const options = input.options.map((label, index) => {
      const base = optionKeyOf(label, index);
      let key = base;
      for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
      used.add(key);
      return { key, label };
    });
    const id = await openDecisionItem(tx, {
      propertyId,
      committeeId: committee.id,
      kind: input.kind,
      title: input.title,
      background: input.background,
      options,
      dueOn: input.dueOn,
      published: input.published,
      createdBy: ctx.actor.id,
    });
    if (documentIds.length > 0)
      await tx
        .insert(decisionItemDocuments)
        .values(documentIds.map((documentId) => ({ itemId: id, documentId })));
    const members = await servingMemberIds(tx, committee.id);
    await ctx.notifier.notify(
      tx,
      members.filter((member) => member !== ctx.actor.id),
      {
        kind: 'decision.attention',
        propertyId,
        title: `For the ${committee.name} to decide: ${input.title}`,
        body: `${property!.name}: due ${longDate(input.dueOn)}. Read the background and cast your vote.`,
        link: decisionLink(propertyId, id),
        dedupeKey: `decision-open:${id}`,
      },
    );
    return id;
  });
  return getDecision(ctx, propertyId, itemId);
}

/** The item, if the caller may read it, locked until the transaction ends; 404 otherwise. */
async function lockReadableItem(
  tx: Db,
  ctx: ServiceContext,
  propertyId: string,
  itemId: string,
): Promise<DecisionItemRow> {
  const [row] = await tx
    .select()
    .from(decisionItems)
    .where(and(eq(decisionItems.id, itemId), eq(decisionItems.propertyId, propertyId), itemScope(ctx.actor)))
    .for('update');
  if (!row) throw notFound('Decision');
  return row;
}

/** The person applied for the item's architectural request or owns its unit today. */
async function hasConflict(tx: Db, personId: string, arcRequestId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select 1 from arc_requests r where r.id = ${arcRequestId}
      and (r.applicant_id = ${personId} or ${ownsUnit(personId, sql`r.unit_id`)})`,
  );
  return rowsOf(result).length > 0;
}

/**
 * A serving member's vote, once, never changed. The item's row is locked first, so two votes racing
 * (the same person twice, or a vote and the decision) are checked one after the other.
 */
export async function castVote(
  ctx: ServiceContext,
  propertyId: string,
  itemId: string,
  input: CastVoteInput,
): Promise<DecisionItem> {
  await ctx.db.transaction(async (tx) => {
    const item = await lockReadableItem(tx, ctx, propertyId, itemId);
    if (item.status !== 'open') throw notOpen(item);
    const members = await servingMemberIds(tx, item.committeeId);
    if (!members.includes(ctx.actor.id))
      throw new AppError(
        403,
        'NOT_A_MEMBER',
        'Only the members serving on the committee that decides this item vote on it.',
      );
    const requestId = item.arcRequestId ?? item.reconsideredRequestId;
    if (requestId && (await hasConflict(tx, ctx.actor.id, requestId)))
      throw new AppError(
        403,
        'CONFLICT_OF_INTEREST',
        'You cannot vote on a request you made or one for a home you own.',
      );
    const [earlier] = await tx
      .select({ choice: decisionVotes.choice })
      .from(decisionVotes)
      .where(and(eq(decisionVotes.itemId, itemId), eq(decisionVotes.userId, ctx.actor.id)));
    if (earlier) throw alreadyVoted();
    if (input.choice !== abstainChoice && !item.options.some((option) => option.key === input.choice))
      throw new AppError(422, 'NOT_AN_OPTION', 'Choose one of the item’s options, or abstain.', {
        fields: { choice: 'Choose one of the item’s options, or abstain' },
      });
    const inserted = await tx
      .insert(decisionVotes)
      .values({ itemId, userId: ctx.actor.id, choice: input.choice, comment: input.comment || null })
      .onConflictDoNothing()
      .returning({ itemId: decisionVotes.itemId });
    if (inserted.length === 0) throw alreadyVoted();
  });
  return getDecision(ctx, propertyId, itemId);
}

const alreadyVoted = () =>
  new AppError(409, 'ALREADY_VOTED', 'Your vote on this item is already recorded; a vote is not changed.');

/**
 * Records the outcome (by the votes here, or a meeting's): a member serving on the committee, a
 * manager of the association, or an admin. An architectural request is decided from the request. A
 * collections step opened for a case records the board's decision on the case too, in this transaction.
 */
export async function decideDecision(
  ctx: ServiceContext,
  propertyId: string,
  itemId: string,
  input: DecideInput,
): Promise<DecisionItem> {
  await ctx.db.transaction(async (tx) => {
    // A case's item: the association's collections are locked before the item, as everywhere else
    // both are (collection-items.ts `lockCollections`), so that neither waits on the other.
    // A contract award's request for bids likewise: the award route locks it before it opens the item.
    const [peek] = await tx
      .select({
        collectionCaseId: decisionItems.collectionCaseId,
        bidRequestId: decisionItems.bidRequestId,
      })
      .from(decisionItems)
      .where(and(eq(decisionItems.id, itemId), eq(decisionItems.propertyId, propertyId)));
    if (peek?.collectionCaseId) await lockCollections(tx, propertyId);
    if (peek?.bidRequestId) await lockRequestOfAwardItem(tx, peek.bidRequestId);
    const item = await lockReadableItem(tx, ctx, propertyId, itemId);
    if (item.kind === 'arc_request')
      throw new AppError(
        409,
        'DECIDED_BY_REQUEST',
        'An architectural request is decided from the request, with its reasons or conditions.',
      );
    if (item.status !== 'open') throw notOpen(item);
    const members = await servingMemberIds(tx, item.committeeId);
    if (!members.includes(ctx.actor.id) && !(await administers(tx, ctx.actor, propertyId)))
      throw new AppError(
        403,
        'NOT_A_MEMBER',
        'Only the committee’s serving members or the association’s managers record its decision.',
      );
    await recordOutcome(tx, ctx, item, input);
    const [committee] = await tx
      .select({ name: committees.name })
      .from(committees)
      .where(eq(committees.id, item.committeeId));
    if (item.collectionCaseId) await recordItemDecisionOnCase(tx, ctx, item, input, committee!.name);
    if (item.bidRequestId) await recordBoardAward(tx, ctx, item, input.outcome);
    if (item.reconsideredRequestId)
      await recordReconsiderationOutcome(tx, ctx, item.reconsideredRequestId, input.outcome);
    await ctx.notifier.notify(
      tx,
      members.filter((member) => member !== ctx.actor.id),
      {
        kind: 'decision.attention',
        propertyId,
        title: `Decided: ${item.title}`,
        body: `The ${committee!.name} decided: ${labelOf(item.options, input.outcome)}${input.method === 'meeting' ? ` (at the meeting of ${longDate(input.heldOn)})` : ''}.`,
        link: decisionLink(propertyId, itemId),
        dedupeKey: `decision-decided:${itemId}`,
      },
    );
  });
  return getDecision(ctx, propertyId, itemId);
}

/** Takes an open item off the agenda: the association's managers, its board, admins. */
export async function withdrawDecision(
  ctx: ServiceContext,
  propertyId: string,
  itemId: string,
): Promise<DecisionItem> {
  await ctx.db.transaction(async (tx) => {
    // A contract award's request for bids is locked before the item, as in decideDecision.
    const [peek] = await tx
      .select({ bidRequestId: decisionItems.bidRequestId })
      .from(decisionItems)
      .where(and(eq(decisionItems.id, itemId), eq(decisionItems.propertyId, propertyId)));
    if (peek?.bidRequestId) await lockRequestOfAwardItem(tx, peek.bidRequestId);
    const item = await lockReadableItem(tx, ctx, propertyId, itemId);
    if (!(await putsItems(tx, ctx.actor, propertyId)))
      throw new AppError(
        403,
        'NOT_ALLOWED',
        'Only the association’s managers and board withdraw an item from the agenda.',
      );
    if (item.kind === 'arc_request')
      throw new AppError(
        409,
        'DECIDED_BY_REQUEST',
        'An architectural request’s item is withdrawn with the request.',
      );
    if (item.reconsideredRequestId)
      throw new AppError(
        409,
        'RECONSIDERATION_ANSWERED',
        'An owner’s request for reconsideration is answered, not withdrawn: record the board’s decision.',
      );
    if (item.status !== 'open') throw notOpen(item);
    await tx
      .update(decisionItems)
      .set({ status: 'withdrawn', updatedAt: new Date() })
      .where(eq(decisionItems.id, itemId));
    // A contract award taken off the agenda: its request for bids is open again for the manager.
    if (item.bidRequestId) await reopenAfterWithdrawal(tx, ctx, item);
  });
  return getDecision(ctx, propertyId, itemId);
}

/**
 * The resident portal's decided items: those the associations where the caller owns or lives in a unit
 * today publish, newest first; the outcome, never the votes.
 */
export async function listPublishedDecisions(
  ctx: ServiceContext,
  query: PageQuery,
): Promise<PublishedDecisionList> {
  const where = and(
    eq(decisionItems.status, 'decided'),
    eq(decisionItems.published, true),
    belongsToAssociation(ctx.actor.id, sql`${decisionItems.propertyId}`),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ item: decisionItems, propertyName: properties.name })
      .from(decisionItems)
      .innerJoin(properties, eq(properties.id, decisionItems.propertyId))
      .where(where)
      .orderBy(desc(decisionItems.decidedAt), asc(decisionItems.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ count: count() }).from(decisionItems).where(where),
  ]);
  return {
    decisions: rows.map(({ item, propertyName }) => ({
      id: item.id,
      propertyName,
      kind: item.kind,
      title: item.title,
      background: item.background,
      outcome: labelOf(item.options, item.outcome!),
      outcomeNote: item.outcomeNote,
      decidedAt: item.decidedAt!.toISOString(),
    })),
    total: total!.count,
    page: query.page,
    limit: query.limit,
  };
}
