import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Attachment } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { attachments, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AttachmentLinks } from './attachment-links.ts';

/**
 * Attachments as parts of what they were sent with: sending the caller's uploads with a message or a
 * task change (in its transaction), carrying a report's photos to its work order, and adding them to
 * messages and tasks that are being read. (attachments.service.ts has the uploads and the files.)
 */
export type AttachmentRow = typeof attachments.$inferSelect;

export function toAttachment(
  links: AttachmentLinks,
  row: AttachmentRow,
  uploadedBy: { id: string; fullName: string } | null,
  now = Date.now(),
): Attachment {
  const full = links.link(row.id, row.filePath, 'full', now);
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    url: full.url,
    thumbnailUrl: row.thumbnailPath ? links.link(row.id, row.thumbnailPath, 'thumbnail', now).url : null,
    linksExpireAt: new Date(full.expires * 1000).toISOString(),
    uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

const notYours = () =>
  new AppError(
    400,
    'UNKNOWN_ATTACHMENT',
    'One of the attachments is not one you uploaded here, or it was already sent. Attach it again.',
    { fields: { attachmentIds: 'Attach the file again' } },
  );

/**
 * Sends the caller's uploads with a message of the conversation or room they were uploaded to, in
 * the message's transaction. Every id must be the caller's, for this place and not yet sent.
 */
export async function sendWithMessage(
  tx: Db,
  actorId: string,
  ids: readonly string[],
  message: { id: string; threadId?: string; roomId?: string },
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(attachments)
    .set({ messageId: message.id })
    .where(
      and(
        inArray(attachments.id, [...new Set(ids)]),
        eq(attachments.uploadedBy, actorId),
        message.threadId
          ? eq(attachments.threadId, message.threadId)
          : eq(attachments.roomId, message.roomId!),
        isNull(attachments.messageId),
      ),
    )
    .returning();
  if (rows.length !== new Set(ids).size) throw notYours();
  return rows;
}

/** Keeps the caller's uploads to a task with a change of the task (its completion, say). */
export async function sendWithTask(
  tx: Db,
  actorId: string,
  ids: readonly string[],
  taskId: string,
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(attachments)
    .set({ taskSentAt: new Date() })
    .where(
      and(
        inArray(attachments.id, [...new Set(ids)]),
        eq(attachments.uploadedBy, actorId),
        eq(attachments.taskId, taskId),
        isNull(attachments.taskSentAt),
      ),
    )
    .returning();
  if (rows.length !== new Set(ids).size) throw notYours();
  return rows;
}

/**
 * The assistant opened a work order from a conversation: the photos the resident sent in it go with
 * the work order, for the manager and the vendor to see (issue 26 item 2).
 */
export async function carryReportPhotos(tx: Db, threadId: string, workOrderId: string): Promise<number> {
  const rows = await tx
    .update(attachments)
    .set({ workOrderId })
    .where(
      and(
        eq(attachments.threadId, threadId),
        isNotNull(attachments.messageId),
        isNull(attachments.workOrderId),
      ),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

export async function withUploaders(
  db: Db,
  links: AttachmentLinks,
  rows: AttachmentRow[],
): Promise<Attachment[]> {
  const ids = [...new Set(rows.map((row) => row.uploadedBy).filter((id): id is string => Boolean(id)))];
  const people = ids.length
    ? await db
        .select({ id: profiles.id, fullName: profiles.fullName })
        .from(profiles)
        .where(inArray(profiles.id, ids))
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const now = Date.now();
  return rows.map((row) =>
    toAttachment(links, row, row.uploadedBy ? (byId.get(row.uploadedBy) ?? null) : null, now),
  );
}

/**
 * Adds their attachments to records the caller has already been found allowed to read, each under
 * the record it belongs to (`owner`: the message's or the task's column), oldest first.
 */
async function attachTo<R extends { id: string }>(
  db: Db,
  links: AttachmentLinks,
  records: R[],
  owner: 'messageId' | 'taskId',
): Promise<(R & { attachments?: Attachment[] })[]> {
  if (records.length === 0) return records;
  const ids = records.map((record) => record.id);
  const rows = await db
    .select()
    .from(attachments)
    .where(
      owner === 'messageId'
        ? inArray(attachments.messageId, ids)
        : // A task's uploads count once they were sent with a change of the task.
          and(inArray(attachments.taskId, ids), isNotNull(attachments.taskSentAt)),
    )
    .orderBy(attachments.createdAt, attachments.id);
  if (rows.length === 0) return records;
  const all = await withUploaders(db, links, rows);
  const byOwner = new Map<string, Attachment[]>();
  rows.forEach((row, index) => {
    const key = row[owner]!;
    byOwner.set(key, [...(byOwner.get(key) ?? []), all[index]!]);
  });
  return records.map((record) =>
    byOwner.has(record.id) ? { ...record, attachments: byOwner.get(record.id)! } : record,
  );
}

/** Adds their attachments to messages the caller has already been found allowed to read. */
export const withAttachments = <M extends { id: string }>(db: Db, links: AttachmentLinks, messages: M[]) =>
  attachTo(db, links, messages, 'messageId');

/** Adds their kept photos to tasks the caller has already been found allowed to read. */
export const withTaskAttachments = <T extends { id: string }>(db: Db, links: AttachmentLinks, tasks: T[]) =>
  attachTo(db, links, tasks, 'taskId');

/**
 * Sends the inspector's photos with a violation's observation (issue 21), in its transaction: every id
 * must be a photo the caller uploaded to this inspection and not yet sent.
 */
export async function sendWithViolation(
  tx: Db,
  actorId: string,
  ids: readonly string[],
  inspectionId: string,
  eventId: string,
): Promise<AttachmentRow[]> {
  const rows = await tx
    .update(attachments)
    .set({ violationEventId: eventId })
    .where(
      and(
        inArray(attachments.id, [...new Set(ids)]),
        eq(attachments.uploadedBy, actorId),
        eq(attachments.inspectionId, inspectionId),
        eq(attachments.kind, 'image'),
        isNull(attachments.violationEventId),
      ),
    )
    .returning();
  if (rows.length !== new Set(ids).size)
    throw new AppError(
      400,
      'UNKNOWN_PHOTO',
      'One of the photos is not one you took in this inspection, or it was already used. Add it again.',
      { fields: { photoIds: 'Add the photo again' } },
    );
  return rows;
}

/**
 * Sends an owner's photos of the cure with their cure report (issue 21 item 5), in its transaction:
 * every id must be a photo the caller uploaded to this violation and not yet sent.
 */
export async function sendWithCureReport(
  tx: Db,
  actorId: string,
  ids: readonly string[],
  violationId: string,
  eventId: string,
): Promise<AttachmentRow[]> {
  const rows = await tx
    .update(attachments)
    .set({ violationEventId: eventId })
    .where(
      and(
        inArray(attachments.id, [...new Set(ids)]),
        eq(attachments.uploadedBy, actorId),
        eq(attachments.violationId, violationId),
        eq(attachments.kind, 'image'),
        isNull(attachments.violationEventId),
      ),
    )
    .returning();
  if (rows.length !== new Set(ids).size)
    throw new AppError(
      400,
      'UNKNOWN_PHOTO',
      'One of the photos is not one you added to this violation, or it was already sent. Add it again.',
      { fields: { photoIds: 'Add the photo again' } },
    );
  return rows;
}
