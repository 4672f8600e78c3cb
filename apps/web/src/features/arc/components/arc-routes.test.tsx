import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { requestList } from './test-data.ts';

/** The pages' addresses and who may open them (the server decides what each person sees in them). */
function serve() {
  mockFetch((url) => {
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { unreadCount: 0 });
    if (url === '/api/finance/owner-accounts') return jsonResponse(200, { accounts: [] });
    if (url.startsWith('/api/arc/requests')) return jsonResponse(200, requestList([]));
    if (url.startsWith('/api/properties'))
      return jsonResponse(200, { properties: [], total: 0, page: 1, limit: 100 });
    return jsonResponse(200, {});
  });
}

describe('architectural review routes', () => {
  it('opens the new request page to a board member who owns a home', async () => {
    serve();
    renderRoutes(routes, { initialEntry: '/resident-portal/arc/new', user: makeUser('board') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New architectural request' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('opens the requests list to a resident (committee members are residents)', async () => {
    serve();
    renderRoutes(routes, { initialEntry: '/arc', user: makeUser('resident') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Architectural requests' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('keeps the project types to managers', async () => {
    serve();
    renderRoutes(routes, {
      initialEntry: '/manager-portal/properties/11111111-1111-4111-8111-111111111111/arc-project-types',
      user: makeUser('board'),
    });
    expect(
      await screen.findByText("You don't have access to this page", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
