import { z } from 'zod';
import { profileSchema } from './account.ts';

export const userListQuerySchema = z.object({
  search: z.string().max(200, 'Search must be at most 200 characters').optional(),
});
export const userListSchema = z.object({ users: z.array(profileSchema), total: z.number().int() });
export type UserList = z.infer<typeof userListSchema>;
