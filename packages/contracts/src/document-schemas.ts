import { z } from 'zod';
import { documentCategories, documentStatuses } from './documents.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

export const documentCategorySchema = z.enum(documentCategories, 'Choose one of the document categories');

export const propertyDocumentSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: documentCategorySchema,
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(documentStatuses),
  /** Why processing failed, in words for a person. */
  statusReason: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  isRequired: z.boolean(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
});
export type PropertyDocument = z.infer<typeof propertyDocumentSchema>;
export const propertyDocumentListSchema = z.object({
  documents: z.array(propertyDocumentSchema),
  ...pageFields,
});
export type PropertyDocumentList = z.infer<typeof propertyDocumentListSchema>;
/** A property's documents, newest first; `q` matches the name or the file name. */
export const propertyDocumentListQuerySchema = z.object({
  q: searchField,
  category: documentCategorySchema.optional(),
  ...pageQueryFields(50),
});
export type PropertyDocumentListQuery = z.input<typeof propertyDocumentListQuerySchema>;

export const documentIdParamsSchema = z.object({ documentId: z.uuid('That is not a valid document id') });

/** The text fields of an upload (multipart), sent before the file. */
export const documentUploadFieldsSchema = z.object({
  category: documentCategorySchema,
  name: z
    .string({ error: 'Document name is required' })
    .trim()
    .min(1, 'Document name is required')
    .max(200, 'Document name must be at most 200 characters'),
  description: z
    .string()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .optional()
    .transform((value) => (value ? value : null)),
});
export type DocumentUploadFields = z.input<typeof documentUploadFieldsSchema>;

export const requiredDocumentsStatusSchema = z.object({
  requiredCategories: z.array(documentCategorySchema),
  /** Required categories with at least one uploaded document. */
  completeCategories: z.array(documentCategorySchema),
  completeCount: z.number().int(),
  totalRequired: z.number().int(),
  percentage: z.number().int(),
});
export type RequiredDocumentsStatus = z.infer<typeof requiredDocumentsStatusSchema>;

export const processDocumentResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  document: propertyDocumentSchema,
});
export type ProcessDocumentResult = z.infer<typeof processDocumentResultSchema>;

export const documentFileLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime(),
  fileName: z.string(),
  mimeType: z.string(),
});
export type DocumentFileLink = z.infer<typeof documentFileLinkSchema>;

export const signedFileQuerySchema = z.object({
  expires: z.coerce.number({ error: 'The link is not valid' }).int('The link is not valid'),
  signature: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not valid'),
});

export const documentSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter something to search for' })
    .trim()
    .min(2, 'Enter at least 2 characters to search for')
    .max(200, 'Search must be at most 200 characters'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const documentPassageSchema = z.object({
  documentId: z.uuid(),
  documentName: z.string(),
  category: documentCategorySchema,
  page: z.number().int(),
  /** The best-matching passage, plain text. */
  excerpt: z.string(),
  /** Where the query's words appear in the excerpt: [start, end) character offsets. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  rank: z.number(),
});
export type DocumentPassage = z.infer<typeof documentPassageSchema>;
export const documentSearchResultSchema = z.object({
  query: z.string(),
  passages: z.array(documentPassageSchema),
});
export type DocumentSearchResult = z.infer<typeof documentSearchResultSchema>;
