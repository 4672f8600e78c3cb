import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { UsersPage } from './UsersPage.tsx';

const users = [
  makeUser('admin', { id: '1', fullName: 'Avery Admin', email: 'avery@commonwise.test' }),
  makeUser('vendor', { id: '2', fullName: 'Val Vendor', email: 'val@commonwise.test' }),
];

describe('UsersPage', () => {
  it('lists users with their role and the total', async () => {
    mockFetch(() => jsonResponse(200, { users, total: 2 }));
    renderWithRouter(<UsersPage />, { user: users[0] });
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findByText('Val Vendor')).toBeInTheDocument();
    expect(screen.getByText('val@commonwise.test')).toBeInTheDocument();
    expect(screen.getByText('Vendor')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('searches on the server and says when nothing matches', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('search=')
        ? jsonResponse(200, { users: [], total: 0 })
        : jsonResponse(200, { users, total: 2 }),
    );
    const user = userEvent.setup();
    renderWithRouter(<UsersPage />, { user: users[0] });
    await screen.findByText('Val Vendor');
    await user.type(screen.getByPlaceholderText('Search users by email or name...'), 'zed');
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users?search=zed')).toBe(true);
  });

  it('says when there are no users at all', async () => {
    mockFetch(() => jsonResponse(200, { users: [], total: 0 }));
    renderWithRouter(<UsersPage />, { user: users[0] });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('shows the error state when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }));
    renderWithRouter(<UsersPage />, { user: users[0] });
    expect(await screen.findByText('Error loading users')).toBeInTheDocument();
    expect(
      screen.getByText('There was a problem fetching the user data. Please try again.'),
    ).toBeInTheDocument();
  });
});
