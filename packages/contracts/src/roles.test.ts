import { describe, expect, it } from 'vitest';
import { hasPermission, permissions, type Permission } from './permissions.ts';
import { roles, type Role } from './roles.ts';

// DESIGN.md §5, row by row: which roles may call routes that need each permission.
const expected: Record<Permission, Role[]> = {
  'account:self': [...roles],
  'chat:use': [...roles],
  'properties:read': ['admin', 'manager', 'resident', 'board', 'developer'],
  'properties:write': ['admin'],
  'property-people:read': ['admin', 'manager', 'board'],
  'property-people:write': ['admin'],
  'documents:read': ['admin', 'manager', 'resident', 'board', 'developer'],
  'documents:write': ['admin', 'manager', 'developer'],
  'documents:process': ['admin', 'manager'],
  'work-orders:read': ['admin', 'manager', 'resident', 'vendor', 'board'],
  'work-orders:write': ['admin', 'manager'],
  'tasks:read': ['admin', 'manager', 'resident', 'vendor', 'board'],
  'tasks:write': ['admin', 'manager'],
  'tasks:update-status': ['admin', 'manager', 'vendor'],
  'rooms:read': [...roles],
  'rooms:post': ['admin', 'manager', 'resident', 'vendor', 'developer'],
  // Issue 4: only admins list users (the original let anyone); DESIGN.md's manager row is superseded.
  'users:list': ['admin'],
  'users:write': ['admin'],
  'settings:manage': ['admin'],
  'portal:board': ['admin', 'board'],
  'portal:manager': ['admin', 'manager'],
  'portal:developer': ['admin', 'developer'],
  'portal:vendor': ['admin', 'vendor'],
  // Issue 17: a board member who owns a unit uses the resident pages for it.
  'portal:resident': ['admin', 'resident', 'board'],
  'units:read': ['admin', 'manager', 'resident', 'board'],
  'units:write': ['admin', 'manager'],
  'committees:read': ['admin', 'manager', 'resident', 'board'],
  'committees:write': ['admin', 'manager'],
  'audit:read': ['admin'],
  'jobs:manage': ['admin'],
  'analytics:read': ['admin', 'manager'],
  // Issue 18: letters; the board approves where a template asks for approval.
  'letters:read': ['admin', 'manager', 'board'],
  'letters:write': ['admin', 'manager'],
  'letters:approve': ['admin', 'manager', 'board'],
  // Issue 20: the books, kept by managers, read by the board.
  'finance:read': ['admin', 'manager', 'board'],
  'finance:write': ['admin', 'manager'],
  'finance:waive': ['admin', 'manager', 'board'],
  'finance:decide': ['admin', 'manager', 'board'],
  'violations:read': ['admin', 'manager', 'board'],
  'violations:write': ['admin', 'manager'],
  'decisions:read': ['admin', 'manager', 'resident', 'board'],
  'decisions:write': ['admin', 'manager', 'board'],
  'decisions:vote': ['admin', 'manager', 'resident', 'board'],
  'arc:read': ['admin', 'manager', 'resident', 'board'],
  'arc:write': ['admin', 'manager'],
  'announcements:read': ['admin', 'manager', 'resident', 'board'],
  'announcements:manage': ['admin', 'manager', 'board'],
  'announcements:emergency': ['admin', 'manager'],
  'events:read': ['admin', 'manager', 'resident', 'board'],
  'events:manage': ['admin', 'manager', 'board'],
  'amenities:read': ['admin', 'manager', 'resident', 'board'],
  'amenities:book': ['admin', 'manager', 'resident', 'board'],
  'amenities:manage': ['admin', 'manager'],
  // Issue 24: the vendor directory, kept by managers, read by the board (its own associations' vendors).
  'vendors:read': ['admin', 'manager', 'board'],
  'vendors:manage': ['admin', 'manager'],
  // Issue 24 items 2–3: limits set by the board, bids kept by managers, invoices approved by both.
  'vendors:set-limits': ['admin', 'board'],
  'bids:read': ['admin', 'manager', 'board'],
  'bids:manage': ['admin', 'manager'],
  'invoices:read': ['admin', 'manager', 'board'],
  'invoices:manage': ['admin', 'manager'],
  'invoices:approve': ['admin', 'manager', 'board'],
  // Issue 24 item 5: the resident who asked rates the completed work (admins for requests of their own).
  'work-orders:rate': ['admin', 'resident'],
  'projects:manage': ['admin', 'developer'],
  'handover:acknowledge': ['admin', 'resident', 'board'],
};

describe('role permissions', () => {
  it.each(permissions.map((permission) => [permission]))(
    '%s is held by exactly the roles of the access table',
    (permission) => {
      expect(roles.filter((role) => hasPermission(role, permission))).toEqual(expected[permission]);
    },
  );
});
