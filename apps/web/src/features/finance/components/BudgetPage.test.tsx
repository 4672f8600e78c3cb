import type { Account, Budget, Chart } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { BudgetPage } from './BudgetPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const finance = `/api/properties/${propertyId}/finance`;

const account = (id: string, code: string, name: string, extra: Partial<Account>): Account => ({
  id,
  code,
  name,
  type: 'income',
  fund: 'operating',
  isActive: true,
  systemKey: null,
  balanceCents: 0,
  ...extra,
});
const cash = account('a0000000-0000-4000-8000-000000000001', '1000', 'Operating Cash', { type: 'asset' });
const income = account('a0000000-0000-4000-8000-000000000002', '4000', 'Assessment Income', {});
const insurance = account('a0000000-0000-4000-8000-000000000003', '5100', 'Insurance', { type: 'expense' });
const reserve = account('a0000000-0000-4000-8000-000000000004', '6000', 'Reserve Expenditures', {
  type: 'expense',
  fund: 'reserve',
});
const chart: Chart = {
  // A fiscal year from July: on Nov 28, 2026 the current one is 2026–27.
  books: {
    propertyId,
    fiscalYearStartMonth: 7,
    closedThrough: null,
    reserveTargetCents: null,
    reserveTargetSource: null,
  },
  asOf: '2026-11-28',
  accounts: [cash, income, insurance, reserve],
  funds: [],
};
const months = (cents: number) => Array.from({ length: 12 }, () => cents);
const blank: Budget = {
  fiscalYear: 2026,
  startsOn: '2026-07-01',
  endsOn: '2027-06-30',
  status: 'none',
  adoptedBy: null,
  adoptedAt: null,
  lines: [],
  totals: [],
};
const draft: Budget = {
  ...blank,
  status: 'draft',
  lines: [
    {
      accountId: income.id,
      code: '4000',
      name: 'Assessment Income',
      type: 'income',
      fund: 'operating',
      months: months(1_562_400),
      totalCents: 12 * 1_562_400,
    },
    {
      accountId: insurance.id,
      code: '5100',
      name: 'Insurance',
      type: 'expense',
      fund: 'operating',
      months: months(240_050),
      totalCents: 12 * 240_050,
    },
  ],
};
const adopted: Budget = {
  ...draft,
  status: 'adopted',
  adoptedBy: 'Board meeting of 12 November',
  adoptedAt: '2026-11-12T19:00:00.000Z',
};

type Sent = { method: string; url: string; body: unknown };

function serve(budgets: Record<string, Budget>, answer?: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const write = { method, url, body: JSON.parse(String(init?.body)) };
      sent.push(write);
      return answer?.(write) ?? jsonResponse(500, { error: { code: 'X', message: 'Not expected' } });
    }
    if (url.includes('/finance/accounts')) return jsonResponse(200, chart);
    const year = /\/budgets\/(\d+)$/.exec(url)?.[1];
    if (year) return jsonResponse(200, budgets[year] ?? { ...blank, fiscalYear: Number(year) });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return sent;
}

describe('BudgetPage', () => {
  it('opens on the current fiscal year and lets a manager fill it in dollars, saved as whole cents', async () => {
    const sent = serve({ '2026': blank }, (write) =>
      write.url.endsWith('/adopt') ? jsonResponse(200, adopted) : jsonResponse(200, draft),
    );
    const user = userEvent.setup();
    renderWithRouter(<BudgetPage propertyId={propertyId} />, { user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Budget 2026–27' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has been saved for 2026–27 yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adopt' })).toBeDisabled();
    // Income and expense accounts only; the months run from the fiscal year's first.
    expect(screen.queryByRole('textbox', { name: /^1000 Operating Cash/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '4000 Assessment Income, July 2026' }), '15,624');
    await user.type(screen.getByRole('textbox', { name: '4000 Assessment Income, June 2027' }), '15624.1');
    await user.type(screen.getByRole('textbox', { name: '5100 Insurance, January 2027' }), '2400.50');
    await user.type(screen.getByRole('textbox', { name: '6000 Reserve Expenditures, March 2027' }), '12.345');
    expect(
      screen.getByText(/income \$31,248\.10, expenses \$2,400\.50, surplus \$28,847\.60/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '6000 Reserve Expenditures, March 2027' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Fiscal year' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter amounts in dollars and cents, like 1250.00, or leave a month blank: 6000 Reserve Expenditures (March 2027).',
    );
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: '6000 Reserve Expenditures, March 2027' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: `${finance}/budgets/2026`,
      body: {
        lines: [
          { accountId: income.id, months: [1_562_400, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1_562_410] },
          { accountId: insurance.id, months: [0, 0, 0, 0, 0, 0, 240_050, 0, 0, 0, 0, 0] },
        ],
      },
    });
    expect(await screen.findByText('A draft for 2026–27, not yet adopted by the board.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '5100 Insurance, July 2026' })).toHaveValue('2400.50');

    await user.click(screen.getByRole('button', { name: 'Adopt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adopt the 2026–27 budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Adopt budget' }));
    expect(within(dialog).getByText('Say which meeting or resolution adopted it')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Adopted by/ }),
      'Board meeting of 12 November',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Adopt budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toEqual({
      method: 'POST',
      url: `${finance}/budgets/2026/adopt`,
      body: { adoptedBy: 'Board meeting of 12 November' },
    });
    expect(
      await screen.findByText(/^Adopted by Board meeting of 12 November, recorded Nov 12, 2026\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^4000 Assessment Income/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });

  it('shows the board the adopted budget to read, another year on request, and no control to change it', async () => {
    serve({ '2026': adopted });
    const user = userEvent.setup();
    renderWithRouter(<BudgetPage propertyId={propertyId} />, { user: makeUser('board') });
    const grid = await screen.findByRole('region', { name: 'Budget 2026–27 by account and month' });
    expect(within(grid).getByRole('row', { name: /^4000 Assessment Income \$15,624\.00/ })).toHaveTextContent(
      '$187,488.00',
    );
    expect(within(grid).getByRole('row', { name: /^Operating expenses/ })).toHaveTextContent('$28,806.00');
    expect(within(grid).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adopt' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Fiscal year' }));
    await user.click(await screen.findByRole('option', { name: '2027–28' }));
    expect(await screen.findByText('No budget has been saved for 2027–28.')).toBeInTheDocument();
  });
});
