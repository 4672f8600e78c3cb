import type { CollectionCaseDetail, CollectionsState } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { CollectionsPage } from './CollectionsPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const caseId = '22222222-2222-4222-8222-222222222222';
const runId = '33333333-3333-4333-8333-333333333333';

const heldCase = {
  id: caseId,
  unit: { id: 'u-22a', label: '22A' },
  owners: ['Dana Whitfield'],
  status: 'open' as const,
  stage: 2,
  pastDueCents: 118_000,
  daysPastDue: 118,
  awaitingDecision: 3,
  decisionItemId: null,
  letterToSend: null,
  plan: null,
  openedAt: '2026-09-01T08:00:00.000Z',
  closedAt: null,
};

const state = (overrides: Partial<CollectionsState> = {}): CollectionsState => ({
  jurisdiction: 'CA',
  policy: {
    active: true,
    stages: [
      { kind: 'reminder', daysPastDue: 15, minBalanceCents: 0, cureDays: 15, requiresDecision: false },
      { kind: 'notice', daysPastDue: 45, minBalanceCents: 10_000, cureDays: 15, requiresDecision: false },
      { kind: 'pre_lien', daysPastDue: 75, minBalanceCents: 0, cureDays: 30, requiresDecision: false },
      { kind: 'referral', daysPastDue: 120, minBalanceCents: 0, cureDays: 30, requiresDecision: true },
    ],
    updatedAt: '2026-11-01T12:00:00.000Z',
    updatedByName: 'Maria Santos',
  },
  limits: {
    preLienNoticeDays: { days: 30, statute: 'Cal. Civ. Code §5660', note: '' },
    procedure: { statute: null, steps: [], note: '' },
  },
  cases: [
    heldCase,
    {
      ...heldCase,
      id: '44444444-4444-4444-8444-444444444444',
      unit: { id: 'u-19b', label: '19B' },
      stage: 0,
      awaitingDecision: null,
      letterToSend: { id: '55555555-5555-4555-8555-555555555555', status: 'draft' },
    },
  ],
  nextRun: {
    on: '2026-11-30',
    count: 1,
    actions: [
      { kind: 'advance', unit: { id: 'u-19b', label: '19B' }, stage: 0, summary: 'Unit 19B: stage 1' },
    ],
  },
  runs: [
    {
      id: runId,
      runOn: '2026-11-29',
      summary: '2 changes to collection cases; 1 letter drafted.',
      letters: 1,
      createdAt: '2026-11-29T09:00:00.000Z',
      rolledBackAt: null,
      rolledBackByName: null,
      canRollBack: true,
    },
  ],
  ...overrides,
});

const detail = (overrides: Partial<CollectionCaseDetail> = {}): CollectionCaseDetail => ({
  ...heldCase,
  events: [
    {
      id: 'e1',
      kind: 'held',
      stage: 3,
      summary: "Unit 22A: waits for the board's decision before stage 4 (referral to attorney or collector).",
      letterId: null,
      letterStatus: null,
      decision: null,
      runId,
      byName: null,
      createdAt: '2026-11-29T09:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('the collections page', () => {
  it("shows the policy with the state's notice, the cases, tonight's run and the runs", async () => {
    mockFetch(() => jsonResponse(200, state()));
    renderWithRouter(<CollectionsPage propertyId={propertyId} />, { user: makeUser('manager') });
    const policy = await screen.findByRole('region', { name: 'Collections policy' });
    expect(policy).toHaveTextContent('Pre-lien notice: 75 days past due; 30 days to pay.');
    expect(policy).toHaveTextContent('only after the board decides');
    expect(policy).toHaveTextContent('Notice before a lien: at least 30 days (Cal. Civ. Code §5660).');
    const cases = screen.getByRole('region', { name: 'Cases' });
    expect(within(cases).getByText('Awaiting board decision')).toBeInTheDocument();
    // A stage whose letter is still a draft waits for it to be sent, and the list says so.
    expect(within(cases).getByText('Letter to send')).toBeInTheDocument();
    expect(within(cases).getAllByText('$1,180.00')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Tonight’s run' })).toHaveTextContent('Unit 19B: stage 1');
    expect(screen.getByRole('button', { name: 'Undo this run' })).toBeInTheDocument();
  });

  it('lets the board record its decision on a held case, naming the meeting', async () => {
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.endsWith('/decisions')) {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, detail({ awaitingDecision: null }));
      }
      if (url.includes(`/cases/${caseId}`)) return jsonResponse(200, detail());
      return jsonResponse(200, state());
    });
    const user = userEvent.setup();
    renderWithRouter(<CollectionsPage propertyId={propertyId} />, { user: makeUser('board') });
    // The board reads the policy but does not change it, nor undo runs.
    await screen.findByRole('region', { name: 'Collections policy' });
    expect(screen.queryByRole('button', { name: 'Change the policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo this run' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the case of unit 22A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collections: unit 22A' });
    expect(within(dialog).queryByRole('button', { name: 'Agree the plan' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record the decision' }));
    expect(within(dialog).getByText('Say at which meeting the board decided')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Day of the decision/), '2026-11-20');
    await user.type(within(dialog).getByRole('textbox', { name: /Meeting/ }), 'Board meeting of November 20');
    await user.click(within(dialog).getByRole('button', { name: 'Record the decision' }));
    // Nothing is chosen for the board.
    expect(
      within(dialog).getByText('Say whether the board decided to proceed or to hold'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'To proceed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record the decision' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          stage: 3,
          outcome: 'proceed',
          decidedOn: '2026-11-20',
          meeting: 'Board meeting of November 20',
          note: '',
        },
      ]),
    );
  });

  it('opens the case a link names (?case=), with the board’s decision item, and closes it off the URL', async () => {
    const itemId = '66666666-6666-4666-8666-666666666666';
    const held = { ...heldCase, decisionItemId: itemId };
    mockFetch((url) => {
      if (url.includes(`/cases/${caseId}`)) return jsonResponse(200, detail(held));
      return jsonResponse(200, state({ cases: [held] }));
    });
    const user = userEvent.setup();
    const { router } = renderWithRouter(<CollectionsPage propertyId={propertyId} />, {
      user: makeUser('board'),
      path: '/collections',
      initialEntry: `/collections?case=${caseId}`,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Collections: unit 22A' });
    expect(
      await within(dialog).findByRole('link', { name: 'Open the board’s decision item' }),
    ).toHaveAttribute('href', `/decisions/${propertyId}/${itemId}`);
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a pre-lien notice too short, on the stage's field", async () => {
    mockFetch((url, init) => {
      if (init?.method === 'PUT')
        return jsonResponse(422, {
          error: {
            code: 'LIEN_NOTICE_TOO_SHORT',
            message:
              'Notice before a lien is shorter than the minimum (Cal. Civ. Code §5660): give at least 30 days',
            fields: {
              'stages.2.cureDays':
                'Notice before a lien is shorter than the minimum (Cal. Civ. Code §5660): give at least 30 days',
            },
          },
        });
      return jsonResponse(200, state({ policy: null, cases: [], runs: [] }));
    });
    const user = userEvent.setup();
    renderWithRouter(<CollectionsPage propertyId={propertyId} />, { user: makeUser('manager') });
    expect(
      await screen.findByText('No policy has been set: no collection cases are opened.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No unit is in collections.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set the policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collections policy' });
    // The suggested ladder starts from the state's notice period.
    const preLien = within(dialog).getByRole('group', { name: 'Stage 3' });
    const days = within(preLien).getByRole('textbox', { name: /Days to pay/ });
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save the policy' }));
    expect(await within(preLien).findByText(/give at least 30 days/)).toBeInTheDocument();
  });

  it('lets a manager agree a payment plan on an open case', async () => {
    const posted: unknown[] = [];
    const open = { ...heldCase, awaitingDecision: null, stage: 0 };
    mockFetch((url, init) => {
      if (url.endsWith('/payment-plan')) {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, detail({ ...open, status: 'paused' }));
      }
      if (url.includes(`/cases/${caseId}`)) return jsonResponse(200, detail(open));
      return jsonResponse(200, state({ cases: [open] }));
    });
    const user = userEvent.setup();
    renderWithRouter(<CollectionsPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Open the case of unit 22A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collections: unit 22A' });
    // No decision is waiting on this case.
    expect(within(dialog).queryByRole('button', { name: 'Record the decision' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agree the plan' }));
    expect(within(dialog).getByText('Enter dollars and cents, like 150.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the day the first instalment is due')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Each instalment/ }), '295.00');
    await user.clear(within(dialog).getByRole('textbox', { name: /Monthly instalments/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Monthly instalments/ }), '4');
    await user.type(within(dialog).getByLabelText(/First due/), '2026-12-10');
    await user.click(within(dialog).getByRole('button', { name: 'Agree the plan' }));
    await waitFor(() =>
      expect(posted).toEqual([{ instalmentCents: 29_500, count: 4, firstDueOn: '2026-12-10', terms: '' }]),
    );
  });
});
