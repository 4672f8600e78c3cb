import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { DecisionsPage } from './DecisionsPage.tsx';
import { decisionList, notFound, poolItemId, poolSummary, willowId } from './test-data.ts';

describe('DecisionsPage', () => {
  it('lists the items with links, filters by "Needs my vote" on the server, and offers no new item to a resident', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/decisions?')) return jsonResponse(200, decisionList([poolSummary], 30));
      if (url.startsWith('/api/properties?'))
        return jsonResponse(200, { properties: [], total: 0, page: 1, limit: 100 });
      return notFound(url);
    });
    const user = userEvent.setup();
    renderWithRouter(<DecisionsPage />, { user: makeUser('resident'), path: '/decisions' });
    expect(await screen.findByRole('link', { name: 'Pool resurfacing contract' })).toHaveAttribute(
      'href',
      `/decisions/${willowId}/${poolItemId}`,
    );
    expect(screen.getByText('Your vote is needed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New decision' })).not.toBeInTheDocument();
    // Paged on the server: 30 items, 25 a page.
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Needs my vote' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('mine=true'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2 of decisions' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true),
    );
  });
});
