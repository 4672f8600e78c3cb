import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { UpcomingDecisionsCard } from './UpcomingDecisionsCard.tsx';
import {
  decisionList,
  fenceSummary,
  notFound,
  policySummary,
  poolSummary,
  willowId,
  poolItemId,
} from './test-data.ts';

const renderCard = (role = 'board') =>
  renderWithRouter(<UpcomingDecisionsCard />, { user: makeUser(role), path: '/board-portal' });

describe('UpcomingDecisionsCard', () => {
  it('lists the open items, the board’s first by due date, with votes, the caller’s part and a way to review', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/decisions?')
        ? jsonResponse(200, decisionList([fenceSummary, policySummary, poolSummary]))
        : notFound(url),
    );
    renderCard();
    const section = screen.getByRole('region', { name: 'Upcoming Decisions' });
    const items = await within(section).findAllByRole('listitem');
    // The architectural request is the review committee's: after the board's own, whatever its date.
    expect(items.map((item) => within(item).getByRole('link').getAttribute('aria-label'))).toEqual([
      'Review: Pool resurfacing contract',
      'Review: Late fee grace period',
      'Review: Fence at 14B',
    ]);
    expect(items[0]).toHaveTextContent('Willow Creek Commons · Contract award');
    expect(items[0]).toHaveTextContent('Due Jan 15, 2099');
    expect(items[0]).toHaveTextContent('2 of 5 members voted');
    expect(items[0]).toHaveTextContent('Your vote is needed');
    expect(items[1]).toHaveTextContent('You voted: Adopt the grace period');
    // Overdue says so in words, not only in red.
    expect(items[2]).toHaveTextContent('Overdue: was due Mar 1, 2020');
    expect(items[2]).toHaveTextContent('Architectural request · Architectural Review Committee');
    expect(items[2]).not.toHaveTextContent('Your vote is needed');
    expect(
      within(items[0]!).getByRole('link', { name: 'Review: Pool resurfacing contract' }),
    ).toHaveAttribute('href', `/decisions/${willowId}/${poolItemId}`);
    expect(section).not.toHaveTextContent('Sample data');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('status=open');
    expect(within(section).getByRole('button', { name: 'New decision' })).toBeInTheDocument();
  });

  it('says when nothing waits for the board', async () => {
    mockFetch((url) =>
      url.startsWith('/api/decisions?') ? jsonResponse(200, decisionList([])) : notFound(url),
    );
    renderCard();
    expect(
      await screen.findByRole('heading', { name: 'No decisions waiting for the board' }),
    ).toBeInTheDocument();
  });

  it('says when the list failed to load, and tries again', async () => {
    let calls = 0;
    mockFetch((url) => {
      if (!url.startsWith('/api/decisions?')) return notFound(url);
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } })
        : jsonResponse(200, decisionList([poolSummary]));
    });
    const user = userEvent.setup();
    renderCard();
    expect(
      await screen.findByRole('heading', { name: 'Failed to load the upcoming decisions' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('link', { name: 'Review: Pool resurfacing contract' }),
    ).toBeInTheDocument();
  });

  it('links to every open item when there are more than it shows', async () => {
    const many = Array.from({ length: 8 }, (_, index) => ({
      ...poolSummary,
      id: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${index}`,
      title: `Item ${index + 1}`,
    }));
    mockFetch((url) =>
      url.startsWith('/api/decisions?') ? jsonResponse(200, decisionList(many, 12)) : notFound(url),
    );
    renderCard('manager');
    expect(await screen.findByRole('link', { name: 'See all 12 open decisions' })).toHaveAttribute(
      'href',
      '/decisions?status=open',
    );
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Review: / })).toHaveLength(6));
  });
});
