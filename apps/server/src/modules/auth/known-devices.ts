import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';

export const deviceCookieName = 'cw_device';
/** Browsers cap cookie lifetimes at 400 days. */
export const deviceCookieMaxAgeSeconds = 400 * 24 * 60 * 60;

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * Records that a person signed in from this browser (identified by a random cookie, stored hashed).
 * `isNewDevice` is true only when they have signed in from other browsers before, so the very first
 * sign-in of an account does not raise an alarm.
 */
export async function noteSignInDevice(
  db: Db,
  userId: string,
  deviceId: string | undefined,
  userAgent: string | undefined,
): Promise<{ deviceId: string; isNewDevice: boolean }> {
  const id =
    deviceId && /^[A-Za-z0-9_-]{16,64}$/.test(deviceId) ? deviceId : randomBytes(24).toString('base64url');
  const deviceHash = hashOf(id);
  const [known] = await db
    .update(knownDevices)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ id: knownDevices.id });
  if (known) return { deviceId: id, isNewDevice: false };
  const [others] = await db
    .select({ value: count() })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash, userAgent: userAgent?.slice(0, 500) ?? null })
    .onConflictDoNothing();
  return { deviceId: id, isNewDevice: (others?.value ?? 0) > 0 };
}
