import type { OwnerAccount, Payment, UnitLedger } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { residence } from '../../../test/residences.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { BillingPage } from './BillingPage.tsx';
import { OwnerAccountCard } from './OwnerAccountCard.tsx';

const unitId = '66666666-6666-4666-8666-666666666666';
const account = (overrides: Partial<OwnerAccount> = {}): OwnerAccount => ({
  propertyId: '11111111-1111-4111-8111-111111111111',
  propertyName: 'Willow Creek Commons',
  today: '2026-11-30',
  unit: { id: unitId, label: '14B' },
  balanceCents: 45_000,
  pastDueCents: 27_000,
  creditCents: 0,
  nextCharges: [{ description: 'Monthly dues, January 2027', dueOn: '2027-01-01', amountCents: 18_000 }],
  payments: {
    provider: 'test',
    methods: ['card', 'ach'],
    notice: 'Demo mode: this is a test payment. No money moves.',
    maxPaymentCents: 10_000_000,
  },
  ...overrides,
});
const paid: Payment = {
  id: '77777777-7777-4777-8777-777777777777',
  unit: { id: unitId, label: '14B' },
  method: 'ach',
  provider: 'test',
  status: 'succeeded',
  amountCents: 45_000,
  receivedOn: '2026-11-29',
  reference: null,
  memo: null,
  failureReason: null,
  journalEntryNumber: 42,
  allocations: [
    {
      chargeId: 'c1',
      description: 'Monthly dues, November 2026',
      kind: 'assessment',
      dueOn: '2026-11-01',
      amountCents: 27_000,
    },
    {
      chargeId: 'c2',
      description: 'Monthly dues, December 2026',
      kind: 'assessment',
      dueOn: '2026-12-01',
      amountCents: 18_000,
    },
  ],
  createdByName: 'Ryan Chen',
  createdAt: '2026-11-29T10:00:00.000Z',
};

function fakeServer(accounts: OwnerAccount[], answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    if (url === '/api/finance/owner-accounts') return jsonResponse(200, { accounts });
    if (url === `/api/finance/owner-accounts/${unitId}/payments` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }
    if (url.startsWith(`/api/finance/owner-accounts/${unitId}/ledger`))
      return jsonResponse(200, {
        unit: { id: unitId, label: '14B' },
        balanceCents: 45_000,
        lines: [
          {
            id: 'e1',
            entryId: 'e1',
            entryNumber: 7,
            postedOn: '2026-11-01',
            memo: 'Monthly dues',
            sourceType: 'assessment',
            charge: {
              id: 'c1',
              kind: 'assessment',
              dueOn: '2026-11-01',
              description: 'Monthly dues, November 2026',
            },
            reversesEntryId: null,
            amountCents: 27_000,
            balanceCents: 45_000,
          },
        ],
        total: 1,
        page: 1,
        limit: 25,
      } satisfies UnitLedger);
    if (url.startsWith(`/api/finance/owner-accounts/${unitId}/payments`))
      return jsonResponse(200, { payments: [paid], total: 1, page: 1, limit: 10 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${url}` } });
  });
  return sent;
}

const render = (element: ReactNode, path = '/resident-portal') =>
  renderRoutes(
    [
      { path: '/resident-portal', element },
      { path: '/resident-portal/billing', element: <BillingPage /> },
    ],
    { initialEntry: path, user: makeUser('resident') },
  );

describe("the owner's My Account card and Make a Payment", () => {
  it('shows the balance, what is past due and the next charge, then pays and shows where it went', async () => {
    const sent = fakeServer([account()], () => jsonResponse(201, paid));
    const user = userEvent.setup();
    render(<OwnerAccountCard home={residence()} />);
    const card = screen.getByRole('region', { name: 'My Account' });
    expect(await within(card).findByText('$450.00')).toBeInTheDocument();
    expect(within(card).getByText('$270.00 past due')).toBeInTheDocument();
    expect(within(card).getByText('Jan 1, 2027')).toBeInTheDocument();
    expect(within(card).getByText('$180.00 · Monthly dues, January 2027')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Make a Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a Payment' });
    expect(within(dialog).getByText(/No money moves/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('450');
    await user.click(within(dialog).getByLabelText('Bank account (ACH)'));
    await user.click(within(dialog).getByRole('button', { name: 'Review payment' }));
    expect(within(dialog).getByText('Check and confirm')).toBeInTheDocument();
    expect(within(dialog).getByText('Convenience fee').nextSibling).toHaveTextContent('None');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $450.00' }));
    expect(await within(dialog).findByText('Payment of $450.00 received')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Monthly dues, November 2026 (due Nov 1, 2026): $270.00'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'ach', amountCents: 45_000, feeCents: 0, idempotencyKey: expect.any(String) },
    ]);
  });

  it("puts the server's refusal on the field it names, and asks for a valid amount first", async () => {
    fakeServer([account({ balanceCents: 0, pastDueCents: 0 })], () =>
      jsonResponse(422, {
        error: {
          code: 'PAYMENT_TOO_LARGE',
          message: 'A single payment is at most $5.00 here',
          fields: { amountCents: 'A single payment is at most $5.00 here' },
          requestId: 'r',
        },
      }),
    );
    const user = userEvent.setup();
    render(<OwnerAccountCard home={residence()} />);
    await user.click(await screen.findByRole('button', { name: 'Make a Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Review payment' }));
    expect(within(dialog).getByText('Enter the amount to pay')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Amount/), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Review payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.50' }));
    expect(await within(dialog).findByText('A single payment is at most $5.00 here')).toBeInTheDocument();
  });

  it("tells a tenant that the home's owner is billed", async () => {
    fakeServer([], () => jsonResponse(500, {}));
    render(<OwnerAccountCard home={residence({ unitNumber: '3-402' })} />);
    expect(
      await screen.findByText(
        "The association bills unit 3-402's owner; nothing is billed to you for this home.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a Payment' })).not.toBeInTheDocument();
  });
});

describe('the Billing page', () => {
  it("shows the unit's account, its payments with where each went, and the CSV download", async () => {
    fakeServer([account()], () => jsonResponse(500, {}));
    render(<p>portal</p>, `/resident-portal/billing?unit=${unitId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Unit 14B, Willow Creek Commons' }),
    ).toBeInTheDocument();
    const ledger = screen.getByRole('region', { name: 'Account' });
    expect(await within(ledger).findByText('Unit 14B owes $450.00')).toBeInTheDocument();
    expect(within(ledger).getByText('Monthly dues, November 2026')).toBeInTheDocument();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(await within(payments).findByText('Monthly dues, December 2026: $180.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/finance/owner-accounts/${unitId}/ledger/export`,
    );
  });

  it('says nothing is billed to someone who owns no unit', async () => {
    fakeServer([], () => jsonResponse(500, {}));
    render(<p>portal</p>, '/resident-portal/billing');
    expect(await screen.findByRole('heading', { name: 'Nothing is billed to you' })).toBeInTheDocument();
  });
});
