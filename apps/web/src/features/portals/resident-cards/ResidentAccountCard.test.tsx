import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ResidentAccountCard } from './ResidentAccountCard.tsx';
import { residence } from '../../../test/residences.ts';

describe('ResidentAccountCard', () => {
  it('shows sample figures, labelled, beside the resident’s real unit and property', async () => {
    mockFetch(() => jsonResponse(200, { residences: [residence()] }));
    renderWithRouter(<ResidentAccountCard />);
    const card = screen.getByRole('region', { name: 'My Account' });
    expect(within(card).getByText('Sample data')).toBeInTheDocument();
    expect(within(card).getByText('Current Balance')).toBeInTheDocument();
    expect(within(card).getByText('Next Payment Due')).toBeInTheDocument();
    expect(await within(card).findByText('Unit 14B, Willow Creek Commons')).toBeInTheDocument();
  });

  it('explains Make a Payment instead of doing nothing', async () => {
    mockFetch(() => jsonResponse(200, { residences: [] }));
    const user = userEvent.setup();
    renderWithRouter(<ResidentAccountCard />);
    await user.click(screen.getByRole('button', { name: 'Make a Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a Payment' });
    expect(
      within(dialog).getByText('Online payments are not available in Commonwise yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/sample figures, not your account/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
