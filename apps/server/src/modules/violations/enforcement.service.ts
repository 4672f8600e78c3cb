import { and, asc, desc, eq, inArray, min, sql } from 'drizzle-orm';
import {
  defaultEnforcementStages,
  enforcementPolicyInputSchema,
  isKnownRule,
  jurisdictionRules,
  placeholdersIn,
  ruleOf,
  type EnforcementPolicy,
  type EnforcementPolicyInput,
  type EnforcementStage,
  type EnforcementState,
  type JurisdictionId,
  type JurisdictionRuleKey,
  type LetterInputValues,
  type NoticeDraftInput,
  type ViolationHearing,
  type ViolationNotice,
  clauseNumberLabel,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  enforcementPolicies,
  letterDeliveries,
  letters,
  letterTemplates,
  profiles,
  properties,
  propertyDocuments,
  unitOwnerships,
  units,
  violationEvents,
  violationHearings,
  violationHearingVotes,
  violationNotices,
  violationRules,
  violations,
  committees,
  committeeMembers,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { insertDraft, renderDraft } from '../letters/letters.service.ts';
import { currentVersionOf } from '../letters/templates.service.ts';
import { dayIn, formatMomentIn } from '../letters/values.ts';
import { requireKeeper, requireReader } from './inspections.service.ts';
import { addDays, nextStep } from './stage-machine.ts';
import { readsEnforcement } from './violation-access.ts';

export type EnforcementContext = ServiceContext & { storage: FileStorage };

// ---------------------------------------------------------------------------------------------------
// The association's stages

/** The stages in force: the association's own, or the defaults until a manager saves them. */
export async function stagesOf(db: Db, propertyId: string) {
  const [row] = await db
    .select()
    .from(enforcementPolicies)
    .where(eq(enforcementPolicies.propertyId, propertyId));
  return row
    ? { stages: row.stages, isSaved: true, updatedAt: row.updatedAt }
    : { stages: defaultEnforcementStages, isSaved: false, updatedAt: null };
}

/** The rules of the jurisdiction that govern hearings and fines, as lines for people to read. */
const lawKeys: JurisdictionRuleKey[] = [
  'hearingNoticeDays',
  'hearingRequestWindowDays',
  'hearingDecisionDays',
  'fineCapPerViolationCents',
  'fineCapAggregateCents',
  'cureBarsFine',
  'fineCapHealthSafetyException',
  'feesOrInterestOnFines',
  'hearingRules',
];

function lawOf(jurisdiction: JurisdictionId): EnforcementPolicy['law'] {
  return lawKeys.map((key) => {
    const rule = ruleOf(jurisdiction, key);
    const definition = jurisdictionRules[key];
    if (!isKnownRule(rule))
      return {
        label: definition.label,
        value: null,
        statute: 'statute' in rule ? (rule.statute ?? null) : null,
        note: rule.note,
      };
    const value = rule.value as unknown;
    const shown =
      definition.kind === 'cents-max'
        ? `$${((value as number) / 100).toFixed(2)}`
        : definition.kind === 'flag'
          ? value
            ? 'Yes'
            : 'No'
          : Array.isArray(value)
            ? value.join(' ')
            : definition.kind.startsWith('days')
              ? `${String(value)} days`
              : String(value);
    return { label: definition.label, value: shown, statute: rule.statute, note: rule.note ?? null };
  });
}

async function violationTemplates(db: Db, propertyId: string) {
  const rows = await db
    .select({ key: letterTemplates.key, title: letterTemplates.title, version: letterTemplates.version })
    .from(letterTemplates)
    .where(
      and(
        eq(letterTemplates.kind, 'violation_notice'),
        sql`(${letterTemplates.propertyId} = ${propertyId} or ${letterTemplates.propertyId} is null)`,
      ),
    )
    .orderBy(
      asc(letterTemplates.key),
      sql`(${letterTemplates.propertyId} is null)`,
      desc(letterTemplates.version),
    );
  // The current version of each key: the association's own before the installation's.
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.key) && seen.add(row.key));
}

export async function getEnforcementPolicy(
  ctx: ServiceContext,
  propertyId: string,
): Promise<EnforcementPolicy> {
  await ctx.db.transaction((tx) => requireReader(tx, ctx, propertyId));
  const [property] = await ctx.db.select().from(properties).where(eq(properties.id, propertyId));
  const [policy, templates] = await Promise.all([
    stagesOf(ctx.db, propertyId),
    violationTemplates(ctx.db, propertyId),
  ]);
  return {
    propertyId,
    isSaved: policy.isSaved,
    stages: policy.stages,
    templates,
    updatedAt: policy.updatedAt?.toISOString() ?? null,
    law: lawOf(property!.jurisdiction),
  };
}

/** Every stage's template must be one of the association's violation-notice templates. */
async function checkTemplates(db: Db, propertyId: string, stages: EnforcementStage[]) {
  const keys = new Set((await violationTemplates(db, propertyId)).map((row) => row.key));
  const fields: Record<string, string> = {};
  stages.forEach((stage, index) => {
    if (!keys.has(stage.templateKey))
      fields[`stages.${index}.templateKey`] = 'Not a violation-notice template of this association';
  });
  if (Object.keys(fields).length > 0)
    throw new AppError(
      422,
      'TEMPLATE_NOT_FOUND',
      'Each stage needs one of the association’s letter templates of the kind “Violation or hearing notice”.',
      { fields },
    );
}

export async function saveEnforcementPolicy(
  ctx: ServiceContext,
  propertyId: string,
  input: EnforcementPolicyInput,
): Promise<EnforcementPolicy> {
  const values = enforcementPolicyInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    await requireKeeper(tx, ctx, propertyId);
    await checkTemplates(tx, propertyId, values.stages);
    await tx
      .insert(enforcementPolicies)
      .values({ propertyId, stages: values.stages, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({
        target: enforcementPolicies.propertyId,
        set: { stages: values.stages, updatedBy: ctx.actor.id, updatedAt: new Date() },
      });
  });
  return getEnforcementPolicy(ctx, propertyId);
}

/** The default letters, in plain words; an association publishes its own versions to change them. */
const defaultTemplates: { key: string; title: string; body: string }[] = [
  {
    key: 'violation-courtesy',
    title: 'Courtesy notice: {{unit.label}}',
    body: `Dear {{owner.name}},

On {{date.observed}} we noticed something at {{unit.label}} that the association's rules ask owners to avoid. This is a friendly reminder, not a fine.

The rule ({{rule.source}}) says:

"{{rule.text}}"

Please take care of it by {{date.due}}. If you already have, or if you think we are mistaken, reply to this notice in your resident portal or upload a photo there.

The photo taken on the day follows.

{{sender.name}}
{{association.name}}`,
  },
  {
    key: 'violation-notice',
    title: 'Notice of violation: {{unit.label}}',
    body: `Dear {{owner.name}},

This is a formal notice that {{unit.label}} is in violation of the association's governing documents, observed on {{date.observed}}.

The rule ({{rule.source}}) says:

"{{rule.text}}"

Please cure the violation by {{date.due}}. You may reply to this notice, upload a photo of the cure, or ask for a hearing in your resident portal. If it is not cured, the association may call you to a hearing, where a fine may be decided.

{{sender.name}}
{{association.name}}`,
  },
  {
    key: 'violation-hearing',
    title: 'Notice of hearing: {{unit.label}}',
    body: `Dear {{owner.name}},

You are invited to a hearing about the violation at {{unit.label}} observed on {{date.observed}}, on {{hearing.when}} at {{hearing.place}}.

The rule ({{rule.source}}) says:

"{{rule.text}}"

You have the right to attend, to be heard and to bring evidence. At the hearing the committee may decide a fine.

{{sender.name}}
{{association.name}}`,
  },
  {
    key: 'violation-fine',
    title: 'Notice of fine: {{unit.label}}',
    body: `Dear {{owner.name}},

After the hearing, a fine of {{amount.fine}} was decided for the violation at {{unit.label}} of this rule ({{rule.source}}):

"{{rule.text}}"

The fine is on your account. Fines carry no late fees or interest where the law forbids them.

{{sender.name}}
{{association.name}}`,
  },
  {
    key: 'violation-decision',
    title: 'Decision of the hearing: {{unit.label}}',
    body: `Dear {{owner.name}},

The hearing about the violation at {{unit.label}} of this rule ({{rule.source}}) decided:

{{decision.text}}

{{sender.name}}
{{association.name}}`,
  },
];

/**
 * Sets an association up with the default ladder: each default template it has no version of is
 * published as its own version 1 (approval required), and the default stages are saved unless it has
 * its own. Running it again changes nothing.
 */
export async function installDefaultEnforcement(ctx: ServiceContext, propertyId: string) {
  await ctx.db.transaction(async (tx) => {
    await requireKeeper(tx, ctx, propertyId);
    for (const template of defaultTemplates) {
      if (await currentVersionOf(tx, propertyId, template.key)) continue;
      await tx.insert(letterTemplates).values({
        propertyId,
        key: template.key,
        version: 1,
        kind: 'violation_notice',
        title: template.title,
        body: template.body,
        requiresApproval: true,
        createdBy: ctx.actor.id,
      });
    }
    await tx
      .insert(enforcementPolicies)
      .values({ propertyId, stages: defaultEnforcementStages, updatedBy: ctx.actor.id })
      .onConflictDoNothing();
  });
  return getEnforcementPolicy(ctx, propertyId);
}

// ---------------------------------------------------------------------------------------------------
// One violation's notices and hearings

export type ViolationRow = typeof violations.$inferSelect;

/** The violation if the caller may read it; `lock` for a write's transaction. */
export async function readableViolation(db: Db, ctx: ServiceContext, violationId: string, lock = false) {
  const query = db
    .select()
    .from(violations)
    .where(and(eq(violations.id, violationId), readsEnforcement(ctx.actor, sql`${violations.propertyId}`)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Violation');
  return row;
}

async function noticeRows(db: Db, violationId: string) {
  return db
    .select({
      notice: violationNotices,
      letterTitle: letters.title,
      letterStatus: letters.status,
      deliveredOn: sql<
        string | null
      >`(select min(${letterDeliveries.deliveredOn})::text from ${letterDeliveries}
        where ${letterDeliveries.letterId} = ${letters.id})`,
    })
    .from(violationNotices)
    .innerJoin(letters, eq(letters.id, violationNotices.letterId))
    .where(eq(violationNotices.violationId, violationId))
    .orderBy(asc(violationNotices.createdAt));
}

export async function hearingRows(db: Db, violationId: string) {
  return db
    .select({ hearing: violationHearings, committeeName: committees.name, committeeKind: committees.kind })
    .from(violationHearings)
    .innerJoin(committees, eq(committees.id, violationHearings.committeeId))
    .where(eq(violationHearings.violationId, violationId))
    .orderBy(asc(violationHearings.createdAt));
}

/** The members of a committee serving on a day. */
export async function membersOn(db: Db, committeeId: string, day: string) {
  return db
    .select({ userId: committeeMembers.userId, fullName: profiles.fullName })
    .from(committeeMembers)
    .innerJoin(profiles, eq(profiles.id, committeeMembers.userId))
    .where(
      and(
        eq(committeeMembers.committeeId, committeeId),
        sql`${committeeMembers.startsOn} <= ${day}::date`,
        sql`(${committeeMembers.endsOn} is null or ${committeeMembers.endsOn} > ${day}::date)`,
      ),
    )
    .orderBy(asc(profiles.fullName));
}

async function toHearings(
  db: Db,
  rows: Awaited<ReturnType<typeof hearingRows>>,
  timeZone: string,
  jurisdiction: JurisdictionId,
) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.hearing.id);
  const votes = await db
    .select({
      hearingId: violationHearingVotes.hearingId,
      userId: violationHearingVotes.userId,
      vote: violationHearingVotes.vote,
      fullName: profiles.fullName,
    })
    .from(violationHearingVotes)
    .innerJoin(profiles, eq(profiles.id, violationHearingVotes.userId))
    .where(inArray(violationHearingVotes.hearingId, ids))
    .orderBy(asc(profiles.fullName));
  const decisionDays = ruleOf(jurisdiction, 'hearingDecisionDays');
  const decisionLetterIds = rows
    .map((row) => row.hearing.decisionLetterId)
    .filter((id): id is string => Boolean(id));
  const sentAt = new Map(
    decisionLetterIds.length === 0
      ? []
      : (
          await db
            .select({ id: letters.id, sentAt: letters.sentAt })
            .from(letters)
            .where(inArray(letters.id, decisionLetterIds))
        ).map((row) => [row.id, row.sentAt]),
  );
  const today = dayIn(new Date(), timeZone);
  return Promise.all(
    rows.map(async ({ hearing, committeeName, committeeKind }): Promise<ViolationHearing> => {
      const hearingDay = dayIn(hearing.scheduledAt, timeZone);
      let late = false;
      if (hearing.decidedAt && isKnownRule(decisionDays)) {
        const due = addDays(dayIn(hearing.decidedAt, timeZone), decisionDays.value as number);
        const sent = hearing.decisionLetterId ? sentAt.get(hearing.decisionLetterId) : null;
        late = sent ? dayIn(sent, timeZone) > due : today > due;
      }
      return {
        id: hearing.id,
        status: hearing.status,
        committee: { id: hearing.committeeId, name: committeeName, kind: committeeKind },
        scheduledAt: hearing.scheduledAt.toISOString(),
        place: hearing.place,
        requestedByOwner: hearing.requestedByOwner !== null,
        votes: votes
          .filter((vote) => vote.hearingId === hearing.id)
          .map((vote) => ({ userId: vote.userId, fullName: vote.fullName, vote: vote.vote })),
        voters: await membersOn(db, hearing.committeeId, hearingDay),
        outcome: hearing.outcome,
        decision: hearing.decision,
        fineCents: hearing.fineCents,
        healthSafetyFinding: hearing.healthSafetyFinding,
        decidedAt: hearing.decidedAt?.toISOString() ?? null,
        decisionLetterLate: late,
        chargeId: hearing.chargeId,
      };
    }),
  );
}

const letterPdfUrl = (propertyId: string, letterId: string) =>
  `/api/properties/${propertyId}/letters/${letterId}/pdf`;

/** The facts the stage machine decides on, read in the caller's transaction. */
export async function stepFacts(db: Db, violation: ViolationRow, today: string) {
  const [{ stages }, notices, hearings, [requested]] = await Promise.all([
    stagesOf(db, violation.propertyId),
    noticeRows(db, violation.id),
    hearingRows(db, violation.id),
    db
      .select({ id: violationEvents.id })
      .from(violationEvents)
      .where(
        and(eq(violationEvents.violationId, violation.id), eq(violationEvents.kind, 'hearing_requested')),
      )
      .limit(1),
  ]);
  const step = nextStep(
    stages,
    notices.map((row) => ({
      stage: row.notice.stage,
      stageName: row.notice.stageName,
      letterStatus: row.letterStatus,
      deliveredOn: row.deliveredOn,
    })),
    hearings.map((row) => ({ status: row.hearing.status, outcome: row.hearing.outcome })),
    { status: violation.status, hearingRequested: Boolean(requested) },
    today,
  );
  return { stages, notices, hearings, step };
}

export async function getEnforcement(ctx: ServiceContext, violationId: string): Promise<EnforcementState> {
  const violation = await readableViolation(ctx.db, ctx, violationId);
  const [property] = await ctx.db.select().from(properties).where(eq(properties.id, violation.propertyId));
  const today = dayIn(new Date(), property!.timeZone);
  const { stages, notices, hearings, step } = await stepFacts(ctx.db, violation, today);
  return {
    stages,
    step,
    notices: notices.map((row): ViolationNotice => ({
      id: row.notice.id,
      stage: row.notice.stage,
      stageName: row.notice.stageName,
      stageKind: row.notice.stageKind,
      approver: row.notice.approver,
      letterId: row.notice.letterId,
      letterTitle: row.letterTitle,
      letterStatus: row.letterStatus,
      cureDueOn: row.notice.cureDueOn,
      fineCents: row.notice.fineCents,
      deliveredOn: row.deliveredOn,
      createdAt: row.notice.createdAt.toISOString(),
      pdfUrl: letterPdfUrl(violation.propertyId, row.notice.letterId),
    })),
    hearings: await toHearings(ctx.db, hearings, property!.timeZone, property!.jurisdiction),
  };
}

// ---------------------------------------------------------------------------------------------------
// Drafting a stage's letter

/** The unit's owners today (or from a later day: a sale closing next week), as letters name them. */
async function ownersOf(db: Db, unitId: string, today: string) {
  return db
    .select({
      userId: unitOwnerships.userId,
      startsOn: unitOwnerships.startsOn,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(unitOwnerships)
    .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
    .where(
      and(
        eq(unitOwnerships.unitId, unitId),
        sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > ${today}::date)`,
        sql`${unitOwnerships.startsOn} <= ${today}::date`,
      ),
    )
    .orderBy(asc(unitOwnerships.startsOn));
}

/** "CC&Rs, §7.4 Trash containers, page 12": where the rule's clause is, as a letter cites it. */
function sourceOf(rule: typeof violationRules.$inferSelect, documentName: string | null) {
  const section = [rule.sectionNumber ? clauseNumberLabel(rule.sectionNumber, '§') : null, rule.sectionTitle]
    .filter(Boolean)
    .join(' ');
  return [
    documentName ?? 'Rules adopted by the board',
    section || null,
    rule.page ? `page ${rule.page}` : null,
  ]
    .filter(Boolean)
    .join(', ')
    .slice(0, 200);
}

/** The latest photo of the violation's evidence, to print in its letters. */
async function latestPhoto(db: Db, storage: FileStorage, violationId: string, timeZone: string) {
  const [row] = await db
    .select({ attachment: attachments })
    .from(attachments)
    .innerJoin(violationEvents, eq(violationEvents.id, attachments.violationEventId))
    .where(
      and(
        eq(violationEvents.violationId, violationId),
        inArray(violationEvents.kind, ['observed', 'observed_again']),
        eq(attachments.kind, 'image'),
      ),
    )
    .orderBy(desc(violationEvents.at), desc(attachments.createdAt))
    .limit(1);
  if (!row) return undefined;
  const photo = row.attachment;
  if (photo.mimeType !== 'image/jpeg' && photo.mimeType !== 'image/png') return undefined;
  const taken = photo.takenAt ?? photo.createdAt;
  return {
    bytes: await storage.read(photo.filePath),
    mimeType: photo.mimeType,
    caption: `Photo taken ${formatMomentIn(taken, timeZone)}${
      photo.latitude !== null && photo.longitude !== null
        ? ` at ${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}`
        : ''
    }.`,
  } as const;
}

export type StageLetterFacts = {
  violation: ViolationRow;
  property: typeof properties.$inferSelect;
  stage: EnforcementStage;
  stageNumber: number;
  today: string;
  cureDueOn: string | null;
  fineCents?: number;
  hearing?: { when: string; place: string; id: string };
  decisionText?: string;
  /** The template to use instead of the stage's (a hearing's written decision). */
  templateKey?: string;
  approver?: 'manager' | 'board';
};

/**
 * Drafts a letter for the violation from the stage's template, to the unit's owners, with the clause
 * quoted word for word and the latest photo printed, and records it as the violation's notice — in the
 * caller's transaction. It always needs a person's approval before it is sent.
 */
export async function draftStageLetter(tx: Db, ctx: EnforcementContext, facts: StageLetterFacts) {
  const { violation, property, stage } = facts;
  const key = facts.templateKey ?? stage.templateKey;
  const template = await currentVersionOf(tx, property.id, key);
  if (!template)
    throw new AppError(
      409,
      'TEMPLATE_NOT_FOUND',
      `The association has no letter template “${key}”: publish one, or choose another in the enforcement stages.`,
    );
  const owners = await ownersOf(tx, violation.unitId, facts.today);
  if (owners.length === 0)
    throw new AppError(409, 'NO_OWNER', 'The unit has no owner today to send the notice to.');
  const [unit] = await tx.select().from(units).where(eq(units.id, violation.unitId));
  const [ruleRow] = await tx
    .select({ rule: violationRules, documentName: propertyDocuments.name })
    .from(violationRules)
    .leftJoin(propertyDocuments, eq(propertyDocuments.id, violationRules.documentId))
    .where(eq(violationRules.id, violation.ruleId));
  const used = new Set([...placeholdersIn(template.title), ...placeholdersIn(template.body)]);
  const offered: LetterInputValues = {
    'rule.text': ruleRow!.rule.excerpt,
    'rule.source': sourceOf(ruleRow!.rule, ruleRow!.documentName),
    'date.observed': dayIn(violation.observedAt, property.timeZone),
    ...(facts.cureDueOn ? { 'date.due': facts.cureDueOn } : {}),
    ...(facts.fineCents !== undefined ? { 'amount.fine': facts.fineCents } : {}),
    ...(facts.hearing ? { 'hearing.when': facts.hearing.when, 'hearing.place': facts.hearing.place } : {}),
    ...(facts.decisionText ? { 'decision.text': facts.decisionText } : {}),
  };
  const values = Object.fromEntries(
    Object.entries(offered).filter(([name]) => used.has(name)),
  ) as LetterInputValues;
  const draft = await renderDraft(ctx.storage, {
    property,
    template,
    unit: unit!,
    owners,
    sender: ctx.actor.fullName || ctx.actor.email,
    createdBy: ctx.actor.id,
    values,
    image: await latestPhoto(tx, ctx.storage, violation.id, property.timeZone),
    requiresApproval: true,
  });
  try {
    await insertDraft(tx, draft);
    const [notice] = await tx
      .insert(violationNotices)
      .values({
        violationId: violation.id,
        stage: facts.stageNumber,
        stageName: facts.templateKey ? 'Hearing decision' : stage.name,
        stageKind: stage.kind,
        approver: facts.approver ?? stage.approver,
        letterId: draft.row.id,
        hearingId: facts.hearing?.id ?? null,
        cureDueOn: facts.cureDueOn,
        fineCents: facts.fineCents ?? null,
        createdBy: ctx.actor.id,
      })
      .returning();
    return notice!;
  } catch (error) {
    await ctx.storage.remove(draft.row.pdfKey).catch(() => {});
    throw error;
  }
}

/** The property of a violation the caller keeps (managers, admins), locked; 403 for the board. */
export async function keptViolation(tx: Db, ctx: ServiceContext, violationId: string) {
  const violation = await readableViolation(tx, ctx, violationId, true);
  await requireKeeper(tx, ctx, violation.propertyId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404)
      throw new AppError(403, 'FORBIDDEN', 'Only the association’s managers take enforcement steps.');
    throw error;
  });
  const [property] = await tx.select().from(properties).where(eq(properties.id, violation.propertyId));
  return { violation, property: property! };
}

/**
 * Drafts the next stage's notice (a notice or a fine notice: a hearing's is drafted when the hearing
 * is scheduled). Refused when the stage asked for is not the next one, or not yet available.
 */
export async function draftNotice(ctx: EnforcementContext, violationId: string, input: NoticeDraftInput) {
  await ctx.db.transaction(async (tx) => {
    const { violation, property } = await keptViolation(tx, ctx, violationId);
    const today = dayIn(new Date(), property.timeZone);
    const { stages, step, hearings } = await stepFacts(tx, violation, today);
    if (step.nextStage !== input.stage || step.blockedBecause)
      throw new AppError(
        409,
        'STAGE_NOT_AVAILABLE',
        step.blockedBecause ??
          `The next stage is ${step.nextStage} (${step.nextStageName}): stages are taken in order.`,
        { fields: { stage: 'Not the next stage' } },
      );
    const stage = stages[input.stage - 1]!;
    if (stage.kind === 'hearing')
      throw new AppError(409, 'SCHEDULE_HEARING', 'A hearing stage starts by scheduling the hearing.');
    let cureDueOn: string | null = violation.cureDueOn;
    if (input.cureDueOn) {
      if (input.cureDueOn <= today)
        throw new AppError(400, 'CURE_DATE_PASSED', 'The cure date must be after today.', {
          fields: { cureDueOn: 'Choose a later day' },
        });
      cureDueOn = input.cureDueOn;
    } else if (stage.kind === 'notice' && (!cureDueOn || cureDueOn <= today)) {
      const [rule] = await tx.select().from(violationRules).where(eq(violationRules.id, violation.ruleId));
      cureDueOn = rule!.defaultCureDays ? addDays(today, rule!.defaultCureDays) : null;
    }
    const decided = hearings.filter((row) => row.hearing.status === 'decided').at(-1);
    await draftStageLetter(tx, ctx, {
      violation,
      property,
      stage,
      stageNumber: input.stage,
      today,
      cureDueOn: stage.kind === 'notice' ? cureDueOn : null,
      fineCents: stage.kind === 'fine' ? (decided?.hearing.fineCents ?? undefined) : undefined,
    });
    if (stage.kind === 'notice' && cureDueOn !== violation.cureDueOn)
      await tx.update(violations).set({ cureDueOn }).where(eq(violations.id, violation.id));
  });
  return getEnforcement(ctx, violationId);
}

/** The day a sent notice of this hearing first reached an owner. */
export async function hearingNoticeDelivered(db: Db, hearingId: string) {
  const [row] = await db
    .select({ on: min(letterDeliveries.deliveredOn) })
    .from(violationNotices)
    .innerJoin(letters, eq(letters.id, violationNotices.letterId))
    .innerJoin(letterDeliveries, eq(letterDeliveries.letterId, letters.id))
    .where(
      and(
        eq(violationNotices.hearingId, hearingId),
        eq(letters.status, 'sent'),
        eq(violationNotices.stageKind, 'hearing'),
      ),
    );
  return row?.on ?? null;
}
