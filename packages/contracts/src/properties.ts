import { z } from 'zod';

export const propertyTypes = ['residential', 'commercial', 'industrial'] as const;
export const propertyStatuses = ['active', 'inactive', 'pending'] as const;

export const propertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(propertyTypes),
  address: z.string(),
  description: z.string().nullable(),
  units: z.number().int(),
  status: z.enum(propertyStatuses),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Property = z.infer<typeof propertySchema>;

export const propertyListSchema = z.object({ properties: z.array(propertySchema) });
export const propertyIdParamsSchema = z.object({
  id: z.uuid('That is not a valid property id'),
});
