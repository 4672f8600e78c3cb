import type { Role } from './roles.ts';

/**
 * Every permission a route can require. The table in DESIGN.md §5 is the source; the scoping
 * ("those they manage", "own") is done by each service, the permission only says whether a role
 * may call the route at all.
 */
export const permissions = [
  'account:self',
  'properties:read',
  'properties:write',
  'property-people:read',
  'property-people:write',
  'documents:read',
  'documents:write',
  'documents:process',
  'work-orders:read',
  'work-orders:write',
  'tasks:read',
  'tasks:write',
  'tasks:update-status',
  'chat:use',
  'rooms:read',
  'rooms:post',
  'users:list',
  'users:write',
  'settings:manage',
  // Each role portal's data (issue 9): the portal's own role, and admins, who may view every portal.
  'portal:board',
  'portal:manager',
  'portal:developer',
  'portal:vendor',
  'portal:resident',
  // The assistant's figures (issue 16): admins for every property, managers for those they manage.
  'analytics:read',
  // Units with their owners and occupants, and boards and committees (issue 17). Which rows is decided
  // by membership (server: modules/access/scope.ts): a manager's properties, a board member's
  // association, an owner's or occupant's own units, the rosters of an owner's association.
  'units:read',
  'units:write',
  'committees:read',
  'committees:write',
  // The audit trail (issue 18): every change to association data, for admins.
  'audit:read',
  // Letters and notices (issue 18): managers make and send them, the board approves where a template asks
  // for approval (scoped by membership: modules/access/scope.ts letterScope); owners read their own sent
  // letters through the resident portal's routes (portal:resident).
  'letters:read',
  'letters:write',
  'letters:approve',
  // Scheduled jobs (issue 18): their schedules, history, previews and "Run now", for admins.
  'jobs:manage',
  // The association's books (issue 20): its managers keep them, its board reads them (scoped by
  // membership: modules/access/scope.ts financeScope); admins everywhere.
  'finance:read',
  'finance:write',
  // Waiving a charge (a late fee, say) is the board's decision as much as the manager's (issue 20).
  'finance:waive',
  // Recording the board's decision that a collection case may go on (a lien, a referral): its board
  // members and managers record it, naming the meeting (issue 20, item 8).
  'finance:decide',
  // Covenant enforcement (issue 21): managers keep the rules and inspect; the board reads violations
  // (scoped by membership: modules/access/scope.ts enforcementScope); owners see their own unit's
  // through the resident portal.
  'violations:read',
  'violations:write',
  // Decisions (issue 22): what boards and committees decide. Who reads an item, votes on it or records
  // its outcome is decided by membership (a serving member of its committee, the association's managers
  // and, for the board's items, its board): residents serve on committees too. Managers and the board
  // put items to the board.
  'decisions:read',
  'decisions:write',
  'decisions:vote',
  // Architectural review (issue 22): managers keep the project types and inspect; the review committee,
  // the board and managers read requests (by membership); owners make theirs through the resident portal.
  'arc:read',
  'arc:write',
  // Announcements (issue 23): the people an association's announcements are for read those addressed to
  // them (the audience is decided by membership), and its managers and board write them and read them
  // all (modules/access/scope.ts). Vendors and developers belong to no association's audience.
  'announcements:read',
  'announcements:manage',
  // An emergency broadcast reaches everyone past their preferences and quiet hours: the association's
  // managers (and admins) send one, not the board (HOA-DOMAIN §6.6 item 3).
  'announcements:emergency',
  // Events (issue 23 item 4): as announcements — those an event is for read it, RSVP and subscribe to
  // their calendar feed; the association's managers and board write them (modules/access/scope.ts).
  'events:read',
  'events:manage',
  // Amenities (issue 23 item 5): the association's members see its amenities and book them (who may
  // book is the amenity's rule: occupant kind, delinquency); its managers (and admins) set the rules,
  // approve bookings and settle deposits (modules/access/scope.ts propertyAdministration).
  'amenities:read',
  'amenities:book',
  'amenities:manage',
  // The vendor directory (issue 24 item 1): the management company's roster of vendor companies. Admins
  // and managers read all of it, board members the companies serving their associations; the managers of
  // a company's home association keep its record (modules/access/scope.ts vendorDirectoryScope,
  // vendorKeeperScope). A vendor's people see their own company through the vendor portal (portal:vendor).
  'vendors:read',
  'vendors:manage',
  // An association's approval limits for awards and invoices (issue 24 items 2–3): its board sets them
  // (and admins); managers work within them.
  'vendors:set-limits',
  // Bids (issue 24 item 2): the association's managers request, compare and award; its board reads them
  // (and decides awards above the limit through decisions). Vendors bid through the vendor portal.
  'bids:read',
  'bids:manage',
  // Vendor invoices (issue 24 item 3): managers review, reject and record payments; managers and board
  // members approve within the association's limits. Vendors invoice through the vendor portal.
  'invoices:read',
  'invoices:manage',
  'invoices:approve',
  // Rating completed work (issue 24 item 5): the resident who asked rates it (modules/work-orders).
  'work-orders:rate',
  // Communities under development (issue 25): a developer's people create and run their own projects
  // (modules/access memberships: developsProject); admins every project.
  'projects:manage',
  // The hand-over (issue 25 item 4): the association's board members read the developer's hand-over
  // report and acknowledge it item by item — by membership (sitsOnBoard), whatever their global role.
  'handover:acknowledge',
] as const;
export type Permission = (typeof permissions)[number];

const everyone: Permission[] = ['account:self', 'chat:use'];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: [...permissions],
  manager: [
    ...everyone,
    'properties:read',
    'property-people:read',
    'documents:read',
    'documents:write',
    'documents:process',
    'work-orders:read',
    'work-orders:write',
    'tasks:read',
    'tasks:write',
    'tasks:update-status',
    'rooms:read',
    'rooms:post',
    'portal:manager',
    'analytics:read',
    'units:read',
    'units:write',
    'committees:read',
    'committees:write',
    'letters:read',
    'letters:write',
    'letters:approve',
    'finance:read',
    'finance:write',
    'finance:waive',
    'finance:decide',
    'violations:read',
    'violations:write',
    'decisions:read',
    'decisions:write',
    'decisions:vote',
    'arc:read',
    'arc:write',
    'announcements:read',
    'announcements:manage',
    'announcements:emergency',
    'events:read',
    'events:manage',
    'amenities:read',
    'amenities:book',
    'amenities:manage',
    'vendors:read',
    'vendors:manage',
    'bids:read',
    'bids:manage',
    'invoices:read',
    'invoices:manage',
    'invoices:approve',
  ],
  resident: [
    ...everyone,
    'properties:read',
    'documents:read',
    'work-orders:read',
    'tasks:read',
    'rooms:read',
    'rooms:post',
    'portal:resident',
    'units:read',
    'committees:read',
    // Owners who serve on a committee (architectural review, say) read and vote on its items.
    'decisions:read',
    'decisions:vote',
    'handover:acknowledge',
    'arc:read',
    'announcements:read',
    'events:read',
    'amenities:read',
    'amenities:book',
    'work-orders:rate',
  ],
  vendor: [
    ...everyone,
    'work-orders:read',
    'tasks:read',
    'tasks:update-status',
    'rooms:read',
    'rooms:post',
    'portal:vendor',
  ],
  board: [
    ...everyone,
    'properties:read',
    'property-people:read',
    'documents:read',
    'work-orders:read',
    'tasks:read',
    'rooms:read',
    'portal:board',
    // A board member who owns a unit uses the resident pages for it too (scoped to their own units).
    'portal:resident',
    'units:read',
    'committees:read',
    'letters:read',
    'letters:approve',
    'finance:read',
    'finance:waive',
    'finance:decide',
    'violations:read',
    'decisions:read',
    'decisions:write',
    'decisions:vote',
    'handover:acknowledge',
    'arc:read',
    'announcements:read',
    'announcements:manage',
    'events:read',
    'events:manage',
    'amenities:read',
    'amenities:book',
    'vendors:read',
    'vendors:set-limits',
    'bids:read',
    'invoices:read',
    'invoices:approve',
  ],
  developer: [
    ...everyone,
    'properties:read',
    'documents:read',
    'rooms:read',
    'rooms:post',
    'documents:write',
    'portal:developer',
    'projects:manage',
  ],
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/** Who may call a route: anyone, or a signed-in user whose role holds the permission. */
export type Access = 'public' | Permission;
