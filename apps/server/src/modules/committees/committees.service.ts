import { containing } from '../../lib/paging.ts';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  committeeKindLabels,
  committeeRoleLabels,
  leadRoleOf,
  rolesFor,
  type Committee,
  type CommitteeInput,
  type CommitteeKind,
  type CommitteeList,
  type CommitteeListQuery,
  type CommitteeMember,
  type CommitteeMemberInput,
  type CommitteeMemberUpdate,
  type EndCommitteeMember,
  committeeInputSchema,
  committeeListQuerySchema,
  committeeMemberInputSchema,
  committeeMemberUpdateSchema,
  endCommitteeMemberSchema,
  isKnownRule,
  ruleOf,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { floridaSeatProblem } from '../violations/hearings.service.ts';
import { committeeMembers, committees, profiles, properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ownsInAssociationOn } from '../access/memberships.ts';
import { propertyAdministration, rosterScope } from '../access/scope.ts';
import { signalAccessChanged } from '../realtime/publish.ts';

/**
 * An association's board and committees (issue 17; docs/decisions/0026-boards-and-committees.md).
 * The rosters are read by the property's managers, the people serving on them and the association's
 * owners (scope.ts `rosterScope`); they are kept by admins and the property's managers
 * (`propertyAdministration`). A seat is never deleted: ending it sets its end day, so the history of
 * who served, and when, stays.
 */

/** A bad input or a conflict, naming the field a person should correct. */
const fieldError = (status: 400 | 409 | 422, code: string, field: string, message: string) =>
  new AppError(status, code, message, { fields: { [field]: message } });

const isCurrentSql = sql<boolean>`(${committeeMembers.startsOn} <= current_date
  and (${committeeMembers.endsOn} is null or ${committeeMembers.endsOn} > current_date))`;

const memberColumns = {
  id: committeeMembers.id,
  committeeId: committeeMembers.committeeId,
  userId: committeeMembers.userId,
  fullName: profiles.fullName,
  role: committeeMembers.role,
  startsOn: committeeMembers.startsOn,
  endsOn: committeeMembers.endsOn,
  isCurrent: isCurrentSql,
};

/** The property, if the caller may read its rosters; 404 otherwise (missing and hidden look alike). */
async function requireRosterReader(ctx: ServiceContext, propertyId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), rosterScope(ctx.actor, sql`${properties.id}`)));
  if (!row) throw notFound('Property');
}

/** The property, if the caller administers it (admins, its managers); 404 otherwise. */
async function requireAdministrator(ctx: ServiceContext, db: Db, propertyId: string): Promise<void> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), propertyAdministration(ctx.actor, sql`${properties.id}`)));
  if (!row) throw notFound('Property');
}

type CommitteeRow = typeof committees.$inferSelect;

const toCommittee = (row: CommitteeRow, members: CommitteeMember[]): Committee => ({
  id: row.id,
  propertyId: row.propertyId,
  kind: row.kind,
  name: row.name,
  decisionRule: row.decisionRule,
  quorum: row.quorum,
  requiresOwners: row.requiresOwners,
  members,
});

/** Members sort as a roster reads: the lead role first, then officers in their order, then by name. */
const roleOrder = sql`array_position(array['president','chair','vice_president','treasurer','secretary','director','member']::text[], ${committeeMembers.role})`;

async function membersOf(
  db: Db,
  committeeIds: string[],
  includePast: boolean,
): Promise<Map<string, CommitteeMember[]>> {
  const byCommittee = new Map<string, CommitteeMember[]>(committeeIds.map((id) => [id, []]));
  if (committeeIds.length === 0) return byCommittee;
  const rows = await db
    .select(memberColumns)
    .from(committeeMembers)
    .innerJoin(profiles, eq(profiles.id, committeeMembers.userId))
    .where(and(inArray(committeeMembers.committeeId, committeeIds), includePast ? undefined : isCurrentSql))
    .orderBy(desc(isCurrentSql), roleOrder, asc(profiles.fullName), desc(committeeMembers.startsOn));
  for (const row of rows) byCommittee.get(row.committeeId)!.push(row);
  return byCommittee;
}

/** The board and committees of a property, the board first, with their (current, or all) members. */
export async function listCommittees(
  ctx: ServiceContext,
  propertyId: string,
  query: CommitteeListQuery = {},
): Promise<CommitteeList> {
  const { includePast, q, page, limit } = committeeListQuerySchema.parse(query);
  await requireRosterReader(ctx, propertyId);
  const conditions: SQL[] = [eq(committees.propertyId, propertyId)];
  if (q) {
    const pattern = containing(q);
    conditions.push(sql`(${committees.name} ilike ${pattern} or exists (select 1 from committee_members m
      join profiles p on p.id = m.user_id where m.committee_id = ${committees.id}
        and p.full_name ilike ${pattern}))`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(committees)
      .where(where)
      .orderBy(desc(sql`${committees.kind} = 'board'`), asc(committees.name), asc(committees.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ count: count() }).from(committees).where(where),
  ]);
  const members = await membersOf(
    ctx.db,
    rows.map((row) => row.id),
    includePast === 'true',
  );
  return {
    committees: rows.map((row) => toCommittee(row, members.get(row.id)!)),
    total: total!.count,
    page,
    limit,
  };
}

async function readCommittee(db: Db, committeeId: string): Promise<Committee> {
  const [row] = await db.select().from(committees).where(eq(committees.id, committeeId));
  const members = await membersOf(db, [committeeId], true);
  return toCommittee(row!, members.get(committeeId)!);
}

/** The committee of this property, locked for the rest of the transaction; 404 when it is not there. */
async function lockCommittee(db: Db, propertyId: string, committeeId: string): Promise<CommitteeRow> {
  const [row] = await db
    .select()
    .from(committees)
    .where(and(eq(committees.id, committeeId), eq(committees.propertyId, propertyId)))
    .for('update');
  if (!row) throw notFound('Committee');
  return row;
}

const secondBoard = () =>
  fieldError(409, 'BOARD_EXISTS', 'kind', 'This association already has a board. Choose another kind.');

export async function createCommittee(
  ctx: ServiceContext,
  propertyId: string,
  input: CommitteeInput,
): Promise<Committee> {
  const values = committeeInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    await requireAdministrator(ctx, tx, propertyId);
    try {
      const [row] = await tx
        .insert(committees)
        .values({
          ...values,
          quorum: values.decisionRule === 'quorum_count' ? values.quorum : null,
          propertyId,
        })
        .returning();
      return toCommittee(row!, []);
    } catch (error) {
      if (isUniqueViolation(error, 'committees_one_board_key')) throw secondBoard();
      throw error;
    }
  });
}

/**
 * Changes a committee (every field of the form). A committee with members keeps its side of the line
 * between the board and committees (their roles would no longer fit), and one that starts to require
 * owners must have only owners serving.
 */
export async function updateCommittee(
  ctx: ServiceContext,
  propertyId: string,
  committeeId: string,
  input: CommitteeInput,
): Promise<Committee> {
  const values = committeeInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    await requireAdministrator(ctx, tx, propertyId);
    const current = await lockCommittee(tx, propertyId, committeeId);
    const seats = await tx
      .select({
        userId: committeeMembers.userId,
        role: committeeMembers.role,
        startsOn: committeeMembers.startsOn,
        endsOn: committeeMembers.endsOn,
      })
      .from(committeeMembers)
      .where(
        and(
          eq(committeeMembers.committeeId, committeeId),
          sql`(${committeeMembers.endsOn} is null
        or ${committeeMembers.endsOn} > current_date)`,
        ),
      );
    if ((current.kind === 'board') !== (values.kind === 'board')) {
      const [anyone] = await tx
        .select({ id: committeeMembers.id })
        .from(committeeMembers)
        .where(eq(committeeMembers.committeeId, committeeId))
        .limit(1);
      if (anyone)
        throw fieldError(
          409,
          'KIND_IN_USE',
          'kind',
          current.kind === 'board'
            ? 'The board has members: it cannot become a committee.'
            : 'This committee has members: it cannot become the board.',
        );
    }
    if (values.kind !== current.kind)
      for (const seat of seats) {
        const texas = await texasArcSeatProblem(tx, { ...current, kind: values.kind }, seat.userId, seat);
        if (texas) throw fieldError(422, 'ARC_COMMITTEE_NOT_INDEPENDENT', 'kind', texas);
      }
    if (values.requiresOwners && !current.requiresOwners) {
      for (const seat of seats) {
        const day = seat.startsOn > today() ? seat.startsOn : today();
        if (!(await ownsOn(tx, seat.userId, propertyId, day)))
          throw fieldError(
            409,
            'MEMBERS_NOT_OWNERS',
            'requiresOwners',
            'Someone serving on this committee does not own a unit here: end their term first.',
          );
      }
    }
    try {
      await tx
        .update(committees)
        .set({ ...values, quorum: values.decisionRule === 'quorum_count' ? values.quorum : null })
        .where(eq(committees.id, committeeId));
    } catch (error) {
      if (isUniqueViolation(error, 'committees_one_board_key')) throw secondBoard();
      throw error;
    }
    return readCommittee(tx, committeeId);
  });
}

/** Deletes a committee that never had anyone serve on it (one with members keeps its history). */
export async function deleteCommittee(ctx: ServiceContext, propertyId: string, committeeId: string) {
  await ctx.db.transaction(async (tx) => {
    await requireAdministrator(ctx, tx, propertyId);
    const committee = await lockCommittee(tx, propertyId, committeeId);
    const [members] = await tx
      .select({ count: count() })
      .from(committeeMembers)
      .where(eq(committeeMembers.committeeId, committeeId));
    if (members!.count > 0) {
      const what = committee.kind === 'board' ? 'The board' : 'This committee';
      throw new AppError(
        409,
        'COMMITTEE_HAS_MEMBERS',
        `${what} has members, past or present, and keeps their history: it cannot be deleted.`,
      );
    }
    await tx.delete(committees).where(eq(committees.id, committeeId));
  });
}

const today = () => new Date().toISOString().slice(0, 10);

async function ownsOn(db: Db, userId: string, propertyId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), ownsInAssociationOn(userId, sql`${properties.id}`, day)));
  return Boolean(row);
}

type Seat = { role: CommitteeMember['role']; startsOn: string; endsOn: string | null };

/**
 * The Texas line between the board and the architectural review committee (issue 22 item 3), as the
 * jurisdiction profile records it: in an association of more than 40 lots, the committee's members may
 * not be board members (Tex. Prop. Code §209.00505; the profile's `arcRules`). Spouses and households
 * cannot be known from the records, so only board seats are checked. The units stand for the lots.
 */
export const texasArcLots = 40;

async function texasArcSeatProblem(
  db: Db,
  committee: Pick<CommitteeRow, 'propertyId' | 'kind'>,
  userId: string,
  seat: Pick<Seat, 'startsOn' | 'endsOn'>,
): Promise<string | null> {
  if (committee.kind !== 'board' && committee.kind !== 'architectural_review') return null;
  const [property] = await db
    .select({
      jurisdiction: properties.jurisdiction,
      units: sql<number>`(select count(*)::int from units u where u.property_id = ${committee.propertyId} and u.archived_at is null)`,
    })
    .from(properties)
    .where(eq(properties.id, committee.propertyId));
  if (property?.jurisdiction !== 'TX' || property.units <= texasArcLots) return null;
  const other = committee.kind === 'board' ? 'architectural_review' : 'board';
  const [conflict] = await db
    .select({ name: committees.name })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(
      and(
        eq(committees.propertyId, committee.propertyId),
        eq(committees.kind, other),
        eq(committeeMembers.userId, userId),
        overlapsSql(seat),
      ),
    )
    .limit(1);
  if (!conflict) return null;
  const rule = ruleOf('TX', 'arcRules');
  const statute = isKnownRule(rule) ? rule.statute : 'Tex. Prop. Code §209.00505';
  return committee.kind === 'architectural_review'
    ? `This person sits on the board during that term: in Texas, an architectural review committee of an association of more than ${texasArcLots} lots may not include board members (${statute}).`
    : `This person serves on the ${conflict.name} during that term: in Texas, board members may not sit on the architectural review committee of an association of more than ${texasArcLots} lots (${statute}).`;
}

/** Terms [start, end) overlap; an open end runs on. */
const overlapsSql = (seat: Pick<Seat, 'startsOn' | 'endsOn'>): SQL =>
  sql`(${committeeMembers.startsOn} < ${seat.endsOn ?? '9999-12-31'}::date
    and (${committeeMembers.endsOn} is null or ${committeeMembers.endsOn} > ${seat.startsOn}::date))`;

/**
 * Every rule a seat must keep (issue 17 item 7), each refused naming its field: the role fits the kind,
 * the person exists and (where required) owns a unit of the association when the term starts, holds no
 * other seat on this committee for an overlapping term, and is not a second president or chair at once.
 */
async function checkSeat(
  db: Db,
  committee: CommitteeRow,
  userId: string,
  seat: Seat,
  exceptSeatId?: string,
): Promise<void> {
  if (seat.endsOn !== null && seat.endsOn < seat.startsOn)
    throw fieldError(400, 'VALIDATION_FAILED', 'endsOn', 'A term cannot end before it starts');
  const allowed = rolesFor(committee.kind as CommitteeKind);
  if (!allowed.includes(seat.role)) {
    const message =
      committee.kind === 'board'
        ? `${committeeRoleLabels[seat.role]} is a committee role: a board member is president, vice-president, treasurer, secretary or director.`
        : `${committeeRoleLabels[seat.role]} is a board office: a ${committeeKindLabels[committee.kind as CommitteeKind].toLowerCase()} committee member is chair, member or director.`;
    throw fieldError(400, 'ROLE_NOT_ALLOWED', 'role', message);
  }
  if (committee.requiresOwners && !(await ownsOn(db, userId, committee.propertyId, seat.startsOn)))
    throw fieldError(
      400,
      'NOT_AN_OWNER',
      'userId',
      `Only owners may serve on this ${committee.kind === 'board' ? 'board' : 'committee'}: this person does not own a unit here on ${seat.startsOn}.`,
    );
  // Florida: the fining committee is independent of the board (issue 21 item 6).
  const independence = await floridaSeatProblem(db, committee.propertyId, committee.kind, userId);
  if (independence && (seat.endsOn === null || seat.endsOn > new Date().toISOString().slice(0, 10)))
    throw fieldError(409, 'COMMITTEE_NOT_INDEPENDENT', 'userId', independence);
  // Texas: a larger association's architectural committee is independent of its board (issue 22 item 3).
  const texas = await texasArcSeatProblem(db, committee, userId, seat);
  if (texas) throw fieldError(422, 'ARC_COMMITTEE_NOT_INDEPENDENT', 'userId', texas);
  const except = exceptSeatId ? ne(committeeMembers.id, exceptSeatId) : undefined;
  const [twice] = await db
    .select({ id: committeeMembers.id })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.committeeId, committee.id),
        eq(committeeMembers.userId, userId),
        overlapsSql(seat),
        except,
      ),
    )
    .limit(1);
  if (twice)
    throw fieldError(
      409,
      'ALREADY_SERVING',
      'userId',
      'This person already serves here for part of that term: change or end their seat instead.',
    );
  const lead = leadRoleOf(committee.kind as CommitteeKind);
  if (seat.role === lead) {
    const [other] = await db
      .select({ fullName: profiles.fullName })
      .from(committeeMembers)
      .innerJoin(profiles, eq(profiles.id, committeeMembers.userId))
      .where(
        and(
          eq(committeeMembers.committeeId, committee.id),
          eq(committeeMembers.role, lead),
          overlapsSql(seat),
          except,
        ),
      )
      .limit(1);
    if (other)
      throw fieldError(
        409,
        'ROLE_TAKEN',
        'role',
        `${other.fullName} is ${committeeRoleLabels[lead].toLowerCase()} for part of that term: there is one ${committeeRoleLabels[lead].toLowerCase()} at a time. End their term first.`,
      );
  }
}

async function lockSeat(db: Db, committeeId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(committeeMembers)
    .where(and(eq(committeeMembers.id, memberId), eq(committeeMembers.committeeId, committeeId)))
    .for('update');
  if (!row) throw notFound('Member');
  return row;
}

async function readMember(db: Db, memberId: string): Promise<CommitteeMember> {
  const [row] = await db
    .select(memberColumns)
    .from(committeeMembers)
    .innerJoin(profiles, eq(profiles.id, committeeMembers.userId))
    .where(eq(committeeMembers.id, memberId));
  return row!;
}

export async function addMember(
  ctx: ServiceContext,
  propertyId: string,
  committeeId: string,
  input: CommitteeMemberInput,
): Promise<CommitteeMember> {
  const values = committeeMemberInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    await requireAdministrator(ctx, tx, propertyId);
    // The lock makes two additions to one committee wait for each other, so both rules hold together.
    const committee = await lockCommittee(tx, propertyId, committeeId);
    const [person] = await tx
      .select({ id: profiles.id, fullName: profiles.fullName, banned: profiles.banned })
      .from(profiles)
      .where(eq(profiles.id, values.userId));
    if (!person) throw fieldError(400, 'UNKNOWN_USER', 'userId', 'That person does not exist.');
    if (person.banned)
      throw fieldError(
        400,
        'USER_DEACTIVATED',
        'userId',
        `${person.fullName} is deactivated: reactivate them before seating them.`,
      );
    await checkSeat(tx, committee, person.id, values);
    const [row] = await tx
      .insert(committeeMembers)
      .values({ ...values, committeeId, userId: person.id })
      .returning({ id: committeeMembers.id });
    // A seat can give access (a board member sees the association's units): open sockets re-check.
    await signalAccessChanged(tx, [person.id]);
    return readMember(tx, row!.id);
  });
}

export async function updateMember(
  ctx: ServiceContext,
  propertyId: string,
  committeeId: string,
  memberId: string,
  input: CommitteeMemberUpdate,
): Promise<CommitteeMember> {
  const values = committeeMemberUpdateSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    await requireAdministrator(ctx, tx, propertyId);
    const committee = await lockCommittee(tx, propertyId, committeeId);
    const seat = await lockSeat(tx, committeeId, memberId);
    await checkSeat(tx, committee, seat.userId, values, seat.id);
    await tx.update(committeeMembers).set(values).where(eq(committeeMembers.id, memberId));
    await signalAccessChanged(tx, [seat.userId]);
    return readMember(tx, memberId);
  });
}

/**
 * Ends a term on `on` (the first day not served; today takes the seat away today). The seat stays with
 * its dates. Ending a term that has already ended earlier is refused: history is not rewritten here.
 */
export async function endMember(
  ctx: ServiceContext,
  propertyId: string,
  committeeId: string,
  memberId: string,
  input: EndCommitteeMember,
): Promise<CommitteeMember> {
  const { on } = endCommitteeMemberSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    await requireAdministrator(ctx, tx, propertyId);
    await lockCommittee(tx, propertyId, committeeId);
    const seat = await lockSeat(tx, committeeId, memberId);
    if (on < seat.startsOn)
      throw fieldError(
        400,
        'VALIDATION_FAILED',
        'on',
        `A term cannot end before it starts (${seat.startsOn}).`,
      );
    if (seat.endsOn !== null && seat.endsOn <= on)
      throw fieldError(409, 'ALREADY_ENDED', 'on', `This term already ends on ${seat.endsOn}.`);
    await tx.update(committeeMembers).set({ endsOn: on }).where(eq(committeeMembers.id, memberId));
    await signalAccessChanged(tx, [seat.userId]);
    return readMember(tx, memberId);
  });
}
