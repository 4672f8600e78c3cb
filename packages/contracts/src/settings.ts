import { z } from 'zod';

/** Security settings admins change in the product. */
export const securitySettingsSchema = z.object({
  /** Admins and managers must use two-factor authentication; without it they are sent to enrol. */
  requireTwoFactorForStaff: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** The roles that the two-factor requirement applies to. */
export const staffRoles = ['admin', 'manager'] as const;
