import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  formatWorkOrderReference,
  hasPermission,
  maintenanceCategoryLabels,
  type AssistantLanguage,
  type MaintenanceCategory,
  type Role,
} from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { properties, workOrders } from '../../../db/schema/index.ts';
import type { Person } from '../../access/memberships.ts';
import { boardScope, propertyAdministration } from '../../access/scope.ts';
import { visibleWorkOrdersCondition } from '../../work-orders/work-order-access.ts';
import { formatDay } from '../texts/conversation-context.ts';
import { readStaffQuestion, type StaffQuestion } from './read-question.ts';
import { staffTextsIn, type StaffTexts } from './staff-texts.ts';

/**
 * The staff assistant (issue 26 item 5): managers, board members and admins ask about the work of
 * their own properties, and the answer is counted and listed from the database — never made up.
 * What a person may see is decided by the access module: the properties they manage or whose board
 * they sit on (every property for admins), and of those, the work orders they may see.
 */

/** The roles that get the staff assistant; everyone else keeps the resident assistant. */
export const staffRoles: readonly Role[] = ['admin', 'manager', 'board'];
export const isStaff = (role: Role) => staffRoles.includes(role);

/** At most this many work orders are listed in one answer (the rest are counted). */
const listed = 8;
const openStatuses = ['new', 'pending', 'in_progress'] as const;

/** A link under an answer, to the record it names (the web shows them as links). */
export type StaffLink = { label: string; href: string };
export type StaffAnswer = { content: string; links: StaffLink[]; question: StaffQuestion };

type Property = { id: string; name: string };

/** The properties whose work the person oversees: manages, or sits on the board of (admins: all). */
export async function overseenProperties(db: Db, person: Person): Promise<Property[]> {
  const runs = propertyAdministration(person, sql`${properties.id}`);
  const governs = boardScope(person, sql`${properties.id}`);
  const where = runs === undefined || governs === undefined ? undefined : or(runs, governs);
  return db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(where)
    .orderBy(asc(properties.name));
}

/** Today in the work order's association (its time zone), not the database's: "overdue" is local. */
const localToday = sql`(now() at time zone ${properties.timeZone})::date`;

/** Answers a staff member's question from the work orders they may see. */
export async function answerStaffQuestion(db: Db, person: Person, text: string): Promise<StaffAnswer> {
  const mine = await overseenProperties(db, person);
  const question = readStaffQuestion(text, mine);
  const say = staffTextsIn(question.language);
  if (question.kind === 'unknown') return { content: say.unknown, links: [], question };
  if (mine.length === 0) return { content: say.noProperties, links: [], question };
  const scope = question.propertyId ? mine.filter((property) => property.id === question.propertyId) : mine;
  const where = say.at(scope.map((property) => property.name));
  const base = and(
    inArray(
      workOrders.propertyId,
      scope.map((property) => property.id),
    ),
    visibleWorkOrdersCondition(person),
  );
  const open = inArray(workOrders.status, [...openStatuses]);
  const overdue = and(open, lt(workOrders.dueDate, localToday));
  const answer = (content: string, links: StaffLink[] = []) => ({ content, links, question });

  switch (question.kind) {
    case 'attention': {
      const needsAttention = and(
        base,
        open,
        or(
          inArray(workOrders.priority, ['emergency', 'high']),
          lt(workOrders.dueDate, localToday),
          and(eq(workOrders.status, 'new'), isNull(workOrders.vendorId)),
        ),
      );
      // Most urgent first: emergencies, then overdue, then high priority, then new and unassigned.
      const urgency = sql`case when ${workOrders.priority} = 'emergency' then 0
        when ${workOrders.dueDate} < ${localToday} then 1 when ${workOrders.priority} = 'high' then 2 else 3 end`;
      const [rows, total] = await Promise.all([
        listOf(db, needsAttention, [asc(urgency), asc(workOrders.dueDate), desc(workOrders.createdAt)]),
        countOf(db, needsAttention),
      ]);
      if (total === 0) return answer(say.attentionNone(where));
      return {
        ...listAnswer(say.attention(total, where), rows, total, say, question.language, person.role, (row) =>
          attentionReason(row, say),
        ),
        question,
      };
    }
    case 'overdue': {
      const late = and(base, overdue);
      const [rows, total] = await Promise.all([
        listOf(db, late, [asc(workOrders.dueDate), asc(workOrders.createdAt)]),
        countOf(db, late),
      ]);
      if (total === 0) return answer(say.overdueNone(where));
      return {
        ...listAnswer(
          say.overdue(total, where),
          rows,
          total,
          say,
          question.language,
          person.role,
          () => null,
        ),
        question,
      };
    }
    case 'week_summary': {
      const thisWeek = and(base, gte(workOrders.createdAt, sql`now() - interval '7 days'`));
      const [byStatus, byCategory, emergencies, newest] = await Promise.all([
        db
          .select({ status: workOrders.status, count: count() })
          .from(workOrders)
          .where(thisWeek)
          .groupBy(workOrders.status)
          // The work's own order (new first) among equal counts, so the same data reads the same.
          .orderBy(
            desc(count()),
            sql`array_position(array['new', 'pending', 'in_progress', 'completed', 'cancelled'], ${workOrders.status})`,
          ),
        db
          .select({ category: workOrders.mainCategory, count: count() })
          .from(workOrders)
          .where(thisWeek)
          .groupBy(workOrders.mainCategory)
          .orderBy(desc(count()), asc(workOrders.mainCategory))
          .limit(3),
        countOf(db, and(thisWeek, eq(workOrders.priority, 'emergency'))),
        listOf(db, thisWeek, [desc(workOrders.createdAt)], 5),
      ]);
      const total = byStatus.reduce((sum, row) => sum + row.count, 0);
      if (total === 0) return answer(say.weekNone(where));
      const statusName = (status: string) =>
        say.statusNames[status as keyof StaffTexts['statusNames']] ?? status.replace('_', ' ');
      const lines = [
        say.week(total, where),
        say.weekStatuses(byStatus.map((row) => ({ status: statusName(row.status), count: row.count }))),
        emergencies > 0 ? say.weekEmergencies(emergencies) : null,
        say.weekCategories(
          byCategory
            .map(
              (row) =>
                `${maintenanceCategoryLabels[row.category as MaintenanceCategory] ?? row.category} (${row.count})`,
            )
            .join(', '),
        ),
        say.weekNewest,
        ...newest.map((row) => itemLine(row, say, question.language, null)),
      ];
      return answer(lines.filter(Boolean).join('\n'), linksOf(newest, person.role));
    }
    case 'open_count': {
      const perProperty = await db
        .select({ propertyId: workOrders.propertyId, count: count() })
        .from(workOrders)
        .where(and(base, open))
        .groupBy(workOrders.propertyId);
      const total = perProperty.reduce((sum, row) => sum + row.count, 0);
      const lines = [say.openCount(total, where)];
      // Across several properties, each one's figure too (those with none included: 0 is an answer).
      if (scope.length > 1) {
        for (const property of scope.slice(0, listed)) {
          const figure = perProperty.find((row) => row.propertyId === property.id)?.count ?? 0;
          lines.push(`• ${property.name}: ${figure}`);
        }
        if (scope.length > listed) lines.push(say.more(scope.length - listed));
      }
      return answer(lines.join('\n'));
    }
  }
}

type Row = Awaited<ReturnType<typeof listOf>>[number];

async function listOf(db: Db, where: SQL | undefined, order: SQL[], limit = listed) {
  return db
    .select({
      id: workOrders.id,
      referencePrefix: properties.workOrderPrefix,
      referenceNumber: workOrders.referenceNumber,
      summary: workOrders.summary,
      status: workOrders.status,
      priority: workOrders.priority,
      dueDate: workOrders.dueDate,
      vendorId: workOrders.vendorId,
      propertyName: properties.name,
      isOverdue: sql<boolean>`coalesce(${workOrders.dueDate} < ${localToday}, false)`,
      roomId: sql<string | null>`(select br.id from breakout_rooms br
        where br.work_order_id = ${workOrders.id} and br.is_active order by br.created_at limit 1)`,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(where)
    .orderBy(...order, asc(workOrders.id))
    .limit(limit)
    .then((rows) =>
      rows.map(({ referencePrefix, referenceNumber, ...row }) => ({
        ...row,
        reference: formatWorkOrderReference({ referencePrefix, referenceNumber }),
      })),
    );
}

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(where);
  return row?.total ?? 0;
}

function attentionReason(row: Row, say: StaffTexts): string {
  if (row.priority === 'emergency') return say.reasons.emergency;
  if (row.isOverdue) return say.reasons.overdue;
  if (row.priority === 'high') return say.reasons.high;
  return say.reasons.unassigned;
}

/** "• WC-1042 Kitchen sink leaking — Willow Creek Commons, due Friday, November 20 (overdue)" */
function itemLine(row: Row, say: StaffTexts, language: AssistantLanguage, reason: string | null): string {
  const due = row.dueDate ? `, ${say.due(formatDay(row.dueDate, language))}` : '';
  return `• ${row.reference} ${row.summary} — ${row.propertyName}${due}${reason ? ` (${reason})` : ''}`;
}

/**
 * Where each work order is read: for those who run properties (managers, admins), its full view in the
 * manager portal, where they can act on it (issue 26); for a board member, its work room, which the
 * board of its property may open (a work order without a room is then listed without a link).
 */
function linksOf(rows: Row[], role: Person['role']): StaffLink[] {
  const inCockpit = hasPermission(role, 'portal:manager');
  return rows.flatMap((row) =>
    inCockpit
      ? [
          {
            label: `${row.reference} ${row.summary}`,
            href: `/manager-portal?workOrder=${encodeURIComponent(row.id)}`,
          },
        ]
      : row.roomId
        ? [
            {
              label: `${row.reference} ${row.summary}`,
              href: `/work-rooms?room=${encodeURIComponent(row.roomId)}`,
            },
          ]
        : [],
  );
}

function listAnswer(
  intro: string,
  rows: Row[],
  total: number,
  say: StaffTexts,
  language: AssistantLanguage,
  role: Person['role'],
  reasonOf: (row: Row) => string | null,
) {
  const lines = [intro, ...rows.map((row) => itemLine(row, say, language, reasonOf(row)))];
  if (total > rows.length) lines.push(say.more(total - rows.length));
  return { content: lines.join('\n'), links: linksOf(rows, role) };
}
