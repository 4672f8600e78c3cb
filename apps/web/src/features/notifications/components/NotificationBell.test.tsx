import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { makeNotification, makePage } from '../test-data.ts';
import { NotificationBell } from './NotificationBell.tsx';

vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));
beforeEach(clearRealtimeChannels);

const user = makeUser('resident');
const channel = `user:${user.id}:notifications`;

const update = makeNotification();
const emergency = makeNotification({
  id: '2c1b9e1f-2a3c-4d5e-8f60-718293a4b5c6',
  kind: 'work-order.emergency',
  title: 'Emergency at Willow Creek Commons: water pouring from the ceiling',
  urgency: 'emergency',
  link: null,
});
const seen = makeNotification({
  id: '3d2c9e1f-2a3c-4d5e-8f60-718293a4b5c6',
  kind: 'account.security',
  title: 'Your Commonwise password was changed',
  propertyId: null,
  propertyName: null,
  link: null,
  readAt: '2026-11-20T10:00:00.000Z',
});

/** The server: a count, the latest list, and the read endpoints (which bring the count down). */
function serve(initialCount: number) {
  let unread = initialCount;
  return mockFetch((url, init) => {
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { unreadCount: unread });
    if (url.startsWith('/api/notifications?'))
      return jsonResponse(200, makePage([emergency, update, seen], { unreadCount: unread }));
    if (init?.method === 'POST' && url === '/api/notifications/read-all') {
      unread = 0;
      return jsonResponse(200, { unreadCount: 0 });
    }
    if (init?.method === 'POST' && url.endsWith('/read')) {
      unread -= 1;
      return jsonResponse(200, { unreadCount: unread });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderBell() {
  // In a layout, as in the top bar: it stays while the pages change.
  return renderRoutes(
    [
      {
        element: (
          <>
            <NotificationBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '/dashboard', element: <p>Dashboard</p> },
          { path: '/work-rooms', element: <p>Work rooms page</p> },
          { path: '/notifications', element: <p>Notification centre</p> },
        ],
      },
    ],
    { initialEntry: '/dashboard', user },
  );
}

describe('NotificationBell', () => {
  it('names the unread count, hides it at 0, and caps the badge at 99+', async () => {
    serve(3);
    const first = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByText('3')).toBeInTheDocument();
    first.unmount();

    serve(0);
    const none = renderBell();
    await waitFor(() => expect(none.queryClient.getQueryData(['notifications', 'unread-count'])).toBe(0));
    const quiet = screen.getByRole('button', { name: 'Notifications' });
    expect(quiet).toHaveTextContent('');
    none.unmount();

    serve(250);
    renderBell();
    const many = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(within(many).getByText('99+')).toBeInTheDocument();
  });

  it('refreshes the count when a notification arrives on the live channel', async () => {
    let unread = 1;
    mockFetch(() => jsonResponse(200, { unreadCount: unread }));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    unread = 2;
    emitRealtime(channel, 'notification.created', { id: update.id });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    unread = 0;
    emitRealtime(channel, 'notification.read', { all: true });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('reloads what the person reads of announcements when a notification arrives (issue 23)', async () => {
    mockFetch(() => jsonResponse(200, { unreadCount: 0 }));
    const { queryClient } = renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    const latestKey = ['announcements', 'reader', 'latest'];
    const authoringKey = ['announcements', 'authoring', 'properties'];
    queryClient.setQueryData(latestKey, { announcements: [], unread: 0, total: 0, page: 1, limit: 3 });
    queryClient.setQueryData(authoringKey, { properties: [] });
    emitRealtime(channel, 'notification.created', { id: update.id });
    expect(queryClient.getQueryState(latestKey)?.isInvalidated).toBe(true);
    // An author's pages are not a reader's: they stay as they are.
    expect(queryClient.getQueryState(authoringKey)?.isInvalidated).toBe(false);
  });

  it('lists the latest, marks one read when it is opened, and follows its link', async () => {
    const fetchMock = serve(2);
    const userEvents = userEvent.setup();
    const { router } = renderBell();
    await userEvents.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Notifications, 2 unread' }));
    const latest = within(await dialog.findByRole('list', { name: 'Latest notifications' }));
    expect(latest.getAllByRole('button')).toHaveLength(3);
    const emergencyItem = latest.getByRole('button', { name: /water pouring from the ceiling/ });
    expect(emergencyItem).toHaveAttribute('data-emergency');
    expect(emergencyItem).toHaveTextContent(/^Emergency\.Unread\./);
    const updateItem = latest.getByRole('button', { name: /Leaking faucet/ });
    expect(updateItem).toHaveTextContent('Willow Creek Commons');
    expect(updateItem).toHaveTextContent('5 minutes ago');
    expect(latest.getByRole('button', { name: /password was changed/ })).not.toHaveTextContent('Unread.');
    expect(dialog.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await userEvents.click(updateItem);
    await waitFor(() => expect(router.state.location.pathname).toBe('/work-rooms'));
    expect(router.state.location.search).toBe('?room=6f1c2a4e-8d3b-4c6a-9e2f-1a2b3c4d5e6f');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/notifications/${update.id}/read`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a notification without a link in the notification centre, and does not mark a read one again', async () => {
    const fetchMock = serve(2);
    const userEvents = userEvent.setup();
    const { router } = renderBell();
    await userEvents.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvents.click(await screen.findByRole('button', { name: /password was changed/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('marks all read', async () => {
    const fetchMock = serve(2);
    const userEvents = userEvent.setup();
    renderBell();
    await userEvents.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvents.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/notifications/read-all',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    serve(2);
    const userEvents = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvents.click(bell);
    await screen.findByRole('dialog');
    await userEvents.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('says so when there is nothing, and leads to the notification centre', async () => {
    mockFetch((url) =>
      url === '/api/notifications/unread-count'
        ? jsonResponse(200, { unreadCount: 0 })
        : jsonResponse(200, makePage([])),
    );
    const userEvents = userEvent.setup();
    const { router } = renderBell();
    await userEvents.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    await userEvents.click(screen.getByRole('link', { name: 'View all notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });
});
