import type { OnlinePaymentMethod, OnlinePayments } from '@commonwise/contracts';

/**
 * Where an owner's online payment goes (issue 20, item 4; decision 0047). A provider is asked to start
 * a payment and answers with its reference and where the payment stands: succeeded (posted at once),
 * pending (a bank debit waiting for the bank; posted when the provider confirms), or failed.
 *
 * Only the demo's `test` provider exists today: it moves no money and says so on the payment screen.
 * Stripe (PaymentIntents, signed webhooks) plugs in here with the same answer.
 */
export type ProviderRequest = {
  paymentId: string;
  amountCents: number;
  method: OnlinePaymentMethod;
  /** Sent to the provider so a retried request starts one payment. */
  idempotencyKey: string;
};
export type ProviderAnswer = {
  providerRef: string;
  status: 'succeeded' | 'pending' | 'failed';
  failureReason?: string;
};
export type PaymentProviderClient = {
  name: 'test' | 'stripe';
  methods: readonly OnlinePaymentMethod[];
  notice: string | null;
  start: (request: ProviderRequest) => Promise<ProviderAnswer>;
};

export const testProviderNotice =
  'Demo mode: this is a test payment. No money moves and nothing is charged to a card or bank account; the payment is recorded on the account as if it had been received.';

/** The demo's provider: every payment succeeds at once, and nothing leaves the installation. */
export const testProvider: PaymentProviderClient = {
  name: 'test',
  methods: ['card', 'ach'],
  notice: testProviderNotice,
  start: ({ paymentId }) => Promise.resolve({ providerRef: `test_${paymentId}`, status: 'succeeded' }),
};

export const noOnlinePaymentsNotice =
  'Online payments are not set up for this association yet. Pay as your association has told you, or ask your property manager.';

/** The installation's provider: the test provider in demo mode, otherwise none until Stripe is set up. */
export function paymentProviderOf(config: { seedDemo: boolean }): PaymentProviderClient | null {
  return config.seedDemo ? testProvider : null;
}

/** What the payment screen is told about paying online. */
export function onlinePaymentsOf(
  provider: PaymentProviderClient | null,
  maxPaymentCents: number,
): OnlinePayments {
  if (!provider || maxPaymentCents <= 0)
    return { provider: null, methods: [], notice: noOnlinePaymentsNotice, maxPaymentCents: 0 };
  return {
    provider: provider.name,
    methods: [...provider.methods],
    notice: provider.notice,
    maxPaymentCents,
  };
}
