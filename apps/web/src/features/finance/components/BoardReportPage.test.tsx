import type { BoardReport } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { BoardReportPage } from './BoardReportPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const reportOf = (month: string, overrides: Partial<BoardReport> = {}): BoardReport => ({
  association: { id: propertyId, name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
  month,
  from: `${month}-01`,
  through: `${month}-28`,
  isPartial: false,
  isClosed: true,
  fiscalYear: { label: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' },
  balanceSheet: [
    {
      fund: 'operating',
      assets: [{ code: '1000', name: 'Operating Cash', cents: 5_000_000 }],
      liabilities: [{ code: '2100', name: 'Prepaid Assessments', cents: 30_000 }],
      equity: [{ code: '3000', name: 'Operating Fund Balance', cents: 4_000_000 }],
      surplusCents: 970_000,
      totalAssetsCents: 5_000_000,
      totalLiabilitiesAndEquityCents: 5_000_000,
    },
  ],
  incomeStatement: [
    {
      fund: 'operating',
      income: [{ code: '4000', name: 'Assessment Income', monthCents: 1_416_000, yearCents: 14_160_000 }],
      expenses: [{ code: '5000', name: 'Management Fees', monthCents: 240_000, yearCents: 2_400_000 }],
      netMonthCents: 1_176_000,
      netYearCents: 11_760_000,
    },
  ],
  budget: {
    status: 'adopted',
    rows: [
      {
        code: '4000',
        name: 'Assessment Income',
        type: 'income',
        budgetCents: 14_160_000,
        actualCents: 14_160_000,
        varianceCents: 0,
      },
      {
        code: '5000',
        name: 'Management Fees',
        type: 'expense',
        budgetCents: 2_500_000,
        actualCents: 2_400_000,
        varianceCents: 100_000,
      },
    ],
  },
  reserve: {
    balanceCents: 23_000_000,
    targetCents: 30_000_000,
    targetSource: 'Reserve study update of 2025',
  },
  aging: {
    buckets: { current: 0, days1to30: 32_000, days31to60: 32_000, days61to90: 0, over90: 0 },
    creditCents: 0,
    balanceCents: 64_000,
    unitsPastDue: 1,
    largest: [{ label: '22A', pastDueCents: 64_000, balanceCents: 64_000 }],
  },
  activity: {
    charges: [{ kind: 'assessment', count: 48, cents: 1_416_000 }],
    payments: [{ method: 'check', count: 30, cents: 885_000 }],
    waived: { count: 0, cents: 0 },
    returned: { count: 1, cents: 29_500 },
  },
  ...overrides,
});

describe('the monthly report page', () => {
  it("shows last month's report with every section, and another month on request", async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      const month = /month=(\d{4}-\d{2})/.exec(url)?.[1];
      if (url.includes('/reports/monthly?') && month) {
        asked.push(month);
        return jsonResponse(200, reportOf(month));
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } });
    });
    const user = userEvent.setup();
    renderWithRouter(<BoardReportPage propertyId={propertyId} />, { user: makeUser('board') });
    expect(await screen.findByText(/The books are closed for this month\./)).toBeInTheDocument();
    const sheet = screen.getByRole('region', { name: 'Balance sheet' });
    expect(within(sheet).getAllByText('$50,000.00').length).toBeGreaterThan(0);
    const budget = screen.getByRole('region', { name: /Operating budget and actual/ });
    expect(within(budget).getByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reserve fund' })).toHaveTextContent(
      '77% of its $300,000.00 target, from Reserve study update of 2025.',
    );
    expect(screen.getByRole('region', { name: 'What owners owe' })).toHaveTextContent('22A $640.00');
    expect(screen.getByRole('region', { name: 'Charges and payments of the month' })).toHaveTextContent(
      'Returned',
    );
    const lastMonth = asked[0]!;
    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    const options = screen.getAllByRole('option');
    await user.click(options[2]!);
    await waitFor(() => expect(asked.length).toBe(2));
    expect(asked[1]! < lastMonth).toBe(true);
  });

  it('says when there is no budget to compare with, and when the PDF cannot be made', async () => {
    mockFetch((url) => {
      if (url.includes('/reports/monthly/pdf'))
        return jsonResponse(500, { error: { code: 'INTERNAL', message: 'The PDF could not be made' } });
      const month = /month=(\d{4}-\d{2})/.exec(url)?.[1] ?? '2026-10';
      return jsonResponse(200, reportOf(month, { budget: { status: 'none', rows: [] }, isClosed: false }));
    });
    const user = userEvent.setup();
    renderWithRouter(<BoardReportPage propertyId={propertyId} />, { user: makeUser('manager') });
    expect(await screen.findByText(/No budget has been made for 2026/)).toBeInTheDocument();
    expect(screen.getByText(/The books are still open for this month/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be made');
  });
});
