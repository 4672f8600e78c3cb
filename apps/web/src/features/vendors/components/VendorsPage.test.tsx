import type { VendorListItem } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { loneStarId, willowId } from './test-data.ts';
import { VendorsPage } from './VendorsPage.tsx';

const loneStarRow: VendorListItem = {
  id: loneStarId,
  name: 'Lone Star Electric',
  trades: ['electrical'],
  isActive: true,
  serviceAreaCount: 1,
  peopleCount: 1,
  compliance: {
    insurance: { status: 'expired', expiresOn: '2026-11-24' },
    licence: { status: 'missing', expiresOn: null },
    w9: { status: 'missing' },
  },
};
const properties = {
  properties: [{ id: willowId, name: 'Willow Creek Commons' }],
  total: 1,
  page: 1,
  limit: 100,
};

function renderPage(role = 'manager', initialEntry = '/vendors') {
  return renderWithRouter(<VendorsPage />, { path: '/vendors', initialEntry, user: makeUser(role) });
}

describe('VendorsPage', () => {
  it('lists the companies with their standing, and filters on the server from the address', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.startsWith('/api/properties?')) return jsonResponse(200, properties);
      asked.push(url);
      return jsonResponse(200, { vendors: [loneStarRow], total: 1, page: 1, limit: 25 });
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    const table = await screen.findByRole('table', { name: 'Vendors' });
    const row = within(table).getByRole('row', { name: /Lone Star Electric/ });
    expect(within(row).getByRole('link', { name: 'Lone Star Electric' })).toHaveAttribute(
      'href',
      `/vendors/${loneStarId}`,
    );
    expect(row).toHaveTextContent('Electrical');
    expect(row).toHaveTextContent('ExpiredExpired Nov 24, 2026');
    expect(asked).toEqual(['/api/vendors?page=1&limit=25']);

    await user.click(screen.getByRole('combobox', { name: 'Insurance' }));
    await user.click(await screen.findByRole('option', { name: 'Expired' }));
    await waitFor(() => expect(asked).toContain('/api/vendors?page=1&limit=25&compliance=expired'));
    expect(router.state.location.search).toBe('?compliance=expired');
    expect(screen.getByRole('button', { name: 'Add vendor' })).toBeInTheDocument();
  });

  it('says when nothing matches, and lets a board member read without adding', async () => {
    mockFetch((url) =>
      url.startsWith('/api/properties?')
        ? jsonResponse(200, properties)
        : jsonResponse(200, { vendors: [], total: 0, page: 1, limit: 25 }),
    );
    renderPage('board', '/vendors?trade=electrical');
    expect(await screen.findByText('No vendors match')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vendor' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let calls = 0;
    mockFetch((url) => {
      if (url.startsWith('/api/properties?')) return jsonResponse(200, properties);
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'The directory is resting' } })
        : jsonResponse(200, { vendors: [loneStarRow], total: 1, page: 1, limit: 25 });
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('The directory is resting')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lone Star Electric' })).toBeInTheDocument();
  });
});
