import type { AutopayEnrolment, AutopayState, SavedMethod, StartedMethod } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStripeElements } from '../../../test/fake-stripe-js.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { AutopaySection } from './AutopaySection.tsx';

// Stripe.js, as far as the dialog uses it: it draws its fields into the element it is given.
const stripeJs = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  elementsOptions: [] as unknown[],
  setups: [] as unknown[],
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

function fakeStripe() {
  return {
    elements: fakeStripeElements(stripeJs.elementsOptions),
    confirmSetup: (options: unknown) => {
      stripeJs.setups.push(options);
      return Promise.resolve({ setupIntent: { status: 'succeeded' } });
    },
  };
}

const unit = { id: '66666666-6666-4666-8666-666666666666', label: '14B' };
const visaId = '88888888-8888-4888-8888-888888888881';
const oldCardId = '88888888-8888-4888-8888-888888888882';
const newCardId = '88888888-8888-4888-8888-888888888883';

const method = (overrides: Partial<SavedMethod> = {}): SavedMethod => ({
  id: visaId,
  provider: 'test',
  kind: 'card',
  brand: 'Visa',
  last4: '4242',
  expMonth: 3,
  expYear: 2028,
  isExpired: false,
  status: 'active',
  failureReason: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

const enrolment = (overrides: Partial<AutopayEnrolment> = {}): AutopayEnrolment => ({
  id: '99999999-9999-4999-8999-999999999999',
  unit,
  owner: { id: 'user-resident', fullName: 'Ryan Chen' },
  method: method(),
  maxCents: 50_000,
  chargeDay: 5,
  status: 'active',
  endedReason: null,
  startedOn: '2026-10-01',
  endedOn: null,
  nextChargeOn: '2026-12-05',
  history: [
    {
      period: '2026-11',
      outcome: 'over_max',
      amountCents: 61_000,
      reason: 'The balance of $610.00 was above the maximum of $500.00',
      at: '2026-11-05T08:00:00.000Z',
    },
    {
      period: '2026-10',
      outcome: 'charged',
      amountCents: 45_000,
      reason: null,
      at: '2026-10-05T08:00:00.000Z',
    },
    {
      period: '2026-09',
      outcome: 'failed',
      amountCents: 45_000,
      reason: 'Your card was declined.',
      at: '2026-09-05T08:00:00.000Z',
    },
  ],
  ...overrides,
});

const autopayState = (overrides: Partial<AutopayState> = {}): AutopayState => ({
  available: true,
  notice: null,
  reminderDays: 3,
  enrolment: null,
  lastEnded: null,
  methods: [],
  ...overrides,
});

const autopayPath = `/api/finance/owner-accounts/${unit.id}/autopay`;

/** The autopay routes over one unit's state; every write is kept, in order, to check what was sent. */
function fakeServer(
  initial: AutopayState,
  answers: { put?: () => Response; addMethod?: (kind: SavedMethod['kind']) => StartedMethod } = {},
) {
  let state = initial;
  const sent: { method: string; url: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    const verb = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (verb !== 'GET') sent.push({ method: verb, url, ...(body ? { body } : {}) });
    if (url === autopayPath && verb === 'GET') return jsonResponse(200, state);
    if (url === autopayPath && verb === 'PUT') {
      if (answers.put) return answers.put();
      const input = body as { methodId: string; maxCents: number; chargeDay: number };
      state = {
        ...state,
        enrolment: enrolment({
          method: state.methods.find((candidate) => candidate.id === input.methodId)!,
          maxCents: input.maxCents,
          chargeDay: input.chargeDay,
          history: [],
        }),
      };
      return jsonResponse(200, state);
    }
    if (url === autopayPath && verb === 'DELETE') {
      state = {
        ...state,
        enrolment: null,
        lastEnded: enrolment({
          status: 'ended',
          endedReason: 'Stopped by Ryan Chen.',
          endedOn: '2026-11-29',
        }),
      };
      return jsonResponse(200, state);
    }
    if (url === '/api/finance/payment-methods' && verb === 'POST') {
      const started = answers.addMethod!((body as { kind: SavedMethod['kind'] }).kind);
      state = { ...state, methods: [started.method, ...state.methods] };
      return jsonResponse(201, started);
    }
    if (url.startsWith('/api/finance/payment-methods/') && verb === 'DELETE') {
      state = { ...state, methods: state.methods.filter((candidate) => !url.endsWith(candidate.id)) };
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${verb} ${url}` } });
  });
  /** A change on the server's side (Stripe's webhook), seen at the next read. */
  const update = (change: (current: AutopayState) => AutopayState) => {
    state = change(state);
  };
  return { sent, update };
}

function render() {
  return renderRoutes([{ path: '/resident-portal/billing', element: <AutopaySection unit={unit} /> }], {
    initialEntry: `/resident-portal/billing?unit=${unit.id}`,
    user: makeUser('resident'),
  });
}

const section = () => screen.getByRole('region', { name: /Autopay/ });

beforeEach(() => {
  stripeJs.loadStripe.mockReset();
  stripeJs.elementsOptions.length = 0;
  stripeJs.setups.length = 0;
});

describe("the Billing page's Autopay", () => {
  it('shows autopay that is on: the method, the maximum and day, the next charge, who set it up and the latest months', async () => {
    fakeServer(autopayState({ enrolment: enrolment(), methods: [method()] }));
    render();
    expect(await within(section()).findByText('Visa ending 4242, expires 03/2028')).toBeInTheDocument();
    const card = section();
    expect(
      within(card).getByText('Charges the balance on day 5 of each month, up to $500.00'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Dec 5, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Ryan Chen on Oct 1, 2026')).toBeInTheDocument();
    expect(
      within(card).getByText(/A reminder with the amount comes 3 days before each charge/),
    ).toBeInTheDocument();
    const months = within(card).getAllByRole('listitem');
    expect(months[0]).toHaveTextContent(
      'November 2026: Not charged: the balance of $610.00 was above the maximum of $500.00',
    );
    expect(months[1]).toHaveTextContent('October 2026: Charged $450.00');
    expect(months[2]).toHaveTextContent('September 2026: Failed: your card was declined.');
    expect(within(card).getByRole('button', { name: 'Change Autopay' })).toBeInTheDocument();
  });

  it('lets a co-owner stop, but not change, the autopay another owner set up', async () => {
    fakeServer(
      autopayState({ enrolment: enrolment({ owner: { id: 'user-co-owner', fullName: 'Ana Chen' } }) }),
    );
    render();
    expect(
      await screen.findByText(
        /Ana Chen set it up with their own card or bank account, so only they can change it/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Autopay' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop Autopay' })).toBeInTheDocument();
  });

  it('says why autopay ended, and shows the notice instead of Set Up when it cannot be set up', async () => {
    fakeServer(
      autopayState({
        lastEnded: enrolment({
          status: 'ended',
          endedReason: 'The card ending 4242 expired.',
          endedOn: '2026-11-01',
          nextChargeOn: null,
        }),
      }),
    );
    const { unmount } = render();
    expect(await screen.findByText('Autopay ended on Nov 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('The card ending 4242 expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Up Autopay' })).toBeInTheDocument();
    unmount();

    fakeServer(
      autopayState({ available: false, notice: 'Online payments are not set up for this association.' }),
    );
    render();
    expect(
      await screen.findByText('Online payments are not set up for this association.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Up Autopay' })).not.toBeInTheDocument();
  });

  it('sets autopay up with a card added through the test provider', async () => {
    const { sent } = fakeServer(
      autopayState({
        methods: [
          method({ id: oldCardId, brand: 'Mastercard', last4: '4444', expYear: 2025, isExpired: true }),
        ],
      }),
      {
        addMethod: () => ({
          method: method({ id: newCardId, brand: 'Test card', last4: '4242', expMonth: 12, expYear: 2030 }),
          confirmation: null,
        }),
      },
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Set Up Autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up autopay' });
    const expired = within(dialog).getByLabelText('Mastercard ending 4444, expired 03/2025');
    expect(expired).toBeDisabled();
    expect(within(dialog).getByText('Expired: add the new card.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add a Card' }));
    const added = await within(dialog).findByLabelText('Test card ending 4242, expires 12/2030');
    expect(added).toBeChecked();
    await user.type(within(dialog).getByLabelText(/Most autopay may charge/), '600');
    await user.selectOptions(within(dialog).getByLabelText(/Charge day/), 'Day 15');
    await user.click(within(dialog).getByRole('button', { name: 'Turn On Autopay' }));

    expect(await screen.findByText('Autopay is on')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(section()).findByText('Charges the balance on day 15 of each month, up to $600.00'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/finance/payment-methods',
        body: { kind: 'card', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) },
      },
      { method: 'PUT', url: autopayPath, body: { methodId: newCardId, maxCents: 60_000, chargeDay: 15 } },
    ]);
  });

  it("checks the form before sending, and puts the server's refusal on the field it names", async () => {
    const { sent } = fakeServer(autopayState({ enrolment: enrolment(), methods: [method()] }), {
      put: () =>
        jsonResponse(422, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The maximum is at most $10,000.00',
            fields: { maxCents: 'The maximum is at most $10,000.00' },
            requestId: 'r',
          },
        }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Change Autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change autopay' });
    expect(within(dialog).getByLabelText('Visa ending 4242, expires 03/2028')).toBeChecked();
    const max = within(dialog).getByLabelText(/Most autopay may charge/);
    expect(max).toHaveValue('500');
    expect(within(dialog).getByLabelText(/Charge day/)).toHaveValue('5');

    await user.clear(max);
    await user.type(max, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      within(dialog).getByText('The most autopay may charge must be more than zero'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(max);
    await user.type(max, '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update autopay')).toBeInTheDocument();
    expect(max).toHaveAccessibleDescription(expect.stringContaining('The maximum is at most $10,000.00'));
    expect(screen.getByRole('dialog', { name: 'Change autopay' })).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', url: autopayPath, body: { methodId: visaId, maxCents: 2_000_000, chargeDay: 5 } },
    ]);
  });

  it('asks before stopping autopay, then stops it', async () => {
    const { sent } = fakeServer(autopayState({ enrolment: enrolment(), methods: [method()] }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Stop Autopay' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop autopay?' });
    expect(within(confirm).getByText(/The charge on Dec 5, 2026 will not be made/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stop Autopay' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop autopay?' })).getByRole('button', {
        name: 'Stop Autopay',
      }),
    );
    expect(await screen.findByText('Autopay stopped')).toBeInTheDocument();
    expect(await screen.findByText('Stopped by Ryan Chen.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', url: autopayPath }]);
  });

  it('removes a saved method after asking', async () => {
    const { sent } = fakeServer(autopayState({ enrolment: enrolment(), methods: [method()] }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Change Autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change autopay' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Remove Visa ending 4242, expires 03/2028' }),
    );
    expect(within(dialog).getByText(/Autopay uses it, so autopay stops/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(/You have no saved card or bank account yet/)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', url: `/api/finance/payment-methods/${visaId}` }]);
  });

  it("saves a card in Stripe's own form, then waits for Stripe to confirm it", async () => {
    stripeJs.loadStripe.mockResolvedValue(fakeStripe());
    const { update } = fakeServer(autopayState(), {
      addMethod: () => ({
        method: method({
          id: newCardId,
          provider: 'stripe',
          brand: '',
          last4: null,
          expMonth: null,
          expYear: null,
          status: 'pending',
          createdAt: new Date().toISOString(),
        }),
        confirmation: { provider: 'stripe', clientSecret: 'seti_1_secret_2', publishableKey: 'pk_test_abc' },
      }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Set Up Autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up autopay' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a Card' }));
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
    expect(stripeJs.elementsOptions).toEqual([{ clientSecret: 'seti_1_secret_2' }]);
    const saveCard = within(dialog).getByRole('button', { name: 'Save Card' });
    await waitFor(() => expect(saveCard).toBeEnabled());
    await user.click(saveCard);
    expect(
      await within(dialog).findByText(
        'Your card is being confirmed by Stripe; it can be used for autopay in a moment.',
      ),
    ).toBeInTheDocument();
    expect(stripeJs.setups[0]).toMatchObject({
      redirect: 'if_required',
      confirmParams: { return_url: expect.stringContaining(`/resident-portal/billing?unit=${unit.id}`) },
    });
    expect(await within(dialog).findByLabelText('Card')).toBeDisabled();

    // Stripe's webhook confirms it: the next read, a few seconds on, has it ready and chosen.
    update((current) => ({
      ...current,
      methods: [method({ id: newCardId, provider: 'stripe', brand: 'Visa', last4: '4242' })],
    }));
    expect(
      await within(dialog).findByText(
        'Visa ending 4242, expires 03/2028 is confirmed and chosen for autopay.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Visa ending 4242, expires 03/2028')).toBeChecked();
  }, 10_000);
});
