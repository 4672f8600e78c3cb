import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const manager = makeUser('manager', { email: 'mo@commonwise.test', fullName: 'Mo Manager' });
const unauthenticated = () =>
  jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });

const routes = [
  { path: '/auth', element: <LoginPage /> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
];

type Verify = (path: string, code: string) => Response;

/** A fake API for an account with two-factor on: the password step starts no session. */
function fakeServer(verify: Verify) {
  let isSignedIn = false;
  return mockFetch((url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url === '/api/me') return isSignedIn ? jsonResponse(200, manager) : unauthenticated();
    if (url === '/api/demo-accounts') return jsonResponse(200, { enabled: false, accounts: [] });
    if (url === '/api/auth/sign-in/email') {
      return jsonResponse(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    }
    if (url.startsWith('/api/auth/two-factor/verify-')) {
      const response = verify(url, body.code);
      if (response.ok) isSignedIn = true;
      return response;
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'mo@commonwise.test');
  await user.type(screen.getByLabelText(/^Password/), 'commonwise-demo');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByRole('heading', { name: 'Two-factor authentication' });
}

const invalidCode = () => jsonResponse(401, { error: { code: 'INVALID_CODE', message: 'Invalid code' } });
const signedIn = () => jsonResponse(200, { token: 't', user: { id: manager.id } });

describe('the two-factor step of signing in', () => {
  it('asks for the app code after a right password, and signs in with it', async () => {
    const fetchMock = fakeServer((path, code) =>
      path.endsWith('verify-totp') && code === '246810' ? signedIn() : invalidCode(),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/auth' });
    await signInWithPassword(user);

    expect(screen.getByText('mo@commonwise.test')).toBeInTheDocument();
    expect(document.title).toBe('Two-factor authentication · Commonwise');
    const code = screen.getByRole('textbox', { name: /^Authentication code/ });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();

    await user.type(code, '135791');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Signed in successfully')).toBeInTheDocument();
    const verified = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/two-factor/verify-totp');
    expect(JSON.parse(String(verified.at(-1)?.[1]?.body))).toEqual({ code: '246810' });
  });

  it('takes a backup code instead', async () => {
    const fetchMock = fakeServer((path, code) =>
      path.endsWith('verify-backup-code') && code === 'AbCdE-12345' ? signedIn() : invalidCode(),
    );
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth' });
    await signInWithPassword(user);

    await user.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    const code = screen.getByRole('textbox', { name: /^Backup code/ });
    expect(code).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: /^Authentication code/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter one of your backup codes')).toBeInTheDocument();

    await user.type(code, ' AbCdE-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    const verified = fetchMock.mock.calls.find(([url]) => url === '/api/auth/two-factor/verify-backup-code');
    expect(JSON.parse(String(verified?.[1]?.body))).toEqual({ code: 'AbCdE-12345' });
  });

  it('switches back to the app code', async () => {
    fakeServer(invalidCode);
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth' });
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByRole('textbox', { name: /^Authentication code/ })).toHaveFocus();
  });

  it('goes back to the password when the sign-in has timed out', async () => {
    fakeServer(() =>
      jsonResponse(401, {
        error: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth' });
    await signInWithPassword(user);
    await user.type(screen.getByRole('textbox', { name: /^Authentication code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Your sign-in timed out. Sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid two factor cookie')).not.toBeInTheDocument();
  });

  it('can be cancelled', async () => {
    fakeServer(invalidCode);
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth' });
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Cancel and sign in again' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
