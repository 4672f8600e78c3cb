import { roleLabels, type Role } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

const roleColors: Record<Role, MantineColor> = {
  admin: 'red',
  manager: 'blue',
  resident: 'green',
  // Mantine's purple is called grape.
  vendor: 'grape',
  board: 'gray',
  developer: 'gray',
};

function isRole(role: string): role is Role {
  return Object.hasOwn(roleLabels, role);
}

/** Badge colour per SPEC §6: admin red, manager blue, resident green, vendor purple, anyone else gray. */
export function getRoleColor(role: string): MantineColor {
  return isRole(role) ? roleColors[role] : 'gray';
}

export function getRoleLabel(role: string): string {
  if (isRole(role)) return roleLabels[role];
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Unknown';
}
