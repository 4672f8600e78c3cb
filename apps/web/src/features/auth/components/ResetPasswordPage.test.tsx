import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth', element: <p>Sign-in page</p> },
];

const invalidToken = () =>
  jsonResponse(400, {
    error: { code: 'INVALID_TOKEN', message: 'This link is invalid or has expired. Ask for a new one.' },
  });

function fakeServer(reset: (body: { token: string; newPassword: string }) => Response) {
  return mockFetch((url, init) => {
    if (url === '/api/me')
      return jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
    if (url === '/api/auth/reset-password') return reset(JSON.parse(String(init?.body)));
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('sets the new password and sends the person to sign in', async () => {
    const fetchMock = fakeServer(() => jsonResponse(200, { status: true }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/reset-password?token=abc123', user: null });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Commonwise' })).toBeInTheDocument();

    await fillPasswords(user, 'new-password');
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Your password is set. Sign in to continue.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/reset-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc123', newPassword: 'new-password' });
  });

  it('checks the password and its confirmation before sending', async () => {
    const fetchMock = fakeServer(() => jsonResponse(200, { status: true }));
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/reset-password?token=abc123', user: null });
    await fillPasswords(user, '123', '124');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/reset-password')).toBe(false);
  });

  it('explains a used or expired link and offers a new one', async () => {
    fakeServer(invalidToken);
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/reset-password?token=used-token', user: null });
    await fillPasswords(user, 'new-password');

    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth?view=forgot',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('says the same for a link without a token', async () => {
    fakeServer(invalidToken);
    renderRoutes(routes, { initialEntry: '/reset-password', user: null });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired. Ask for a new one.')).toBeInTheDocument();
  });
});
