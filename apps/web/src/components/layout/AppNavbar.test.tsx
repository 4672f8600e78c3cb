import { AppShell } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { AppNavbar } from './AppNavbar.tsx';

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

  it('marks the current route, including pages below an entry', () => {
    const nav = renderNavbar('admin', { path: '/admin-portal/properties/some-id' });
    expect(nav.getByRole('link', { name: 'Properties' })).toHaveAttribute('data-active');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('data-active');
  });

  it('keeps every entry named when collapsed to icons', () => {
    const nav = renderNavbar('admin', { isIconOnly: true });
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
  });
});
