import { z } from 'zod';
import { documentCategorySchema } from './document-schemas.ts';

/**
 * Resident Portal cards (SPEC §2, issue 9): where the resident lives and the processed documents of
 * that property, each with a signed link that opens the file (valid for fileLinkSeconds).
 */
export const residentDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: documentCategorySchema,
  fileName: z.string(),
  mimeType: z.string(),
  uploadedAt: z.iso.datetime(),
  /** A signed link to the file; it expires at expiresAt. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ResidentDocument = z.infer<typeof residentDocumentSchema>;

export const residenceSchema = z.object({
  propertyId: z.uuid(),
  propertyName: z.string(),
  propertyAddress: z.string(),
  unitNumber: z.string(),
  moveInDate: z.iso.date().nullable(),
  /** Processed documents only, by category then name. */
  documents: z.array(residentDocumentSchema),
});
export type Residence = z.infer<typeof residenceSchema>;

/** The properties the caller lives in (usually one); empty for someone listed at none. */
export const residentPortalSchema = z.object({ residences: z.array(residenceSchema) });
export type ResidentPortal = z.infer<typeof residentPortalSchema>;
