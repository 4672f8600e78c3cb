import type { User } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { UsersPage } from './UsersPage.tsx';

function person(role: User['role'], overrides: Partial<User>): User {
  return { ...makeUser(role), isActive: true, invitationPending: false, ...overrides };
}

const admin = person('admin', { id: '1', fullName: 'Avery Admin', email: 'avery@commonwise.test' });
const vendor = person('vendor', { id: '2', fullName: 'Val Vendor', email: 'val@commonwise.test' });
const invitee = person('resident', {
  id: '3',
  fullName: 'Ivy Invitee',
  email: 'ivy@commonwise.test',
  invitationPending: true,
});
const former = person('manager', {
  id: '4',
  fullName: 'Fern Former',
  email: 'fern@commonwise.test',
  isActive: false,
});
const users = [admin, vendor, invitee, former];

const notFound = () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });

function renderPage() {
  return renderWithRouter(<UsersPage />, { user: admin });
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('UsersPage', () => {
  it('lists users with their role, status and the total', async () => {
    mockFetch(() => jsonResponse(200, { users, total: 4 }));
    renderPage();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findByText('Val Vendor')).toBeInTheDocument();
    expect(screen.getByText('val@commonwise.test')).toBeInTheDocument();
    expect(screen.getByText('Vendor')).toBeInTheDocument();
    const statusOf = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[3]?.textContent;
    expect(statusOf('Val Vendor')).toBe('Active');
    expect(statusOf('Ivy Invitee')).toBe('Invited');
    expect(statusOf('Fern Former')).toBe('Deactivated');
    expect(screen.getByText('4 users')).toBeInTheDocument();
    expect(screen.getByText('(you)')).toBeInTheDocument();
  });

  it('searches on the server and says when nothing matches', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('search=')
        ? jsonResponse(200, { users: [], total: 0 })
        : jsonResponse(200, { users, total: 4 }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Val Vendor');
    await user.type(screen.getByPlaceholderText('Search users by email or name...'), 'zed');
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users?page=1&limit=50&search=zed')).toBe(true);
  });

  it('pages through many users on the server', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('page=2')
        ? jsonResponse(200, { users: users.slice(0, 1), total: 51, page: 2, limit: 50 })
        : jsonResponse(200, { users, total: 51, page: 1, limit: 50 }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Val Vendor');
    expect(screen.getByText('51 users')).toBeInTheDocument();
    expect(screen.getByText('1–50 of 51')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page of users' }));
    expect(await screen.findByText('51–51 of 51')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/users?page=2&limit=50', expect.anything());
  });

  it('says when there are no users at all', async () => {
    mockFetch(() => jsonResponse(200, { users: [], total: 0 }));
    renderPage();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('shows the error state when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }));
    renderPage();
    expect(await screen.findByText('Error loading users')).toBeInTheDocument();
    expect(
      screen.getByText('There was a problem fetching the user data. Please try again.'),
    ).toBeInTheDocument();
  });

  it('changes a role, with the current role disabled', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'PATCH') return jsonResponse(200, { ...vendor, role: 'manager' });
      return url.startsWith('/api/users') ? jsonResponse(200, { users, total: 4 }) : notFound();
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await openMenu(user, 'Val Vendor')).getByRole('menuitem', { name: 'Change Role' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(within(dialog).getByRole('radio', { name: /Vendor \(current role\)/ })).toBeDisabled();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
    expect(within(dialog).getByRole('button', { name: 'Change Role' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /^Manager/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/users/2/role');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ role: 'manager' });
  });

  it("shows the server's reason when a role change is refused", async () => {
    mockFetch((url, init) => {
      if (init?.method === 'PATCH') {
        return jsonResponse(409, {
          error: {
            code: 'LAST_ADMIN',
            message:
              'Cannot change the role: this is the last active admin. Make someone else an admin first.',
          },
        });
      }
      return url.startsWith('/api/users') ? jsonResponse(200, { users, total: 4 }) : notFound();
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await openMenu(user, 'Avery Admin')).getByRole('menuitem', { name: 'Change Role' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    await user.click(within(dialog).getByRole('radio', { name: /^Board/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Cannot change the role: this is the last active admin. Make someone else an admin first.',
      ),
    ).toBeInTheDocument();
  });

  it('invites a user', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'POST')
        return jsonResponse(201, { ...invitee, id: '9', email: 'new@example.com' });
      return url.startsWith('/api/users') ? jsonResponse(200, { users, total: 4 }) : notFound();
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Val Vendor');
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText("Please enter the person's name")).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Nina New');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), ' New@Example.com ');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/users/invitations');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      fullName: 'Nina New',
      email: 'new@example.com',
      role: 'manager',
    });
  });

  it('resends an invitation only to invited users', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'POST') return jsonResponse(200, { ok: true });
      return url.startsWith('/api/users') ? jsonResponse(200, { users, total: 4 }) : notFound();
    });
    const user = userEvent.setup();
    renderPage();
    expect(
      within(await openMenu(user, 'Val Vendor')).queryByRole('menuitem', { name: 'Resend invitation' }),
    ).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(
      within(await openMenu(user, 'Ivy Invitee')).getByRole('menuitem', { name: 'Resend invitation' }),
    );
    expect(await screen.findByText('Invitation sent to ivy@commonwise.test')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/users/3/invitation' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('deactivates after confirming, and reactivates', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'POST') return jsonResponse(200, vendor);
      return url.startsWith('/api/users') ? jsonResponse(200, { users, total: 4 }) : notFound();
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await openMenu(user, 'Val Vendor')).getByRole('menuitem', { name: 'Deactivate' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Val Vendor has been deactivated')).toBeInTheDocument();

    await user.click(
      within(await openMenu(user, 'Fern Former')).getByRole('menuitem', { name: 'Reactivate' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reactivate user' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/users/4/reactivate')).toBe(true),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users/2/deactivate')).toBe(true);
  });

  it('does not offer to deactivate yourself', async () => {
    mockFetch(() => jsonResponse(200, { users, total: 4 }));
    const user = userEvent.setup();
    renderPage();
    const menu = await openMenu(user, 'Avery Admin');
    expect(within(menu).getByRole('menuitem', { name: /^Deactivate/ })).toBeDisabled();
  });

  it('offers no Delete, and says in the menu why people are deactivated instead (issue 26)', async () => {
    mockFetch((url) => (url.startsWith('/api/users') ? jsonResponse(200, { users, total: 4 }) : notFound()));
    const user = userEvent.setup();
    renderPage();
    const menu = await openMenu(user, 'Val Vendor');
    expect(within(menu).queryByRole('menuitem', { name: /Delete/ })).not.toBeInTheDocument();
    expect(
      within(menu).getByText(
        'Users are never deleted, so that their history stays intact: deactivate them instead.',
      ),
    ).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Deactivate' })).toBeEnabled();
  });
});
