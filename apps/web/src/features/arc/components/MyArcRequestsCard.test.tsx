import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { MyArcRequestsCard } from './MyArcRequestsCard.tsx';
import { completeRequest, incompleteRequest, requestId, requestList } from './test-data.ts';

const resident = makeUser('resident', { id: 'ryan', fullName: 'Ryan Chen' });

describe('MyArcRequestsCard', () => {
  it('says so when the owner has sent none, and offers a new request', async () => {
    mockFetch(() => jsonResponse(200, requestList([])));
    renderWithRouter(<MyArcRequestsCard />, { user: resident });
    expect(screen.getByRole('status')).toHaveTextContent('Loading architectural requests...');
    expect(await screen.findByText(/No architectural requests\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute(
      'href',
      '/resident-portal/arc/new',
    );
  });

  it('lists each request with its status and what it waits for', async () => {
    const other = { ...completeRequest, id: '44444444-4444-4444-8444-999999999999', title: 'Solar panels' };
    const fetchMock = mockFetch(() => jsonResponse(200, requestList([incompleteRequest, other])));
    renderWithRouter(<MyArcRequestsCard />, { user: resident });
    const list = await screen.findByRole('list', { name: 'Your architectural requests' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Back yard cedar fence' })).toHaveAttribute(
      'href',
      `/resident-portal/arc/${requestId}`,
    );
    expect(first).toHaveTextContent('Incomplete');
    expect(first).toHaveTextContent('Still needed: Site drawing and Contractor quote');
    expect(second).toHaveTextContent('Under review');
    expect(second).toHaveTextContent('Decision due by Jan 5, 2027');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/resident-portal/arc/requests?page=1&limit=10');
  });
});
