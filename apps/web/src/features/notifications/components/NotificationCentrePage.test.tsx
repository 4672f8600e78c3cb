import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { makeNotification, makePage } from '../test-data.ts';
import { NotificationCentrePage } from './NotificationCentrePage.tsx';

const update = makeNotification();
const seen = makeNotification({
  id: '3d2c9e1f-2a3c-4d5e-8f60-718293a4b5c6',
  kind: 'account.security',
  title: 'Your Commonwise password was changed',
  body: 'The password of your Commonwise account was changed.',
  propertyId: null,
  propertyName: null,
  link: null,
  readAt: '2026-11-20T10:00:00.000Z',
});

/** A server holding `rows`, paging and filtering them as the real one does, and marking them read. */
function serve(initial: (typeof update)[]) {
  let rows = initial;
  return mockFetch((url, init) => {
    if (init?.method === 'POST') {
      const id = /\/api\/notifications\/([^/]+)\/read$/.exec(url)?.[1];
      rows = rows.map((row) =>
        url.endsWith('/read-all') || row.id === id ? { ...row, readAt: new Date().toISOString() } : row,
      );
      return jsonResponse(200, { unreadCount: rows.filter((row) => !row.readAt).length });
    }
    const params = new URL(url, 'http://localhost').searchParams;
    const page = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    const found = params.get('unread') === 'true' ? rows.filter((row) => !row.readAt) : rows;
    return jsonResponse(
      200,
      makePage(found.slice((page - 1) * limit, page * limit), {
        total: found.length,
        page,
        limit,
        unreadCount: rows.filter((row) => !row.readAt).length,
      }),
    );
  });
}

function renderPage() {
  return renderWithRouter(<NotificationCentrePage />, { path: '/notifications', user: makeUser('manager') });
}

describe('NotificationCentrePage', () => {
  it('lists notifications with their text, marks one read, and filters to the unread', async () => {
    const fetchMock = serve([update, seen]);
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('Loading your notifications...')).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByText(update.body)).toBeInTheDocument();
    expect(list.getByRole('link', { name: `Open: ${update.title}` })).toHaveAttribute(
      'href',
      '/work-rooms?room=6f1c2a4e-8d3b-4c6a-9e2f-1a2b3c4d5e6f',
    );
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: `Mark read: ${update.title}` }));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/notifications/${update.id}/read`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark read/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(expect.stringContaining('unread=true'), expect.anything());
  });

  it('marks all read', async () => {
    const fetchMock = serve([update, makeNotification({ id: '4e3d9e1f-2a3c-4d5e-8f60-718293a4b5c6' })]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/notifications/read-all',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
  });

  it('pages through many', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      makeNotification({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        title: `Notice number ${index + 1}`,
        readAt: '2026-11-20T10:00:00.000Z',
      }),
    );
    serve(many);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Notice number 1')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page of notifications' }));
    expect(await screen.findByText('Notice number 21')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Notice number 1')).not.toBeInTheDocument());
  });

  it('says when there is nothing yet, and offers another try when loading fails', async () => {
    serve([]);
    const first = renderPage();
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument();
    expect(screen.getByText(/Nothing yet/)).toBeInTheDocument();
    first.unmount();

    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Failed to load your notifications' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
