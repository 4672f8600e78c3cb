import { describe, expect, it } from 'vitest';
import { getPortalForRole } from './portals.ts';

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
