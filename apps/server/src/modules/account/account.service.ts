import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AccountSession, Profile, UpdateProfile } from '@commonwise/contracts';
import { profiles, sessions } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { SessionCache } from '../../plugins/session-cache.ts';
import { toProfile } from '../users/users.service.ts';

export async function getOwnProfile(ctx: ServiceContext): Promise<Profile> {
  const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, ctx.actor.id));
  if (!row) throw notFound('Profile');
  return toProfile(row);
}

export async function updateOwnProfile(ctx: ServiceContext, input: UpdateProfile): Promise<Profile> {
  // In a transaction of its own, so the audit trail records the person as the one who changed it.
  const [row] = await ctx.db.transaction((tx) =>
    tx
      .update(profiles)
      .set({ fullName: input.fullName, updatedAt: new Date() })
      .where(eq(profiles.id, ctx.actor.id))
      .returning(),
  );
  if (!row) throw notFound('Profile');
  return toProfile(row);
}

const tokenOfCookie = (cookieValue: string | undefined) => SessionCache.tokenOf(cookieValue ?? '');

export async function listOwnSessions(
  ctx: ServiceContext,
  currentCookie: string | undefined,
): Promise<AccountSession[]> {
  const currentToken = tokenOfCookie(currentCookie);
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, ctx.actor.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.token === currentToken,
  }));
}

/** Ends one of the caller's other sessions; returns the cookie-cache key to forget. */
export async function endOwnSession(
  ctx: ServiceContext,
  sessionId: string,
  currentCookie: string | undefined,
): Promise<string> {
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, ctx.actor.id)));
  if (!row) throw notFound('Session');
  if (row.token === tokenOfCookie(currentCookie)) {
    throw new AppError(409, 'CURRENT_SESSION', 'This is the device you are using: use Sign Out instead.');
  }
  await ctx.db.delete(sessions).where(eq(sessions.id, row.id));
  return row.token;
}

/** Ends every session of the caller but this one; returns their tokens. */
export async function endOtherSessions(
  ctx: ServiceContext,
  currentCookie: string | undefined,
): Promise<string[]> {
  const deleted = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, ctx.actor.id), ne(sessions.token, tokenOfCookie(currentCookie))))
    .returning({ token: sessions.token });
  return deleted.map((row) => row.token);
}
