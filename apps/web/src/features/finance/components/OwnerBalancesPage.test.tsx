import type { Aging, FinanceSummary } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { BoardFinanceCard } from './BoardFinanceCard.tsx';
import { OwnerBalancesPage } from './OwnerBalancesPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const none = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
const aging: Aging = {
  asOf: '2026-11-28',
  totals: {
    buckets: { ...none, days1to30: 10_000, over90: 25_000 },
    creditCents: 3_000,
    balanceCents: 32_000,
    unitsPastDue: 2,
  },
  rows: [
    {
      unit: { id: 'u1', label: '14B' },
      owners: ['Ryan Chen'],
      buckets: { ...none, over90: 25_000 },
      creditCents: 0,
      balanceCents: 25_000,
    },
  ],
  total: 1,
  page: 1,
  limit: 25,
};
const summary: FinanceSummary = {
  asOf: '2026-11-28',
  fiscalYear: { label: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' },
  budget: 'adopted',
  operating: {
    income: { budgetCents: 33_000_00, actualCents: 34_500_00 },
    expenses: { budgetCents: 30_000_00, actualCents: 33_000_00 },
    annualExpenseBudgetCents: 36_000_00,
  },
  reserve: { balanceCents: 125_000_00, targetCents: 250_000_00, targetSource: 'Reserve study of 2025' },
  receivables: { balanceCents: 32_000, pastDueCents: 35_000, unitsPastDue: 2 },
};

function fakeServer() {
  mockFetch((url) => {
    if (url.startsWith(`/api/properties/${propertyId}/finance/aging`)) return jsonResponse(200, aging);
    if (url === `/api/properties/${propertyId}/finance/summary`) return jsonResponse(200, summary);
    if (url === '/api/board-portal/associations')
      return jsonResponse(200, { associations: [{ id: propertyId, name: 'Willow Creek Commons' }] });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${url}` } });
  });
}

describe('owner balances and the board’s figures', () => {
  it('shows the totals by age and each unit with its owners, largest first', async () => {
    fakeServer();
    renderRoutes([{ path: '/', element: <OwnerBalancesPage propertyId={propertyId} /> }], {
      user: makeUser('manager'),
    });
    const totals = await screen.findByRole('region', { name: 'What owners owe' });
    expect(within(totals).getByText('2 units are past due.', { exact: false })).toBeInTheDocument();
    expect(within(totals).getByText('Over 90 days').nextSibling).toHaveTextContent('$250.00');
    expect(within(totals).getByText('Balance').nextSibling).toHaveTextContent('$320.00');
    const units = screen.getByRole('region', { name: 'Balances by unit' });
    const row = within(units).getByRole('row', { name: /14B/ });
    expect(row).toHaveTextContent('Ryan Chen');
    expect(row).toHaveTextContent('$250.00');
  });

  it('puts the year to date against the budget on the board’s dashboard', async () => {
    fakeServer();
    renderRoutes([{ path: '/', element: <BoardFinanceCard /> }], { user: makeUser('board') });
    const card = screen.getByRole('region', { name: 'Financial Dashboard' });
    expect(
      await within(card).findByText('Fiscal year 2026 to date, as of Nov 28, 2026.'),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('progressbar', { name: 'Operating expenses: 110% of the budget to date' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('110% of the budget to date · $3,000 over')).toBeInTheDocument();
    expect(within(card).getByText('$125,000')).toBeInTheDocument();
    expect(within(card).getByText('50% funded · target from Reserve study of 2025')).toBeInTheDocument();
    expect(within(card).getByText('$350 past due · 2 units past due')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Owner balances' })).toHaveAttribute(
      'href',
      `/manager-portal/properties/${propertyId}/balances`,
    );
  });
});
