import { containing, offsetOf } from '../../lib/paging.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import {
  invitationValidDays,
  type ChangeRole,
  type Invitation,
  type InviteUser,
  type Profile,
  type Role,
  type User,
  type PageQuery,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { accounts, profiles, sessions, verifications } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { signalAccessChanged } from '../realtime/publish.ts';

type ProfileRow = typeof profiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role as Role,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

// A scalar lookup per listed user, not EXISTS: in a prepared statement's generic plan (the limit
// unknown) PostgreSQL turned EXISTS into a hash of every account in the installation, 37 ms for a
// page of 50 users among 46,000 (issue 19); a subquery with LIMIT is always looked up row by row.
const hasPassword = sql`(select true from ${accounts} where ${accounts.userId} = ${profiles.id} and ${accounts.providerId} = 'credential' limit 1) is not null`;

const userColumns = { profile: profiles, hasPassword: sql<boolean>`${hasPassword}`.mapWith(Boolean) };

function toUser(row: { profile: ProfileRow; hasPassword: boolean }): User {
  return { ...toProfile(row.profile), isActive: !row.profile.banned, invitationPending: !row.hasPassword };
}

async function findUser(db: Db, id: string): Promise<User> {
  const [row] = await db.select(userColumns).from(profiles).where(eq(profiles.id, id));
  if (!row) throw notFound('User');
  return toUser(row);
}

export async function listUsers(
  ctx: ServiceContext,
  query: PageQuery & { search?: string | undefined; role?: Role | undefined },
) {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(profiles.role, query.role));
  const search = query.search?.trim();
  if (search) {
    const pattern = containing(search);
    filters.push(or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(userColumns)
      .from(profiles)
      .where(where)
      .orderBy(desc(profiles.createdAt), asc(profiles.email))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ value: count() }).from(profiles).where(where),
  ]);
  return { users: rows.map(toUser), total: total?.value ?? 0, page: query.page, limit: query.limit };
}

/** Refuses a change that would leave the association without an active admin. */
async function assertAnotherActiveAdmin(db: Db, userId: string, what: string): Promise<void> {
  const [others] = await db
    .select({ value: count() })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin'), eq(profiles.banned, false), ne(profiles.id, userId)));
  if ((others?.value ?? 0) === 0) {
    throw new AppError(
      409,
      'LAST_ADMIN',
      `${what}: this is the last active admin. Make someone else an admin first.`,
    );
  }
}

export async function changeRole(ctx: ServiceContext, userId: string, input: ChangeRole): Promise<User> {
  return ctx.db.transaction(async (tx) => {
    // Lock the admins so two concurrent demotions cannot both see "another admin remains".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admins'))`);
    const user = await findUser(tx, userId);
    if (user.role === input.role) return user;
    if (user.role === 'admin' && user.isActive)
      await assertAnotherActiveAdmin(tx, userId, 'Cannot change the role');
    await tx.update(profiles).set({ role: input.role, updatedAt: new Date() }).where(eq(profiles.id, userId));
    // What a role may see differs: their open sockets are closed to reconnect under the new one.
    await signalAccessChanged(tx, [userId]);
    return { ...user, role: input.role };
  });
}

/** Deactivating ends the person's sessions; the caller must also forget them in the session cache. */
export async function setActive(ctx: ServiceContext, userId: string, isActive: boolean): Promise<User> {
  if (!isActive && userId === ctx.actor.id) {
    throw new AppError(409, 'CANNOT_DEACTIVATE_SELF', 'You cannot deactivate your own account.');
  }
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admins'))`);
    const user = await findUser(tx, userId);
    if (!isActive && user.role === 'admin' && user.isActive) {
      await assertAnotherActiveAdmin(tx, userId, 'Cannot deactivate this user');
    }
    await tx
      .update(profiles)
      .set({
        banned: !isActive,
        banReason: isActive ? null : 'Deactivated by an admin',
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId));
    // A deactivated person is signed out everywhere at once.
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, userId));
    // …and their open sockets in every process close at commit, not at the next session check.
    if (!isActive) await signalAccessChanged(tx, [userId]);
    return { ...user, isActive };
  });
}

const invitationPrefix = 'invitation:';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use invitation link token; only its hash is stored. Replaces any earlier one. */
export async function issueInvitation(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + invitationValidDays * 24 * 60 * 60 * 1000);
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, `${invitationPrefix}%`)));
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${invitationPrefix}${hashToken(token)}`,
    value: userId,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Notifies the invited person, in the transaction that issues their link (modules/notifications). */
export type InvitationMail = (tx: Db, user: User, link: { token: string; expiresAt: Date }) => Promise<void>;

export async function inviteUser(
  ctx: ServiceContext,
  input: InviteUser,
  sendInvitation: InvitationMail,
): Promise<User> {
  const { user } = await ctx.db
    .transaction(async (tx) => {
      const id = randomUUID();
      const [row] = await tx
        .insert(profiles)
        .values({
          id,
          email: input.email.trim().toLowerCase(),
          fullName: input.fullName.trim(),
          role: input.role,
        })
        .returning();
      const link = await issueInvitation(tx, id);
      const user = { ...toProfile(row!), isActive: true, invitationPending: true };
      await sendInvitation(tx, user, link);
      return { user, link };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new AppError(409, 'EMAIL_TAKEN', `A user with the e-mail ${input.email} already exists.`, {
          fields: { email: 'A user with this e-mail already exists.' },
        });
      }
      throw error;
    });
  return user;
}

export async function resendInvitation(ctx: ServiceContext, userId: string, sendInvitation: InvitationMail) {
  const user = await findUser(ctx.db, userId);
  if (!user.invitationPending) {
    throw new AppError(
      409,
      'ALREADY_JOINED',
      `${user.fullName} has already set a password; there is nothing to resend.`,
    );
  }
  await ctx.db.transaction(async (tx) => sendInvitation(tx, user, await issueInvitation(tx, userId)));
}

const invalidInvitation = () =>
  new AppError(
    404,
    'INVITATION_INVALID',
    'This invitation link is invalid, has expired or was already used. Ask your administrator for a new one.',
  );

async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ userId: verifications.value, expiresAt: verifications.expiresAt, profile: profiles })
    .from(verifications)
    .innerJoin(profiles, eq(profiles.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, `${invitationPrefix}${hashToken(token)}`),
        sql`${verifications.expiresAt} > now()`,
      ),
    );
  if (!row || row.profile.banned) throw invalidInvitation();
  return row;
}

export async function getInvitation(db: Db, token: string): Promise<Invitation> {
  const row = await findInvitation(db, token);
  return { email: row.profile.email, fullName: row.profile.fullName, expiresAt: row.expiresAt.toISOString() };
}

/** Sets the invitee's password and uses the link up, all or nothing. */
export async function acceptInvitation(db: Db, token: string, password: string): Promise<{ email: string }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await findInvitation(tx, token);
    // Deleting first makes a second, concurrent use of the same link find nothing.
    const deleted = await tx
      .delete(verifications)
      .where(eq(verifications.identifier, `${invitationPrefix}${hashToken(token)}`))
      .returning({ id: verifications.id });
    if (deleted.length === 0) throw invalidInvitation();
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: row.userId,
      providerId: 'credential',
      userId: row.userId,
      password: passwordHash,
    });
    await tx
      .update(profiles)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(profiles.id, row.userId));
    return { email: row.profile.email };
  });
}

/**
 * Creates a person who signs in with a password: the profile and its credential account in one
 * transaction. Used by the CLI and the demo seed; the password is stored only as better-auth's hash.
 */
export async function createUserWithPassword(
  db: Db,
  input: { email: string; fullName: string; role: Role; password: string; emailVerified?: boolean },
): Promise<Profile> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [row] = await tx
      .insert(profiles)
      .values({
        id,
        email: input.email.trim().toLowerCase(),
        fullName: input.fullName.trim(),
        role: input.role,
        emailVerified: input.emailVerified ?? false,
      })
      .returning();
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
    return toProfile(row!);
  });
}
