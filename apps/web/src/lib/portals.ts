import type { Role } from '@commonwise/contracts';

export interface Portal {
  path: string;
  name: string;
  /** One honest line about what the portal holds. */
  description: string;
}

export const portals: Record<Role, Portal> = {
  board: {
    path: '/board-portal',
    name: 'Board Member Portal',
    description:
      'Financial overview, upcoming decisions and reports for your association will appear here in a coming release.',
  },
  resident: {
    path: '/resident-portal',
    name: 'Resident Portal',
    description:
      'Your account, work orders, community events and documents will appear here in a coming release.',
  },
  manager: {
    path: '/manager-portal',
    name: 'Manager Portal',
    description:
      'Tasks, property health, communications and violations for the properties you manage will appear here in a coming release.',
  },
  developer: {
    path: '/developer-portal',
    name: 'Developer Portal',
    description:
      'Project overview, sales, community setup and milestones will appear here in a coming release.',
  },
  vendor: {
    path: '/vendor-portal',
    name: 'Vendor Portal',
    description: 'Your work orders, bid opportunities and invoices will appear here in a coming release.',
  },
  admin: {
    path: '/admin-portal',
    name: 'Admin Portal',
    description: 'Set up properties and manage the people who use Commonwise.',
  },
};

const dashboardPortal: Portal = { path: '/dashboard', name: 'Dashboard', description: '' };

function isKnownRole(role: string): role is Role {
  return Object.hasOwn(portals, role);
}

/** Where 'Enter Portal' leads for a role; a role we do not know stays on the dashboard. */
export function getPortalForRole(role: string): Portal {
  return isKnownRole(role) ? portals[role] : dashboardPortal;
}
