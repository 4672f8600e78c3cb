import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isKnownRule,
  maxOwnerViolations,
  ownerViolationHistoryKinds,
  profileOf,
  ruleOf,
  type cureReportInputSchema,
  type hearingRequestInputSchema,
  type HearingStatus,
  type JurisdictionId,
  type OwnerViolation,
  type OwnerViolationHistoryKind,
  type OwnerViolationList,
  type OwnerViolationPhoto,
  type ownerReplyInputSchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  letterDeliveries,
  letterRecipients,
  letters,
  properties,
  propertyManagers,
  units,
  violationEvents,
  violationHearings,
  violationNotices,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { sendWithCureReport } from '../attachments/message-attachments.ts';
import { localClock } from '../notifications/zoned-time.ts';
import { ownerSeesViolation } from './violation-access.ts';
import type { ViolationsContext } from './violations.service.ts';

/**
 * The owner's side of a violation (issue 21 item 5): the violations of the units a person owns today
 * that they were sent a notice about, with the notices, the inspectors' photos, the clause and the cure
 * date; and what the owner may do — reply, report the cure with photos (a person re-inspects and
 * closes it; the owner never does), or ask for a hearing within the period the law allows where it is
 * known. Which violations is decided in one place (violation-access.ts ownerSeesViolation). Nothing
 * here shows who reported a violation or which staff member did anything.
 */

const evidenceKinds = ['observed', 'observed_again'] as const;
/** The inspectors' photos shown per violation: the latest ones. */
const evidenceShown = 20;

const todayIn = (timeZone: string) => localClock(new Date(), timeZone).date;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "December 8, 2026": a calendar day in a sentence. */
const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const seenBy = (person: Person) =>
  ownerSeesViolation(person, { id: sql`${violations.id}`, unitId: sql`${violations.unitId}` });

const violationColumns = {
  id: violations.id,
  propertyId: violations.propertyId,
  propertyName: properties.name,
  jurisdiction: properties.jurisdiction,
  timeZone: properties.timeZone,
  unitLabel: units.label,
  ruleTitle: violationRules.title,
  documentId: violationRules.documentId,
  documentName: sql<
    string | null
  >`(select d.name from property_documents d where d.id = ${violationRules.documentId})`,
  sectionNumber: violationRules.sectionNumber,
  sectionTitle: violationRules.sectionTitle,
  page: violationRules.page,
  excerpt: violationRules.excerpt,
  curable: violationRules.curable,
  status: violations.status,
  observedAt: violations.observedAt,
  cureDueOn: violations.cureDueOn,
  cureReportedAt: violations.cureReportedAt,
};

type ViolationRow = {
  id: string;
  propertyId: string;
  propertyName: string;
  jurisdiction: JurisdictionId;
  timeZone: string;
  unitLabel: string;
  ruleTitle: string;
  documentId: string | null;
  documentName: string | null;
  sectionNumber: string | null;
  sectionTitle: string | null;
  page: number | null;
  excerpt: string;
  curable: boolean;
  status: 'open' | 'cured' | 'dismissed';
  observedAt: Date;
  cureDueOn: string | null;
  cureReportedAt: Date | null;
};

const fromViolations = (db: Db) =>
  db
    .select(violationColumns)
    .from(violations)
    .innerJoin(properties, eq(properties.id, violations.propertyId))
    .innerJoin(units, eq(units.id, violations.unitId))
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId));

type NoticeFact = {
  id: string;
  violationId: string;
  stageName: string;
  title: string;
  letterId: string;
  sentAt: Date | null;
  cureDueOn: string | null;
  /** The first day anyone received it. */
  deliveredOn: string | null;
};

type HearingFact = { createdAt: Date; scheduledAt: Date; place: string; status: HearingStatus };
type EventFact = { id: string; kind: string; at: Date; actorId: string | null; note: string | null };

/**
 * Whether the owner may ask for a hearing now (issue 21 item 5). A scheduled hearing, a request not yet
 * answered or a hearing already held say no; so does the end of the period the jurisdiction gives, counted
 * from the first notice's delivery, where the profile knows it. Where it does not, the owner may ask and
 * the association decides: no number is made up.
 */
export function hearingRequestOf(
  violation: { status: string; jurisdiction: JurisdictionId; timeZone: string },
  firstNotice: Pick<NoticeFact, 'deliveredOn' | 'sentAt'> | undefined,
  hearings: HearingFact[],
  requests: Date[],
  today = todayIn(violation.timeZone),
): { state: OwnerViolation['hearingRequest']; code: string | null } {
  const profile = profileOf(violation.jurisdiction);
  const rule = ruleOf(violation.jurisdiction, 'hearingRequestWindowDays');
  const known = isKnownRule(rule) ? { days: rule.value, statute: rule.statute } : null;
  const received =
    firstNotice?.deliveredOn ??
    (firstNotice?.sentAt ? localClock(firstNotice.sentAt, violation.timeZone).date : null);
  const until = known && received ? addDays(received, known.days) : null;
  const note = known
    ? `${profile.name} law gives an owner ${known.days} days from the first notice to ask for a hearing (${known.statute}).`
    : violation.jurisdiction === 'none'
      ? 'No state law profile applies to your association: you may ask for a hearing, and the association decides.'
      : `We do not know the period ${profile.name} law gives an owner to ask for a hearing: you may ask, and the association decides.`;
  const statute = known?.statute ?? null;
  const refuse = (code: string, reason: string) => ({
    state: { allowed: false, until: null, reason, statute, note },
    code,
  });
  if (violation.status !== 'open')
    return refuse('VIOLATION_CLOSED', 'This violation is closed: there is nothing left to hear.');
  const latest = hearings.at(-1);
  if (latest?.status === 'scheduled')
    return refuse(
      'HEARING_ALREADY_SCHEDULED',
      `A hearing is already scheduled for ${formatDay(localClock(latest.scheduledAt, violation.timeZone).date)} (${latest.place}).`,
    );
  const lastRequest = requests.at(-1);
  if (lastRequest && (!latest || latest.createdAt < lastRequest))
    return refuse(
      'HEARING_ALREADY_REQUESTED',
      `A hearing was asked for on ${formatDay(localClock(lastRequest, violation.timeZone).date)}. The association will schedule it and tell you the date and place.`,
    );
  if (latest?.status === 'decided')
    return refuse('HEARING_ALREADY_HELD', 'A hearing was held on this violation and the committee decided.');
  if (known && until && today > until)
    return refuse(
      'HEARING_REQUEST_WINDOW_CLOSED',
      `The time to ask for a hearing ended on ${formatDay(until)}: ${profile.name} law gives an owner ${known.days} days from the first notice (${known.statute}). You can still reply to the association.`,
    );
  return { state: { allowed: true, until, reason: null, statute, note }, code: null };
}

/** Who reads an owner's violations: the resident portal (with photo links), or the assistant (without). */
type OwnerReader = Pick<ServiceContext, 'db' | 'actor'> & { links?: AttachmentLinks };

type OwnerView = { view: OwnerViolation; hearingCode: string | null; timeZone: string };

/** Reads the owner's view of these violations (already found to be the caller's to see). */
async function ownerViewOf(ctx: OwnerReader, rows: ViolationRow[]): Promise<OwnerView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const me = ctx.actor.id;
  const [notices, events, hearings, photos] = await Promise.all([
    ctx.db
      .select({
        id: violationNotices.id,
        violationId: violationNotices.violationId,
        stageName: violationNotices.stageName,
        title: letters.title,
        letterId: letters.id,
        sentAt: letters.sentAt,
        cureDueOn: violationNotices.cureDueOn,
        deliveredOn: sql<string | null>`(select min(${letterDeliveries.deliveredOn})::text
          from ${letterDeliveries} where ${letterDeliveries.letterId} = ${letters.id})`,
      })
      .from(violationNotices)
      .innerJoin(letters, eq(letters.id, violationNotices.letterId))
      .innerJoin(
        letterRecipients,
        and(eq(letterRecipients.letterId, letters.id), eq(letterRecipients.userId, me)),
      )
      .where(and(inArray(violationNotices.violationId, ids), eq(letters.status, 'sent')))
      .orderBy(asc(letters.sentAt), asc(violationNotices.stage)),
    ctx.db
      .select({
        id: violationEvents.id,
        violationId: violationEvents.violationId,
        kind: violationEvents.kind,
        at: violationEvents.at,
        actorId: violationEvents.actorId,
        note: violationEvents.note,
      })
      .from(violationEvents)
      .where(
        and(
          inArray(violationEvents.violationId, ids),
          inArray(violationEvents.kind, [...ownerViolationHistoryKinds]),
        ),
      )
      .orderBy(asc(violationEvents.at), asc(violationEvents.id)),
    ctx.db
      .select({
        violationId: violationHearings.violationId,
        createdAt: violationHearings.createdAt,
        scheduledAt: violationHearings.scheduledAt,
        place: violationHearings.place,
        status: violationHearings.status,
      })
      .from(violationHearings)
      .where(inArray(violationHearings.violationId, ids))
      .orderBy(asc(violationHearings.createdAt)),
    // The inspectors' photos, and those of the owners' cure reports (to count; the caller's to show).
    ctx.db
      .select({
        id: attachments.id,
        filePath: attachments.filePath,
        thumbnailPath: attachments.thumbnailPath,
        takenAt: attachments.takenAt,
        uploadedBy: attachments.uploadedBy,
        eventId: violationEvents.id,
        eventKind: violationEvents.kind,
        violationId: violationEvents.violationId,
      })
      .from(attachments)
      .innerJoin(violationEvents, eq(violationEvents.id, attachments.violationEventId))
      .where(
        and(
          inArray(violationEvents.violationId, ids),
          inArray(violationEvents.kind, [...evidenceKinds, 'cure_reported']),
          eq(attachments.kind, 'image'),
        ),
      )
      .orderBy(asc(attachments.createdAt), asc(attachments.id)),
  ]);
  const now = Date.now();
  const links = ctx.links;
  const photoOf = (photo: (typeof photos)[number]): OwnerViolationPhoto[] =>
    links
      ? [
          {
            id: photo.id,
            url: links.link(photo.id, photo.filePath, 'full', now).url,
            thumbnailUrl: photo.thumbnailPath
              ? links.link(photo.id, photo.thumbnailPath, 'thumbnail', now).url
              : null,
            takenAt: photo.takenAt?.toISOString() ?? null,
          },
        ]
      : [];
  return rows.map((row): OwnerView => {
    const own = <T extends { violationId: string }>(list: T[]) =>
      list.filter((item) => item.violationId === row.id);
    const sent = own(notices);
    const theirHearings = own(hearings);
    const theirEvents = own(events) as (EventFact & { violationId: string })[];
    const theirPhotos = own(photos);
    const requests = theirEvents
      .filter((event) => event.kind === 'hearing_requested')
      .map((event) => event.at);
    const { state: hearingRequest, code: hearingCode } = hearingRequestOf(
      row,
      sent[0],
      theirHearings,
      requests,
    );
    const latestHearing = theirHearings.at(-1);
    const isOpen = row.status === 'open';
    const view: OwnerViolation = {
      id: row.id,
      propertyId: row.propertyId,
      propertyName: row.propertyName,
      unitLabel: row.unitLabel,
      ruleTitle: row.ruleTitle,
      clause: {
        documentId: row.documentId,
        documentName: row.documentName,
        sectionNumber: row.sectionNumber,
        sectionTitle: row.sectionTitle,
        page: row.page,
        excerpt: row.excerpt,
      },
      status: row.status,
      observedAt: row.observedAt.toISOString(),
      cureDueOn: row.cureDueOn,
      curable: row.curable,
      notices: sent
        .map((notice) => ({
          id: notice.id,
          stageName: notice.stageName,
          title: notice.title,
          sentAt: notice.sentAt!.toISOString(),
          cureDueOn: notice.cureDueOn,
          pdfUrl: `/api/resident-portal/letters/${notice.letterId}/pdf`,
        }))
        .reverse(),
      photos: theirPhotos
        .filter((photo) => (evidenceKinds as readonly string[]).includes(photo.eventKind))
        .slice(-evidenceShown)
        .flatMap(photoOf),
      history: theirEvents.map((event) => {
        const sentWith = theirPhotos.filter((photo) => photo.eventId === event.id);
        return {
          kind: event.kind as OwnerViolationHistoryKind,
          at: event.at.toISOString(),
          // How it was closed is told; the staff's note on it is theirs.
          note: event.kind === 'cured' || event.kind === 'dismissed' ? null : event.note,
          byYou: event.actorId === me,
          photoCount: sentWith.length,
          photos: sentWith.filter((photo) => photo.uploadedBy === me).flatMap(photoOf),
        };
      }),
      hearing: latestHearing
        ? {
            scheduledAt: latestHearing.scheduledAt.toISOString(),
            place: latestHearing.place,
            status: latestHearing.status,
          }
        : null,
      hearingRequest,
      cureReportedAt: row.cureReportedAt?.toISOString() ?? null,
      can: { reply: isOpen, reportCure: isOpen && row.curable },
    };
    return { view, hearingCode, timeZone: row.timeZone };
  });
}

/** Open violations, and those closed in the last year: what an owner may still want to look back at. */
const openOrRecent = or(
  eq(violations.status, 'open'),
  sql`${violations.closedAt} > now() - interval '1 year'`,
);

/**
 * The caller's violations: of the units they own today, each with a notice sent to them; newest first,
 * open ones and those closed in the last year (at most `maxOwnerViolations`).
 */
export async function listMyViolations(ctx: ViolationsContext): Promise<OwnerViolationList> {
  const rows = await fromViolations(ctx.db)
    .where(and(seenBy(ctx.actor), openOrRecent))
    .orderBy(desc(violations.observedAt), desc(violations.id))
    .limit(maxOwnerViolations);
  return { violations: (await ownerViewOf(ctx, rows as ViolationRow[])).map((one) => one.view) };
}

export async function getMyViolation(ctx: ViolationsContext, violationId: string): Promise<OwnerViolation> {
  const rows = await fromViolations(ctx.db).where(and(eq(violations.id, violationId), seenBy(ctx.actor)));
  if (rows.length === 0) throw notFound('Violation');
  return (await ownerViewOf(ctx, rows as ViolationRow[]))[0]!.view;
}

/** The violation, locked, if the caller sees it as its owner; 404 otherwise (as for one that does not exist). */
async function lockOwnViolation(tx: Db, person: Person, violationId: string) {
  const [row] = await tx
    .select({
      id: violations.id,
      propertyId: violations.propertyId,
      status: violations.status,
      curable: violationRules.curable,
      ruleTitle: violationRules.title,
      unitLabel: units.label,
      propertyName: properties.name,
      jurisdiction: properties.jurisdiction,
      timeZone: properties.timeZone,
    })
    .from(violations)
    .innerJoin(properties, eq(properties.id, violations.propertyId))
    .innerJoin(units, eq(units.id, violations.unitId))
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId))
    .where(and(eq(violations.id, violationId), seenBy(person)))
    .for('update', { of: violations });
  if (!row) throw notFound('Violation');
  return row;
}

const closed = () =>
  new AppError(409, 'VIOLATION_CLOSED', 'This violation is closed: there is nothing more to send about it.');

/**
 * An open violation whose rule can be cured, that the caller sees as its owner: where the photos of a
 * cure go (the upload checks it before reading the file) and what a cure report needs.
 */
export async function requireCurableOwnViolation(db: Db, person: Person, violationId: string) {
  const [row] = await db
    .select({
      id: violations.id,
      propertyId: violations.propertyId,
      status: violations.status,
      curable: violationRules.curable,
      timeZone: properties.timeZone,
    })
    .from(violations)
    .innerJoin(properties, eq(properties.id, violations.propertyId))
    .innerJoin(violationRules, eq(violationRules.id, violations.ruleId))
    .where(and(eq(violations.id, violationId), seenBy(person)));
  if (!row) throw notFound('Violation');
  assertCurable(row);
  return row;
}

function assertCurable(violation: { status: string; curable: boolean }) {
  if (violation.status !== 'open') throw closed();
  if (!violation.curable)
    throw new AppError(
      409,
      'VIOLATION_NOT_CURABLE',
      'This rule cannot be cured by a change, so there is no cure to report. You can reply, or ask for a hearing.',
    );
}

async function managersOf(db: Db, propertyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: propertyManagers.userId })
    .from(propertyManagers)
    .where(eq(propertyManagers.propertyId, propertyId));
  return rows.map((row) => row.userId);
}

type Locked = Awaited<ReturnType<typeof lockOwnViolation>>;

/** Tells the association's managers what the owner did, in the transaction that records it. */
async function tellManagers(
  tx: Db,
  ctx: ViolationsContext,
  violation: Locked,
  title: string,
  body: string,
  eventId: string,
) {
  await ctx.notifier.notify(tx, await managersOf(tx, violation.propertyId), {
    kind: 'violation.owner-response',
    propertyId: violation.propertyId,
    title,
    body,
    link: `/manager-portal/violations/${violation.id}`,
    dedupeKey: `violation-event:${eventId}`,
  });
}

const about = (violation: Locked) =>
  `${violation.ruleTitle} at unit ${violation.unitLabel}, ${violation.propertyName}`;

/** The owner's reply to a notice: on the violation's timeline, and to its managers. */
export async function replyToViolation(
  ctx: ViolationsContext,
  violationId: string,
  input: z.infer<typeof ownerReplyInputSchema>,
): Promise<OwnerViolation> {
  await ctx.db.transaction(async (tx) => {
    const violation = await lockOwnViolation(tx, ctx.actor, violationId);
    if (violation.status !== 'open') throw closed();
    const [event] = await tx
      .insert(violationEvents)
      .values({ violationId, kind: 'owner_replied', actorId: ctx.actor.id, note: input.message })
      .returning({ id: violationEvents.id });
    await tellManagers(
      tx,
      ctx,
      violation,
      `${ctx.actor.fullName} replied about ${violation.ruleTitle} (unit ${violation.unitLabel})`,
      `${ctx.actor.fullName}, an owner of unit ${violation.unitLabel}, replied about the violation ${about(violation)}:\n\n"${input.message}"`,
      event!.id,
    );
  });
  return getMyViolation(ctx, violationId);
}

/**
 * The owner says it is cured, with photos they uploaded to the violation: the event and its photos, the
 * violation marked "cure reported" for a re-inspection, and its managers told. Only an inspector or a
 * manager closes it as cured.
 */
export async function reportCure(
  ctx: ViolationsContext,
  violationId: string,
  input: z.infer<typeof cureReportInputSchema>,
): Promise<OwnerViolation> {
  await ctx.db.transaction(async (tx) => {
    const violation = await lockOwnViolation(tx, ctx.actor, violationId);
    assertCurable(violation);
    const at = new Date();
    const [event] = await tx
      .insert(violationEvents)
      .values({ violationId, kind: 'cure_reported', actorId: ctx.actor.id, note: input.note, at })
      .returning({ id: violationEvents.id });
    await sendWithCureReport(tx, ctx.actor.id, input.photoIds, violationId, event!.id);
    await tx.update(violations).set({ cureReportedAt: at }).where(eq(violations.id, violationId));
    const photos = input.photoIds.length === 1 ? 'a photo' : `${input.photoIds.length} photos`;
    await tellManagers(
      tx,
      ctx,
      violation,
      `Cure reported at unit ${violation.unitLabel}: re-inspection needed`,
      `${ctx.actor.fullName}, an owner of unit ${violation.unitLabel}, reports the violation ${about(violation)} cured, with ${photos}.${input.note ? `\n\n"${input.note}"` : ''}\n\nRe-inspect it, then close it as cured or record that it is still there.`,
      event!.id,
    );
  });
  return getMyViolation(ctx, violationId);
}

/**
 * The owner asks for a hearing: refused (409) outside the period the jurisdiction gives, where it is
 * known (naming the statute), and when a hearing is already scheduled, asked for or held. The
 * association schedules it; its managers are told.
 */
export async function requestHearing(
  ctx: ViolationsContext,
  violationId: string,
  input: z.infer<typeof hearingRequestInputSchema>,
): Promise<OwnerViolation> {
  await ctx.db.transaction(async (tx) => {
    const violation = await lockOwnViolation(tx, ctx.actor, violationId);
    const [[firstNotice], hearings, requests] = await Promise.all([
      tx
        .select({
          sentAt: letters.sentAt,
          deliveredOn: sql<string | null>`(select min(${letterDeliveries.deliveredOn})::text
            from ${letterDeliveries} where ${letterDeliveries.letterId} = ${letters.id})`,
        })
        .from(violationNotices)
        .innerJoin(letters, eq(letters.id, violationNotices.letterId))
        .innerJoin(
          letterRecipients,
          and(eq(letterRecipients.letterId, letters.id), eq(letterRecipients.userId, ctx.actor.id)),
        )
        .where(and(eq(violationNotices.violationId, violationId), eq(letters.status, 'sent')))
        .orderBy(asc(letters.sentAt))
        .limit(1),
      tx
        .select({
          createdAt: violationHearings.createdAt,
          scheduledAt: violationHearings.scheduledAt,
          place: violationHearings.place,
          status: violationHearings.status,
        })
        .from(violationHearings)
        .where(eq(violationHearings.violationId, violationId))
        .orderBy(asc(violationHearings.createdAt)),
      tx
        .select({ at: violationEvents.at })
        .from(violationEvents)
        .where(
          and(eq(violationEvents.violationId, violationId), eq(violationEvents.kind, 'hearing_requested')),
        )
        .orderBy(asc(violationEvents.at)),
    ]);
    const { state, code } = hearingRequestOf(
      violation,
      firstNotice,
      hearings,
      requests.map((request) => request.at),
    );
    if (!state.allowed) throw new AppError(409, code!, state.reason!);
    const [event] = await tx
      .insert(violationEvents)
      .values({ violationId, kind: 'hearing_requested', actorId: ctx.actor.id, note: input.reason })
      .returning({ id: violationEvents.id });
    const deadline = state.until
      ? ` The owner asked within the period the law gives (until ${formatDay(state.until)}, ${state.statute}).`
      : ` ${state.note}`;
    await tellManagers(
      tx,
      ctx,
      violation,
      `Hearing requested at unit ${violation.unitLabel}: ${violation.ruleTitle}`,
      `${ctx.actor.fullName}, an owner of unit ${violation.unitLabel}, asks for a hearing on the violation ${about(violation)}:\n\n"${input.reason}"\n\nSchedule it before the committee and send the hearing notice.${deadline}`,
      event!.id,
    );
  });
  return getMyViolation(ctx, violationId);
}

/** What the assistant tells an owner of one open violation they were sent a notice about. */
export type ViolationAnswerFact = {
  propertyName: string;
  unitLabel: string;
  ruleTitle: string;
  clause: OwnerViolation['clause'];
  /** The latest notice sent to them. */
  notice: { stageName: string; title: string } | null;
  cureDueOn: string | null;
  curable: boolean;
  /** The day (in the association's calendar) they reported it cured, if they did. */
  cureReportedOn: string | null;
  /** A scheduled hearing: its day and place. */
  hearing: { on: string; place: string } | null;
  /** Whether they may ask for a hearing, and until when (null: the law's period is not known). */
  hearingRequest: {
    allowed: boolean;
    until: string | null;
    statute: string | null;
    refusedAs: string | null;
  };
};

/**
 * The caller's open violations they were sent a notice about, newest first, for the assistant ("why did
 * I get this letter?"): the same scope and facts as the resident portal's Violations card.
 */
export async function noticedViolationFacts(
  db: Db,
  person: ServiceContext['actor'],
): Promise<ViolationAnswerFact[]> {
  const rows = await fromViolations(db)
    .where(and(seenBy(person), eq(violations.status, 'open')))
    .orderBy(desc(violations.observedAt), desc(violations.id))
    .limit(maxOwnerViolations);
  const views = await ownerViewOf({ db, actor: person }, rows as ViolationRow[]);
  return views.map(({ view, hearingCode, timeZone }) => ({
    propertyName: view.propertyName,
    unitLabel: view.unitLabel,
    ruleTitle: view.ruleTitle,
    clause: view.clause,
    notice: view.notices[0] ? { stageName: view.notices[0].stageName, title: view.notices[0].title } : null,
    cureDueOn: view.cureDueOn,
    curable: view.curable,
    cureReportedOn: view.cureReportedAt ? localClock(new Date(view.cureReportedAt), timeZone).date : null,
    hearing:
      view.hearing?.status === 'scheduled'
        ? { on: localClock(new Date(view.hearing.scheduledAt), timeZone).date, place: view.hearing.place }
        : null,
    hearingRequest: {
      allowed: view.hearingRequest.allowed,
      until: view.hearingRequest.until,
      statute: view.hearingRequest.statute,
      refusedAs: hearingCode,
    },
  }));
}
