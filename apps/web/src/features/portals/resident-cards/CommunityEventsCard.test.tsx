import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render.tsx';
import { sampleWeekday } from '../components/sample-dates.ts';
import { CommunityEventsCard } from './CommunityEventsCard.tsx';

describe('CommunityEventsCard', () => {
  it('lists the sample events, labelled as sample data', () => {
    renderWithRouter(<CommunityEventsCard />);
    const card = screen.getByRole('region', { name: 'Community Events' });
    expect(within(card).getByText('Sample data')).toBeInTheDocument();
    const events = within(within(card).getByRole('list', { name: 'Upcoming events' })).getAllByRole(
      'listitem',
    );
    expect(events).toHaveLength(4);
    expect(events[0]).toHaveTextContent('Pool Season Opening Party');
    // Sample dates are counted from today, so an upcoming event is never in the past.
    expect(events[0]).toHaveTextContent(`${sampleWeekday(5)} · 2:00 PM · Community pool`);
  });
});
