import { z } from 'zod';
import { roles } from './roles.ts';

export const roleSchema = z.enum(roles);

export const profileSchema = z.object({
  id: z.string(),
  email: z.email(),
  fullName: z.string(),
  role: roleSchema,
  twoFactorEnabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in person, with what they must do before anything else. */
export const meSchema = profileSchema.extend({
  /** Their role requires two-factor authentication and they have not set it up: only My Account works. */
  mustEnrolTwoFactor: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** A signed-in browser or device of the current person. */
export const accountSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your name')
  .max(120, 'Name must be at most 120 characters');

export const updateProfileSchema = z.object({ fullName: fullNameSchema });
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

export const passwordMinLength = 6;
export const passwordMaxLength = 128;
/** The longest e-mail address there can be (RFC 5321: 254 characters in a path). */
export const emailMaxLength = 254;
export const emailTooLong = 'An e-mail address has at most 254 characters';

/** Sign-in form rules, SPEC §5: checked on submit, then again on every change. */
export const signInSchema = z.object({
  email: z.string().trim().max(emailMaxLength, emailTooLong).pipe(z.email('Please enter a valid email')),
  password: z
    .string()
    .min(passwordMinLength, 'Password must be at least 6 characters')
    .max(passwordMaxLength, 'Password must be at most 128 characters'),
});
export type SignIn = z.infer<typeof signInSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Please enter your current password')
    .max(passwordMaxLength, 'Password must be at most 128 characters'),
  newPassword: z
    .string()
    .min(passwordMinLength, 'Password must be at least 6 characters')
    .max(passwordMaxLength, 'Password must be at most 128 characters'),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const demoAccountsSchema = z.object({
  enabled: z.boolean(),
  password: z.string().optional(),
  accounts: z.array(z.object({ email: z.email(), fullName: z.string(), role: roleSchema })),
});
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;

const missingAddress = 'You must provide either an email or phone number.';

/** "Email me a code": SPEC §5 — a missing address has its own message. */
export const requestSignInCodeSchema = z.object({
  email: z
    .string({ error: missingAddress })
    .trim()
    .min(1, missingAddress)
    .max(emailMaxLength, emailTooLong)
    .pipe(z.email('Please enter a valid email')),
});
export type RequestSignInCode = z.infer<typeof requestSignInCodeSchema>;

export const signInWithCodeSchema = requestSignInCodeSchema.extend({
  otp: z
    .string({ error: 'Enter the 6-digit code from the e-mail' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail'),
});
export type SignInWithCode = z.infer<typeof signInWithCodeSchema>;

/** Sign-in codes: valid this long, resent at most this often, and this many wrong tries per code. */
export const signInCodeValidMinutes = 10;
export const signInCodeResendSeconds = 60;
export const signInCodeAllowedAttempts = 5;

/** "Forgot password?": the same answer whether or not the address has an account. */
export const requestPasswordResetSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email' })
    .trim()
    .max(emailMaxLength, emailTooLong)
    .pipe(z.email('Please enter a valid email')),
});
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'This link is invalid or has expired. Ask for a new one.' })
    .min(1)
    .max(200, 'This link is invalid or has expired. Ask for a new one.'),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(passwordMinLength, 'Password must be at least 6 characters')
    .max(passwordMaxLength, 'Password must be at most 128 characters'),
});
