import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { PublishedDecisionsCard } from './PublishedDecisionsCard.tsx';
import { notFound, publishedList, publishedPool } from './test-data.ts';

const renderCard = () => renderWithRouter(<PublishedDecisionsCard />, { user: makeUser('resident') });

describe('PublishedDecisionsCard', () => {
  it('shows the latest published decisions with their outcome and date, the background on demand', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/resident-portal/decisions?')
        ? jsonResponse(200, publishedList([publishedPool]))
        : notFound(url),
    );
    const user = userEvent.setup();
    renderCard();
    const card = screen.getByRole('region', { name: 'Board decisions' });
    const item = await within(card).findByRole('listitem');
    expect(item).toHaveTextContent('Pool resurfacing contract');
    expect(item).toHaveTextContent('Decided: Award to Blue Wave Pools');
    expect(item).toHaveTextContent('Contract award · Dec 10, 2025');
    const toggle = within(item).getByRole('button', { name: 'Show the background' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(item).getByRole('button', { name: 'Hide the background' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await waitFor(() => expect(within(item).getByText('The pool plaster is 14 years old.')).toBeVisible());
    expect(within(item).getByText('Work starts in March.')).toBeVisible();
    // Residents read outcomes: nobody's vote is shown, and no way to vote.
    expect(card).not.toHaveTextContent(/voted/);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/resident-portal/decisions?page=1&limit=5');
  });

  it('says when nothing is published yet', async () => {
    mockFetch((url) =>
      url.startsWith('/api/resident-portal/decisions?')
        ? jsonResponse(200, publishedList([]))
        : notFound(url),
    );
    renderCard();
    expect(await screen.findByText(/No published decisions yet/)).toBeInTheDocument();
  });

  it('says when they failed to load', async () => {
    mockFetch(() =>
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
    );
    renderCard();
    expect(
      await screen.findByRole('heading', { name: 'Failed to load board decisions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
