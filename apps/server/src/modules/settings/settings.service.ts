import { eq } from 'drizzle-orm';
import { securitySettingsSchema, type SecuritySettings } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { appSettings, profiles } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

const securityKey = 'security';
const defaults: SecuritySettings = { requireTwoFactorForStaff: false };

export async function readSecuritySettings(db: Db): Promise<SecuritySettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, securityKey));
  const parsed = securitySettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : defaults;
}

export async function updateSecuritySettings(
  ctx: ServiceContext,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  if (input.requireTwoFactorForStaff) {
    const [me] = await ctx.db
      .select({ twoFactorEnabled: profiles.twoFactorEnabled })
      .from(profiles)
      .where(eq(profiles.id, ctx.actor.id));
    // Otherwise the admin who turns it on is locked out of everything but My Account at once.
    if (!me?.twoFactorEnabled) {
      throw new AppError(
        409,
        'TWO_FACTOR_FIRST',
        'Turn on two-factor authentication for your own account before requiring it for admins and managers.',
      );
    }
  }
  await ctx.db
    .insert(appSettings)
    .values({ key: securityKey, value: input, updatedBy: ctx.actor.id })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: input, updatedBy: ctx.actor.id, updatedAt: new Date() },
    });
  return input;
}

/**
 * Security settings are read on every signed-in request, so they are kept for a few seconds; a
 * change made through this process applies at once, one made by another process within `ttlMs`.
 */
export class SecuritySettingsCache {
  private value: { settings: SecuritySettings; expiresAt: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  async get(): Promise<SecuritySettings> {
    if (this.value && this.value.expiresAt > Date.now()) return this.value.settings;
    const settings = await readSecuritySettings(this.db);
    this.value = { settings, expiresAt: Date.now() + this.ttlMs };
    return settings;
  }

  set(settings: SecuritySettings): void {
    this.value = { settings, expiresAt: Date.now() + this.ttlMs };
  }
}
