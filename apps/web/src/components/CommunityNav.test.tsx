import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithRouter } from '../test/render.tsx';
import { CommunityNav } from './CommunityNav.tsx';

const renderAt = (role: 'admin' | 'manager' | 'board' | 'resident', path: string) =>
  renderWithRouter(<CommunityNav />, { user: makeUser(role), path, initialEntry: path });

describe('CommunityNav', () => {
  it('leads a manager between announcements, events and amenities, marking where they are', () => {
    renderAt('manager', '/community/events');
    const nav = screen.getByRole('navigation', { name: 'Community management' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Announcements', 'Events', 'Amenities']);
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Announcements' })).not.toHaveAttribute('aria-current');
  });

  it('offers the board what it manages', () => {
    renderAt('board', '/community/announcements/new');
    const nav = screen.getByRole('navigation', { name: 'Community management' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Announcements', 'Events']);
    expect(within(nav).getByRole('link', { name: 'Announcements' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing to someone who manages none of them', () => {
    renderAt('resident', '/community/events');
    expect(screen.queryByRole('navigation', { name: 'Community management' })).toBeNull();
  });
});
