import type { Role } from '@commonwise/contracts';

export interface Portal {
  path: string;
  name: string;
  /** Who the portal is for, in a sentence: 'The Board Member Portal is for board members.' */
  audience: string;
  /** One honest line about what the portal holds. */
  description: string;
}

export const portals: Record<Role, Portal> = {
  board: {
    path: '/board-portal',
    name: 'Board Member Portal',
    audience: 'board members',
    description: 'Financial overview, upcoming decisions and reports for your association.',
  },
  resident: {
    path: '/resident-portal',
    name: 'Resident Portal',
    audience: 'residents',
    description: 'Your account, work orders, community events and documents.',
  },
  manager: {
    path: '/manager-portal',
    name: 'Manager Portal',
    audience: 'managers',
    description: 'Tasks, property health, communications and violations for the properties you manage.',
  },
  developer: {
    path: '/developer-portal',
    name: 'Developer Portal',
    audience: 'developers',
    description: 'Your projects: sales, milestones, the hand-over to the owners, and community setup.',
  },
  vendor: {
    path: '/vendor-portal',
    name: 'Vendor Portal',
    audience: 'vendors',
    description: 'Your work orders, bid opportunities and invoices.',
  },
  admin: {
    path: '/admin-portal',
    name: 'Admin Portal',
    audience: 'administrators',
    description: 'Set up properties and manage the people who use Commonwise.',
  },
};

const dashboardPortal: Portal = {
  path: '/dashboard',
  name: 'Dashboard',
  audience: 'everyone',
  description: '',
};

function isKnownRole(role: string): role is Role {
  return Object.hasOwn(portals, role);
}

/** Where 'Enter Portal' leads for a role; a role we do not know stays on the dashboard. */
export function getPortalForRole(role: string): Portal {
  return isKnownRole(role) ? portals[role] : dashboardPortal;
}

/**
 * What a person sent from another role's portal to their own reads there, e.g. 'The Board Member
 * Portal is for board members. Here is your Resident Portal.'
 */
export function wrongPortalNotice(requested: Role, own: Portal): string {
  const portal = portals[requested];
  return `The ${portal.name} is for ${portal.audience}. Here is your ${own.name}.`;
}

/**
 * The roles that read announcements (`announcements:read` in packages/contracts/src/permissions.ts,
 * which the shell does not import: portals.test.ts keeps the two the same). Vendors and developers belong
 * to no association's audience, so they have no announcements to read.
 */
export const announcementReaderRoles: readonly string[] = ['admin', 'manager', 'resident', 'board'];
export const readsAnnouncements = (role: string) => announcementReaderRoles.includes(role);

/**
 * The roles that read events (`events:read`, the same roles as announcements: portals.test.ts keeps the
 * two the same).
 */
export const eventReaderRoles: readonly string[] = ['admin', 'manager', 'resident', 'board'];
export const readsEvents = (role: string) => eventReaderRoles.includes(role);
