import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  effectiveLimit,
  formatMoney,
  type hearingDecisionInputSchema,
  isKnownRule,
  jurisdictionRules,
  ruleOf,
  type HearingInput,
  type HearingVoteInput,
  type JurisdictionId,
  type JurisdictionRuleKey,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  committeeMembers,
  committees,
  violationHearings,
  violationHearingVotes,
  violationRules,
  units,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sitsOnBoard } from '../access/memberships.ts';
import { firstOpenDay, insertCharges, postingAccounts } from '../finance/charges.ts';
import { dayIn } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import {
  draftStageLetter,
  getEnforcement,
  hearingNoticeDelivered,
  keptViolation,
  membersOn,
  stepFacts,
  type EnforcementContext,
} from './enforcement.service.ts';
import { addDays } from './stage-machine.ts';

/**
 * Hearings and fines (issue 21 item 6, decision 0058). A hearing is scheduled with the notice the
 * jurisdiction requires; the committee's members vote; the decision is recorded with its written
 * letter; a fine posts to the unit's ledger only when the procedure allows it, each refusal naming the
 * statute. Where a rule that governs the fine is unknown, the person deciding says they decided it.
 */

/** "December 15, 2026 at 6:00 PM", in the association's time zone. */
const whenOf = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(moment);

const known = (jurisdiction: JurisdictionId, key: JurisdictionRuleKey) => {
  const rule = ruleOf(jurisdiction, key);
  return isKnownRule(rule) ? rule : null;
};

async function hearingOf(tx: Db, violationId: string, hearingId: string) {
  const [row] = await tx
    .select()
    .from(violationHearings)
    .where(and(eq(violationHearings.id, hearingId), eq(violationHearings.violationId, violationId)))
    .for('update');
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Hearing not found');
  return row;
}

/**
 * Florida (§720.305(2)): a fine needs a committee of at least three members who are not officers,
 * directors or employees. Relatives cannot be known from the records: the committee is checked for
 * what the records show, and the decision record says so.
 */
async function floridaCommitteeProblem(db: Db, propertyId: string, committeeId: string, day: string) {
  const [committee] = await db.select().from(committees).where(eq(committees.id, committeeId));
  if (!committee || committee.kind === 'board')
    return 'The hearing is before the board, not a fining committee';
  const members = await membersOn(db, committeeId, day);
  if (members.length < 3) return `The committee has ${members.length} serving members; it needs at least 3`;
  const result = await db.execute(
    sql`select m.user_id from committee_members m where m.committee_id = ${committeeId}
      and m.starts_on <= ${day}::date and (m.ends_on is null or m.ends_on > ${day}::date)
      and ${sitsOnBoard(sql`m.user_id`, sql`${propertyId}::uuid`)}`,
  );
  if (rowsOf(result).length > 0) return 'A member of the committee sits on the board';
  return null;
}

export async function scheduleHearing(ctx: EnforcementContext, violationId: string, input: HearingInput) {
  await ctx.db.transaction(async (tx) => {
    const { violation, property } = await keptViolation(tx, ctx, violationId);
    const today = dayIn(new Date(), property.timeZone);
    const { stages, step } = await stepFacts(tx, violation, today);
    if (step.nextStageKind !== 'hearing' || step.blockedBecause)
      throw new AppError(
        409,
        'STAGE_NOT_AVAILABLE',
        step.blockedBecause ?? `The next stage is ${step.nextStageName ?? 'none'}: it is not a hearing.`,
      );
    const [committee] = await tx
      .select()
      .from(committees)
      .where(and(eq(committees.id, input.committeeId), eq(committees.propertyId, property.id)));
    if (!committee || !['board', 'fining'].includes(committee.kind))
      throw new AppError(404, 'NOT_FOUND', 'Choose the association’s fining committee or its board', {
        fields: { committeeId: 'Not a fining committee or board of this association' },
      });
    const at = new Date(input.scheduledAt);
    const hearingDay = dayIn(at, property.timeZone);
    const notice = known(property.jurisdiction, 'hearingNoticeDays');
    // The notice cannot reach the owner before today: the hearing is at least the notice period away.
    if (notice && hearingDay < addDays(today, notice.value as number))
      throw new AppError(
        422,
        'HEARING_NOTICE_TOO_SHORT',
        `The hearing needs at least ${String(notice.value)} days’ notice, counted from delivery (${notice.statute}): choose ${addDays(today, notice.value as number)} or later.`,
        { fields: { scheduledAt: `At least ${String(notice.value)} days from the notice’s delivery` } },
      );
    if (!notice && hearingDay <= today)
      throw new AppError(422, 'HEARING_IN_PAST', 'The hearing must be after today.', {
        fields: { scheduledAt: 'Choose a later day' },
      });
    const [requested] = await tx
      .execute(
        sql`select actor_id from violation_events where violation_id = ${violation.id}
        and kind = 'hearing_requested' order by at desc limit 1`,
      )
      .then((result) => rowsOf<{ actor_id: string | null }>(result));
    const [hearing] = await tx
      .insert(violationHearings)
      .values({
        violationId: violation.id,
        committeeId: committee.id,
        scheduledAt: at,
        place: input.place,
        requestedByOwner: requested?.actor_id ?? null,
        createdBy: ctx.actor.id,
      })
      .returning();
    await draftStageLetter(tx, ctx, {
      violation,
      property,
      stage: stages[step.nextStage! - 1]!,
      stageNumber: step.nextStage!,
      today,
      cureDueOn: null,
      hearing: { id: hearing!.id, when: whenOf(at, property.timeZone), place: input.place },
    });
  });
  return getEnforcement(ctx, violationId);
}

export async function cancelHearing(ctx: EnforcementContext, violationId: string, hearingId: string) {
  await ctx.db.transaction(async (tx) => {
    await keptViolation(tx, ctx, violationId);
    const hearing = await hearingOf(tx, violationId, hearingId);
    if (hearing.status !== 'scheduled')
      throw new AppError(409, 'HEARING_NOT_SCHEDULED', 'Only a scheduled hearing can be cancelled.');
    await tx
      .update(violationHearings)
      .set({ status: 'cancelled' })
      .where(eq(violationHearings.id, hearingId));
    // Its notice, if not yet sent, goes with it.
    await tx.execute(
      sql`update letters set status = 'cancelled', cancelled_by = ${ctx.actor.id}, cancelled_at = now(), updated_at = now()
        where status in ('draft', 'awaiting_approval', 'approved')
          and id in (select letter_id from violation_notices where hearing_id = ${hearingId})`,
    );
  });
  return getEnforcement(ctx, violationId);
}

/** Records one member's vote, as the secretary takes it at the hearing; a vote is never changed. */
export async function recordVote(
  ctx: EnforcementContext,
  violationId: string,
  hearingId: string,
  input: HearingVoteInput,
) {
  await ctx.db.transaction(async (tx) => {
    const { property } = await keptViolation(tx, ctx, violationId);
    const hearing = await hearingOf(tx, violationId, hearingId);
    if (hearing.status !== 'scheduled')
      throw new AppError(409, 'HEARING_NOT_SCHEDULED', 'Votes are recorded at a scheduled hearing.');
    if (hearing.scheduledAt.getTime() > Date.now())
      throw new AppError(409, 'HEARING_NOT_HELD', 'Votes are recorded once the hearing has started.');
    const voters = await membersOn(tx, hearing.committeeId, dayIn(hearing.scheduledAt, property.timeZone));
    if (!voters.some((voter) => voter.userId === input.userId))
      throw new AppError(
        422,
        'NOT_A_MEMBER',
        'Only the committee’s members serving on the hearing day vote.',
        {
          fields: { userId: 'Not a member of the committee on the hearing day' },
        },
      );
    const inserted = await tx
      .insert(violationHearingVotes)
      .values({ hearingId, userId: input.userId, vote: input.vote, recordedBy: ctx.actor.id })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0)
      throw new AppError(409, 'ALREADY_VOTED', 'This member’s vote is already recorded.', {
        fields: { userId: 'Already voted' },
      });
  });
  return getEnforcement(ctx, violationId);
}

/** Whether the votes carry a fine under the committee's decision rule. */
function votesCarry(
  rule: 'majority_of_members' | 'majority_of_voting' | 'quorum_count',
  quorum: number | null,
  members: number,
  votes: { vote: string }[],
) {
  const forFine = votes.filter((vote) => vote.vote === 'fine').length;
  const cast = votes.filter((vote) => vote.vote !== 'abstain').length;
  if (rule === 'majority_of_members') return forFine * 2 > members;
  if (rule === 'majority_of_voting') return cast > 0 && forFine * 2 > cast;
  return votes.length >= (quorum ?? members) && forFine * 2 > cast;
}

/**
 * Decides a held hearing. A fine is refused, with nothing written, when: the hearing's notice was not
 * delivered the statute's days before it; the votes do not carry it; the violation was cured before
 * the hearing where that bars a fine; it exceeds the cap (California: unless a health or safety finding
 * is recorded); Florida's independent committee is missing; or a governing rule is unknown and the
 * person did not say they decided it. The fine posts as a `fine` charge on the unit's ledger, and the
 * written decision is drafted for approval, in one transaction.
 */
export async function decideHearing(
  ctx: EnforcementContext,
  violationId: string,
  hearingId: string,
  values: z.infer<typeof hearingDecisionInputSchema>,
) {
  await ctx.db.transaction(async (tx) => {
    const { violation, property } = await keptViolation(tx, ctx, violationId);
    const hearing = await hearingOf(tx, violationId, hearingId);
    if (hearing.status !== 'scheduled')
      throw new AppError(409, 'HEARING_NOT_SCHEDULED', 'This hearing is not waiting for a decision.');
    if (hearing.scheduledAt.getTime() > Date.now())
      throw new AppError(409, 'HEARING_NOT_HELD', 'A hearing is decided once it has been held.');
    const jurisdiction = property.jurisdiction;
    const hearingDay = dayIn(hearing.scheduledAt, property.timeZone);
    const today = dayIn(new Date(), property.timeZone);
    const refuse = (status: 409 | 422, code: string, message: string, field = 'outcome') => {
      throw new AppError(status, code, message, { fields: { [field]: message } });
    };
    const unknown: string[] = [];

    let chargeId: string | null = null;
    if (values.outcome === 'fine') {
      const fine = values.fineCents!;
      const delivered = await hearingNoticeDelivered(tx, hearingId);
      if (!delivered)
        refuse(
          409,
          'HEARING_NOTICE_NOT_SENT',
          'The hearing’s notice was never sent: no fine can be decided.',
        );
      const notice = known(jurisdiction, 'hearingNoticeDays');
      if (notice && addDays(delivered!, notice.value as number) > hearingDay)
        refuse(
          422,
          'HEARING_NOTICE_TOO_SHORT',
          `The notice was delivered on ${delivered}, less than ${String(notice.value)} days before the hearing (${notice.statute}): hold the hearing again with proper notice.`,
        );
      if (!notice) unknown.push(jurisdictionRules.hearingNoticeDays.label);

      const [committee] = await tx.select().from(committees).where(eq(committees.id, hearing.committeeId));
      const voters = await membersOn(tx, hearing.committeeId, hearingDay);
      const votes = await tx
        .select({ vote: violationHearingVotes.vote })
        .from(violationHearingVotes)
        .where(eq(violationHearingVotes.hearingId, hearingId));
      if (!votesCarry(committee!.decisionRule, committee!.quorum, voters.length, votes))
        refuse(
          409,
          'VOTES_DO_NOT_CARRY',
          `The recorded votes do not carry a fine under the committee’s rule (${votes.filter((v) => v.vote === 'fine').length} for, of ${voters.length} members).`,
        );

      if (jurisdiction === 'FL-720') {
        const hearingRules = known(jurisdiction, 'hearingRules');
        const problem = await floridaCommitteeProblem(tx, property.id, hearing.committeeId, hearingDay);
        if (problem)
          refuse(
            422,
            'INDEPENDENT_COMMITTEE_REQUIRED',
            `${problem}: a fine needs the approval of a committee of at least three members who are not board members or officers (${hearingRules?.statute ?? 'Fla. Stat. §720.305(2)'}).`,
          );
      }

      const cureBars = ruleOf(jurisdiction, 'cureBarsFine');
      const curedFirst =
        violation.status === 'cured' && violation.closedAt && violation.closedAt < hearing.scheduledAt;
      if (curedFirst) {
        if (isKnownRule(cureBars) && cureBars.value === true)
          refuse(
            409,
            'CURED_BEFORE_HEARING',
            `The violation was cured before the hearing, which bars a fine (${cureBars.statute}).`,
          );
        if (!isKnownRule(cureBars)) unknown.push(jurisdictionRules.cureBarsFine.label);
      }

      const [rule] = await tx.select().from(violationRules).where(eq(violationRules.id, violation.ruleId));
      const cap = effectiveLimit(jurisdiction, 'fineCapPerViolationCents', null);
      if (cap.value === null) unknown.push(jurisdictionRules.fineCapPerViolationCents.label);
      else if (fine > cap.value) {
        const exception = known(jurisdiction, 'fineCapHealthSafetyException');
        if (!exception || exception.value !== true)
          refuse(
            422,
            'FINE_ABOVE_CAP',
            `A fine is at most ${formatMoney(cap.value)} per violation (${cap.statute ?? 'the documents'}).`,
            'fineCents',
          );
        else if (!values.healthSafetyFinding || !rule!.healthSafety)
          refuse(
            422,
            'HEALTH_SAFETY_FINDING_REQUIRED',
            `A fine above ${formatMoney(cap.value)} needs the board’s written health or safety finding, on a rule marked as a health or safety matter (${exception.statute}).`,
            'healthSafetyFinding',
          );
      }
      const aggregate = effectiveLimit(jurisdiction, 'fineCapAggregateCents', null);
      if (aggregate.value !== null) {
        const [earlier] = rowsOf<{ total: string | null }>(
          await tx.execute(
            sql`select sum(fine_cents) as total from violation_hearings where violation_id = ${violation.id}
              and outcome = 'fine'`,
          ),
        );
        if (Number(earlier?.total ?? 0) + fine > aggregate.value)
          refuse(
            422,
            'FINES_ABOVE_AGGREGATE_CAP',
            `Fines for one violation total at most ${formatMoney(aggregate.value)} (${aggregate.statute ?? 'the documents'}).`,
            'fineCents',
          );
      }
      if (unknown.length > 0 && !values.acknowledgeUnknownRules)
        refuse(
          422,
          'UNKNOWN_RULES_NOT_ACKNOWLEDGED',
          `The law of this association’s state is not known to the product for: ${unknown.join('; ')}. Check it, then confirm you decided it yourself.`,
          'acknowledgeUnknownRules',
        );

      const [unit] = await tx
        .select({ label: units.label })
        .from(units)
        .where(eq(units.id, violation.unitId));
      const accounts = await postingAccounts(tx, property.id, 'fine', undefined);
      const postedOn = await firstOpenDay(tx, property.id, today);
      const [posted] = await insertCharges(
        tx,
        property.id,
        accounts,
        [
          {
            unitId: violation.unitId,
            kind: 'fine',
            description: `Fine: ${rule!.title} (unit ${unit!.label}, hearing of ${hearingDay})`,
            dueOn: today,
            amountCents: fine,
          },
        ],
        postedOn,
        ctx.actor.id,
      );
      chargeId = posted!;
    }

    const decidedAt = new Date();
    const { stages } = await stepFacts(tx, violation, today);
    const hearingStage = stages.findIndex((stage) => stage.kind === 'hearing');
    const notice = await draftStageLetter(tx, ctx, {
      violation,
      property,
      stage: stages[hearingStage]!,
      stageNumber: hearingStage + 1,
      today,
      cureDueOn: null,
      decisionText: values.decision,
      templateKey: 'violation-decision',
      hearing: { id: hearingId, when: whenOf(hearing.scheduledAt, property.timeZone), place: hearing.place },
    });
    await tx
      .update(violationHearings)
      .set({
        status: 'decided',
        outcome: values.outcome,
        decision: values.decision,
        fineCents: values.outcome === 'fine' ? values.fineCents! : null,
        healthSafetyFinding: values.healthSafetyFinding,
        unknownRulesAcknowledged: unknown.length > 0 ? unknown : null,
        decidedBy: ctx.actor.id,
        decidedAt,
        chargeId,
        decisionLetterId: notice.letterId,
      })
      .where(eq(violationHearings.id, hearingId));
  });
  return getEnforcement(ctx, violationId);
}

/**
 * Florida: a fining committee may not seat a board member (§720.305(2)). Called by the committees
 * service before a seat is saved, for either side: a board member joining the fining committee, or a
 * fining-committee member joining the board.
 */
export async function floridaSeatProblem(
  db: Db,
  propertyId: string,
  committeeKind: string,
  userId: string,
): Promise<string | null> {
  const [property] = await db
    .execute(sql`select jurisdiction from properties where id = ${propertyId}`)
    .then((result) => rowsOf<{ jurisdiction: JurisdictionId }>(result));
  if (property?.jurisdiction !== 'FL-720' || !['board', 'fining'].includes(committeeKind)) return null;
  const other = committeeKind === 'board' ? 'fining' : 'board';
  const [seat] = await db
    .select({ id: committeeMembers.id })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(
      and(
        eq(committees.propertyId, propertyId),
        eq(committees.kind, other),
        eq(committeeMembers.userId, userId),
        sql`(${committeeMembers.endsOn} is null or ${committeeMembers.endsOn} > current_date)`,
      ),
    )
    .limit(1);
  if (!seat) return null;
  const rule = known('FL-720', 'hearingRules');
  return committeeKind === 'fining'
    ? `A board member cannot sit on the fining committee: it must be independent of the board (${rule?.statute ?? 'Fla. Stat. §720.305(2)'}).`
    : `A member of the fining committee cannot join the board while serving on it (${rule?.statute ?? 'Fla. Stat. §720.305(2)'}).`;
}
