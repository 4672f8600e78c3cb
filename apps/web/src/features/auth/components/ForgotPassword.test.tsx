import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const routes = [{ path: '/auth', element: <LoginPage /> }];

function fakeServer(answer = () => jsonResponse(200, { status: true })) {
  return mockFetch((url) => {
    if (url === '/api/me')
      return jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
    if (url === '/api/demo-accounts') return jsonResponse(200, { enabled: false, accounts: [] });
    if (url === '/api/auth/request-password-reset') return answer();
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

describe('Forgot password', () => {
  it('sends a link and says the same thing whatever the address', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/auth' });
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'someone@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=forgot&email=someone%40example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If someone@example.com belongs to an account, we have emailed it a link to choose a new password. The link works once, for 1 hour.',
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/request-password-reset');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'someone@example.com' });

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('someone@example.com');
  });

  it('checks the address first', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=forgot' });
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/request-password-reset')).toBe(false);
  });

  it('says when the link could not be sent', async () => {
    fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=forgot&email=a%40example.com' });
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('Cannot reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
