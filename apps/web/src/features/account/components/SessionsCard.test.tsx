import type { AccountSession } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { SessionsCard } from './SessionsCard.tsx';

const resident = makeUser('resident');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();

function session(overrides: Partial<AccountSession>): AccountSession {
  return {
    id: 'session',
    userAgent: null,
    ipAddress: '203.0.113.7',
    createdAt: '2025-03-02T09:00:00.000Z',
    lastActiveAt: minutesAgo(0),
    expiresAt: '2030-01-01T00:00:00.000Z',
    isCurrent: false,
    ...overrides,
  };
}

const laptop = session({
  id: 'laptop',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  ipAddress: '198.51.100.20',
  lastActiveAt: minutesAgo(180),
});
const phone = session({
  id: 'phone',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  lastActiveAt: minutesAgo(5),
});
const current = session({
  id: 'current',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  isCurrent: true,
});

/** A fake sessions API over a mutable list. */
function fakeServer(initial: AccountSession[]) {
  let sessions = [...initial];
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/me/sessions' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(200, { sessions });
    if (url.startsWith('/api/me/sessions/') && init?.method === 'DELETE') {
      const id = decodeURIComponent(url.slice('/api/me/sessions/'.length));
      sessions = sessions.filter((item) => item.id !== id);
      return new Response(null, { status: 204 });
    }
    if (url === '/api/me/sessions/revoke-others' && init?.method === 'POST') {
      const signedOut = sessions.filter((item) => !item.isCurrent).length;
      sessions = sessions.filter((item) => item.isCurrent);
      return jsonResponse(200, { signedOut });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return fetchMock;
}

function list() {
  return within(screen.getByRole('list', { name: 'Signed-in devices' }));
}

describe('SessionsCard', () => {
  it('lists the devices readably, this one first', async () => {
    fakeServer([laptop, phone, current]);
    renderWithRouter(<SessionsCard />, { user: resident });
    const items = await screen.findAllByRole('listitem');
    const devices = items.filter((item) => item.textContent);
    expect(devices.map((item) => within(item).getByText(/ on /).textContent)).toEqual([
      'Chrome on macOS',
      'Firefox on Windows',
      'Safari on iOS',
    ]);
    expect(within(devices[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(devices[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(devices[1]!).getByText('198.51.100.20 · Last active about 3 hours ago'),
    ).toBeInTheDocument();
    expect(within(devices[1]!).getByText('Signed in Mar 2, 2025')).toBeInTheDocument();
    expect(within(devices[2]!).getByText('203.0.113.7 · Last active 5 minutes ago')).toBeInTheDocument();
  });

  it('signs out one other device', async () => {
    const fetchMock = fakeServer([current, laptop, phone]);
    const user = userEvent.setup();
    renderWithRouter(<SessionsCard />, { user: resident });
    await user.click(
      await screen.findByRole('button', {
        name: 'Sign out of this device: Firefox on Windows, last active about 3 hours ago',
      }),
    );

    expect(await screen.findByText('Signed out of Firefox on Windows')).toBeInTheDocument();
    await waitFor(() => expect(list().queryByText('Firefox on Windows')).not.toBeInTheDocument());
    expect(list().getByText('Safari on iOS')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/me/sessions/laptop',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("shows the server's reason when a device cannot be signed out", async () => {
    mockFetch((url, init) => {
      if (init?.method === 'DELETE') {
        return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Session not found' } });
      }
      return jsonResponse(200, { sessions: [current, phone] });
    });
    const user = userEvent.setup();
    renderWithRouter(<SessionsCard />, { user: resident });
    await user.click(await screen.findByRole('button', { name: /^Sign out of this device/ }));
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
    expect(screen.getByText('Failed to sign out of that device')).toBeInTheDocument();
  });

  it('signs out everywhere else after asking', async () => {
    const fetchMock = fakeServer([current, laptop, phone]);
    const user = userEvent.setup();
    renderWithRouter(<SessionsCard />, { user: resident });
    await screen.findByText('Safari on iOS');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere else?' }));
    expect(
      dialog.getByText(
        'The 2 other browsers and devices signed in to your account are signed out. This one stays signed in.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText('Signed out of 2 other devices')).toBeInTheDocument();
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(list().getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/me/sessions/revoke-others',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('has nothing to sign out when this is the only device', async () => {
    fakeServer([current]);
    renderWithRouter(<SessionsCard />, { user: resident });
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('shows loading, then a failure with a way to try again', async () => {
    let isBroken = true;
    const fetchMock = mockFetch(() =>
      isBroken
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } })
        : jsonResponse(200, { sessions: [current] }),
    );
    const user = userEvent.setup();
    renderWithRouter(<SessionsCard />, { user: resident });
    expect(screen.getByLabelText('Loading your devices')).toBeInTheDocument();
    expect(await screen.findByText('Cannot load your devices')).toBeInTheDocument();

    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome on macOS')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
