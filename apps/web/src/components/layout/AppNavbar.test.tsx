import { hasPermission, roles } from '@commonwise/contracts';
import { AppShell } from '@mantine/core';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { AppNavbar } from './AppNavbar.tsx';
import { bidReaderRoles, invoiceReaderRoles, vendorDirectoryRoles } from './nav-items.ts';

function renderNavbar(role: string, { path = '/dashboard', isIconOnly = false } = {}) {
  renderWithRouter(
    <AppShell navbar={{ width: 240, breakpoint: 'sm' }}>
      <AppShell.Navbar aria-label="Main navigation">
        <AppNavbar role={role} isIconOnly={isIconOnly} onToggleCollapsed={vi.fn()} onNavigate={vi.fn()} />
      </AppShell.Navbar>
    </AppShell>,
    { path, user: null },
  );
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
}

describe('AppNavbar', () => {
  it('shows the shared entries to everyone', () => {
    const nav = renderNavbar('resident');
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('link', { name: 'AI Assistant' })).toHaveAttribute('href', '/chat');
    expect(nav.getByRole('link', { name: 'Work Rooms' })).toHaveAttribute('href', '/work-rooms');
    expect(nav.getByRole('link', { name: 'Announcements' })).toHaveAttribute('href', '/announcements');
    expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
  });

  it('shows Users and Properties to admins', () => {
    const nav = renderNavbar('admin');
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin-portal/users');
    expect(nav.getByRole('link', { name: 'Properties' })).toHaveAttribute('href', '/admin-portal/properties');
  });

  it.each(['manager', 'resident', 'vendor', 'board', 'developer'])(
    'hides the admin entries from a %s',
    (role) => {
      const nav = renderNavbar(role);
      expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
      expect(nav.queryByRole('link', { name: 'Properties' })).not.toBeInTheDocument();
    },
  );

  it.each([
    ['manager', '/community/amenities', true],
    ['admin', '/community/amenities', true],
    ['board', '/amenities', true],
    ['resident', '/amenities', false],
    ['vendor', null, false],
    ['developer', null, false],
  ])(
    'gives a %s one Amenities entry (to %s) and Community when they run an association’s pages',
    (role, amenities, community) => {
      const nav = renderNavbar(role);
      if (amenities) expect(nav.getByRole('link', { name: 'Amenities' })).toHaveAttribute('href', amenities);
      else expect(nav.queryByRole('link', { name: 'Amenities' })).not.toBeInTheDocument();
      if (community)
        expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute(
          'href',
          '/community/announcements',
        );
      else expect(nav.queryByRole('link', { name: 'Community' })).not.toBeInTheDocument();
      // Every entry once: the readers' Announcements and Events are not repeated for the writers.
      const names = nav.getAllByRole('link').map((link) => link.textContent);
      expect(new Set(names).size).toBe(names.length);
    },
  );

  it('marks Amenities, not Community, on the managers’ amenities page; Community on its other pages', () => {
    let nav = renderNavbar('manager', { path: '/community/amenities' });
    expect(nav.getByRole('link', { name: 'Amenities' })).toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Community' })).not.toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Community' })).not.toHaveAttribute('aria-current');
    cleanup();
    nav = renderNavbar('manager', { path: '/community/events' });
    expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Amenities' })).not.toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Events' })).not.toHaveAttribute('data-active');
  });

  it.each(roles.map((role) => [role, hasPermission(role, 'vendors:read')] as const))(
    'gives a %s the Vendors entry when the server lets them read the directory (%s)',
    (role, reads) => {
      const nav = renderNavbar(role, { path: '/vendors/some-id' });
      if (reads) {
        expect(nav.getByRole('link', { name: 'Vendors' })).toHaveAttribute('href', '/vendors');
        expect(nav.getByRole('link', { name: 'Vendors' })).toHaveAttribute('data-active');
      } else expect(nav.queryByRole('link', { name: 'Vendors' })).not.toBeInTheDocument();
      expect(vendorDirectoryRoles.includes(role)).toBe(reads);
    },
  );

  it.each(roles.map((role) => [role, hasPermission(role, 'invoices:read')] as const))(
    'gives a %s the Invoices entry when the server lets them read invoices (%s)',
    (role, reads) => {
      const nav = renderNavbar(role, { path: '/invoices/some-property/some-id' });
      if (reads) {
        expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
        expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('data-active');
      } else expect(nav.queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
      expect(invoiceReaderRoles.includes(role)).toBe(reads);
    },
  );

  it.each(roles.map((role) => [role, hasPermission(role, 'bids:read')] as const))(
    'gives a %s the Bids entry when the server lets them read requests for bids (%s)',
    (role, reads) => {
      const nav = renderNavbar(role, { path: '/bids/some-property/some-id' });
      if (reads) {
        expect(nav.getByRole('link', { name: 'Bids' })).toHaveAttribute('href', '/bids');
        expect(nav.getByRole('link', { name: 'Bids' })).toHaveAttribute('data-active');
      } else expect(nav.queryByRole('link', { name: 'Bids' })).not.toBeInTheDocument();
      expect(bidReaderRoles.includes(role)).toBe(reads);
    },
  );

  it('marks the current route, including pages below an entry', () => {
    const nav = renderNavbar('admin', { path: '/admin-portal/properties/some-id' });
    expect(nav.getByRole('link', { name: 'Properties' })).toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('data-active');
  });

  it.each([
    ['resident', 'Resident Portal', '/resident-portal'],
    ['manager', 'Manager Portal', '/manager-portal'],
    ['board', 'Board Member Portal', '/board-portal'],
    ['vendor', 'Vendor Portal', '/vendor-portal'],
    ['developer', 'Developer Portal', '/developer-portal'],
    ['admin', 'Admin Portal', '/admin-portal'],
  ])('gives a %s an entry for their own portal, after the Dashboard (issue 26)', (role, name, path) => {
    const nav = renderNavbar(role);
    const links = nav.getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(0, 2)).toEqual(['Dashboard', name]);
    expect(nav.getByRole('link', { name })).toHaveAttribute('href', path);
    expect(nav.getAllByRole('link', { name: /Portal$/ })).toHaveLength(1);
  });

  it('marks the portal entry on the portal and its pages, but not under a closer entry', () => {
    let nav = renderNavbar('manager', { path: '/manager-portal/properties/p1/units' });
    expect(nav.getByRole('link', { name: 'Manager Portal' })).toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('data-active');
    cleanup();
    nav = renderNavbar('admin', { path: '/admin-portal/users' });
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Admin Portal' })).not.toHaveAttribute('data-active');
  });

  it('shows what the router gives an entry, such as its unread count', () => {
    renderWithRouter(
      <AppShell navbar={{ width: 240, breakpoint: 'sm' }}>
        <AppShell.Navbar aria-label="Main navigation">
          <AppNavbar
            role="resident"
            isIconOnly={false}
            onToggleCollapsed={vi.fn()}
            onNavigate={vi.fn()}
            navBadge={(to) => (to === '/work-rooms' ? <span aria-label="4 unread">4</span> : null)}
          />
        </AppShell.Navbar>
      </AppShell>,
      { path: '/dashboard', user: null },
    );
    expect(screen.getByRole('link', { name: /Work Rooms/ })).toHaveTextContent('Work Rooms4');
    expect(screen.getByRole('link', { name: 'AI Assistant' })).toHaveTextContent('AI Assistant');
  });

  it('keeps every entry named when collapsed to icons', () => {
    const nav = renderNavbar('admin', { isIconOnly: true });
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
  });
});
