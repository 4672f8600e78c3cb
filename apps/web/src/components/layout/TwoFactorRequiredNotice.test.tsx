import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { routes } from '../../app/router.tsx';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../test/render.tsx';

const blockedManager = makeUser('manager', { fullName: 'Mo Manager', mustEnrolTwoFactor: true });
const twoFactorRequired = () =>
  jsonResponse(403, {
    error: {
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Your role requires two-factor authentication. Set it up in My Account to continue.',
    },
  });

describe('the two-factor requirement in the signed-in layout', () => {
  it('shows a notice with a way to set it up instead of any other page', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/me/sessions' ? jsonResponse(200, { sessions: [] }) : twoFactorRequired(),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/manager-portal', user: blockedManager });

    // The router loads the manager portal's chunk first; a cold one is slow here.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Set up two-factor authentication to continue' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manager Portal' })).not.toBeInTheDocument();
    // The frame stays, so the person can still reach My Account and sign out.
    expect(screen.getByRole('button', { name: 'Account menu for Mo Manager' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/properties'))).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Set up two-factor authentication' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Account' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.location.hash).toBe('#two-factor');
    expect(screen.getByRole('region', { name: 'Two-factor authentication' })).toBeInTheDocument();
  });

  it('leaves everyone else alone', async () => {
    renderRoutes(routes, { initialEntry: '/manager-portal', user: makeUser('manager') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manager Portal' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Set up two-factor authentication to continue')).not.toBeInTheDocument();
  });

  it('appears as soon as the server starts refusing for that reason', async () => {
    let isRequired = false;
    mockFetch((url) => {
      if (url === '/api/me') {
        return jsonResponse(200, {
          ...makeUser('admin', { fullName: 'Ada Admin' }),
          mustEnrolTwoFactor: isRequired,
        });
      }
      if (url.startsWith('/api/users')) {
        isRequired = true;
        return twoFactorRequired();
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    renderRoutes(routes, {
      initialEntry: '/admin-portal/users',
      user: makeUser('admin', { fullName: 'Ada Admin' }),
      // The app's own client: it reads /api/me again when a call is refused for want of two-factor.
      queryClient: createQueryClient(),
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Set up two-factor authentication to continue' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });
});
