import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { documentCategories, documentStatuses } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category', { enum: documentCategories }).notNull(),
    /** Key in the file storage: property/category/timestamp_name, never reused. */
    filePath: text('file_path').notNull().unique(),
    /** The uploaded file's own name, and its type as sniffed from its bytes. */
    fileName: text('file_name').notNull().default(''),
    mimeType: text('mime_type').notNull().default('application/octet-stream'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** Processing status: pending → processing → completed | failed. */
    status: text('status', { enum: documentStatuses }).notNull().default('pending'),
    /** Why processing failed, in words for a person; null unless failed. */
    statusReason: text('status_reason'),
    pageCount: integer('page_count'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    isRequired: boolean('is_required').notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('property_documents_category_check', sql`${t.category} in ${inList(documentCategories)}`),
    check('property_documents_status_check', sql`${t.status} in ${inList(documentStatuses)}`),
    index('property_documents_property_category_idx').on(t.propertyId, t.category),
  ],
);

/** Extracted text, one row per page (1 for files without pages), searchable in full text. */
export const documentContents = pgTable(
  'document_contents',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    content: text('content').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "content")`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.page] }),
    check('document_contents_page_check', sql`${t.page} >= 1`),
    index('document_contents_search_idx').using('gin', t.search),
  ],
);

/**
 * A document's sections (documents/structure.ts), made from its pages when it is processed: what the
 * assistant searches to answer rules questions, and quotes from, block by block. Headings weigh more
 * than body text in the search.
 */
export const documentSections = pgTable(
  'document_sections',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    number: text('number'),
    /** "Rule" or "Regulation" when the document numbers its parts so ("Rule 14."); null for "Section". */
    designation: text('designation'),
    title: text('title'),
    context: text('context'),
    page: integer('page').notNull(),
    /** Paragraphs and list items: { text, kind, page, pageStarts }[]. */
    blocks: jsonb('blocks').notNull(),
    content: text('content').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '') || ' ' || coalesce("context", '')), 'A') || setweight(to_tsvector('english'::regconfig, "content"), 'B')`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.ordinal] }),
    index('document_sections_search_idx').using('gin', t.search),
  ],
);
