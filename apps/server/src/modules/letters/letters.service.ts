import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  deliveryProblems,
  deliveryRulesFor,
  fillPlaceholders,
  letterInputSchema,
  letterSendSchema,
  type Letter,
  type LetterDelivery,
  type LetterInput,
  type LetterInputValues,
  type LetterList,
  type LetterListQuery,
  type LetterSend,
  type LetterSummary,
  type PageQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  letterDeliveries,
  letterRecipients,
  letters,
  letterTemplates,
  profiles,
  properties,
  unitOwnerships,
  units,
  violationNotices,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { rowsOf } from '../realtime/publish.ts';
import { managesProperty, sitsOnBoard } from '../access/memberships.ts';
import { concatenatePdfs, renderAddressSheet, renderLetter, type LetterDocument } from './pdf.ts';
import {
  administeredProperty,
  currentVersionOf,
  getTemplateRow,
  letterProperty,
} from './templates.service.ts';
import { dayIn, formatMomentIn, placeholderValues } from './values.ts';

/** Letters need the file store: their PDFs live there. */
export type LettersContext = ServiceContext & { storage: FileStorage };

type LetterRow = typeof letters.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The short reference printed on a letter: its id's first eight characters. */
export const referenceOf = (letterId: string) => letterId.slice(0, 8).toUpperCase();

/** Where a unit's mail goes: the unit's own address, or the unit at the association's address. */
const mailingAddressOf = (unit: { label: string; address: string | null }, property: { address: string }) =>
  unit.address?.trim() || `Unit ${unit.label}, ${property.address}`;

const letterFileName = (row: Pick<LetterRow, 'id' | 'title'>) =>
  `${row.title.replace(/[^\p{L}\p{N} -]/gu, '').trim() || 'Letter'} (${referenceOf(row.id)}).pdf`;

// ---------------------------------------------------------------------------------------------------
// Making a letter

/**
 * Makes a draft letter from the current version of a template, for owners of a unit of this
 * property: fills the placeholders, renders the PDF, stores it once with its SHA-256, and records the
 * letter and whom it is to. Nothing goes out: sending is a person's separate act.
 */
export async function createLetter(
  ctx: LettersContext,
  propertyId: string,
  input: LetterInput,
): Promise<Letter> {
  const values = letterInputSchema.parse(input);
  const property = await administeredPropertyUnlocked(ctx, propertyId);
  const template = await getTemplateRow(ctx.db, propertyId, values.templateId);
  const current = await currentVersionOf(ctx.db, propertyId, template.key);
  if (current && current.id !== template.id)
    throw new AppError(
      409,
      'TEMPLATE_OUTDATED',
      `A newer version of this template (version ${current.version}) has been published: make the letter from it.`,
      { fields: { templateId: 'Not the current version' } },
    );
  const [unit] = await ctx.db
    .select()
    .from(units)
    .where(and(eq(units.id, values.unitId), eq(units.propertyId, propertyId)));
  if (!unit || unit.archivedAt) throw notFound('Unit');

  // Each recipient owns the unit today or from a later day (a new owner whose sale closes next week).
  const today = dayIn(new Date(), property.timeZone);
  const ownerships = await ctx.db
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
        eq(unitOwnerships.unitId, unit.id),
        inArray(unitOwnerships.userId, values.recipientIds),
        sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > ${today}::date)`,
      ),
    )
    .orderBy(asc(unitOwnerships.startsOn));
  const recipientIds = [...new Set(values.recipientIds)];
  const owners = recipientIds.map((userId) => ownerships.find((row) => row.userId === userId));
  const notOwner = recipientIds.find((_, index) => !owners[index]);
  if (notOwner)
    throw new AppError(400, 'NOT_AN_OWNER', `Each recipient must be an owner of unit ${unit.label}.`, {
      fields: { recipientIds: `Not an owner of unit ${unit.label}` },
    });

  const draft = await renderDraft(ctx.storage, {
    property,
    template,
    unit,
    owners: owners.map((owner) => owner!),
    sender: ctx.actor.fullName || ctx.actor.email,
    createdBy: ctx.actor.id,
    values: values.values,
  });
  try {
    await ctx.db.transaction(async (tx) => {
      await administeredProperty(tx, ctx, propertyId);
      await insertDraft(tx, draft);
    });
  } catch (error) {
    // The record was not written: the file must not stay behind without it.
    await ctx.storage.remove(draft.row.pdfKey).catch(() => {});
    throw error;
  }
  return getLetter(ctx, propertyId, draft.row.id);
}

export type DraftFacts = {
  property: PropertyRow;
  template: typeof letterTemplates.$inferSelect;
  unit: { id: string; label: string; address: string | null };
  /** The recipients, in the order the letter names them. */
  owners: { userId: string; fullName: string; email: string; startsOn: string }[];
  sender: string;
  /** The person making it; null for a letter the association's nightly work drafts. */
  createdBy: string | null;
  values: LetterInputValues;
  /** A photo printed after the body (a violation notice's evidence). */
  image?: LetterDocument['image'];
  /** A person approves it before it is sent, whatever the template says (violation notices). */
  requiresApproval?: boolean;
};

/**
 * A draft letter's PDF, rendered and stored, and the rows that record it (not yet written): the caller
 * inserts them with `insertDraft` in its own transaction, and removes the file if that fails.
 */
export async function renderDraft(storage: FileStorage, facts: DraftFacts) {
  const { property, template, unit, owners } = facts;
  const mailingAddress = mailingAddressOf(unit, property);
  const recipients = owners.map((owner, position) => ({
    userId: owner.userId,
    position,
    name: owner.fullName || owner.email,
    address: mailingAddress,
  }));
  const madeAt = new Date();
  const filled = placeholderValues(
    [template.title, template.body],
    {
      association: { name: property.name, address: property.address, timeZone: property.timeZone },
      unit: { label: unit.label, mailingAddress },
      owners: owners.map((owner) => ({ name: owner.fullName || owner.email, since: owner.startsOn })),
      sender: facts.sender,
      madeAt,
    },
    facts.values,
  );
  const title = fillPlaceholders(template.title, filled);
  const body = fillPlaceholders(template.body, filled);

  const letterId = randomUUID();
  const pdf = await renderLetter({
    association: { name: property.name, address: property.address },
    date: formatMomentIn(madeAt, property.timeZone),
    recipients,
    title,
    body,
    reference: referenceOf(letterId),
    createdAt: madeAt,
    image: facts.image,
  });
  const pdfKey = `letters/${property.id}/${letterId}.pdf`;
  await storage.put(pdfKey, Readable.from([pdf.bytes]), 'application/pdf');
  return {
    row: {
      id: letterId,
      propertyId: property.id,
      templateId: template.id,
      unitId: unit.id,
      kind: template.kind,
      title,
      body,
      values: filled,
      requiresApproval: facts.requiresApproval ?? template.requiresApproval,
      pdfKey,
      sha256: sha256Of(pdf.bytes),
      pageCount: pdf.pageCount,
      createdBy: facts.createdBy,
      createdAt: madeAt,
    } satisfies typeof letters.$inferInsert,
    recipients: recipients.map((recipient) => ({ ...recipient, letterId })),
  };
}

export async function insertDraft(db: Db, draft: Awaited<ReturnType<typeof renderDraft>>) {
  await db.insert(letters).values(draft.row);
  await db.insert(letterRecipients).values(draft.recipients);
}

/** The property the caller runs (not locked: reads before the letter's own transaction). */
async function administeredPropertyUnlocked(ctx: ServiceContext, propertyId: string): Promise<PropertyRow> {
  return ctx.db.transaction((tx) => administeredProperty(tx, ctx, propertyId));
}

// ---------------------------------------------------------------------------------------------------
// Reading letters

const summaryColumns = {
  letter: letters,
  propertyName: properties.name,
  unitLabel: units.label,
  templateKey: letterTemplates.key,
  templateVersion: letterTemplates.version,
  authorName: profiles.fullName,
};

function selectLetters(db: Db) {
  return db
    .select(summaryColumns)
    .from(letters)
    .innerJoin(properties, eq(properties.id, letters.propertyId))
    .innerJoin(units, eq(units.id, letters.unitId))
    .innerJoin(letterTemplates, eq(letterTemplates.id, letters.templateId))
    .leftJoin(profiles, eq(profiles.id, letters.createdBy));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectLetters>['where']>>[number];

async function recipientsOf(db: Db, letterIds: string[]) {
  if (letterIds.length === 0) return new Map<string, LetterSummary['recipients']>();
  const rows = await db
    .select()
    .from(letterRecipients)
    .where(inArray(letterRecipients.letterId, letterIds))
    .orderBy(letterRecipients.letterId, letterRecipients.position);
  const byLetter = new Map<string, LetterSummary['recipients']>();
  for (const row of rows) {
    const list = byLetter.get(row.letterId) ?? [];
    list.push({ userId: row.userId, name: row.name, address: row.address });
    byLetter.set(row.letterId, list);
  }
  return byLetter;
}

function toSummary(row: SummaryRow, recipients: LetterSummary['recipients']): LetterSummary {
  const { letter } = row;
  return {
    id: letter.id,
    propertyId: letter.propertyId,
    propertyName: row.propertyName,
    kind: letter.kind,
    title: letter.title,
    status: letter.status,
    requiresApproval: letter.requiresApproval,
    unit: { id: letter.unitId, label: row.unitLabel },
    recipients,
    template: { id: letter.templateId, key: row.templateKey, version: row.templateVersion },
    createdAt: letter.createdAt.toISOString(),
    createdBy: letter.createdBy ? { id: letter.createdBy, fullName: row.authorName ?? '' } : null,
    sentAt: letter.sentAt?.toISOString() ?? null,
  };
}

/** The property's letters, newest first: by status, and by title, recipient or unit. */
export async function listLetters(
  ctx: ServiceContext,
  propertyId: string,
  query: Omit<LetterListQuery, 'page' | 'limit'> & PageQuery,
): Promise<LetterList> {
  await letterProperty(ctx.db, ctx, propertyId);
  const q = query.q?.trim();
  const where = and(
    eq(letters.propertyId, propertyId),
    query.status ? eq(letters.status, query.status) : undefined,
    q
      ? or(
          ilike(letters.title, containing(q)),
          ilike(units.label, containing(q)),
          sql`exists (select 1 from ${letterRecipients} where ${letterRecipients.letterId} = ${letters.id}
            and ${letterRecipients.name} ilike ${containing(q)})`,
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectLetters(ctx.db)
      .where(where)
      .orderBy(desc(letters.createdAt), desc(letters.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(letters)
      .innerJoin(units, eq(units.id, letters.unitId))
      .where(where),
  ]);
  const recipients = await recipientsOf(
    ctx.db,
    rows.map((row) => row.letter.id),
  );
  return {
    letters: rows.map((row) => toSummary(row, recipients.get(row.letter.id) ?? [])),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

async function letterRowOf(db: Db, propertyId: string, letterId: string, lock = false): Promise<LetterRow> {
  const query = db
    .select()
    .from(letters)
    .where(and(eq(letters.id, letterId), eq(letters.propertyId, propertyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Letter');
  return row;
}

/**
 * Whether only the board may approve this letter: a violation notice at a stage the association gave
 * to its board (issue 21 item 4). Its members approve it; a manager or an admin does not.
 */
async function boardMustApprove(db: Db, letterId: string): Promise<boolean> {
  const [row] = await db
    .select({ approver: violationNotices.approver })
    .from(violationNotices)
    .where(eq(violationNotices.letterId, letterId));
  return row?.approver === 'board';
}

async function sitsOnBoardOf(db: Db, ctx: ServiceContext, propertyId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select ${sitsOnBoard(ctx.actor.id, sql`${propertyId}::uuid`)} as "onBoard"`,
  );
  return Boolean(rowsOf<{ onBoard: boolean }>(result)[0]?.onBoard);
}

/** What the caller's memberships let them do with letters of this property. */
async function standingIn(db: Db, ctx: ServiceContext, propertyId: string) {
  if (ctx.actor.role === 'admin') return { administers: true, onBoard: true };
  const result = await db.execute(
    sql`select ${managesProperty(ctx.actor.id, sql`${propertyId}::uuid`)} as administers,
      ${sitsOnBoard(ctx.actor.id, sql`${propertyId}::uuid`)} as "onBoard"`,
  );
  const [row] = rowsOf<{ administers: boolean; onBoard: boolean }>(result);
  return { administers: Boolean(row?.administers), onBoard: Boolean(row?.onBoard) };
}

export async function getLetter(ctx: ServiceContext, propertyId: string, letterId: string): Promise<Letter> {
  const property = await letterProperty(ctx.db, ctx, propertyId);
  const [row] = await selectLetters(ctx.db).where(
    and(eq(letters.id, letterId), eq(letters.propertyId, propertyId)),
  );
  if (!row) throw notFound('Letter');
  const letter = row.letter;
  const [recipients, deliveries, standing, approver, byBoard] = await Promise.all([
    recipientsOf(ctx.db, [letter.id]).then((map) => map.get(letter.id) ?? []),
    deliveriesOf(ctx.db, letter.id),
    standingIn(ctx.db, ctx, propertyId),
    letter.approvedBy
      ? ctx.db
          .select({ fullName: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, letter.approvedBy))
          .then((rows) => rows[0]?.fullName ?? '')
      : Promise.resolve(null),
    boardMustApprove(ctx.db, letter.id).then(async (board) =>
      board ? { seated: await sitsOnBoardOf(ctx.db, ctx, propertyId) } : null,
    ),
  ]);
  const isOpen = ['draft', 'awaiting_approval', 'approved'].includes(letter.status);
  // The same people the approve route lets through: the property's managers, its board, admins.
  const mayApprove =
    (byBoard ? byBoard.seated : standing.administers || standing.onBoard) &&
    letter.createdBy !== ctx.actor.id;
  return {
    ...toSummary(row, recipients),
    values: letter.values,
    body: letter.body,
    sha256: letter.sha256,
    pageCount: letter.pageCount,
    submittedAt: letter.submittedAt?.toISOString() ?? null,
    approvedAt: letter.approvedAt?.toISOString() ?? null,
    approvedBy: letter.approvedBy ? { id: letter.approvedBy, fullName: approver ?? '' } : null,
    cancelledAt: letter.cancelledAt?.toISOString() ?? null,
    deliveries,
    deliveryRules: deliveryRulesFor(property.jurisdiction, letter.kind),
    associationToday: dayIn(new Date(), property.timeZone),
    can: {
      submit: standing.administers && letter.requiresApproval && letter.status === 'draft',
      approve: letter.requiresApproval && letter.status === 'awaiting_approval' && mayApprove,
      send:
        standing.administers &&
        (letter.status === 'approved' || (letter.status === 'draft' && !letter.requiresApproval)),
      cancel: standing.administers && isOpen,
    },
  };
}

async function deliveriesOf(db: Db, letterId: string): Promise<LetterDelivery[]> {
  const recorder = sql<
    string | null
  >`(select full_name from profiles p where p.id = ${letterDeliveries.recordedBy})`;
  const rows = await db
    .select({ delivery: letterDeliveries, recipientName: letterRecipients.name, recorderName: recorder })
    .from(letterDeliveries)
    .innerJoin(
      letterRecipients,
      and(
        eq(letterRecipients.letterId, letterDeliveries.letterId),
        eq(letterRecipients.userId, letterDeliveries.recipientId),
      ),
    )
    .where(eq(letterDeliveries.letterId, letterId))
    .orderBy(letterRecipients.position, letterDeliveries.recordedAt);
  return rows.map(({ delivery, recipientName, recorderName }) => ({
    id: delivery.id,
    recipientId: delivery.recipientId,
    recipientName,
    method: delivery.method,
    trackingNumber: delivery.trackingNumber,
    deliveredOn: delivery.deliveredOn,
    confirmations: delivery.confirmations,
    unknownRulesAcknowledged: delivery.unknownRulesAcknowledged,
    recordedBy: delivery.recordedBy ? { id: delivery.recordedBy, fullName: recorderName ?? '' } : null,
    recordedAt: delivery.recordedAt.toISOString(),
  }));
}

/** The stored PDF of a letter the caller may read, with its name. */
export async function openLetterPdf(ctx: LettersContext, propertyId: string, letterId: string) {
  await letterProperty(ctx.db, ctx, propertyId);
  const row = await letterRowOf(ctx.db, propertyId, letterId);
  return { stream: await ctx.storage.open(row.pdfKey), fileName: letterFileName(row) };
}

// ---------------------------------------------------------------------------------------------------
// Approval, cancelling, sending

const alreadyClosed = (row: LetterRow) =>
  row.status === 'sent'
    ? new AppError(409, 'LETTER_ALREADY_SENT', 'This letter has already been sent: make a new one instead.')
    : row.status === 'cancelled'
      ? new AppError(409, 'LETTER_CANCELLED', 'This letter was cancelled: make a new one instead.')
      : null;

/** A draft that needs approval goes to the approvers (the property's managers, its board, admins). */
export async function submitLetter(ctx: ServiceContext, propertyId: string, letterId: string) {
  await ctx.db.transaction(async (tx) => {
    await administeredProperty(tx, ctx, propertyId);
    const row = await letterRowOf(tx, propertyId, letterId, true);
    const closed = alreadyClosed(row);
    if (closed) throw closed;
    if (!row.requiresApproval)
      throw new AppError(409, 'APPROVAL_NOT_REQUIRED', 'This letter does not need approval: send it.');
    if (row.status !== 'draft')
      throw new AppError(409, 'LETTER_NOT_DRAFT', 'This letter has already been submitted for approval.');
    await tx
      .update(letters)
      .set({ status: 'awaiting_approval', submittedAt: new Date(), updatedAt: new Date() })
      .where(eq(letters.id, row.id));
  });
  return getLetter(ctx, propertyId, letterId);
}

/**
 * Approves a letter awaiting approval: a manager of the property, a member of its board, or an admin,
 * who did not make it (a second pair of eyes is the point of approval).
 */
export async function approveLetter(ctx: ServiceContext, propertyId: string, letterId: string) {
  await ctx.db.transaction(async (tx) => {
    await letterProperty(tx, ctx, propertyId);
    const row = await letterRowOf(tx, propertyId, letterId, true);
    const closed = alreadyClosed(row);
    if (closed) throw closed;
    if (!row.requiresApproval)
      throw new AppError(409, 'APPROVAL_NOT_REQUIRED', 'This letter does not need approval.');
    if (row.status === 'approved')
      throw new AppError(409, 'ALREADY_APPROVED', 'This letter is already approved.');
    if (row.status !== 'awaiting_approval')
      throw new AppError(409, 'NOT_SUBMITTED', 'This letter has not been submitted for approval yet.');
    if (row.createdBy === ctx.actor.id)
      throw new AppError(
        403,
        'OWN_LETTER',
        'You made this letter: someone else (another manager, a board member or an admin) must approve it.',
      );
    if ((await boardMustApprove(tx, row.id)) && !(await sitsOnBoardOf(tx, ctx, propertyId)))
      throw new AppError(
        403,
        'BOARD_APPROVAL_REQUIRED',
        'The association gives this notice to its board: a member of the board must approve it.',
      );
    await tx
      .update(letters)
      .set({ status: 'approved', approvedBy: ctx.actor.id, approvedAt: new Date(), updatedAt: new Date() })
      .where(eq(letters.id, row.id));
  });
  return getLetter(ctx, propertyId, letterId);
}

export async function cancelLetter(ctx: ServiceContext, propertyId: string, letterId: string) {
  await ctx.db.transaction(async (tx) => {
    await administeredProperty(tx, ctx, propertyId);
    const row = await letterRowOf(tx, propertyId, letterId, true);
    const closed = alreadyClosed(row);
    if (closed) throw closed;
    await tx
      .update(letters)
      .set({ status: 'cancelled', cancelledBy: ctx.actor.id, cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(letters.id, row.id));
  });
  return getLetter(ctx, propertyId, letterId);
}

/**
 * Marks a letter sent, with a delivery record per recipient, in one transaction. Refused — and nothing
 * recorded — when approval is required and missing (403), or when the deliveries lack the evidence the
 * jurisdiction's profile requires (422, naming the rule's statute), or when a rule the profile does not
 * know applies and the sender did not say they decided it themselves.
 */
export async function sendLetter(
  ctx: ServiceContext,
  propertyId: string,
  letterId: string,
  input: LetterSend,
): Promise<Letter> {
  const values = letterSendSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const property = await administeredProperty(tx, ctx, propertyId);
    const row = await letterRowOf(tx, propertyId, letterId, true);
    const closed = alreadyClosed(row);
    if (closed) throw closed;
    if (row.requiresApproval && row.status !== 'approved')
      throw new AppError(
        403,
        'APPROVAL_REQUIRED',
        row.status === 'draft'
          ? 'This letter needs approval before it is sent: submit it for approval first.'
          : 'This letter needs approval before it is sent: it is awaiting approval.',
      );

    const today = dayIn(new Date(), property.timeZone);
    const madeOn = dayIn(row.createdAt, property.timeZone);
    values.deliveries.forEach((delivery, index) => {
      const on = delivery.deliveredOn ?? today;
      if (on > today)
        throw new AppError(400, 'DELIVERY_IN_FUTURE', 'A delivery cannot be dated in the future.', {
          fields: { [`deliveries.${index}.deliveredOn`]: 'In the future' },
        });
      if (on < madeOn)
        throw new AppError(
          400,
          'DELIVERY_BEFORE_LETTER',
          'A delivery cannot be dated before the letter was made.',
          {
            fields: { [`deliveries.${index}.deliveredOn`]: 'Before the letter was made' },
          },
        );
    });

    const recipients = (await recipientsOf(tx, [row.id])).get(row.id) ?? [];
    const rules = deliveryRulesFor(property.jurisdiction, row.kind);
    const problems = deliveryProblems(
      rules,
      recipients,
      values.deliveries.map((delivery) => ({ ...delivery, trackingNumber: delivery.trackingNumber ?? null })),
      values.acknowledgeUnknownRules,
    );
    if (problems.length > 0) {
      const fields: Record<string, string> = {};
      for (const problem of problems)
        fields[problem.field] = fields[problem.field]
          ? `${fields[problem.field]} ${problem.message}`
          : problem.message;
      throw new AppError(422, problems[0]!.code, problems.map((problem) => problem.message).join(' '), {
        fields,
      });
    }

    const known = new Set(rules.requirements.map((requirement) => requirement.id));
    await tx.insert(letterDeliveries).values(
      values.deliveries.map((delivery) => ({
        letterId: row.id,
        recipientId: delivery.recipientId,
        method: delivery.method,
        trackingNumber: delivery.trackingNumber ?? null,
        deliveredOn: delivery.deliveredOn ?? today,
        confirmations: [...new Set(delivery.confirmations.filter((id) => known.has(id)))],
        unknownRulesAcknowledged: rules.unknown.length > 0 && values.acknowledgeUnknownRules,
        recordedBy: ctx.actor.id,
      })),
    );
    const now = new Date();
    await tx
      .update(letters)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(eq(letters.id, row.id));

    // A letter delivered by e-mail or through the portal reaches its recipients as a notification
    // (kind letter.sent: legal, never turned off), in this transaction: a refused send notifies no one.
    const notified = [
      ...new Set(
        values.deliveries
          .filter((delivery) => delivery.method === 'email' || delivery.method === 'portal')
          .map((delivery) => delivery.recipientId),
      ),
    ];
    if (notified.length > 0)
      await ctx.notifier.notify(tx, notified, {
        kind: 'letter.sent',
        propertyId,
        title: row.title,
        body: `${property.name} sent you a letter: ${row.title}.\n\nOpen it in your resident portal, under Letters.`,
        link: `/resident-portal`,
        dedupeKey: row.id,
      });
  });
  return getLetter(ctx, propertyId, letterId);
}

// ---------------------------------------------------------------------------------------------------
// Printing a batch

/**
 * One PDF to print: an address sheet (every recipient, in order), then each letter exactly as stored
 * — each checked against its SHA-256 first. Letters that need approval must have it; cancelled ones
 * are refused.
 */
export async function printLetters(ctx: LettersContext, propertyId: string, letterIds: string[]) {
  const property = await administeredPropertyUnlocked(ctx, propertyId);
  const ids = [...new Set(letterIds)];
  const [rows, recipients] = await Promise.all([
    selectLetters(ctx.db).where(and(eq(letters.propertyId, propertyId), inArray(letters.id, ids))),
    recipientsOf(ctx.db, ids),
  ]);
  if (rows.length !== ids.length) throw notFound('Letter');
  const ordered = ids.map((id) => rows.find((row) => row.letter.id === id)!);
  for (const { letter } of ordered) {
    const reference = `${letter.title} (${referenceOf(letter.id)})`;
    if (letter.status === 'cancelled')
      throw new AppError(409, 'LETTER_CANCELLED', `${reference} was cancelled: leave it out of the batch.`);
    if (letter.requiresApproval && !['approved', 'sent'].includes(letter.status))
      throw new AppError(409, 'APPROVAL_REQUIRED', `${reference} needs approval before it is printed.`);
  }
  const parts: Uint8Array[] = [];
  for (const { letter } of ordered) {
    const bytes = await ctx.storage.read(letter.pdfKey);
    if (sha256Of(bytes) !== letter.sha256)
      throw new AppError(
        409,
        'LETTER_FILE_CHANGED',
        `The stored PDF of ${letter.title} (${referenceOf(letter.id)}) no longer matches its SHA-256: it was not printed.`,
      );
    parts.push(bytes);
  }
  const now = new Date();
  const sheet = await renderAddressSheet({
    association: property.name,
    printedOn: formatMomentIn(now, property.timeZone),
    createdAt: now,
    rows: ordered.flatMap(({ letter, unitLabel }) =>
      (recipients.get(letter.id) ?? []).map((recipient) => ({
        recipient: recipient.name,
        address: recipient.address,
        unit: unitLabel,
        letter: letter.title,
        reference: referenceOf(letter.id),
      })),
    ),
  });
  const batch = await concatenatePdfs([sheet.bytes, ...parts]);
  return {
    ...batch,
    addressSheetPages: sheet.pageCount,
    fileName: `Letters ${dayIn(now, property.timeZone)} (${ordered.length}).pdf`,
  };
}

// ---------------------------------------------------------------------------------------------------
// The owner's own letters (resident portal)

const sentTo = (userId: string) =>
  and(
    eq(letters.status, 'sent'),
    sql`exists (select 1 from ${letterRecipients} where ${letterRecipients.letterId} = ${letters.id}
      and ${letterRecipients.userId} = ${userId})`,
  ) as SQL;

/** The letters sent to the caller, newest first, with how each reached them. */
export async function listMyLetters(ctx: ServiceContext, query: PageQuery) {
  const where = sentTo(ctx.actor.id);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        id: letters.id,
        title: letters.title,
        kind: letters.kind,
        sentAt: letters.sentAt,
        propertyName: properties.name,
        unitLabel: units.label,
        methods: sql<string[]>`coalesce((select array_agg(distinct d.method order by d.method)
          from letter_deliveries d where d.letter_id = ${letters.id} and d.recipient_id = ${ctx.actor.id}),
          '{}')`,
      })
      .from(letters)
      .innerJoin(properties, eq(properties.id, letters.propertyId))
      .innerJoin(units, eq(units.id, letters.unitId))
      .where(where)
      .orderBy(desc(letters.sentAt), desc(letters.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(letters).where(where),
  ]);
  return {
    letters: rows.map((row) => ({
      ...row,
      sentAt: row.sentAt!.toISOString(),
      methods: row.methods as LetterDelivery['method'][],
    })),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

export async function openMyLetterPdf(ctx: LettersContext, letterId: string) {
  const [row] = await ctx.db
    .select()
    .from(letters)
    .where(and(eq(letters.id, letterId), sentTo(ctx.actor.id)));
  if (!row) throw notFound('Letter');
  return { stream: await ctx.storage.open(row.pdfKey), fileName: letterFileName(row) };
}
