import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { attachmentKinds } from '@commonwise/contracts';
import { bookings } from './amenities.ts';
import { announcements } from './announcements.ts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { breakoutRooms, chatMessages, chatThreads } from './chat.ts';
import { workOrders, workOrderTasks } from './work-orders.ts';
import { inList } from './sql.ts';
import { inspections, violationEvents, violations } from './violations.ts';
import { bidRequests, bids } from './bids.ts';
import { vendorInvoices } from './invoices.ts';
import { vendorDocuments } from './vendors.ts';

/**
 * Photos, videos and files attached to a conversation's message, a room's message or a task (issue 26
 * item 2). An upload names its destination (thread, room or task) at once, which decides who may add
 * to it; it is "sent" when a message or a task change names it (message_id or task_sent_at), and until
 * then only its uploader sees it. work_order_id gathers every photo of a work order: a room's and a
 * task's at once, a report's when the assistant opens the work order from it.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: attachmentKinds }).notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filePath: text('file_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    width: integer('width'),
    height: integer('height'),
    /** A staff member documenting work keeps the photo's location; everyone else's is removed. */
    keptLocation: boolean('kept_location').notNull().default(false),
    threadId: uuid('thread_id').references(() => chatThreads.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => breakoutRooms.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => workOrderTasks.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    taskSentAt: timestamp('task_sent_at', { withTimezone: true }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    /**
     * A violation photo (issue 21): uploaded to its inspector's inspection, then "sent" with the
     * violation's observation (violation_event_id). The stored file keeps no metadata; when and where it
     * was taken, read from its EXIF data, are kept here as the evidence.
     */
    inspectionId: uuid('inspection_id').references(() => inspections.id, { onDelete: 'cascade' }),
    /** An owner's photo of the cure: uploaded to their violation, sent with their cure report. */
    violationId: uuid('violation_id').references(() => violations.id, { onDelete: 'cascade' }),
    violationEventId: uuid('violation_event_id').references(() => violationEvents.id, {
      onDelete: 'cascade',
    }),
    /**
     * A file of an announcement (issue 23): added by its authors while it is a draft or scheduled, read by
     * whoever may read the announcement (its audience once published, its authors always).
     */
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    /**
     * A photo or file of a booking's deposit settlement (issue 23 item 5): the damage or the clean-up,
     * added by the association's managers while the deposit is held, shown to the booker once it is
     * settled. Like an announcement's, it is its booking's from the start.
     */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /**
     * A vendor's certificate, licence or W-9 (issue 24 item 1): added by the company's keepers, or by its
     * submitter while a renewal waits for review; read by whoever may read the company in the directory
     * (a W-9's not by the board) and by the company's people. Its document's from the start.
     */
    vendorDocumentId: uuid('vendor_document_id').references(() => vendorDocuments.id, {
      onDelete: 'cascade',
    }),
    /**
     * Photos and plans of a request for bids (issue 24 item 2): added by the association's managers while
     * it is open, read by them, its board and the invited companies' people.
     */
    bidRequestId: uuid('bid_request_id').references(() => bidRequests.id, { onDelete: 'cascade' }),
    /**
     * A bid's own files (the quote as a PDF): added by the company's people while bids are taken, read by
     * them and, once the due time has passed, by the association's managers and board.
     */
    bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'cascade' }),
    /** An invoice's PDF or receipts (issue 24 item 3): the company's people add them when invoicing. */
    vendorInvoiceId: uuid('vendor_invoice_id').references(() => vendorInvoices.id, {
      onDelete: 'cascade',
    }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('attachments_kind_check', sql`${t.kind} in ${inList(attachmentKinds)}`),
    check(
      'attachments_one_target_check',
      sql`num_nonnulls(${t.threadId}, ${t.roomId}, ${t.taskId}, ${t.inspectionId}, ${t.violationId}, ${t.announcementId}, ${t.bookingId}, ${t.vendorDocumentId}, ${t.bidRequestId}, ${t.bidId}, ${t.vendorInvoiceId}) = 1`,
    ),
    index('attachments_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    index('attachments_announcement_idx')
      .on(t.announcementId, t.createdAt)
      .where(sql`${t.announcementId} is not null`),
    index('attachments_booking_idx')
      .on(t.bookingId, t.createdAt)
      .where(sql`${t.bookingId} is not null`),
    index('attachments_vendor_document_idx')
      .on(t.vendorDocumentId, t.createdAt)
      .where(sql`${t.vendorDocumentId} is not null`),
    index('attachments_bid_request_idx')
      .on(t.bidRequestId, t.createdAt)
      .where(sql`${t.bidRequestId} is not null`),
    index('attachments_bid_idx')
      .on(t.bidId, t.createdAt)
      .where(sql`${t.bidId} is not null`),
    index('attachments_vendor_invoice_idx')
      .on(t.vendorInvoiceId, t.createdAt)
      .where(sql`${t.vendorInvoiceId} is not null`),
    index('attachments_task_idx')
      .on(t.taskId)
      .where(sql`${t.taskId} is not null`),
    index('attachments_work_order_idx')
      .on(t.workOrderId, t.createdAt)
      .where(sql`${t.workOrderId} is not null`),
    // Uploads never sent, for the nightly purge.
    index('attachments_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null and ${t.taskSentAt} is null and ${t.violationEventId} is null`),
    index('attachments_violation_event_idx')
      .on(t.violationEventId)
      .where(sql`${t.violationEventId} is not null`),
    index('attachments_file_path_idx').on(t.filePath),
    index('attachments_thumbnail_path_idx').on(t.thumbnailPath),
  ],
);
