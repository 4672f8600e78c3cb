import type { Account, Chart, JournalEntry, JournalPage } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { BooksPage, closableMonths } from './BooksPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const account = (id: string, code: string, name: string, extra: Partial<Account>): Account => ({
  id,
  code,
  name,
  type: 'asset',
  fund: 'operating',
  isActive: true,
  systemKey: null,
  balanceCents: 0,
  ...extra,
});
const cash = account('a0000000-0000-4000-8000-000000000001', '1000', 'Operating Cash', {
  balanceCents: 32_550,
});
const income = account('a0000000-0000-4000-8000-000000000002', '4000', 'Assessment Income', {
  type: 'income',
  balanceCents: -32_550,
});
const reserveCash = account('a0000000-0000-4000-8000-000000000003', '1500', 'Reserve Cash', {
  fund: 'reserve',
});
const chart: Chart = {
  books: {
    propertyId,
    fiscalYearStartMonth: 1,
    closedThrough: '2026-09-30',
    reserveTargetCents: 160_000_000,
    reserveTargetSource: 'Reserve study of 2025',
  },
  asOf: '2026-11-28',
  accounts: [cash, reserveCash, income],
  funds: [
    { fund: 'operating', debitsCents: 32_550, creditsCents: 32_550 },
    { fund: 'reserve', debitsCents: 0, creditsCents: 0 },
    { fund: 'special', debitsCents: 0, creditsCents: 0 },
  ],
};
const entry: JournalEntry = {
  id: 'e0000000-0000-4000-8000-000000000001',
  number: 7,
  postedOn: '2026-11-01',
  memo: 'November assessment, 14B',
  sourceType: 'manual',
  reversesId: null,
  reversedById: null,
  createdBy: 'maria',
  createdByName: 'Maria Santos',
  createdAt: '2026-11-01T15:00:00.000Z',
  lines: [
    {
      id: 'l1',
      accountId: cash.id,
      accountCode: '1000',
      accountName: 'Operating Cash',
      fund: 'operating',
      unitId: null,
      unitLabel: null,
      amountCents: 32_550,
      memo: null,
    },
    {
      id: 'l2',
      accountId: income.id,
      accountCode: '4000',
      accountName: 'Assessment Income',
      fund: 'operating',
      unitId: null,
      unitLabel: null,
      amountCents: -32_550,
      memo: null,
    },
  ],
};
const journal: JournalPage = { entries: [entry], total: 1, page: 1, limit: 20 };

function serve(posted: unknown[] = []) {
  return mockFetch((url, init) => {
    if (url.includes('/finance/accounts')) return jsonResponse(200, chart);
    if (url.includes('/finance/journal') && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(400, {
        error: {
          code: 'PERIOD_CLOSED',
          message: 'The books are closed through 2026-09-30: post on a later day',
          fields: { postedOn: 'The books are closed through 2026-09-30: post on a later day' },
        },
      });
    }
    if (url.includes('/finance/journal')) return jsonResponse(200, journal);
    if (url.includes('/finance/reserve-target') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { targetCents: number; source: string };
      posted.push(body);
      return jsonResponse(200, {
        ...chart.books,
        reserveTargetCents: body.targetCents,
        reserveTargetSource: body.source,
      });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

describe('BooksPage', () => {
  it('shows the board the trial balance and the journal, and no control to change them', async () => {
    serve();
    renderWithRouter(<BooksPage propertyId={propertyId} />, { user: makeUser('board') });
    expect(
      await screen.findByText('Closed through Sep 30, 2026: nothing more can be posted on or before it.'),
    ).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Trial balance' });
    expect(within(balance).getAllByText('$325.50')).toHaveLength(4);
    expect(within(balance).getAllByText('Balanced')).toHaveLength(3);
    const posted = await screen.findByRole('article', { name: 'Entry 7' });
    expect(within(posted).getByText('November assessment, 14B')).toBeInTheDocument();
    expect(within(posted).getByText(/posted by Maria Santos/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close a month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit account/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reserve fund target' })).toHaveTextContent(
      '$1,600,000.00, from Reserve study of 2025',
    );
    expect(screen.queryByRole('button', { name: 'Change target' })).not.toBeInTheDocument();
  });

  it('lets a manager record the reserve target with where it comes from', async () => {
    const sent: unknown[] = [];
    serve(sent);
    const user = userEvent.setup();
    renderWithRouter(<BooksPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Change target' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve fund target' });
    await user.clear(within(dialog).getByLabelText(/Where it comes from/));
    await user.click(within(dialog).getByRole('button', { name: 'Save target' }));
    expect(
      within(dialog).getByText('Say where the target comes from, e.g. the reserve study of 2025'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Target/));
    await user.type(within(dialog).getByLabelText(/Target/), '1,750,000');
    await user.type(within(dialog).getByLabelText(/Where it comes from/), 'Reserve study update, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save target' }));
    await waitFor(() =>
      expect(sent).toEqual([{ targetCents: 175_000_000, source: 'Reserve study update, 2026' }]),
    );
  });

  it('lets a manager write an entry: totals per fund as typed, exact cents sent, the server’s refusal shown', async () => {
    const posted: unknown[] = [];
    serve(posted);
    const user = userEvent.setup();
    renderWithRouter(<BooksPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'New entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New journal entry' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Memo' }), 'Key fob fee');
    await user.click(within(dialog).getByRole('button', { name: 'Post entry' }));
    expect(within(dialog).getAllByText('Choose an account')).toHaveLength(2);
    expect(posted).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Line 1 account' }));
    await user.click(await screen.findByRole('option', { name: '1000 Operating Cash' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 1 debit' }), '325.5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Line 2 account' }));
    await user.click(await screen.findByRole('option', { name: '4000 Assessment Income' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 2 credit' }), '325.49');
    expect(
      within(dialog).getByText(/Operating: debits \$325\.50, credits \$325\.49 · off by \$0\.01/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post entry' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Debits and credits must be equal in each fund',
    );
    expect(posted).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Line 2 credit' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 2 credit' }), '325.50');
    expect(within(dialog).getByText(/Operating: .* · balanced/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post entry' }));
    expect(
      await within(dialog).findByText('The books are closed through 2026-09-30: post on a later day'),
    ).toBeInTheDocument();
    expect(posted).toEqual([
      {
        postedOn: '2026-11-28',
        memo: 'Key fob fee',
        lines: [
          { accountId: cash.id, debitCents: 32_550 },
          { accountId: income.id, creditCents: 32_550 },
        ],
      },
    ]);
  });

  it('lets a manager add an account, told when its code is taken, and deactivate another', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/finance/accounts')) {
        sent.push({ method: 'POST', url, body: JSON.parse(String(init.body)) });
        return jsonResponse(409, {
          error: {
            code: 'ACCOUNT_CODE_TAKEN',
            message: 'Another account already has the code 1000',
            fields: { code: 'Another account already has the code 1000' },
          },
        });
      }
      if (init?.method === 'PATCH') {
        sent.push({ method: 'PATCH', url, body: JSON.parse(String(init.body)) });
        return jsonResponse(200, { ...reserveCash, isActive: false });
      }
      if (url.includes('/finance/accounts')) return jsonResponse(200, chart);
      return jsonResponse(200, journal);
    });
    const user = userEvent.setup();
    renderWithRouter(<BooksPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const adding = await screen.findByRole('dialog', { name: 'Add account' });
    await user.click(within(adding).getByRole('button', { name: 'Add account' }));
    expect(within(adding).getByText('Code is required')).toBeInTheDocument();
    expect(within(adding).getByText('Choose the account type')).toBeInTheDocument();
    await user.type(within(adding).getByRole('textbox', { name: 'Code' }), '1000');
    await user.type(within(adding).getByRole('textbox', { name: 'Name' }), 'Petty Cash');
    await user.click(within(adding).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Asset' }));
    await user.click(within(adding).getByRole('button', { name: 'Add account' }));
    expect(await within(adding).findByText('Another account already has the code 1000')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ code: '1000', name: 'Petty Cash', type: 'asset', fund: 'operating' });
    await user.click(within(adding).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit account 1500 Reserve Cash' }));
    const editing = await screen.findByRole('dialog', { name: 'Account 1500 Reserve Cash' });
    expect(within(editing).getByText(/Asset account of the reserve fund/)).toBeInTheDocument();
    expect(within(editing).queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    await user.click(within(editing).getByRole('switch', { name: 'Active (accepts postings)' }));
    await user.click(within(editing).getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toEqual({
      method: 'PATCH',
      url: `/api/properties/${propertyId}/finance/accounts/${reserveCash.id}`,
      body: { code: '1500', name: 'Reserve Cash', isActive: false },
    });
  });

  it('offers to close only months that have ended and are still open', () => {
    expect(closableMonths({ closedThrough: '2026-09-30' }, '2026-11-28')).toEqual(['2026-10']);
    expect(closableMonths({ closedThrough: '2026-10-31' }, '2026-11-28')).toEqual([]);
    expect(closableMonths({ closedThrough: null }, '2026-01-15')).toHaveLength(24);
    expect(closableMonths({ closedThrough: null }, '2026-01-15')[0]).toBe('2025-12');
  });
});
