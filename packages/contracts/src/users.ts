import { z } from 'zod';
import {
  emailMaxLength,
  emailTooLong,
  passwordMaxLength,
  passwordMinLength,
  profileSchema,
  roleSchema,
} from './account.ts';
import { pageFields, pageQueryFields } from './paging.ts';

/** A person as user management sees them. */
export const userSchema = profileSchema.extend({
  /** False once an admin deactivates them: they cannot sign in. */
  isActive: z.boolean(),
  /** Invited but has not set a password yet. */
  invitationPending: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.object({
  search: z.string().max(200, 'Search must be at most 200 characters').optional(),
  role: roleSchema.optional(),
  ...pageQueryFields(50),
});
export const userListSchema = z.object({ users: z.array(userSchema), ...pageFields });
export type UserList = z.infer<typeof userListSchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const changeRoleSchema = z.object({ role: roleSchema });
export type ChangeRole = z.infer<typeof changeRoleSchema>;

const inviteeName = "Please enter the person's name";

export const inviteUserSchema = z.object({
  fullName: z
    .string({ error: inviteeName })
    .trim()
    .min(1, inviteeName)
    .max(120, 'Name must be at most 120 characters'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(emailMaxLength, emailTooLong)
    .pipe(z.email('Please enter a valid email')),
  role: roleSchema,
});
export type InviteUser = z.input<typeof inviteUserSchema>;

/** What the invitation link shows before the invitee sets a password. */
export const invitationSchema = z.object({
  email: z.email(),
  fullName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationTokenParamsSchema = z.object({ token: z.string().min(10).max(200) });
export const acceptInvitationSchema = z.object({
  password: z
    .string()
    .min(passwordMinLength, 'Password must be at least 6 characters')
    .max(passwordMaxLength, 'Password must be at most 128 characters'),
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** How long an invitation link works. */
export const invitationValidDays = 7;
