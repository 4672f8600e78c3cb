import { and, asc, count, desc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { randomUUID } from 'node:crypto';
import type { Profile, Role } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

type ProfileRow = typeof profiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role as Role,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Managers see the people they work with (managers, residents, vendors); admins see everyone. */
const rolesVisibleTo: Partial<Record<Role, Role[]>> = {
  manager: ['manager', 'resident', 'vendor'],
};

export async function listUsers(ctx: ServiceContext, query: { search?: string | undefined }) {
  const filters: SQL[] = [];
  const visibleRoles = rolesVisibleTo[ctx.actor.role];
  if (visibleRoles) filters.push(inArray(profiles.role, visibleRoles));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(profiles).where(where).orderBy(desc(profiles.createdAt), asc(profiles.email)),
    ctx.db.select({ value: count() }).from(profiles).where(where),
  ]);
  return { users: rows.map(toProfile), total: total?.value ?? 0 };
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
