import { betterAuth } from 'better-auth';
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { admin, emailOTP, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, userAc } from 'better-auth/plugins/admin/access';
import { roles, signInCodeAllowedAttempts, signInCodeValidMinutes, type Role } from '@commonwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { siteOf, type Config } from './config.ts';
import type { Notifier } from '../modules/notifications/notify.ts';
import {
  passwordChangedEvent,
  passwordResetEvent,
  signInCodeEvent,
} from '../modules/account/security-mail.ts';
import type { Db } from '../db/client.ts';
import { accounts, profiles, sessions, twoFactors, verifications } from '../db/schema/index.ts';

const accessControl = createAccessControl(defaultStatements);
// better-auth's admin plugin only accepts roles it knows; only our admins may use its user statements.
const authRoles = Object.fromEntries(
  roles.map((role) => [role, role === 'admin' ? adminAc : accessControl.newRole(userAc.statements)]),
) as Record<Role, typeof adminAc>;

export function createAuth(db: Db, config: Config, notifier: Notifier, log: FastifyBaseLogger) {
  const site = siteOf(config);
  return betterAuth({
    appName: 'Commonwise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { profiles, sessions, accounts, verifications, twoFactors },
    }),
    user: { modelName: 'profiles', fields: { name: 'fullName' } },
    session: {
      modelName: 'sessions',
      expiresIn: Math.round(config.sessionDays * 24 * 60 * 60),
      // Sliding expiry: an active session is extended at most once a day.
      updateAge: 24 * 60 * 60,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by admins (and the CLI), never by self sign-up.
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Runs in a job, not while the caller waits (modules/auth/auth.routes.ts); a failure to send is
      // the job's to retry.
      sendResetPassword: async ({ user, token }) => {
        await endOlderResetLinks(db, token);
        await notifier.notifyNow(db, [user.id], passwordResetEvent(token, site));
      },
      onPasswordReset: async ({ user }) => {
        await notifier.notifyNow(db, [user.id], passwordChangedEvent(site));
      },
    },
    // Sign-in attempts are limited by modules/auth (per account and per address), in the database.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isSecureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isSecureCookies },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : ['x-commonwise-client-ip'] },
    },
    plugins: [
      twoFactor({
        issuer: config.site.companyName,
        twoFactorTable: 'twoFactors',
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: signInCodeValidMinutes * 60,
        allowedAttempts: signInCodeAllowedAttempts,
        storeOTP: 'hashed',
        // Codes sign existing people in; they never create accounts.
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp }) => {
          // Codes are for existing accounts only; an unknown address gets nothing (and is not told so).
          const [person] = await db
            .select({ id: profiles.id })
            .from(profiles)
            .where(eq(profiles.email, email));
          if (!person) return;
          await notifier
            .notifyNow(db, [person.id], signInCodeEvent(otp, site))
            .catch((error: unknown) => log.error({ err: error }, 'could not queue a sign-in code'));
        },
      }),
      admin({
        ac: accessControl,
        roles: authRoles,
        defaultRole: 'resident',
        // Deactivation (our word) is the admin plugin's ban.
        bannedUserMessage: 'This account has been deactivated. Contact your administrator.',
        adminRoles: ['admin'],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Only the newest reset link works: a link in an older e-mail (one a mailbox thief may have kept) ends
 * when a new one is asked for. better-auth stores a link as `reset-password:<token>` with the user's id.
 */
async function endOlderResetLinks(db: Db, token: string): Promise<void> {
  await db.execute(sql`
    delete from verifications as older
    using verifications as newest
    where newest.identifier = ${`reset-password:${token}`}
      and older.identifier like 'reset-password:%'
      and older.value = newest.value
      and older.created_at < newest.created_at`);
}
