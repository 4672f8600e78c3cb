import { eq } from 'drizzle-orm';
import type { Profile, UpdateProfile } from '@commonwise/contracts';
import { profiles } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { toProfile } from '../users/users.service.ts';

export async function getOwnProfile(ctx: ServiceContext): Promise<Profile> {
  const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, ctx.actor.id));
  if (!row) throw notFound('Profile');
  return toProfile(row);
}

export async function updateOwnProfile(ctx: ServiceContext, input: UpdateProfile): Promise<Profile> {
  const [row] = await ctx.db
    .update(profiles)
    .set({ fullName: input.fullName, updatedAt: new Date() })
    .where(eq(profiles.id, ctx.actor.id))
    .returning();
  if (!row) throw notFound('Profile');
  return toProfile(row);
}
