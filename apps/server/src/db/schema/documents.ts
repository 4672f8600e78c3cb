import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentCategories, documentStatuses } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { inList } from './sql.ts';

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    filePath: text('file_path').notNull().unique(),
    status: text('status').notNull().default('pending'),
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

export const documentContents = pgTable('document_contents', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
