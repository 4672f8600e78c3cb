import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

/** The navigation's and dashboard's unread counts (issue 26): nothing unread. */
const nothingUnread = { threads: { conversations: 0, messages: 0 }, rooms: { rooms: 0, messages: 0 } };
/**
 * A vendor with no work yet, as GET /api/vendor-portal answers (a page, with counts over all); the
 * portal's other lists (invitations to bid, invoices) get the same answer, and find theirs empty in it.
 */
const noVendorWork = {
  summary: { open: 0, dueSoon: 0, completed: 0 },
  workOrders: [],
  invitations: [],
  invoices: [],
  total: 0,
  page: 1,
  limit: 20,
};

const unauthenticated = () =>
  jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } });

describe('routing', () => {
  it('sends a signed-out visitor to /auth with a way back', async () => {
    mockFetch((url) =>
      url === '/api/demo-accounts' ? jsonResponse(200, { enabled: false, accounts: [] }) : unauthenticated(),
    );
    const { router } = renderRoutes(routes, { initialEntry: '/admin-portal/users?search=ann', user: null });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/admin-portal/users?search=ann',
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the signed-in layout and the dashboard for a resident', async () => {
    const resident = makeUser('resident', { fullName: 'Riley Resident' });
    renderRoutes(routes, { initialEntry: '/dashboard', user: resident });
    expect(
      // The first test of the file loads the signed-in layout's and the dashboard's code (lazy routes)
      // cold, which can take longer than findBy's default.
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Riley Resident' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter Portal' })).toHaveAttribute('href', '/resident-portal');
    expect(screen.getByText('Resident Portal', { selector: 'strong' })).toBeInTheDocument();
    // Issue 26: the navigation has the resident's own portal too.
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', {
        name: 'Resident Portal',
      }),
    ).toHaveAttribute('href', '/resident-portal');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@commonwise.test',
    );
    await waitFor(() => expect(document.title).toBe('Dashboard · Commonwise'));
  });

  it('tells a resident the admin portal is not theirs', async () => {
    renderRoutes(routes, { initialEntry: '/admin-portal/users', user: makeUser('resident') });
    expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('takes a resident who opens the board portal to their own portal, saying why', async () => {
    mockFetch((url) =>
      url === '/api/chat/unread' ? jsonResponse(200, nothingUnread) : jsonResponse(200, { residences: [] }),
    );
    const { router } = renderRoutes(routes, { initialEntry: '/board-portal', user: makeUser('resident') });
    expect(
      // The first visit loads the page's code (lazy route), which can take longer than findBy's default.
      await screen.findByText(
        'The Board Member Portal is for board members. Here is your Resident Portal.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/resident-portal');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText("You don't have access to this page")).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(
        screen.queryByText('The Board Member Portal is for board members. Here is your Resident Portal.'),
      ).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/resident-portal');
  });

  it('takes a vendor who opens the developer portal to the vendor portal', async () => {
    mockFetch((url) =>
      url === '/api/chat/unread' ? jsonResponse(200, nothingUnread) : jsonResponse(200, noVendorWork),
    );
    const { router } = renderRoutes(routes, { initialEntry: '/developer-portal', user: makeUser('vendor') });
    expect(
      await screen.findByText(
        'The Developer Portal is for developers. Here is your Vendor Portal.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendor-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor Portal' })).toBeInTheDocument();
  });

  it('lets an admin open every portal', async () => {
    renderRoutes(routes, { initialEntry: '/board-portal', user: makeUser('admin') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Board Member Portal' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows a role its own portal', async () => {
    mockFetch((url) =>
      url === '/api/chat/unread' ? jsonResponse(200, nothingUnread) : jsonResponse(200, noVendorWork),
    );
    renderRoutes(routes, { initialEntry: '/vendor-portal', user: makeUser('vendor') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor Portal' })).toBeInTheDocument();
  });

  it('keeps every /admin-portal/* URL from non-admins', async () => {
    renderRoutes(routes, {
      initialEntry: '/admin-portal/property-onboarding/start',
      user: makeUser('manager'),
    });
    expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
  });

  it('moves /admin/property-onboarding/... to /admin-portal/property-onboarding/...', async () => {
    // The first step: a later one would send a visit without a draft back to it.
    const { router } = renderRoutes(routes, {
      initialEntry: '/admin/property-onboarding/start?from=mail',
      user: makeUser('admin'),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin-portal/property-onboarding/start'),
    );
    expect(router.state.location.search).toBe('?from=mail');
  });

  it('moves /admin/users to /admin-portal/users', async () => {
    mockFetch((url) =>
      url === '/api/chat/unread'
        ? jsonResponse(200, nothingUnread)
        : jsonResponse(200, { users: [], total: 0 }),
    );
    const { router } = renderRoutes(routes, { initialEntry: '/admin/users', user: makeUser('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-portal/users');
  });

  it('opens an invitation link without signing in', async () => {
    mockFetch((url) =>
      url.startsWith('/api/invitations/')
        ? jsonResponse(200, {
            email: 'nina@example.com',
            fullName: 'Nina New',
            expiresAt: '2025-03-20T10:00:00.000Z',
          })
        : unauthenticated(),
    );
    const { router } = renderRoutes(routes, { initialEntry: '/invite/abcdefghijklmnop', user: null });
    // The first visit loads the page's code (lazy route), which can take longer than findBy's default.
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Nina New' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite/abcdefghijklmnop');
  });

  it('opens Create New Property and a property page for an admin, not for a manager', async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }));
    renderRoutes(routes, { initialEntry: '/admin-portal/properties/new', user: makeUser('admin') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create New Property' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    cleanup();
    renderRoutes(routes, {
      initialEntry: '/admin-portal/properties/11111111-1111-4111-8111-111111111111',
      user: makeUser('admin'),
    });
    expect(
      await screen.findByText(
        "Property not found or you don't have permission to view it.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    cleanup();
    renderRoutes(routes, { initialEntry: '/admin-portal/properties/new', user: makeUser('manager') });
    expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
  });

  it('shows Page not found for an unknown URL, with a way home', async () => {
    renderRoutes(routes, { initialEntry: '/no-such-page', user: null });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('points a signed-in user home to the dashboard from Page not found', async () => {
    renderRoutes(routes, { initialEntry: '/no-such-page', user: makeUser('board') });
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('signs out to plain /auth and says so', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/sign-out') return jsonResponse(200, { ok: true });
      if (url === '/api/demo-accounts') return jsonResponse(200, { enabled: false, accounts: [] });
      return unauthenticated();
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/settings', user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('');
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/sign-out' && init?.method === 'POST'),
    ).toBe(true);
  });
});

describe('the assistant analytics page (issue 16)', () => {
  it('opens for a manager, though the rest of /admin-portal does not', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Not needed here' } }));
    renderRoutes(routes, { initialEntry: '/admin-portal/analytics', user: makeUser('manager') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Assistant analytics' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText("You don't have access to this page")).not.toBeInTheDocument();
  });

  it('stays closed to residents', async () => {
    renderRoutes(routes, { initialEntry: '/admin-portal/analytics', user: makeUser('resident') });
    expect(
      await screen.findByText("You don't have access to this page", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it("opens a managed property's documents page for a manager, not for a resident", async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }));
    renderRoutes(routes, {
      initialEntry: '/manager-portal/properties/22222222-2222-4222-8222-222222222222/documents',
      user: makeUser('manager'),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Property not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    cleanup();
    renderRoutes(routes, {
      initialEntry: '/manager-portal/properties/22222222-2222-4222-8222-222222222222/documents',
      user: makeUser('resident'),
    });
    expect(
      await screen.findByText("You don't have access to this page", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('covenant enforcement pages (issue 21)', () => {
  const rulesPath = '/manager-portal/properties/22222222-2222-4222-8222-222222222222/violation-rules';
  const inspectionPath = '/manager-portal/properties/22222222-2222-4222-8222-222222222222/inspection';

  it("opens a property's rules and the violations list for the board, but not an inspection", async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }));
    renderRoutes(routes, { initialEntry: rulesPath, user: makeUser('board') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Property not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    cleanup();
    renderRoutes(routes, { initialEntry: '/manager-portal/violations', user: makeUser('board') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Violations' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    cleanup();
    renderRoutes(routes, { initialEntry: inspectionPath, user: makeUser('board') });
    expect(
      await screen.findByText("You don't have access to this page", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('keeps them from residents', async () => {
    renderRoutes(routes, { initialEntry: '/manager-portal/violations', user: makeUser('resident') });
    expect(
      await screen.findByText("You don't have access to this page", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
