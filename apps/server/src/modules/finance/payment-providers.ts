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
  /** Kept with the provider's payment: how its webhook finds what it paid for (a booking's id). */
  metadata?: Record<string, string>;
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
  /**
   * Gives back part or all of a received payment (a booking's refund or returned deposit); the key makes a
   * retry refund once. Answers the provider's refund reference. The test provider moved nothing, so it
   * has none.
   */
  refund?: (request: { providerRef: string; amountCents: number; idempotencyKey: string }) => Promise<string>;
  /** Saves a card or bank account for autopay (decision 0055): at once, or once the browser confirms it. */
  saveMethod: (request: MethodRequest) => Promise<MethodAnswer>;
  /** Charges a saved method with nobody at the screen (autopay); the key makes a retry charge once. */
  chargeSaved: (
    request: ProviderRequest & { customerRef: string | null; methodRef: string },
  ) => Promise<ProviderAnswer>;
  /** What a saved method is (Stripe's webhook says only its id). */
  describeMethod?: (methodRef: string) => Promise<MethodDetails>;
};

export type MethodRequest = {
  methodId: string;
  userId: string;
  email: string;
  kind: OnlinePaymentMethod;
  /** The customer the person already has with the provider (from a method saved before). */
  customerRef: string | null;
  idempotencyKey: string;
};
export type MethodDetails = {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  methodRef: string;
};
export type MethodAnswer =
  | ({ status: 'active'; customerRef: string | null } & MethodDetails)
  | { status: 'pending'; customerRef: string; setupRef: string; clientSecret: string }
  | { status: 'failed'; failureReason: string };

export const testProviderNotice =
  'Demo mode: this is a test payment. No money moves and nothing is charged to a card or bank account; the payment is recorded on the account as if it had been received.';

/** The demo's provider: every payment succeeds at once, and nothing leaves the installation. */
export const testProvider: PaymentProviderClient = {
  name: 'test',
  methods: ['card', 'ach'],
  notice: testProviderNotice,
  start: ({ paymentId }) => Promise.resolve({ providerRef: `test_${paymentId}`, status: 'succeeded' }),
  // A test card good for three more years, or a test bank account: nothing is asked of anyone.
  saveMethod: ({ methodId, kind }) =>
    Promise.resolve({
      status: 'active',
      customerRef: null,
      methodRef: `test_${methodId}`,
      ...(kind === 'card'
        ? { brand: 'Test card', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 }
        : { brand: 'Test bank account', last4: '6789', expMonth: null, expYear: null }),
    }),
  chargeSaved: ({ paymentId }) => Promise.resolve({ providerRef: `test_${paymentId}`, status: 'succeeded' }),
};

export const testAutopayNotice =
  'Demo mode: the cards and bank accounts saved here are test ones. Autopay moves no money; its payments are recorded on the account as if they had been received.';

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
    start: async ({ propertyId, unitId, amountCents, method, idempotencyKey, metadata }) => {
      // Only what stays the same on a retry goes in: Stripe refuses a key reused with other parameters.
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          allowed_payment_method_types: [stripeMethodOf[method]],
          metadata: { ...metadata, commonwise_property_id: propertyId, commonwise_unit_id: unitId },
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
    saveMethod: async ({ methodId, userId, email, kind, customerRef, idempotencyKey }) => {
      // One Stripe customer per person, made the first time they save a method.
      const customer =
        customerRef ??
        (
          await stripe.customers.create(
            { email, metadata: { commonwise_user_id: userId } },
            { idempotencyKey: `commonwise-customer-${userId}` },
          )
        ).id;
      const setup = await stripe.setupIntents.create(
        {
          customer,
          usage: 'off_session',
          allowed_payment_method_types: [stripeMethodOf[kind]],
          metadata: { commonwise_method_id: methodId },
        },
        { idempotencyKey: `commonwise-setup-${idempotencyKey}` },
      );
      if (!setup.client_secret) return { status: 'failed', failureReason: 'Stripe did not start the setup' };
      return {
        status: 'pending',
        customerRef: customer,
        setupRef: setup.id,
        clientSecret: setup.client_secret,
      };
    },
    chargeSaved: async ({
      paymentId,
      propertyId,
      unitId,
      amountCents,
      method,
      idempotencyKey,
      customerRef,
      methodRef,
    }) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerRef ?? undefined,
            payment_method: methodRef,
            allowed_payment_method_types: [stripeMethodOf[method]],
            off_session: true,
            confirm: true,
            metadata: {
              commonwise_property_id: propertyId,
              commonwise_unit_id: unitId,
              // The webhook finds the payment by this when it comes before the payment knows its intent.
              commonwise_payment_id: paymentId,
            },
          },
          { idempotencyKey: `commonwise-${idempotencyKey}` },
        );
        return {
          providerRef: intent.id,
          status:
            intent.status === 'succeeded'
              ? 'succeeded'
              : intent.status === 'processing'
                ? 'pending'
                : 'failed',
          failureReason:
            intent.status === 'requires_action'
              ? 'The bank asked the cardholder to confirm this payment, which autopay cannot do'
              : (intent.last_payment_error?.message ?? undefined),
        };
      } catch (error) {
        // A decline: Stripe answers with the error and the PaymentIntent it made.
        if (
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeInvalidRequestError
        ) {
          const intent = (error.raw as { payment_intent?: { id?: string } }).payment_intent;
          return {
            providerRef: intent?.id ?? `declined_${paymentId}`,
            status: 'failed',
            failureReason: error.message,
          };
        }
        throw error;
      }
    },
    describeMethod: async (methodRef) => {
      const method = await stripe.paymentMethods.retrieve(methodRef);
      if (method.card)
        return {
          methodRef,
          brand: method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1),
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        };
      return {
        methodRef,
        brand: method.us_bank_account?.bank_name
          ? `${method.us_bank_account.bank_name} account`
          : 'Bank account',
        last4: method.us_bank_account?.last4 ?? '····',
        expMonth: null,
        expYear: null,
      };
    },
    refund: async ({ providerRef, amountCents, idempotencyKey }) => {
      const refund = await stripe.refunds.create(
        { payment_intent: providerRef, amount: amountCents },
        { idempotencyKey: `commonwise-refund-${idempotencyKey}` },
      );
      return refund.id;
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
