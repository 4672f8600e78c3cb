import Stripe from 'stripe';
import type { OnlinePaymentMethod, OnlinePayments } from '@commonwise/contracts';
import type { Config } from '../../plugins/config.ts';

/**
 * Where an owner's online payment goes (issue 20, item 4; decision 0047). A provider is asked to start
 * a payment and answers with its reference and where the payment stands: succeeded (posted at once),
 * pending (a bank debit waiting for the bank; posted when the provider confirms), or failed.
 *
 * The demo's `test` provider moves no money and says so on the payment screen; Stripe (decision 0052)
 * starts a PaymentIntent that the payer's browser confirms, and its signed webhooks say how it ended.
 */
export type ProviderRequest = {
  paymentId: string;
  propertyId: string;
  unitId: string;
  amountCents: number;
  method: OnlinePaymentMethod;
  /** Sent to the provider so a retried request starts one payment. */
  idempotencyKey: string;
};
export type ProviderAnswer = {
  providerRef: string;
  status: 'succeeded' | 'pending' | 'failed';
  failureReason?: string;
  /** What the payer's browser needs to finish the payment with the provider (Stripe's client secret). */
  clientSecret?: string;
};
export type PaymentProviderClient = {
  name: 'test' | 'stripe';
  methods: readonly OnlinePaymentMethod[];
  notice: string | null;
  start: (request: ProviderRequest) => Promise<ProviderAnswer>;
  /** The browser's side of a pending payment, asked again (the same request repeated). */
  resume?: (providerRef: string) => Promise<string | null>;
  /** Given to the browser with the client secret. */
  publishableKey?: string;
  /** Withdraws a pending payment the payer did not confirm: false when it is already under way. */
  cancel?: (providerRef: string) => Promise<boolean>;
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

export const stripeNotice =
  'Payments are processed by Stripe. A card payment is received at once; a bank debit shows as pending until the bank confirms it, usually within four business days.';

const stripeMethodOf: Record<OnlinePaymentMethod, 'card' | 'us_bank_account'> = {
  card: 'card',
  ach: 'us_bank_account',
};

/**
 * Stripe, through its official SDK: a PaymentIntent in US dollars for the one method chosen, carrying the
 * payer's key as Stripe's idempotency key (a retried request gets the same PaymentIntent back). It is
 * pending until the browser confirms it and Stripe's webhook says it succeeded (stripe-webhooks.ts).
 */
export function stripeProvider(stripe: Stripe, publishableKey: string): PaymentProviderClient {
  return {
    name: 'stripe',
    methods: ['card', 'ach'],
    notice: stripeNotice,
    publishableKey,
    start: async ({ propertyId, unitId, amountCents, method, idempotencyKey }) => {
      // Only what stays the same on a retry goes in: Stripe refuses a key reused with other parameters.
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          allowed_payment_method_types: [stripeMethodOf[method]],
          metadata: { commonwise_property_id: propertyId, commonwise_unit_id: unitId },
        },
        { idempotencyKey: `commonwise-${idempotencyKey}` },
      );
      return {
        providerRef: intent.id,
        status:
          intent.status === 'succeeded' ? 'succeeded' : intent.status === 'canceled' ? 'failed' : 'pending',
        clientSecret: intent.client_secret ?? undefined,
      };
    },
    resume: async (providerRef) => (await stripe.paymentIntents.retrieve(providerRef)).client_secret ?? null,
    cancel: async (providerRef) => {
      try {
        await stripe.paymentIntents.cancel(providerRef);
        return true;
      } catch (error) {
        // Confirmed meanwhile (processing or succeeded): Stripe's webhook will say how it ends.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },
  };
}

/** The Stripe SDK for the installation's keys (tests pass their own HTTP client: nothing leaves the machine). */
export function stripeClientOf(secretKey: string, httpClient?: Stripe.HttpClient): Stripe {
  return new Stripe(secretKey, { httpClient, maxNetworkRetries: 2, timeout: 20_000, telemetry: false });
}

/**
 * The installation's provider: Stripe when its keys are set (the app's SDK client), otherwise the test
 * provider in demo mode, otherwise none.
 */
export function paymentProviderOf(
  config: Pick<Config, 'seedDemo' | 'stripe'>,
  stripe: Stripe | null,
): PaymentProviderClient | null {
  if (config.stripe && stripe) return stripeProvider(stripe, config.stripe.publishableKey);
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
