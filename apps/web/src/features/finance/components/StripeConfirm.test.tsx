import type { OwnerAccount, StartedPayment } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStripeElements } from '../../../test/fake-stripe-js.ts';
import { residence } from '../../../test/residences.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes, renderWithRouter } from '../../../test/render.tsx';
import { OwnerAccountCard } from './OwnerAccountCard.tsx';
import { StripeConfirm } from './StripeConfirm.tsx';

// Stripe.js, as far as the dialog uses it: it draws its fields into the element it is given.
const stripeJs = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  elementsOptions: [] as unknown[],
  confirmations: [] as unknown[],
  answers: [] as unknown[],
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

function fakeStripe() {
  return {
    elements: fakeStripeElements(stripeJs.elementsOptions),
    confirmPayment: (options: unknown) => {
      stripeJs.confirmations.push(options);
      return Promise.resolve(stripeJs.answers.shift());
    },
  };
}

const unitId = '66666666-6666-4666-8666-666666666666';
const paymentId = '77777777-7777-4777-8777-777777777777';
const account: OwnerAccount = {
  propertyId: '11111111-1111-4111-8111-111111111111',
  propertyName: 'Willow Creek Commons',
  today: '2026-11-30',
  unit: { id: unitId, label: '14B' },
  balanceCents: 35_000,
  pastDueCents: 0,
  creditCents: 0,
  nextCharges: [],
  payments: {
    provider: 'stripe',
    methods: ['card', 'ach'],
    notice: 'Payments are processed by Stripe.',
    maxPaymentCents: 10_000_000,
  },
};
const started: StartedPayment = {
  id: paymentId,
  unit: { id: unitId, label: '14B' },
  method: 'card',
  provider: 'stripe',
  status: 'pending',
  amountCents: 35_000,
  receivedOn: '2026-11-29',
  reference: null,
  memo: null,
  failureReason: null,
  journalEntryNumber: null,
  allocations: [],
  createdByName: 'Ryan Chen',
  createdAt: '2026-11-29T10:00:00.000Z',
  confirmation: { provider: 'stripe', clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_abc' },
};

function fakeServer() {
  const posted: string[] = [];
  mockFetch((url, init) => {
    if (url === '/api/finance/owner-accounts') return jsonResponse(200, { accounts: [account] });
    if (init?.method === 'POST') {
      posted.push(url);
      if (url.endsWith('/cancel')) return jsonResponse(200, { ...started, status: 'failed' });
      return jsonResponse(201, started);
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${url}` } });
  });
  return posted;
}

async function startPaying() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/resident-portal', element: <OwnerAccountCard home={residence()} /> }], {
    initialEntry: '/resident-portal',
    user: makeUser('resident'),
  });
  await user.click(await screen.findByRole('button', { name: 'Make a Payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make a Payment' });
  await user.click(within(dialog).getByRole('button', { name: 'Review payment' }));
  await user.click(within(dialog).getByRole('button', { name: 'Pay $350.00' }));
  return { user, dialog };
}

beforeEach(() => {
  stripeJs.loadStripe.mockReset();
  stripeJs.elementsOptions.length = 0;
  stripeJs.confirmations.length = 0;
  stripeJs.answers.length = 0;
});

describe('paying through Stripe in the Make a Payment dialog', () => {
  it("takes the card in Stripe's own form, shows a decline, and ends pending once Stripe has it", async () => {
    stripeJs.loadStripe.mockResolvedValue(fakeStripe());
    stripeJs.answers.push(
      { error: { message: 'Your card was declined.' } },
      { paymentIntent: { status: 'succeeded' } },
    );
    const posted = fakeServer();
    const { user, dialog } = await startPaying();
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_abc');
    expect(stripeJs.elementsOptions).toEqual([{ clientSecret: 'pi_1_secret_2' }]);
    expect(within(dialog).getByText(/go straight to Stripe/)).toBeInTheDocument();

    const payButton = within(dialog).getByRole('button', { name: 'Pay $350.00' });
    await waitFor(() => expect(payButton).toBeEnabled());
    await user.click(payButton);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.click(payButton);
    expect(
      await within(dialog).findByText(
        /\$350\.00 is on its way: it shows as pending until the bank confirms it/,
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/a receipt comes to your notifications once it is received/),
    ).toBeInTheDocument();
    expect(stripeJs.confirmations).toHaveLength(2);
    expect(stripeJs.confirmations[0]).toMatchObject({
      redirect: 'if_required',
      confirmParams: { return_url: expect.stringContaining(`/resident-portal/billing?unit=${unitId}`) },
    });
    expect(posted).toEqual([`/api/finance/owner-accounts/${unitId}/payments`]);
  });

  it('withdraws the payment when the owner cancels instead of paying', async () => {
    stripeJs.loadStripe.mockResolvedValue(fakeStripe());
    const posted = fakeServer();
    const { user, dialog } = await startPaying();
    await within(dialog).findByLabelText('Card number');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(posted).toEqual([
        `/api/finance/owner-accounts/${unitId}/payments`,
        `/api/finance/owner-accounts/${unitId}/payments/${paymentId}/cancel`,
      ]),
    );
  });

  it('says so when Stripe’s form cannot be loaded, and tries again on request', async () => {
    stripeJs.loadStripe.mockResolvedValueOnce(null).mockResolvedValueOnce(fakeStripe());
    fakeServer();
    const { user, dialog } = await startPaying();
    expect(await within(dialog).findByText('The payment form could not be loaded')).toBeInTheDocument();
    expect(within(dialog).getByText(/Nothing has been charged/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
  });
});

describe('StripeConfirm', () => {
  it('brings the payer back to the page it is given after their bank’s check', async () => {
    stripeJs.loadStripe.mockResolvedValue(fakeStripe());
    stripeJs.answers.push({ paymentIntent: { status: 'succeeded' } });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithRouter(
      <StripeConfirm
        mode="payment"
        returnPath="/amenities?booking=b-1"
        confirmation={{ provider: 'stripe', clientSecret: 'pi_9_secret_9', publishableKey: 'pk_test_abc' }}
        submitLabel="Pay $300.00"
        onDone={onDone}
        onCancel={vi.fn()}
      />,
      { user: makeUser('resident') },
    );
    const pay = await screen.findByRole('button', { name: 'Pay $300.00' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(stripeJs.confirmations[0]).toMatchObject({
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/amenities?booking=b-1` },
    });
  });
});
