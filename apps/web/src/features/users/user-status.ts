import type { User } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

export type UserStatus = 'active' | 'invited' | 'deactivated';

/** Deactivation wins: a deactivated invitee cannot accept their invitation either. */
export function getUserStatus(user: Pick<User, 'isActive' | 'invitationPending'>): UserStatus {
  if (!user.isActive) return 'deactivated';
  return user.invitationPending ? 'invited' : 'active';
}

export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
};

export const userStatusColors: Record<UserStatus, MantineColor> = {
  active: 'green',
  invited: 'yellow',
  deactivated: 'gray',
};
