import type { Role } from '@commonwise/contracts';

/**
 * Where a person's profile page is for the signed-in role (issue 17): admins under the users they
 * manage, managers under their portal's people. Other roles have no profile pages: null.
 */
export function profilePathFor(viewerRole: Role, userId: string): string | null {
  const id = encodeURIComponent(userId);
  if (viewerRole === 'admin') return `/admin-portal/users/${id}`;
  if (viewerRole === 'manager') return `/manager-portal/people/${id}`;
  return null;
}
