import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { AcceptInvitationPage } from './AcceptInvitationPage.tsx';

const token = 'abcdefghijklmnopqrstuvwxyz';
const invitation = { email: 'nina@example.com', fullName: 'Nina New', expiresAt: '2025-03-20T10:00:00.000Z' };
const nina = makeUser('resident', { id: 'user-nina', email: 'nina@example.com', fullName: 'Nina New' });
const invalidMessage =
  'This invitation link is invalid, has expired or was already used. Ask your administrator for a new one.';

function renderPage() {
  return renderRoutes(
    [
      { path: '/invite/:token', element: <AcceptInvitationPage /> },
      { path: '/auth', element: <p>Sign-in page</p> },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    { initialEntry: `/invite/${token}`, user: null },
  );
}

describe('AcceptInvitationPage', () => {
  it('welcomes the invitee, sets their password and signs them in with it (issue 26)', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/sign-in/email') return jsonResponse(200, { token: 'session' });
      if (url === '/api/me') return jsonResponse(200, nina);
      if (init?.method === 'POST') return jsonResponse(200, { email: invitation.email });
      return jsonResponse(200, invitation);
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Welcome, Nina New' })).toBeInTheDocument();
    expect(screen.getByText('nina@example.com')).toBeInTheDocument();
    expect(screen.getByText(/works until Mar 20, 2025/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a-good-password');
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Your password is set. Welcome to Commonwise!')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual([
      `/api/invitations/${token}/accept`,
      '/api/auth/sign-in/email',
    ]);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ password: 'a-good-password' });
    expect(JSON.parse(String(posts[1]?.[1]?.body))).toEqual({
      email: 'nina@example.com',
      password: 'a-good-password',
    });
  });

  it('sends the invitee to sign in when signing them in does not work', async () => {
    mockFetch((url, init) => {
      if (url === '/api/auth/sign-in/email')
        return jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many attempts' } });
      if (init?.method === 'POST') return jsonResponse(200, { email: invitation.email });
      return jsonResponse(200, invitation);
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.type(await screen.findByLabelText(/^New password/), 'a-good-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=nina%40example.com');
    expect(screen.getByText('Your password is set. Sign in to continue.')).toBeInTheDocument();
  });

  it("shows the server's message for an invalid or used link, with a way to sign in", async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'INVITATION_INVALID', message: invalidMessage } }));
    const user = userEvent.setup();
    const { router } = renderPage();
    expect(await screen.findByText(invalidMessage)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('says so when the link was used up while the form was open', async () => {
    mockFetch((_url, init) =>
      init?.method === 'POST'
        ? jsonResponse(404, { error: { code: 'INVITATION_INVALID', message: invalidMessage } })
        : jsonResponse(200, invitation),
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^New password/), 'a-good-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(invalidMessage)).toBeInTheDocument();
  });
});
