import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { CommitteeWorkCard } from './CommitteeWorkCard.tsx';
import { decisionList, fenceSummary, notFound, willowId } from './test-data.ts';

const renderCard = () =>
  renderWithRouter(<CommitteeWorkCard />, { user: makeUser('resident'), path: '/resident-portal' });

describe('CommitteeWorkCard', () => {
  it('lists what waits for the person’s vote, each with a way to vote', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/decisions?') ? jsonResponse(200, decisionList([fenceSummary])) : notFound(url),
    );
    renderCard();
    const section = await screen.findByRole('region', { name: 'Waiting for your vote' });
    const [item] = within(section).getAllByRole('listitem');
    expect(item).toHaveTextContent('Fence at 14B');
    expect(item).toHaveTextContent('Architectural Review Committee');
    expect(within(item!).getByRole('link', { name: 'Vote: Fence at 14B' })).toHaveAttribute(
      'href',
      `/decisions/${willowId}/${fenceSummary.id}`,
    );
    const asked = String(fetchMock.mock.calls[0]![0]);
    expect(asked).toContain('mine=true');
    expect(asked).toContain('status=open');
  });

  it('shows nothing to someone with nothing to vote on', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/decisions?') ? jsonResponse(200, decisionList([])) : notFound(url),
    );
    renderCard();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(screen.queryByText('Waiting for your vote')).not.toBeInTheDocument();
  });
});
