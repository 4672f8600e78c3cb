import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  allowedAttachmentsSentence,
  attachmentKindOf,
  attachmentLimits,
  attachmentTargetSchema,
  type Attachment,
  type AttachmentKind,
  type AttachmentTarget,
  type PageQuery,
  type WorkOrderAttachment,
  type WorkOrderAttachmentList,
} from '@commonwise/contracts';
import { attachments, breakoutRooms, chatThreads, workOrders } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { FileNotFoundError, type FileStorage } from '../../plugins/storage.ts';
import { getOwnThread } from '../chat/chat.service.ts';
import {
  assertContentMatches,
  assertHeadIsSafe,
  assertTailIsSafe,
  kindFromFileName,
  TextChecker,
} from '../documents/file-sniffing.ts';
import { maxImagePixels, tailBytes } from '../documents/container-checks.ts';
import { roomAccessCondition, visibleWorkOrdersCondition } from '../work-orders/work-order-access.ts';
import { getWorkOrder, requireTaskWork } from '../work-orders/work-orders.service.ts';
import { roomForPosting } from '../work-rooms/work-rooms.service.ts';
import { requireOwnOpenInspection } from '../violations/inspections.service.ts';
import { requireCurableOwnViolation } from '../violations/owner-violations.service.ts';
import { violationPhotoSeen } from '../violations/violation-access.ts';
import { announcementFileSeen, announcementForFiles } from '../announcements/announcement-files.ts';
import { announcementAuthorScope } from '../access/scope.ts';
import { bookingFileRemovable, bookingFileSeen, bookingForFiles } from '../amenities/booking-files.ts';
import {
  vendorDocumentFileKeeper,
  vendorDocumentFileRemovable,
  vendorDocumentFileSeen,
  vendorDocumentForFiles,
  lockVendorDocumentForFiles,
} from '../vendors/vendor-files.ts';
import {
  lockVendorInvoiceForFiles,
  vendorInvoiceFileRemovable,
  vendorInvoiceFileSeen,
  vendorInvoiceForFiles,
} from '../invoices/invoice-files.ts';
import {
  bidFileRemovable,
  bidFileSeen,
  bidForFiles,
  bidRequestFileRemovable,
  bidRequestFileSeen,
  bidRequestForFiles,
  lockBidForFiles,
  lockBidRequestForFiles,
} from '../bids/bid-files.ts';
import { photoEvidenceOf, type PhotoEvidence } from '../violations/photo-evidence.ts';
import type { AttachmentLinks, AttachmentVariant } from './attachment-links.ts';
import { decodeHeic, HeicError, heicExif } from './heic.ts';
import { processImage, stripVideoMetadata } from './media.ts';
import { toAttachment, withUploaders, type AttachmentRow } from './message-attachments.ts';

export type AttachmentsContext = ServiceContext & { storage: FileStorage; links: AttachmentLinks };

/** People who document work: their photos keep where and when they were taken. */
const documentsWork = (role: ServiceContext['actor']['role']) =>
  role === 'admin' || role === 'manager' || role === 'vendor';

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_FILE_TYPE', message);

/** What file-type calls the accepted photos and videos. */
const imageTypes: Record<string, true> = { jpg: true, png: true, webp: true, gif: true };
const videoTypes: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m4v: 'video/mp4',
};

const maxBytesOf: Record<AttachmentKind, number> = {
  image: attachmentLimits.imageMaxBytes,
  video: attachmentLimits.videoMaxBytes,
  file: attachmentLimits.fileMaxBytes,
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Where an upload is going and whether the caller may add to it there: their own conversation, a
 * room they may post in (open), or a task they work on. Decided before a byte is read.
 */
async function destinationOf(ctx: ServiceContext, target: AttachmentTarget): Promise<Destination> {
  if (target.threadId) {
    await getOwnThread(ctx.db, ctx.actor.id, target.threadId);
    return { threadId: target.threadId, propertyId: null, workOrderId: null };
  }
  if (target.inspectionId) {
    // A violation photo goes only to the caller's own open inspection.
    const inspection = await requireOwnOpenInspection(ctx.db, ctx, target.inspectionId);
    return {
      inspectionId: inspection.id,
      propertyId: inspection.propertyId,
      workOrderId: null,
      timeZone: inspection.timeZone,
    };
  }
  if (target.violationId) {
    // An owner's photo of the cure goes only to an open, curable violation they were sent a notice about.
    const violation = await requireCurableOwnViolation(ctx.db, ctx.actor, target.violationId);
    return {
      violationId: violation.id,
      propertyId: violation.propertyId,
      workOrderId: null,
      timeZone: violation.timeZone,
    };
  }
  if (target.announcementId) {
    // A file of an announcement: its authors add it while it is a draft or scheduled.
    const announcement = await announcementForFiles(ctx, target.announcementId);
    return { announcementId: announcement.id, propertyId: announcement.propertyId, workOrderId: null };
  }
  if (target.bookingId) {
    // A deposit settlement's evidence: the association's managers add it while the deposit is held.
    const booking = await bookingForFiles(ctx, target.bookingId);
    return { bookingId: booking.id, propertyId: booking.propertyId, workOrderId: null };
  }
  if (target.vendorDocumentId) {
    // A vendor's certificate, licence or W-9: its keepers add it, or its company's people while it waits.
    const document = await vendorDocumentForFiles(ctx, target.vendorDocumentId);
    return { vendorDocumentId: document.id, propertyId: null, workOrderId: null, folder: 'vendors' };
  }
  if (target.vendorInvoiceId) {
    // A vendor invoice's file: the company's people add it while it is reviewed, its managers at any time.
    const invoice = await vendorInvoiceForFiles(ctx, target.vendorInvoiceId);
    return { vendorInvoiceId: invoice.id, propertyId: invoice.propertyId, workOrderId: null };
  }
  if (target.bidRequestId) {
    // A photo or plan of a request for bids: the association's managers add it while the request is open.
    const request = await bidRequestForFiles(ctx, target.bidRequestId);
    return { bidRequestId: request.id, propertyId: request.propertyId, workOrderId: null };
  }
  if (target.bidId) {
    // A bid's file (its quote): the company's people add it while bids are taken.
    const bid = await bidForFiles(ctx, target.bidId);
    return { bidId: bid.id, propertyId: bid.propertyId, workOrderId: null };
  }
  if (target.roomId) {
    const { workOrder } = await roomForPosting(ctx, target.roomId);
    return { roomId: target.roomId, propertyId: workOrder.propertyId, workOrderId: workOrder.id };
  }
  const { task, workOrder } = await requireTaskWork(ctx, target.taskId!);
  return { taskId: task.id, propertyId: workOrder.propertyId, workOrderId: workOrder.id };
}

function parseTarget(fields: Record<string, string>): AttachmentTarget {
  const parsed = attachmentTargetSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'target');
  throw new AppError(400, 'VALIDATION_FAILED', issue.message, { fields: { [field]: issue.message } });
}

/** Reads a file part into memory, refusing it as soon as it is larger than its kind allows. */
async function readLimited(part: Extract<Multipart, { type: 'file' }>, fileName: string, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      part.file.resume();
      throw new AppError(
        413,
        'FILE_TOO_LARGE',
        `"${fileName}" is larger than the ${megabytes(maxBytes)} limit for this kind of file.`,
      );
    }
    chunks.push(chunk);
  }
  if (size === 0) throw new AppError(400, 'EMPTY_FILE', `"${fileName}" is empty.`);
  return Buffer.concat(chunks);
}

type Destination = {
  threadId?: string;
  roomId?: string;
  taskId?: string;
  /** A violation photo: its EXIF time and place are read as evidence, in the association's time zone. */
  inspectionId?: string;
  /** An owner's photo of the cure: when it was taken is kept (not where: it is their home). */
  violationId?: string;
  /** A file of an announcement, shown with it. */
  announcementId?: string;
  /** A photo or file of a booking's deposit settlement. */
  bookingId?: string;
  /** A vendor's compliance document (its certificate, licence or W-9). */
  vendorDocumentId?: string;
  /** A vendor invoice (the invoice itself, receipts, photos of the work). */
  vendorInvoiceId?: string;
  /** A photo or plan of a request for bids. */
  bidRequestId?: string;
  /** A file of a company's bid. */
  bidId?: string;
  /** Where its files are kept when it belongs to no association (default: with conversations). */
  folder?: string;
  timeZone?: string;
  propertyId: string | null;
  workOrderId: string | null;
};

type Prepared = {
  kind: AttachmentKind;
  mimeType: string;
  body: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
  keptLocation: boolean;
  evidence: PhotoEvidence | null;
};

/** Checks a file by its bytes, then makes it what is stored: photos re-encoded, videos without metadata. */
async function prepare(
  ctx: ServiceContext,
  fileName: string,
  kind: AttachmentKind,
  bytes: Buffer,
  destination: Destination,
): Promise<Prepared> {
  if (kind === 'file') {
    const documentKind = kindFromFileName(fileName);
    await assertContentMatches(fileName, documentKind, bytes.subarray(0, 64 * 1024));
    assertHeadIsSafe(fileName, documentKind, bytes.subarray(0, 64 * 1024));
    if (documentKind === 'txt') new TextChecker(fileName).check(bytes, true);
    assertTailIsSafe(
      fileName,
      documentKind,
      bytes.subarray(Math.max(0, bytes.length - tailBytes)),
      bytes.length,
    );
    const mimeTypes: Record<string, string> = {
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      txt: 'text/plain; charset=utf-8',
    };
    return {
      kind,
      mimeType: mimeTypes[documentKind]!,
      body: bytes,
      thumbnail: null,
      width: null,
      height: null,
      keptLocation: false,
      evidence: null,
    };
  }
  const detected = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
  if (kind === 'image') {
    // An iPhone's HEIC photo is decoded on a thread of its own, then kept as a JPEG like any other.
    const isHeic = detected?.ext === 'heic' || detected?.ext === 'heif';
    if (!detected || (!imageTypes[detected.ext] && !isHeic))
      throw unsupported(
        `"${fileName}" is not a photo: its contents are ${detected ? `.${detected.ext}` : 'not an image'}. ${allowedAttachmentsSentence}`,
      );
    // A violation photo's file keeps no metadata: its time and place are kept as evidence instead.
    const isEvidence = destination.inspectionId !== undefined || destination.violationId !== undefined;
    const keepLocation = !isEvidence && documentsWork(ctx.actor.role);
    try {
      const decoded = isHeic ? await decodeHeic(bytes, maxImagePixels) : null;
      const image = decoded
        ? await processImage(decoded.data, keepLocation, decoded)
        : await processImage(bytes, keepLocation);
      const evidence = isEvidence
        ? photoEvidenceOf(decoded ? heicExif(bytes) : image.exif, destination.timeZone!)
        : null;
      return {
        evidence:
          evidence && destination.violationId ? { ...evidence, latitude: null, longitude: null } : evidence,
        kind,
        mimeType: image.mimeType,
        body: image.full,
        thumbnail: image.thumbnail,
        width: image.width,
        height: image.height,
        keptLocation: keepLocation && !decoded,
      };
    } catch (error) {
      const reason = error instanceof HeicError ? error.reason : ((error as Error).message ?? '');
      throw new AppError(
        422,
        'UNREADABLE_IMAGE',
        reason === 'too-many-pixels' || /pixel limit/i.test(reason)
          ? `"${fileName}" has too many pixels to be read safely. Send a smaller photo.`
          : `"${fileName}" could not be read as a photo: it may be damaged. Try taking or choosing it again.`,
      );
    }
  }
  const videoType = detected ? videoTypes[detected.ext] : undefined;
  if (!videoType)
    throw unsupported(
      `"${fileName}" is not a video we can show: its contents are ${detected ? `.${detected.ext}` : 'not a video'}. ${allowedAttachmentsSentence}`,
    );
  const body = Buffer.from(bytes);
  if (videoType !== 'video/webm' && stripVideoMetadata(body) === null)
    throw new AppError(
      422,
      'UNREADABLE_VIDEO',
      `"${fileName}" could not be read as a video: it may be damaged.`,
    );
  return {
    kind,
    mimeType: videoType,
    body,
    thumbnail: null,
    width: null,
    height: null,
    keptLocation: false,
    evidence: null,
  };
}

/** A stored file's name: letters, digits, dots, dashes and underscores only. */
const safeName = (fileName: string) =>
  fileName
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-80) || 'file';

/**
 * Takes a multipart upload (the destination's field first, then the file), checks and stores it, and
 * records it as not yet sent. The files are stored before the record; if saving it fails they are
 * removed, and a crash in between leaves files the orphan sweep removes.
 */
export async function uploadAttachment(
  ctx: AttachmentsContext,
  parts: AsyncIterableIterator<Multipart>,
): Promise<Attachment> {
  const fields: Record<string, string> = Object.create(null);
  let result: Attachment | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (result) continue;
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (result || part.fieldname !== 'file') {
      part.file.resume();
      throw new AppError(400, 'ONE_FILE', 'Send exactly one file, in the field "file".');
    }
    const target = parseTarget(fields);
    const fileName = (part.filename ?? '').trim() || 'file';
    const kind = attachmentKindOf(fileName);
    if (!kind || fileName.includes('\u0000')) {
      part.file.resume();
      throw unsupported(`"${fileName}" cannot be attached. ${allowedAttachmentsSentence}`);
    }
    if (target.inspectionId && kind !== 'image') {
      part.file.resume();
      throw unsupported(`"${fileName}" is not a photo. A violation's evidence is photos (JPEG or PNG).`);
    }
    if (target.violationId && kind !== 'image') {
      part.file.resume();
      throw unsupported(`"${fileName}" is not a photo. Send photos of the cure (JPEG, PNG or HEIC).`);
    }
    let destination: Destination;
    try {
      destination = await destinationOf(ctx, target);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const bytes = await readLimited(part, fileName, maxBytesOf[kind]);
    const prepared = await prepare(ctx, fileName, kind, bytes, destination);
    result = await store(ctx, { ...destination, fileName }, prepared);
  }
  if (!result)
    throw new AppError(400, 'NO_FILE', 'Choose a file to attach', {
      fields: { file: 'Choose a file to attach' },
    });
  return result;
}

async function store(
  ctx: AttachmentsContext,
  destination: Destination & { fileName: string },
  prepared: Prepared,
): Promise<Attachment> {
  const id = randomUUID();
  const folder = `attachments/${destination.propertyId ?? destination.folder ?? 'conversations'}/${id}`;
  const extension = prepared.kind === 'image' ? (prepared.mimeType === 'image/png' ? '.png' : '.jpg') : '';
  const baseName = safeName(destination.fileName).replace(/\.[A-Za-z0-9]+$/, '');
  const filePath = `${folder}/${prepared.kind === 'image' ? `${baseName}${extension}` : safeName(destination.fileName)}`;
  const thumbnailPath = prepared.thumbnail ? `${folder}/thumbnail.jpg` : null;
  const written: string[] = [];
  try {
    await ctx.storage.put(filePath, Readable.from([prepared.body]), prepared.mimeType);
    written.push(filePath);
    if (thumbnailPath && prepared.thumbnail) {
      await ctx.storage.put(thumbnailPath, Readable.from([prepared.thumbnail]), 'image/jpeg');
      written.push(thumbnailPath);
    }
    const insertRow = (db: Db) =>
      db
        .insert(attachments)
        .values({
          id,
          propertyId: destination.propertyId,
          uploadedBy: ctx.actor.id,
          kind: prepared.kind,
          fileName: destination.fileName.slice(0, 255),
          mimeType: prepared.mimeType,
          sizeBytes: prepared.body.length,
          filePath,
          thumbnailPath,
          width: prepared.width,
          height: prepared.height,
          keptLocation: prepared.keptLocation,
          threadId: destination.threadId ?? null,
          roomId: destination.roomId ?? null,
          taskId: destination.taskId ?? null,
          inspectionId: destination.inspectionId ?? null,
          violationId: destination.violationId ?? null,
          announcementId: destination.announcementId ?? null,
          bookingId: destination.bookingId ?? null,
          vendorDocumentId: destination.vendorDocumentId ?? null,
          vendorInvoiceId: destination.vendorInvoiceId ?? null,
          bidRequestId: destination.bidRequestId ?? null,
          bidId: destination.bidId ?? null,
          workOrderId: destination.workOrderId,
          takenAt: prepared.evidence?.takenAt ?? null,
          latitude: prepared.evidence?.latitude ?? null,
          longitude: prepared.evidence?.longitude ?? null,
        })
        .returning();
    // A vendor document's status and file count were read before the upload was: read them again under
    // the document's lock, so that a review in between or parallel uploads cannot slip past them.
    const vendorDocumentId = destination.vendorDocumentId;
    // An invoice's status and file count likewise, under the invoice's lock.
    const vendorInvoiceId = destination.vendorInvoiceId;
    const [row] = vendorInvoiceId
      ? await ctx.db.transaction(async (tx) => {
          await lockVendorInvoiceForFiles({ ...ctx, db: tx }, vendorInvoiceId);
          return insertRow(tx);
        })
      : vendorDocumentId
        ? await ctx.db.transaction(async (tx) => {
            await lockVendorDocumentForFiles({ ...ctx, db: tx }, vendorDocumentId);
            return insertRow(tx);
          })
        : // A request's status, a bid's and the due time likewise, under the request's lock (bids lock it).
          destination.bidRequestId || destination.bidId
          ? await ctx.db.transaction(async (tx) => {
              if (destination.bidRequestId)
                await lockBidRequestForFiles({ ...ctx, db: tx }, destination.bidRequestId);
              else await lockBidForFiles({ ...ctx, db: tx }, destination.bidId!);
              return insertRow(tx);
            })
          : await insertRow(ctx.db);
    return toAttachment(ctx.links, row!, { id: ctx.actor.id, fullName: ctx.actor.fullName });
  } catch (error) {
    for (const key of written) await ctx.storage.remove(key).catch(() => {});
    if (error instanceof AppError) throw error;
    throw new AppError(500, 'UPLOAD_FAILED', 'The file could not be saved. Please try again.');
  }
}

/**
 * Who may open an attachment, in one place: its uploader until it is sent; then whoever may read
 * where it was sent — the conversation's owner, the room's readers, those who see the task's work
 * order — and, for a report's photos carried to a work order, those who see the work order.
 */
export function attachmentAccessCondition(person: ServiceContext['actor']): SQL {
  const workOrderSeen = (workOrderId: SQL) => {
    const visible = visibleWorkOrdersCondition(person);
    return sql`exists (select 1 from ${workOrders} where ${workOrders.id} = ${workOrderId}${visible ? sql` and ${visible}` : sql``})`;
  };
  return or(
    and(
      isNull(attachments.messageId),
      isNull(attachments.taskSentAt),
      isNull(attachments.violationEventId),
      // An announcement's file is its announcement's from the start: its uploader opens it as one of
      // its authors (below), and not once they no longer are.
      isNull(attachments.announcementId),
      isNull(attachments.bookingId),
      isNull(attachments.vendorDocumentId),
      isNull(attachments.vendorInvoiceId),
      isNull(attachments.bidRequestId),
      isNull(attachments.bidId),
      eq(attachments.uploadedBy, person.id),
    ),
    and(
      isNotNull(attachments.messageId),
      isNotNull(attachments.threadId),
      sql`exists (select 1 from ${chatThreads} where ${chatThreads.id} = ${attachments.threadId} and ${chatThreads.userId} = ${person.id})`,
    ),
    and(
      isNotNull(attachments.messageId),
      isNotNull(attachments.threadId),
      isNotNull(attachments.workOrderId),
      workOrderSeen(sql`${attachments.workOrderId}`),
    ),
    and(
      isNotNull(attachments.messageId),
      isNotNull(attachments.roomId),
      sql`exists (select 1 from ${breakoutRooms} where ${breakoutRooms.id} = ${attachments.roomId} and ${roomAccessCondition(person)})`,
    ),
    and(isNotNull(attachments.taskSentAt), workOrderSeen(sql`${attachments.workOrderId}`)),
    and(
      isNotNull(attachments.violationEventId),
      violationPhotoSeen(person, sql`${attachments.violationEventId}`, sql`${attachments.uploadedBy}`),
    ),
    and(
      isNotNull(attachments.announcementId),
      announcementFileSeen(person, sql`${attachments.announcementId}`),
    ),
    and(isNotNull(attachments.bookingId), bookingFileSeen(person, sql`${attachments.bookingId}`)),
    and(
      isNotNull(attachments.vendorDocumentId),
      vendorDocumentFileSeen(person, sql`${attachments.vendorDocumentId}`),
    ),
    and(
      isNotNull(attachments.vendorInvoiceId),
      vendorInvoiceFileSeen(person, sql`${attachments.vendorInvoiceId}`),
    ),
    and(isNotNull(attachments.bidRequestId), bidRequestFileSeen(person, sql`${attachments.bidRequestId}`)),
    and(isNotNull(attachments.bidId), bidFileSeen(person, sql`${attachments.bidId}`)),
  )!;
}

async function readableAttachment(ctx: ServiceContext, id: string): Promise<AttachmentRow> {
  const [row] = await ctx.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), attachmentAccessCondition(ctx.actor)));
  if (!row) throw notFound('Attachment');
  return row;
}

/** One attachment with fresh links (a page open for over an hour asks again). */
export async function getAttachment(ctx: AttachmentsContext, id: string): Promise<Attachment> {
  const row = await readableAttachment(ctx, id);
  return (await withUploaders(ctx.db, ctx.links, [row]))[0]!;
}

/**
 * Opens a file for a signed link: the signature, its expiry and the caller's access must all hold.
 * S3 answers with a presigned link of its own (the caller is redirected).
 */
export async function openAttachmentFile(
  ctx: AttachmentsContext,
  id: string,
  query: { variant: AttachmentVariant; expires: number; signature: string },
) {
  const row = await readableAttachment(ctx, id);
  const path = query.variant === 'thumbnail' ? row.thumbnailPath : row.filePath;
  if (!path || !ctx.links.isValid(row.id, path, query.variant, query.expires, query.signature))
    throw new AppError(403, 'INVALID_LINK', 'This file link is not valid. Open the conversation again.');
  if (query.expires * 1000 < Date.now())
    throw new AppError(
      403,
      'LINK_EXPIRED',
      'This file link has expired (links last one hour). Open the conversation again.',
    );
  const isThumbnail = query.variant === 'thumbnail';
  const info = {
    contentType: isThumbnail ? 'image/jpeg' : row.mimeType,
    fileName: isThumbnail ? 'thumbnail.jpg' : row.fileName,
    // Photos (re-encoded here) and videos are shown in the page; files are downloaded.
    inline: row.kind !== 'file' || row.mimeType === 'application/pdf',
  };
  try {
    const redirect = await ctx.storage.presignedUrl(path, 300, info);
    if (redirect) return { redirect, ...info, expires: query.expires };
    return { stream: await ctx.storage.open(path), ...info, expires: query.expires };
  } catch (error) {
    if (error instanceof FileNotFoundError)
      throw new AppError(404, 'FILE_MISSING', 'This file is no longer stored.');
    throw new AppError(500, 'FILE_ACCESS_FAILED', 'The file could not be opened. Please try again.');
  }
}

/** Removes an upload its uploader decided not to send (sent ones stay with their message). */
export async function deleteUnsentAttachment(ctx: AttachmentsContext, id: string): Promise<void> {
  const [row] = await ctx.db
    .delete(attachments)
    .where(
      and(
        eq(attachments.id, id),
        // Its uploader, or a vendor document's keepers (a wrong file a vendor sent, verified by mistake).
        sql`(${attachments.uploadedBy} = ${ctx.actor.id} or (${attachments.vendorDocumentId} is not null
          and ${vendorDocumentFileKeeper(ctx.actor, sql`${attachments.vendorDocumentId}`)}))`,
        isNull(attachments.messageId),
        isNull(attachments.taskSentAt),
        isNull(attachments.violationEventId),
        // An announcement's file goes with it once it is published.
        sql`(${attachments.announcementId} is null or exists (select 1 from announcements a
          where a.id = ${attachments.announcementId} and a.status in ('draft', 'scheduled')
            and ${announcementAuthorScope(ctx.actor, sql`a.property_id`) ?? sql`true`}))`,
        // A deposit's evidence stays once the deposit is settled.
        sql`(${attachments.bookingId} is null or ${bookingFileRemovable(ctx.actor, sql`${attachments.bookingId}`)})`,
        // A vendor document's files: its keepers' while it is not withdrawn, its people's while it waits.
        sql`(${attachments.vendorDocumentId} is null or ${vendorDocumentFileRemovable(ctx.actor, sql`${attachments.vendorDocumentId}`)})`,
        // A vendor invoice's files: its uploader's while the invoice is received or in review.
        sql`(${attachments.vendorInvoiceId} is null or ${vendorInvoiceFileRemovable(sql`${attachments.vendorInvoiceId}`)})`,
        // A request's photos while it is open, if its uploader still runs it; a bid's while bids are taken.
        sql`(${attachments.bidRequestId} is null or ${bidRequestFileRemovable(ctx.actor, sql`${attachments.bidRequestId}`)})`,
        sql`(${attachments.bidId} is null or ${bidFileRemovable(ctx.actor, sql`${attachments.bidId}`)})`,
      ),
    )
    .returning();
  if (!row) {
    const existing = await readableAttachment(ctx, id);
    if (existing.vendorDocumentId && existing.uploadedBy !== ctx.actor.id)
      throw new AppError(
        403,
        'NOT_UPLOADER',
        'Only the person who added this file, or the managers who keep the company’s record, can remove it.',
      );
    if (
      (existing.announcementId || existing.bookingId || existing.vendorInvoiceId) &&
      existing.uploadedBy !== ctx.actor.id
    )
      throw new AppError(403, 'NOT_UPLOADER', 'Only the person who added this file can remove it.');
    if (existing.bidRequestId || existing.bidId)
      throw existing.uploadedBy !== ctx.actor.id
        ? new AppError(403, 'NOT_UPLOADER', 'Only the person who added this file can remove it.')
        : new AppError(
            409,
            'ATTACHMENT_SENT',
            existing.bidId
              ? 'Bids are no longer taken on this request: your bid’s files stay as they were sent.'
              : 'This request for bids is no longer open: its photos and plans stay as the vendors saw them.',
          );
    throw new AppError(
      409,
      'ATTACHMENT_SENT',
      existing.announcementId
        ? 'This file went out with its announcement and stays with it. Withdraw the announcement to take it back.'
        : existing.bookingId
          ? 'The deposit is settled: its photos and files stay with the booking as the booker was shown them.'
          : existing.vendorDocumentId
            ? 'This document is no longer waiting for review: only the managers who keep the company’s record can change its files, and a withdrawn document’s files stay with it.'
            : existing.vendorInvoiceId
              ? 'This invoice is past its review: its files stay with it as they were reviewed.'
              : 'This file was already sent and stays with its message.',
    );
  }
  for (const key of [row.filePath, row.thumbnailPath]) if (key) await ctx.storage.remove(key).catch(() => {});
}

/**
 * A work order's photos and files, newest first: its report's, its rooms' and its tasks' — those of
 * them the caller may open (a resident who is not in the room does not see the room's).
 */
export async function listWorkOrderAttachments(
  ctx: AttachmentsContext,
  workOrderId: string,
  query: PageQuery,
): Promise<WorkOrderAttachmentList> {
  await getWorkOrder(ctx, workOrderId);
  const where = and(
    eq(attachments.workOrderId, workOrderId),
    or(isNotNull(attachments.messageId), isNotNull(attachments.taskSentAt)),
    attachmentAccessCondition(ctx.actor),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(attachments)
      .where(where)
      .orderBy(desc(attachments.createdAt), desc(attachments.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(attachments).where(where),
  ]);
  const listed = await withUploaders(ctx.db, ctx.links, rows);
  return {
    attachments: listed.map((attachment, index): WorkOrderAttachment => ({
      ...attachment,
      source: rows[index]!.taskId ? 'task' : rows[index]!.roomId ? 'room' : 'report',
    })),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}
