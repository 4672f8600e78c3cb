import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  analyticsUnansweredLimit,
  handoverReasons,
  type AnalyticsProperty,
  type AssistantAnalytics,
  type AssistantAnalyticsQuery,
  type DurationFigures,
} from '@commonwise/contracts';
import { assistantTurns, chatMessages, properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { propertyAdministration } from '../access/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { rowsOf } from '../realtime/publish.ts';
import { periodInstants } from './period.ts';

/**
 * Whose figures the caller may read (modules/access/scope.ts): an admin every property's (and
 * conversations of residents with no property), a manager those of the properties they manage now,
 * nobody else anything (the route's permission refuses them first).
 */
async function analyticsScope(
  ctx: ServiceContext,
): Promise<{ isAllProperties: boolean; properties: AnalyticsProperty[] }> {
  const { db, actor } = ctx;
  const columns = { id: properties.id, name: properties.name };
  const scope = propertyAdministration(actor, sql`${properties.id}`);
  return {
    isAllProperties: scope === undefined,
    properties: await db
      .select(columns)
      .from(properties)
      .where(scope)
      .orderBy(asc(properties.name), asc(properties.id)),
  };
}

type Row = Record<string, unknown>;
/** A count or a figure from either driver (pg returns bigint and numeric as strings). */
const numberOf = (value: unknown): number => Number(value ?? 0);
const durationOf = (value: unknown): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));

const noDurations: DurationFigures = { count: 0, medianMs: null, p95Ms: null };

/** Milliseconds between two timestamp columns, never negative (clocks of two writers may differ slightly). */
const millisBetween = (start: SQL, end: SQL) =>
  sql`greatest(0, extract(epoch from (${end} - ${start})) * 1000)::float8`;

export async function getAssistantAnalytics(
  ctx: ServiceContext,
  query: AssistantAnalyticsQuery,
): Promise<AssistantAnalytics> {
  const scope = await analyticsScope(ctx);
  const timeZone = query.timeZone ?? 'UTC';
  const { startsAt, endsBefore } = periodInstants(query.from, query.to, timeZone);

  let property: AnalyticsProperty | null = null;
  if (query.propertyId) {
    // Another manager's property looks exactly like one that does not exist.
    property = scope.properties.find((candidate) => candidate.id === query.propertyId) ?? null;
    if (!property) throw notFound('Property');
  }
  const inScope: SQL | undefined = property
    ? eq(assistantTurns.propertyId, property.id)
    : scope.isAllProperties
      ? undefined
      : inArray(
          assistantTurns.propertyId,
          scope.properties.map((candidate) => candidate.id),
        );

  const base = {
    period: {
      from: query.from,
      to: query.to,
      timeZone,
      startsAt: startsAt.toISOString(),
      endsBefore: endsBefore.toISOString(),
    },
    scope,
    property,
  };
  if (!scope.isAllProperties && scope.properties.length === 0) return { ...base, ...emptyFigures() };

  const { db } = ctx;
  const startsAtSql = sql`${startsAt.toISOString()}::timestamptz`;
  const endsBeforeSql = sql`${endsBefore.toISOString()}::timestamptz`;
  const inPeriod = and(
    gte(assistantTurns.receivedAt, startsAtSql),
    lt(assistantTurns.receivedAt, endsBeforeSql),
    inScope,
  )!;
  const firstReplyMs = millisBetween(sql`${assistantTurns.receivedAt}`, sql`${assistantTurns.repliedAt}`);
  const threads = countDistinct(assistantTurns.threadId);

  const [
    [turnTotals],
    conversationResult,
    handoverRows,
    intentRows,
    languageRows,
    emergencyRows,
    workOrderRows,
    unansweredRows,
  ] = await Promise.all([
    db
      .select({
        turns: count(),
        byRules: sql<number>`count(*) filter (where ${assistantTurns.answeredBy} = 'rules')`,
        byModel: sql<number>`count(*) filter (where ${assistantTurns.answeredBy} = 'model')`,
        cited: sql<number>`count(*) filter (where ${assistantTurns.citedAnswer})`,
        uncited: sql<number>`count(*) filter (where not ${assistantTurns.citedAnswer})`,
        // Two percentiles of one ordering: PostgreSQL sorts once for both.
        firstReplyMedian: sql<number | null>`percentile_cont(0.5) within group (order by ${firstReplyMs})`,
        firstReplyP95: sql<number | null>`percentile_cont(0.95) within group (order by ${firstReplyMs})`,
      })
      .from(assistantTurns)
      .where(inPeriod),
    // One row per conversation first (a hash aggregate), rather than counting distinct threads twice.
    db.execute(sql`
        select count(*) as conversations, count(*) filter (where is_handed_over) as handed_over
        from (
          select ${assistantTurns.threadId}, bool_or(${assistantTurns.handoverReason} is not null) as is_handed_over
          from ${assistantTurns} where ${inPeriod} group by ${assistantTurns.threadId}
        ) as conversations
      `),
    db
      .select({ reason: assistantTurns.handoverReason, conversations: threads })
      .from(assistantTurns)
      .where(and(inPeriod, isNotNull(assistantTurns.handoverReason)))
      .groupBy(assistantTurns.handoverReason),
    db
      .select({ intent: assistantTurns.intent, turns: count() })
      .from(assistantTurns)
      .where(inPeriod)
      .groupBy(assistantTurns.intent)
      .orderBy(desc(count()), asc(assistantTurns.intent)),
    db
      .select({ language: assistantTurns.language, turns: count() })
      .from(assistantTurns)
      .where(inPeriod)
      .groupBy(assistantTurns.language)
      .orderBy(desc(count()), asc(assistantTurns.language)),
    db
      .select({ kind: assistantTurns.emergencyKind, conversations: threads })
      .from(assistantTurns)
      .where(and(inPeriod, isNotNull(assistantTurns.emergencyKind)))
      .groupBy(assistantTurns.emergencyKind)
      .orderBy(desc(threads), asc(assistantTurns.emergencyKind)),
    // Time to a work order (decision 0021): from the first turn of the thread after the turn that
    // opened the previous work order (or the thread's first turn), whenever that was, to the reply
    // that opened this one. Each work order of the period looks up its request's start through the
    // (thread_id, received_at) index. Inside the lateral subqueries the table is aliased, so the
    // unaliased column references (inPeriod's among them) are the outer turn's.
    db.execute(sql`
        select
          count(*) as count,
          percentile_cont(0.5) within group (order by duration) as median,
          percentile_cont(0.95) within group (order by duration) as p95
        from (
          select ${millisBetween(sql`first_turn.received_at`, sql`${assistantTurns.repliedAt}`)} as duration
          from ${assistantTurns}
          left join lateral (
            select previous.received_at, previous.id from ${assistantTurns} as previous
            where previous.thread_id = ${assistantTurns.threadId}
              and previous.work_order_id is not null
              and (previous.received_at, previous.id) < (${assistantTurns.receivedAt}, ${assistantTurns.id})
            order by previous.received_at desc, previous.id desc
            limit 1
          ) as previous_work_order on true
          cross join lateral (
            select first.received_at from ${assistantTurns} as first
            where first.thread_id = ${assistantTurns.threadId}
              and (first.received_at, first.id) <= (${assistantTurns.receivedAt}, ${assistantTurns.id})
              and (previous_work_order.id is null
                or (first.received_at, first.id) > (previous_work_order.received_at, previous_work_order.id))
            order by first.received_at, first.id
            limit 1
          ) as first_turn
          where ${inPeriod} and ${assistantTurns.workOrderId} is not null
        ) as work_orders
      `),
    db
      .select({
        messageId: assistantTurns.messageId,
        question: chatMessages.content,
        propertyId: properties.id,
        propertyName: properties.name,
        askedAt: assistantTurns.receivedAt,
      })
      .from(assistantTurns)
      .innerJoin(chatMessages, eq(chatMessages.id, assistantTurns.messageId))
      .leftJoin(properties, eq(properties.id, assistantTurns.propertyId))
      .where(and(inPeriod, eq(assistantTurns.citedAnswer, false)))
      .orderBy(desc(assistantTurns.receivedAt), desc(assistantTurns.id))
      .limit(analyticsUnansweredLimit),
  ]);

  const [conversationRow] = rowsOf<Row>(conversationResult);
  const conversations = numberOf(conversationRow?.conversations);
  const handedOver = numberOf(conversationRow?.handed_over);
  const handoversByReason = new Map(handoverRows.map((row) => [row.reason, numberOf(row.conversations)]));
  const [workOrders] = rowsOf<Row>(workOrderRows);

  return {
    ...base,
    conversations: {
      total: conversations,
      resolvedWithoutPerson: conversations - handedOver,
      handedOver,
      resolvedShare: conversations === 0 ? null : (conversations - handedOver) / conversations,
    },
    handovers: handoverReasons.map((reason) => ({
      reason,
      conversations: handoversByReason.get(reason) ?? 0,
    })),
    turns: {
      total: numberOf(turnTotals?.turns),
      byRules: numberOf(turnTotals?.byRules),
      byModel: numberOf(turnTotals?.byModel),
    },
    firstReply: {
      count: numberOf(turnTotals?.turns),
      medianMs: durationOf(turnTotals?.firstReplyMedian),
      p95Ms: durationOf(turnTotals?.firstReplyP95),
    },
    timeToWorkOrder: workOrders
      ? {
          count: numberOf(workOrders.count),
          medianMs: durationOf(workOrders.median),
          p95Ms: durationOf(workOrders.p95),
        }
      : noDurations,
    citations: { answered: numberOf(turnTotals?.cited), unanswered: numberOf(turnTotals?.uncited) },
    intents: intentRows.map((row) => ({
      intent: row.intent as AssistantAnalytics['intents'][number]['intent'],
      turns: numberOf(row.turns),
    })),
    languages: languageRows.map((row) => ({ language: row.language, turns: numberOf(row.turns) })),
    emergencies: emergencyRows.map((row) => ({
      kind: row.kind as AssistantAnalytics['emergencies'][number]['kind'],
      conversations: numberOf(row.conversations),
    })),
    unansweredQuestions: {
      total: numberOf(turnTotals?.uncited),
      items: unansweredRows.map((row) => ({
        messageId: row.messageId,
        question: row.question,
        property:
          row.propertyId && row.propertyName !== null ? { id: row.propertyId, name: row.propertyName } : null,
        askedAt: row.askedAt.toISOString(),
      })),
    },
  };
}

function emptyFigures(): Omit<AssistantAnalytics, 'period' | 'scope' | 'property'> {
  return {
    conversations: { total: 0, resolvedWithoutPerson: 0, handedOver: 0, resolvedShare: null },
    handovers: handoverReasons.map((reason) => ({ reason, conversations: 0 })),
    turns: { total: 0, byRules: 0, byModel: 0 },
    firstReply: noDurations,
    timeToWorkOrder: noDurations,
    citations: { answered: 0, unanswered: 0 },
    intents: [],
    languages: [],
    emergencies: [],
    unansweredQuestions: { total: 0, items: [] },
  };
}
