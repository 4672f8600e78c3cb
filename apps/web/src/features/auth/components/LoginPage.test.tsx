import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const admin = makeUser('admin', { email: 'admin@commonwise.test', fullName: 'Avery Admin' });

const routes = [
  { path: '/auth', element: <LoginPage /> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
  { path: '/admin-portal/users', element: <p>Users page</p> },
];

interface ServerOptions {
  signIn?: () => Response;
  demo?: unknown;
}

/** A fake API: signed out until a sign-in succeeds. */
function fakeServer({ signIn = () => jsonResponse(200, { ok: true }), demo }: ServerOptions = {}) {
  let isSignedIn = false;
  return mockFetch((url, init) => {
    if (url === '/api/me') {
      return isSignedIn
        ? jsonResponse(200, admin)
        : jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } });
    }
    if (url === '/api/demo-accounts') return jsonResponse(200, demo ?? { enabled: false, accounts: [] });
    if (url === '/api/auth/sign-in/email' && init?.method === 'POST') {
      const response = signIn();
      if (response.ok) isSignedIn = true;
      return response;
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderLogin(initialEntry = '/auth') {
  return renderRoutes(routes, { initialEntry });
}

describe('LoginPage', () => {
  it('is titled with the product name and subtitle', async () => {
    fakeServer();
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Commonwise' })).toBeInTheDocument();
    expect(screen.getByText('AI-powered HOA Management')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
  });

  it('validates on submit first, then again on every change', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderLogin();
    const email = await screen.findByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);

    // Typing before the first submit is not judged.
    await user.type(email, 'not-an-email');
    await user.type(password, '123');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    // After the submit, each change re-checks its field.
    await user.clear(email);
    await user.type(email, 'admin@commonwise.test');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(password, '456');
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'oops');
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
  });

  it('signs in, says so, and returns to the page that asked for it', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    const { router } = renderLogin('/auth?redirect=%2Fadmin-portal%2Fusers%3Fsearch%3Dann');

    await user.type(await screen.findByLabelText(/^Email/), 'admin@commonwise.test');
    await user.type(screen.getByLabelText(/^Password/), 'commonwise-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Users page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-portal/users');
    expect(router.state.location.search).toBe('?search=ann');
    expect(screen.getByText('Signed in successfully')).toBeInTheDocument();
    const signInCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/sign-in/email');
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({
      email: 'admin@commonwise.test',
      password: 'commonwise-demo',
    });
  });

  it('ignores a redirect to another site', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderLogin('/auth?redirect=%2F%2Fevil.com');
    await user.type(await screen.findByLabelText(/^Email/), 'admin@commonwise.test');
    await user.type(screen.getByLabelText(/^Password/), 'commonwise-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("shows the server's message when sign-in is refused", async () => {
    fakeServer({
      signIn: () =>
        jsonResponse(401, {
          error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(/^Email/), 'admin@commonwise.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows the lockout message', async () => {
    fakeServer({
      signIn: () =>
        jsonResponse(429, {
          error: {
            code: 'TOO_MANY_ATTEMPTS',
            message: 'Too many failed sign-in attempts. Try again in 14 minutes.',
            retryAfter: 840,
          },
        }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(/^Email/), 'admin@commonwise.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText('Too many failed sign-in attempts. Try again in 14 minutes.'),
    ).toBeInTheDocument();
  });

  it('says an error occurred when the server cannot be reached', async () => {
    fakeServer({
      signIn: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(/^Email/), 'admin@commonwise.test');
    await user.type(screen.getByLabelText(/^Password/), 'commonwise-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('An error occurred during sign in')).toBeInTheDocument();
  });

  it('fills the form from a demo account without signing in', async () => {
    const fetchMock = fakeServer({
      demo: {
        enabled: true,
        password: 'commonwise-demo',
        accounts: [
          { email: 'admin@commonwise.test', fullName: 'Avery Admin', role: 'admin' },
          { email: 'resident@commonwise.test', fullName: 'Riley Resident', role: 'resident' },
        ],
      },
    });
    const user = userEvent.setup();
    renderLogin();
    const card = within(await screen.findByRole('region', { name: 'Demo accounts' }));
    expect(card.getByText('commonwise-demo')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: /Riley Resident/ }));

    expect(screen.getByLabelText(/^Email/)).toHaveValue('resident@commonwise.test');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('commonwise-demo');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-in/email')).toBe(false);
  });

  it('keeps what is being typed when the demo accounts arrive mid-way (as after a sign-out)', async () => {
    let answerDemo: () => void = () => undefined;
    const demoAnswered = new Promise<void>((resolve) => {
      answerDemo = resolve;
    });
    mockFetch(async (url) => {
      if (url === '/api/me')
        return jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } });
      if (url === '/api/demo-accounts') {
        await demoAnswered;
        return jsonResponse(200, {
          enabled: true,
          password: 'commonwise-demo',
          accounts: [{ email: 'admin@commonwise.test', fullName: 'Avery Admin', role: 'admin' }],
        });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    const user = userEvent.setup();
    renderLogin();
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'someone@');
    answerDemo();
    await screen.findByRole('region', { name: 'Demo accounts' });
    // The same field, still focused: the rest of the address goes where the first part went.
    expect(screen.getByLabelText(/^Email/)).toBe(email);
    expect(email).toHaveFocus();
    await user.keyboard('example.com');
    expect(email).toHaveValue('someone@example.com');
  });

  it('fills in the email from ?email=, as after setting a password from an invitation', async () => {
    fakeServer();
    renderLogin('/auth?email=nina%40example.com');
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('nina@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });

  it.each(['/.//evil.example/', '/..//x', '/%2e//x', 'https://evil.example/'])(
    'sends a signed-in user to the dashboard, not to redirect=%s',
    async (redirect) => {
      const { router } = renderRoutes(routes, {
        initialEntry: `/auth?${new URLSearchParams({ redirect }).toString()}`,
        user: admin,
      });
      expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('sends a signed-in user to the dashboard', async () => {
    const { router } = renderRoutes(routes, { initialEntry: '/auth', user: admin });
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
