import { z } from 'zod';

/** Public facts about the operator of this installation, shown on the landing page. */
export const siteSchema = z.object({
  companyName: z.string(),
  contactEmail: z.email(),
  contactPhone: z.string(),
});
export type Site = z.infer<typeof siteSchema>;
