import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ArcRequestsPage } from './ArcRequestsPage.tsx';
import { completeRequest, incompleteRequest, propertyId, requestId, requestList } from './test-data.ts';

const late = {
  ...completeRequest,
  id: '44444444-4444-4444-8444-666666666666',
  title: 'Solar panels',
  deadlinePassed: true,
};

function serve() {
  return mockFetch((url) => {
    if (url.startsWith('/api/arc/requests?')) {
      const search = new URL(url, 'http://test').searchParams;
      if (search.get('deadlinePassed') === 'true') return jsonResponse(200, requestList([late]));
      if (search.get('status') === 'withdrawn') return jsonResponse(200, requestList([]));
      return jsonResponse(200, requestList([incompleteRequest, late], 30));
    }
    if (url.startsWith('/api/properties'))
      return jsonResponse(200, {
        properties: [{ id: propertyId, name: 'Willow Creek' }],
        total: 1,
        page: 1,
        limit: 100,
      });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } });
  });
}

const urls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/arc/requests?'));

describe('ArcRequestsPage', () => {
  it('lists each request with its unit, applicant, status and due date, "Deadline passed" in words', async () => {
    serve();
    renderWithRouter(<ArcRequestsPage />, { user: makeUser('board'), path: '/arc' });
    expect(await screen.findByRole('link', { name: 'Back yard cedar fence' })).toHaveAttribute(
      'href',
      `/arc/${propertyId}/${requestId}`,
    );
    const table = screen.getByRole('table', { name: 'Architectural requests' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Unit 14B');
    expect(rows[1]).toHaveTextContent('Ryan Chen');
    expect(rows[1]).toHaveTextContent('Incomplete');
    expect(rows[1]).toHaveTextContent('Not complete yet');
    expect(rows[2]).toHaveTextContent('Under review');
    expect(rows[2]).toHaveTextContent('Jan 5, 2027');
    expect(within(rows[2]!).getByText('Deadline passed')).toBeInTheDocument();
    // Server paging: 30 requests, 25 a page.
    expect(screen.getByRole('button', { name: 'Page 2 of architectural requests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Board Member Portal' })).toHaveAttribute(
      'href',
      '/board-portal',
    );
  });

  it('asks the server with each filter, and says when none match', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    const { router } = renderWithRouter(<ArcRequestsPage />, { user: makeUser('manager'), path: '/arc' });
    await screen.findByRole('link', { name: 'Back yard cedar fence' });

    await user.click(screen.getByRole('switch', { name: /Deadline passed/ }));
    await waitFor(() =>
      expect(urls(fetchMock).some((url) => url.includes('deadlinePassed=true'))).toBe(true),
    );
    expect(await screen.findByRole('link', { name: 'Solar panels' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('deadlinePassed=true');

    await user.click(screen.getByRole('combobox', { name: 'Association' }));
    await user.click(await screen.findByRole('option', { name: 'Willow Creek' }));
    await waitFor(() =>
      expect(urls(fetchMock).some((url) => url.includes(`propertyId=${propertyId}`))).toBe(true),
    );
    // A manager who chose an association can open its project types from here.
    expect(screen.getByRole('link', { name: 'Project types' })).toHaveAttribute(
      'href',
      `/manager-portal/properties/${propertyId}/arc-project-types`,
    );

    await user.type(screen.getByRole('textbox', { name: 'Search' }), '14B');
    await waitFor(() => expect(urls(fetchMock).some((url) => url.includes('q=14B'))).toBe(true));

    await user.click(screen.getByRole('switch', { name: /Deadline passed/ }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawn' }));
    await waitFor(() => expect(urls(fetchMock).some((url) => url.includes('status=withdrawn'))).toBe(true));
    expect(await screen.findByRole('heading', { name: 'No requests match' })).toBeInTheDocument();
  });
});
