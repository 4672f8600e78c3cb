import { staffRoles } from '@commonwise/contracts';
import type { Actor } from '../../plugins/access.ts';
import type { SecuritySettingsCache } from '../settings/settings.service.ts';

/** True when the person's role must use two-factor authentication and they have not set it up. */
export async function mustEnrolTwoFactor(settings: SecuritySettingsCache, actor: Actor): Promise<boolean> {
  if (actor.twoFactorEnabled || !(staffRoles as readonly string[]).includes(actor.role)) return false;
  return (await settings.get()).requireTwoFactorForStaff;
}
