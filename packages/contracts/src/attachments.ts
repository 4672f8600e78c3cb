import { z } from 'zod';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * Photos, short videos and files attached where work is discussed (issue 26 item 2): a message of an
 * assistant conversation, a message of a work room, a task's completion. A file is uploaded first
 * (with its destination, which decides who may add to it) and then sent with the message or the
 * completion that names it; until then only its uploader sees it.
 */
export const attachmentKinds = ['image', 'video', 'file'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** What each kind accepts, by extension; the bytes must agree (checked on the server). */
export const attachmentExtensions = {
  image: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'heif'],
  video: ['mp4', 'mov', 'webm'],
  file: ['pdf', 'doc', 'docx', 'txt'],
} as const satisfies Record<AttachmentKind, readonly string[]>;

/** For the file picker: what a phone offers (camera and gallery) and the files a computer may add. */
export const attachmentAccept = 'image/*,video/*,.pdf,.doc,.docx,.txt';

export const attachmentLimits = {
  /** Photos as phones take them (a 48-megapixel JPEG is about 12 MB); stored resized. */
  imageMaxBytes: 20 * 1024 * 1024,
  /** Short clips: a minute of phone video is 30–100 MB, so "short" means well under that. */
  videoMaxBytes: 50 * 1024 * 1024,
  fileMaxBytes: 25 * 1024 * 1024,
  /** The long side of a stored photo; its thumbnail's. */
  imageMaxSide: 2048,
  thumbnailSide: 320,
  perMessage: 6,
} as const;

export const allowedAttachmentsSentence =
  'You can attach photos (.jpg, .png, .webp, .gif, .heic), short videos (.mp4, .mov, .webm) and files (.pdf, .doc, .docx, .txt).';

/** Where an upload is going: exactly one of a conversation, a room or a task. */
export const attachmentTargetSchema = z
  .object({
    threadId: z.uuid('That is not a valid conversation id').optional(),
    roomId: z.uuid('That is not a valid room id').optional(),
    taskId: z.uuid('That is not a valid task id').optional(),
    /** A photo of a violation, taken during an inspection (issue 21). */
    inspectionId: z.uuid('That is not a valid inspection id').optional(),
    /** An owner's photo of the cure of their violation (issue 21 item 5), sent with their cure report. */
    violationId: z.uuid('That is not a valid violation id').optional(),
    /** A file of an announcement (issue 23), added by its authors before it goes out. */
    announcementId: z.uuid('That is not a valid announcement id').optional(),
    /** A photo or file of a booking's deposit settlement (issue 23 item 5), added by its managers. */
    bookingId: z.uuid('That is not a valid booking id').optional(),
    /** A vendor's certificate, licence or W-9 (issue 24 item 1), added by its keepers or its submitter. */
    vendorDocumentId: z.uuid('That is not a valid vendor document id').optional(),
    /** A photo or plan of a request for bids (issue 24 item 2), added by the association's managers. */
    bidRequestId: z.uuid('That is not a valid request id').optional(),
    /** A file of a company's bid (its quote), added by the company's people while bids are taken. */
    bidId: z.uuid('That is not a valid bid id').optional(),
    /** A file of a vendor's invoice (issue 24 item 3), added by the company's people or the association's managers. */
    vendorInvoiceId: z.uuid('That is not a valid invoice id').optional(),
  })
  .strict()
  .refine(
    (target) =>
      [
        target.threadId,
        target.roomId,
        target.taskId,
        target.inspectionId,
        target.violationId,
        target.announcementId,
        target.bookingId,
        target.vendorDocumentId,
        target.bidRequestId,
        target.bidId,
        target.vendorInvoiceId,
      ].filter(Boolean).length === 1,
    'Say where the file is going: a conversation, a room, a task, an inspection, a violation, an announcement, a booking, a vendor document, a request for bids, a bid or an invoice',
  );
export type AttachmentTarget = z.infer<typeof attachmentTargetSchema>;

export const attachmentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(attachmentKinds),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** Of the stored photo (after resizing); null for videos and files. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Signed links that work for an hour; the caller's access is checked again when they are opened. */
  url: z.string(),
  /** A small JPEG of a photo; null for videos and files. */
  thumbnailUrl: z.string().nullable(),
  linksExpireAt: z.iso.datetime(),
  uploadedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentIdParamsSchema = z.object({ id: z.uuid('That is not a valid attachment id') });

/** The uploads sent with a message or a completion: the caller's own, not yet sent with anything. */
export const attachmentIdsField = z
  .array(z.uuid('That is not a valid attachment id'), 'Attachments are a list of ids')
  .max(attachmentLimits.perMessage, `At most ${attachmentLimits.perMessage} attachments at a time`)
  .optional();

export const attachmentFileQuerySchema = z.object({
  variant: z.enum(['full', 'thumbnail'], 'Choose the full file or its thumbnail').default('full'),
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
});
export type AttachmentFileQuery = z.input<typeof attachmentFileQuerySchema>;

/** A work order's photos and files, wherever they were attached: newest first. */
export const workOrderAttachmentListQuerySchema = z.object(pageQueryFields(24));
export const workOrderAttachmentSchema = attachmentSchema.extend({
  /** Where it was attached: the resident's report, a room message or a task. */
  source: z.enum(['report', 'room', 'task']),
});
export type WorkOrderAttachment = z.infer<typeof workOrderAttachmentSchema>;
export const workOrderAttachmentListSchema = z.object({
  attachments: z.array(workOrderAttachmentSchema),
  ...pageFields,
});
export type WorkOrderAttachmentList = z.infer<typeof workOrderAttachmentListSchema>;

/** The kind a file name claims, or undefined when its extension is not accepted. */
export function attachmentKindOf(fileName: string): AttachmentKind | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const extension = match ? match[1]!.toLowerCase() : '';
  for (const kind of attachmentKinds)
    if ((attachmentExtensions[kind] as readonly string[]).includes(extension)) return kind;
  return undefined;
}

/**
 * The files of one thing (an announcement, a booking's deposit settlement), with signed links that work
 * for an hour; they are added through POST /api/attachments naming it.
 */
export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;
