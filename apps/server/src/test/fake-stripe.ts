import Stripe from 'stripe';

/**
 * Stripe for tests, offline: the settings that turn Stripe on, an HTTP client for the SDK that answers
 * the PaymentIntent calls the provider makes (created once per idempotency key, as Stripe does), the
 * customers, SetupIntents and payment methods autopay uses (an off-session charge succeeds at once unless
 * its payment method's id says `declined`), refunds of a succeeded intent (once per idempotency key), and
 * events signed with the endpoint's secret as Stripe signs its webhooks.
 */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  allowed_payment_method_types: string[];
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
};

export function fakeStripe() {
  const webhookSecret = 'whsec_testsecret';
  const signer = new Stripe('sk_test_offline');
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const created: { key: string; body: URLSearchParams }[] = [];
  const customers = new Map<string, string>();
  const setups = new Map<string, { id: string; [field: string]: unknown }>();
  /** Payment methods as Stripe describes them, by id (a test adds the one its setup saved). */
  const paymentMethods = new Map<string, object>();
  /** Refunds made, by idempotency key (a retried refund gets the same one back). */
  const refunds: {
    key: string;
    refund: { id: string; amount: number; payment_intent: string; status: string };
  }[] = [];
  let eventNumber = 0;

  const api: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const json = (status: number, body: object) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST' && url.pathname === '/v1/customers') {
      const key = headers.get('idempotency-key') ?? '';
      customers.set(key, customers.get(key) ?? `cus_${customers.size + 1}test`);
      return json(200, { id: customers.get(key), object: 'customer' });
    }
    if (init?.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const key = headers.get('idempotency-key') ?? '';
      const body = new URLSearchParams(String(init.body));
      const known = setups.get(key);
      if (known) return json(200, known);
      const id = `seti_${setups.size + 1}test`;
      const setup = {
        id,
        object: 'setup_intent',
        customer: body.get('customer'),
        usage: body.get('usage'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret`,
        payment_method: null,
        last_setup_error: null,
        metadata: { commonwise_method_id: body.get('metadata[commonwise_method_id]') },
      };
      setups.set(key, setup);
      return json(200, setup);
    }
    const paymentMethod = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
    if (init?.method === 'GET' && paymentMethod && paymentMethods.has(paymentMethod[1]!))
      return json(200, paymentMethods.get(paymentMethod[1]!)!);
    if (init?.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = headers.get('idempotency-key') ?? '';
      const body = new URLSearchParams(String(init.body));
      created.push({ key, body });
      const known = byKey.get(key);
      if (known) return json(200, intents.get(known)!);
      const id = `pi_${intents.size + 1}test`;
      // Autopay's charge, confirmed at once with a saved method: one whose id says so is declined.
      const offSession = body.get('off_session') === 'true' && body.get('confirm') === 'true';
      const declined = offSession && (body.get('payment_method') ?? '').includes('declined');
      if (declined) {
        intents.set(id, {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          amount_received: 0,
          currency: body.get('currency')!,
          status: 'requires_payment_method',
          client_secret: `${id}_secret`,
          allowed_payment_method_types: [body.get('allowed_payment_method_types[0]')!],
          metadata: {},
          last_payment_error: { message: 'Your card was declined.' },
        });
        byKey.set(key, id);
        return json(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
            payment_intent: intents.get(id),
          },
        });
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        amount_received: 0,
        currency: body.get('currency')!,
        status: offSession ? 'succeeded' : 'requires_payment_method',
        client_secret: `${id}_secret_${intents.size + 1}`,
        allowed_payment_method_types: [body.get('allowed_payment_method_types[0]')!],
        metadata: Object.fromEntries(
          [...body.entries()].flatMap(([name, value]) => {
            const field = /^metadata\[(.+)\]$/.exec(name);
            return field ? [[field[1]!, value]] : [];
          }),
        ),
        last_payment_error: null,
      };
      intents.set(id, intent);
      byKey.set(key, id);
      return json(200, intent);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    const toCancel = cancel ? intents.get(cancel[1]!) : undefined;
    if (init?.method === 'POST' && toCancel) {
      if (['processing', 'succeeded', 'canceled'].includes(toCancel.status))
        return json(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${toCancel.status}`,
          },
        });
      toCancel.status = 'canceled';
      return json(200, toCancel);
    }
    if (init?.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = headers.get('idempotency-key') ?? '';
      const known = refunds.find((refund) => refund.key === key);
      if (known) return json(200, known.refund);
      const body = new URLSearchParams(String(init.body));
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded')
        return json(400, {
          error: { type: 'invalid_request_error', message: 'This PaymentIntent has no successful charge' },
        });
      const refund = {
        id: `re_${refunds.length + 1}test`,
        object: 'refund',
        amount: Number(body.get('amount') ?? intent.amount),
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.push({ key, refund });
      return json(200, refund);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (init?.method === 'GET' && retrieve && intents.has(retrieve[1]!))
      return json(200, intents.get(retrieve[1]!)!);
    return json(404, { error: { type: 'invalid_request_error', message: `No such route ${url.pathname}` } });
  };

  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    httpClient: Stripe.createFetchHttpClient(api),
    intents,
    created,
    setups,
    paymentMethods,
    refunds,
    /** An event as Stripe sends it, signed with the endpoint's secret (or another). */
    signed(type: string, object: object, options: { id?: string; secret?: string } = {}) {
      const payload = JSON.stringify({
        id: options.id ?? `evt_${++eventNumber}test`,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
      });
      return { payload, signature };
    },
  };
}
