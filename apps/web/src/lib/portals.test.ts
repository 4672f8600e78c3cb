import { describe, expect, it } from 'vitest';
import { hasPermission, roles } from '@commonwise/contracts';
import {
  announcementReaderRoles,
  getPortalForRole,
  portals,
  readsAnnouncements,
  readsEvents,
  wrongPortalNotice,
} from './portals.ts';

describe('getPortalForRole', () => {
  it.each([
    ['board', '/board-portal', 'Board Member Portal'],
    ['resident', '/resident-portal', 'Resident Portal'],
    ['manager', '/manager-portal', 'Manager Portal'],
    ['developer', '/developer-portal', 'Developer Portal'],
    ['vendor', '/vendor-portal', 'Vendor Portal'],
    ['admin', '/admin-portal', 'Admin Portal'],
  ])('sends a %s to %s (%s)', (role, path, name) => {
    expect(getPortalForRole(role)).toMatchObject({ path, name });
  });

  it('keeps an unknown role on the dashboard', () => {
    expect(getPortalForRole('superintendent').path).toBe('/dashboard');
    expect(getPortalForRole('').path).toBe('/dashboard');
    expect(getPortalForRole('constructor').path).toBe('/dashboard');
  });
});

describe('wrongPortalNotice', () => {
  it('says whose portal it is and where the person is now', () => {
    expect(wrongPortalNotice('board', portals.resident)).toBe(
      'The Board Member Portal is for board members. Here is your Resident Portal.',
    );
    expect(wrongPortalNotice('vendor', portals.manager)).toBe(
      'The Vendor Portal is for vendors. Here is your Manager Portal.',
    );
  });

  it('no longer promises content "in a coming release"', () => {
    for (const portal of Object.values(portals)) expect(portal.description).not.toMatch(/coming release/);
  });
});

describe('the roles that read announcements', () => {
  it('are those the server gives announcements:read', () => {
    expect(roles.filter(readsAnnouncements)).toEqual(
      roles.filter((role) => hasPermission(role, 'announcements:read')),
    );
    expect(announcementReaderRoles).not.toContain('vendor');
  });
});

describe('the roles that read events', () => {
  it('are those the server gives events:read', () => {
    expect(roles.filter(readsEvents)).toEqual(roles.filter((role) => hasPermission(role, 'events:read')));
  });
});
