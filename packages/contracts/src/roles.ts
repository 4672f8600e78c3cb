// No zod here: the web app's first download needs roles and labels, not the schema library. Nor the
// permissions (permissions.ts), which grow with every feature and only some pages need
// (docs/decisions/0063-shell-bundle.md).
export const roles = ['admin', 'manager', 'resident', 'vendor', 'board', 'developer'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  resident: 'Resident',
  vendor: 'Vendor',
  board: 'Board',
  developer: 'Developer',
};
