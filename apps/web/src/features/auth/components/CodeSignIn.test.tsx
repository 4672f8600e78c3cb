import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const board = makeUser('board', { email: 'bea@commonwise.test', fullName: 'Bea Board' });
const unauthenticated = () =>
  jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });

const routes = [
  { path: '/auth', element: <LoginPage /> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
  { path: '/account', element: <p>Account page</p> },
];

interface ServerOptions {
  sendCode?: (body: { email?: string }) => Response;
  signIn?: (body: { email: string; otp: string }) => Response;
  me?: typeof board;
}

/** A fake API: signed out until a code sign-in succeeds. */
function fakeServer({
  sendCode = () => jsonResponse(200, { success: true }),
  signIn,
  me = board,
}: ServerOptions = {}) {
  let isSignedIn = false;
  return mockFetch(async (url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url === '/api/me') return isSignedIn ? jsonResponse(200, me) : unauthenticated();
    if (url === '/api/demo-accounts') return jsonResponse(200, { enabled: false, accounts: [] });
    if (url === '/api/auth/email-otp/send-verification-otp') return sendCode(body);
    if (url === '/api/auth/sign-in/email-otp') {
      const response = signIn?.(body) ?? jsonResponse(200, { token: 't', user: { id: board.id } });
      // With two-factor on, a right code starts no session yet.
      if (response.ok && !(await response.clone().json()).twoFactorRedirect) isSignedIn = true;
      return response;
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

const callsTo = (fetchMock: ReturnType<typeof fakeServer>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);

afterEach(() => {
  vi.useRealTimers();
});

describe('signing in with an e-mailed code', () => {
  it('is offered on the sign-in page and keeps the e-mail typed so far', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/auth' });
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'bea@commonwise.test');
    await user.click(screen.getByRole('link', { name: 'Email me a code' }));

    expect(await screen.findByRole('heading', { name: 'Sign in with a code' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=code&email=bea%40commonwise.test');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('bea@commonwise.test');
    expect(document.title).toBe('Sign in with a code · Commonwise');
  });

  it('says an address is needed before sending anything', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=code' });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));

    expect(await screen.findByText('You must provide either an email or phone number.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/auth/email-otp/send-verification-otp')).toHaveLength(0);
  });

  it("shows the server's message for a missing address too", async () => {
    fakeServer({
      sendCode: () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'You must provide either an email or phone number.',
            fields: { email: 'You must provide either an email or phone number.' },
          },
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=code' });
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'bea@commonwise.test');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('You must provide either an email or phone number.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Code/ })).not.toBeInTheDocument();
  });

  it('sends a code, counts down to the resend, and resends after 60 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=code&email=bea%40commonwise.test' });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('bea@commonwise.test')).toBeInTheDocument();
    expect(
      JSON.parse(String(callsTo(fetchMock, '/api/auth/email-otp/send-verification-otp')[0]?.[1]?.body)),
    ).toEqual({
      email: 'bea@commonwise.test',
    });
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend code in 59 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(await screen.findByText('We sent a new code to bea@commonwise.test.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/email-otp/send-verification-otp')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
  });

  it('goes on to the code when one was sent a moment ago, counting down from what the server says', async () => {
    fakeServer({
      sendCode: () =>
        jsonResponse(429, {
          error: {
            code: 'CODE_RECENTLY_SENT',
            message: 'A code was sent a moment ago. You can ask for a new one in 42 seconds.',
            retryAfter: 42,
          },
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=code&email=bea%40commonwise.test' });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));

    expect(
      await screen.findByText('A code was sent a moment ago. You can ask for a new one in 42 seconds.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Code/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 42 s' })).toBeDisabled();
  });

  it("shows the server's words for a wrong code, keeps only digits, and signs in with the right one", async () => {
    const fetchMock = fakeServer({
      signIn: ({ otp }) =>
        otp === '123456'
          ? jsonResponse(200, { token: 't', user: { id: board.id } })
          : jsonResponse(400, {
              error: {
                code: 'INVALID_OTP',
                message: 'That code is not right. Check the e-mail and try again.',
              },
            }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntry: '/auth?view=code&email=bea%40commonwise.test' });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    const code = await screen.findByRole('textbox', { name: /^Code/ });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeInTheDocument();

    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('That code is not right. Check the e-mail and try again.'),
    ).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Signed in successfully')).toBeInTheDocument();
    const lastSignIn = callsTo(fetchMock, '/api/auth/sign-in/email-otp').at(-1);
    expect(JSON.parse(String(lastSignIn?.[1]?.body))).toEqual({
      email: 'bea@commonwise.test',
      otp: '123456',
    });
  });

  it('can start again with another address', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=code&email=bea%40commonwise.test' });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));
    const form = within(await screen.findByRole('form', { name: 'Sign in with a code' }));
    expect(form.getByRole('textbox', { name: /^Email/ })).toHaveValue('bea@commonwise.test');
  });

  it('asks for the second factor when the account has two-factor on', async () => {
    fakeServer({ signIn: () => jsonResponse(200, { twoFactorRedirect: true }) });
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntry: '/auth?view=code&email=bea%40commonwise.test' });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Authentication code/ })).toHaveFocus();
  });

  it('sends a manager who must set up two-factor to My Account rather than where they were going', async () => {
    fakeServer({ me: makeUser('manager', { mustEnrolTwoFactor: true }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      initialEntry: '/auth?view=code&email=mo%40commonwise.test&redirect=%2Fdashboard',
    });
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#two-factor');
  });
});
