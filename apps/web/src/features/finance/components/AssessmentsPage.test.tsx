import type {
  Account,
  AssessmentSchedule,
  AssessmentScheduleList,
  ChargePreview,
  Chart,
  LateFeeState,
  Payment,
  PaymentPage,
  Unit,
  UnitLedger,
} from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { AssessmentsPage } from './AssessmentsPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const finance = `/api/properties/${propertyId}/finance`;

const account = (id: string, code: string, name: string, extra: Partial<Account> = {}): Account => ({
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
const assessmentIncome = account('a0000000-0000-4000-8000-000000000001', '4000', 'Assessment Income', {
  systemKey: 'assessment_income',
});
const feeIncome = account('a0000000-0000-4000-8000-000000000002', '4300', 'Amenity and Other Fees', {
  systemKey: 'fee_income',
});
const specialIncome = account('a0000000-0000-4000-8000-000000000003', '4700', 'Special Assessment Income', {
  fund: 'special',
  systemKey: 'special_assessment_income',
});
const reserveIncome = account('a0000000-0000-4000-8000-000000000004', '4500', 'Reserve Contributions', {
  fund: 'reserve',
});
const chart: Chart = {
  books: {
    propertyId,
    fiscalYearStartMonth: 1,
    closedThrough: null,
    reserveTargetCents: null,
    reserveTargetSource: null,
  },
  asOf: '2026-11-28',
  accounts: [assessmentIncome, feeIncome, specialIncome, reserveIncome],
  funds: [],
};

const dues: AssessmentSchedule = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Monthly dues',
  kind: 'regular',
  frequency: 'monthly',
  dueDay: 31,
  startsOn: '2026-12-01',
  endsOn: null,
  installments: null,
  allocation: 'equal',
  amountCents: 32_550,
  kindAmounts: null,
  incomeAccount: { id: assessmentIncome.id, code: '4000', name: 'Assessment Income', fund: 'operating' },
  adoptedBy: 'Budget adopted at the board meeting of 12 November',
  emergencyFinding: null,
  postedThrough: null,
  nextDueOn: '2026-12-31',
  nextTotalCents: 48 * 32_550,
  status: 'upcoming',
  createdByName: 'Maria Santos',
  createdAt: '2026-11-28T15:00:00.000Z',
};
const roof: AssessmentSchedule = {
  ...dues,
  id: 'c0000000-0000-4000-8000-000000000002',
  name: 'Roof replacement',
  kind: 'special',
  frequency: 'quarterly',
  dueDay: 1,
  startsOn: '2027-01-01',
  installments: 3,
  allocation: 'share',
  amountCents: 9_000_000,
  incomeAccount: { id: specialIncome.id, code: '4700', name: 'Special Assessment Income', fund: 'special' },
  adoptedBy: 'Board resolution 2026-07',
  emergencyFinding: 'Storm of 3 January: roof open to the weather',
  nextDueOn: '2027-01-01',
  nextTotalCents: 3_000_000,
};

const unit14B = {
  id: 'b0000000-0000-4000-8000-000000000014',
  label: '14B',
  owners: [{ userId: 'u1', fullName: 'Ryan Chen' }],
} as unknown as Unit;

const emptyPreview: ChargePreview = {
  through: '2026-11-29',
  groups: [],
  items: [],
  itemCount: 0,
  totalCents: 0,
};
const preview: ChargePreview = {
  through: '2027-01-31',
  groups: [
    {
      scheduleId: dues.id,
      scheduleName: 'Monthly dues',
      dueOn: '2026-12-31',
      period: '2026-12',
      installment: null,
      unitCount: 48,
      totalCents: 48 * 32_550,
    },
  ],
  items: [
    {
      scheduleId: dues.id,
      scheduleName: 'Monthly dues',
      unitId: unit14B.id,
      unitLabel: '14B',
      dueOn: '2026-12-31',
      period: '2026-12',
      installment: null,
      amountCents: 32_550,
    },
  ],
  itemCount: 48,
  totalCents: 48 * 32_550,
};

const ledger: UnitLedger = {
  unit: { id: unit14B.id, label: '14B' },
  balanceCents: 2_500,
  lines: [
    {
      id: 'l1',
      entryId: 'e1',
      entryNumber: 12,
      postedOn: '2026-11-28',
      memo: 'Replacement key fob, unit 14B',
      sourceType: 'charge',
      charge: { id: 'ch1', kind: 'fee', dueOn: '2026-12-15', description: 'Replacement key fob' },
      reversesEntryId: null,
      amountCents: 2_500,
      balanceCents: 2_500,
    },
  ],
  total: 1,
  page: 1,
  limit: 25,
};

const received: Payment = {
  id: 'p0000000-0000-4000-8000-000000000001',
  unit: { id: 'u14b', label: '14B' },
  method: 'check',
  provider: 'manual',
  status: 'succeeded',
  amountCents: 35_000,
  receivedOn: '2026-11-27',
  reference: '1042',
  memo: null,
  failureReason: null,
  journalEntryNumber: 14,
  allocations: [
    {
      chargeId: 'ch1',
      description: 'Monthly dues, November 2026',
      kind: 'assessment',
      dueOn: '2026-11-30',
      amountCents: 32_550,
    },
    { chargeId: null, description: 'Credit on the account', kind: null, dueOn: null, amountCents: 2_450 },
  ],
  createdByName: 'Maria Santos',
  createdAt: '2026-11-28T15:00:00.000Z',
};
const payments: PaymentPage = { payments: [received], total: 1, page: 1, limit: 10 };

const lateFees: LateFeeState = {
  jurisdiction: 'CA',
  current: {
    id: 'r1',
    version: 2,
    active: true,
    graceDays: 15,
    fixedCents: null,
    percentBp: 1_000,
    minCents: 1_000,
    maxCents: null,
    basis: 'per_charge',
    interestAprBp: 1_200,
    interestFromDays: 30,
    appliesTo: ['assessment', 'special_assessment'],
    authority: 'CC&Rs §6.4',
    effectiveFrom: '2026-01-01',
    createdByName: 'Maria Santos',
    createdAt: '2026-11-28T15:00:00.000Z',
  },
  history: [],
  limits: {
    lateFee: { statute: 'Cal. Civ. Code §5650(b)', note: 'The greater of 10% or $10.' },
    interest: { statute: 'Cal. Civ. Code §5650(b)', note: 'At most 12% a year.' },
    fines: { statute: 'Cal. Civ. Code §5850', note: 'AB 130.' },
  },
  nextRun: {
    on: '2026-11-29',
    count: 1,
    totalCents: 3_255,
    items: [
      {
        unitId: 'u14b',
        unitLabel: '14B',
        kind: 'late_fee',
        description: 'Late fee: dues',
        amountCents: 3_255,
      },
    ],
  },
};

type Sent = { method: string; url: string; body: unknown };

/** The finance API of one association; writes are recorded and answered by `answer`. */
function serve(
  options: {
    jurisdiction?: string;
    schedules?: AssessmentSchedule[];
    answer?: (sent: Sent) => Response;
  } = {},
) {
  const sent: Sent[] = [];
  const list: AssessmentScheduleList = {
    schedules: options.schedules ?? [dues, roof],
    jurisdiction: options.jurisdiction ?? 'TX',
    timeZone: 'America/Chicago',
    today: '2026-11-28',
  };
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const write = { method, url, body: JSON.parse(String(init?.body)) };
      sent.push(write);
      return options.answer?.(write) ?? jsonResponse(500, { error: { code: 'X', message: 'Not expected' } });
    }
    if (url.includes('through=2028'))
      return refusal(422, 'PREVIEW_TOO_FAR', 'through', 'A preview looks at most 366 days ahead');
    if (url.includes('/assessments/preview'))
      return jsonResponse(200, url.includes('through=') ? preview : emptyPreview);
    if (url.endsWith('/finance/assessments')) return jsonResponse(200, list);
    if (url.includes('/finance/accounts')) return jsonResponse(200, chart);
    if (url.includes('/ledger')) return jsonResponse(200, ledger);
    if (url.includes('/finance/payments?')) return jsonResponse(200, payments);
    if (url.endsWith('/finance/late-fees')) return jsonResponse(200, lateFees);
    if (url.includes('/units?')) return jsonResponse(200, { units: [unit14B], total: 1, page: 1, limit: 20 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return sent;
}

const refusal = (status: number, code: string, field: string, message: string) =>
  jsonResponse(status, { error: { code, message, fields: { [field]: message } } });

describe('AssessmentsPage', () => {
  // The emergency finding is an autosizing box, which listens to document.fonts (jsdom has none).
  beforeAll(stubDocumentFonts);

  it('shows the board each schedule’s terms and what it bills next, tonight’s run, and no control to change them', async () => {
    serve();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('board') });
    const monthly = await screen.findByRole('article', { name: 'Monthly dues' });
    expect(within(monthly).getByText('$325.50 per unit')).toBeInTheDocument();
    expect(
      within(monthly).getByText(
        'Monthly, due on the 31st (the last day of shorter months). From Dec 1, 2026, with no end date.',
      ),
    ).toBeInTheDocument();
    expect(
      within(monthly).getByText('Next due Dec 31, 2026: $15,624.00 across today’s units.'),
    ).toBeInTheDocument();
    expect(
      within(monthly).getByText('Adopted by: Budget adopted at the board meeting of 12 November'),
    ).toBeInTheDocument();
    const special = screen.getByRole('article', { name: 'Roof replacement' });
    expect(
      within(special).getByText('$90,000.00 in all, split by each unit’s share, in 3 equal installments'),
    ).toBeInTheDocument();
    expect(within(special).getByText(/Next installment due Jan 1, 2027: \$30,000\.00/)).toBeInTheDocument();
    expect(within(special).getByText(/Emergency finding: Storm of 3 January/)).toBeInTheDocument();
    expect(
      await screen.findByText('Nothing is due through Nov 29, 2026: tonight’s run will post nothing.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Charge a unit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
  });

  it('previews a later day: each schedule’s due date with its units and total, then the charges', async () => {
    serve();
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('board') });
    const run = await screen.findByRole('region', { name: 'Tonight’s run' });
    const through = within(run).getByLabelText('Look ahead through');
    expect(through).toHaveAttribute('max', '2027-11-29');
    await user.type(through, '2028-01-31');
    expect(await within(run).findByText('A preview looks at most 366 days ahead')).toBeInTheDocument();
    await user.clear(through);
    await user.type(through, '2027-01-31');
    expect(
      await within(run).findByText('48 charges due through Jan 31, 2027, $15,624.00 in all'),
    ).toBeInTheDocument();
    const groups = within(run).getByRole('table', { name: 'Charges by schedule and due date' });
    expect(
      within(groups).getByRole('row', { name: /Monthly dues Dec 31, 2026 48 \$15,624\.00/ }),
    ).toBeInTheDocument();
    await user.click(within(run).getByRole('button', { name: 'Show the charges unit by unit' }));
    const items = within(run).getByRole('table', { name: 'Charges unit by unit' });
    expect(
      within(items).getByRole('row', { name: /14B Monthly dues Dec 31, 2026 \$325\.50/ }),
    ).toBeInTheDocument();
    expect(within(run).getByText('The first 1 of 48 charges are listed.')).toBeInTheDocument();
  });

  it('checks a new schedule as typed, sends dollars as whole cents, and shows the server’s refusal on its field', async () => {
    const sent = serve({
      answer: () =>
        refusal(
          422,
          'SHARES_DO_NOT_ADD_UP',
          'allocation',
          "The units' shares add up to 80.00%, not 100%: correct them in the units list",
        ),
    });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assessment schedule' });
    expect(within(dialog).getByLabelText(/^Starts on/)).toHaveValue('2026-12-01');
    // Only a special assessment in California asks for an emergency finding.
    expect(within(dialog).queryByLabelText(/Emergency finding/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make schedule' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Say which budget or resolution adopted it')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Insurance by share');
    await user.click(within(dialog).getByRole('combobox', { name: 'How it is shared' }));
    await user.click(await screen.findByRole('option', { name: "A total split by each unit's share" }));
    const amount = within(dialog).getByRole('textbox', { name: /^Total for the association, each due date/ });
    await user.type(amount, '10000.005');
    await user.type(within(dialog).getByRole('textbox', { name: /^Adopted by/ }), 'Budget 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Make schedule' }));
    expect(within(dialog).getByText('Enter an amount in dollars and cents, like 325.50')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '$12,000.10');
    await user.click(within(dialog).getByRole('button', { name: 'Make schedule' }));
    expect(
      await within(dialog).findByText(
        "The units' shares add up to 80.00%, not 100%: correct them in the units list",
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${finance}/assessments`,
        body: {
          name: 'Insurance by share',
          kind: 'regular',
          frequency: 'monthly',
          dueDay: 1,
          startsOn: '2026-12-01',
          allocation: 'share',
          amountCents: 1_200_010,
          adoptedBy: 'Budget 2027',
        },
      },
    ]);
  });

  it('makes a special assessment per kind of unit in California, with the statute’s refusal shown as written', async () => {
    const statute =
      'Special assessments of $52,000.00 in fiscal year 2027 exceed 5% of its budgeted gross expenses ($49,999.99): beyond that the members must approve them by vote (Cal. Civ. Code §5605), unless the board finds an emergency (§5610)';
    const sent = serve({
      jurisdiction: 'CA',
      answer: (write) =>
        (write.body as { emergencyFinding?: string }).emergencyFinding
          ? jsonResponse(201, { ...roof, name: 'Roof replacement' })
          : refusal(422, 'SPECIAL_ASSESSMENT_NEEDS_VOTE', 'amountCents', statute),
    });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assessment schedule' });
    await user.click(within(dialog).getByRole('radio', { name: 'Special assessment' }));
    expect(within(dialog).getByText(/Cal\. Civ\. Code §5605/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Ends on/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Roof replacement');
    await user.click(within(dialog).getByRole('combobox', { name: 'How it is shared' }));
    await user.click(await screen.findByRole('option', { name: 'A fixed amount per kind of unit' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Adopted by/ }), 'Board resolution 2026-07');
    await user.click(within(dialog).getByRole('button', { name: 'Make schedule' }));
    expect(within(dialog).getByText('Say in how many installments it is paid')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Give an amount for each kind of unit the association has'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Installments/ }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Home' }), '1,000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Condo' }), '750.25');
    await user.click(within(dialog).getByRole('button', { name: 'Make schedule' }));
    expect(await within(dialog).findByText(statute)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      name: 'Roof replacement',
      kind: 'special',
      frequency: 'monthly',
      dueDay: 1,
      startsOn: '2026-12-01',
      installments: 3,
      allocation: 'by_kind',
      kindAmounts: { home: 100_000, condo: 75_025 },
      adoptedBy: 'Board resolution 2026-07',
    });

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Emergency finding/ }),
      'Storm of 3 January: roof open to the weather',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]?.body).toMatchObject({ emergencyFinding: 'Storm of 3 January: roof open to the weather' });
  });

  it('renames and ends a regular schedule; a special one is only renamed', async () => {
    const sent = serve({ answer: () => jsonResponse(200, { ...dues, endsOn: '2027-06-30' }) });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Rename Roof replacement' }));
    const special = await screen.findByRole('dialog', { name: 'Rename Roof replacement' });
    expect(within(special).queryByLabelText(/^Ends on/)).not.toBeInTheDocument();
    await user.click(within(special).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Rename or end Monthly dues' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename or end Monthly dues' });
    await user.type(within(dialog).getByLabelText(/^Ends on/), '2026-11-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('It starts on Dec 1, 2026: end it on or after that day'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Ends on/));
    await user.type(within(dialog).getByLabelText(/^Ends on/), '2027-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { method: 'PATCH', url: `${finance}/assessments/${dues.id}`, body: { endsOn: '2027-06-30' } },
    ]);
  });

  it('charges a unit a fee in whole cents and then shows that unit’s account', async () => {
    const sent = serve({
      answer: () =>
        jsonResponse(201, {
          id: 'ch1',
          unit: { id: unit14B.id, label: '14B' },
          kind: 'fee',
          description: 'Replacement key fob',
          dueOn: '2026-12-15',
          postedOn: '2026-11-28',
          amountCents: 2_500,
          incomeAccount: {
            id: feeIncome.id,
            code: '4300',
            name: 'Amenity and Other Fees',
            fund: 'operating',
          },
          scheduleId: null,
          period: null,
          installment: null,
          journalEntryId: 'e1',
          journalEntryNumber: 12,
          createdByName: 'Maria Santos',
          createdAt: '2026-11-28T15:00:00.000Z',
        }),
    });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Charge a unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge a unit' });
    await user.click(within(dialog).getByRole('button', { name: 'Post charge' }));
    expect(within(dialog).getByText('Choose a unit')).toBeInTheDocument();
    expect(within(dialog).getByText('Say what the charge is for')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: '14B · Ryan Chen' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Replacement key fob');
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '0.001');
    const dueOn = within(dialog).getByLabelText(/^Due on/);
    await user.clear(dueOn);
    await user.type(dueOn, '2026-11-27');
    await user.click(within(dialog).getByRole('button', { name: 'Post charge' }));
    expect(within(dialog).getByText('Enter an amount in dollars and cents, like 25.00')).toBeInTheDocument();
    expect(within(dialog).getByText('A new charge is due today (Nov 28, 2026) or later')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Amount/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '25');
    await user.clear(dueOn);
    await user.type(dueOn, '2026-12-15');
    await user.click(within(dialog).getByRole('button', { name: 'Post charge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${finance}/charges`,
        body: {
          unitId: unit14B.id,
          kind: 'fee',
          description: 'Replacement key fob',
          amountCents: 2_500,
          dueOn: '2026-12-15',
        },
      },
    ]);
    const account = screen.getByRole('region', { name: 'A unit’s account' });
    expect(await within(account).findByText('Unit 14B owes $25.00')).toBeInTheDocument();
    const lines = within(account).getByRole('table', { name: 'Account of unit 14B' });
    expect(within(lines).getByText('Replacement key fob')).toBeInTheDocument();
    expect(within(lines).getByText('Fee · due Dec 15, 2026 · entry #12')).toBeInTheDocument();
  });

  it('records a check in whole cents, says where it went, and returns one that came back', async () => {
    const sent = serve({
      answer: (write) =>
        write.url.endsWith('/return')
          ? jsonResponse(200, { ...received, status: 'reversed', failureReason: 'Check returned' })
          : jsonResponse(201, received),
    });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('manager') });
    const list = await screen.findByRole('region', { name: 'Payments received' });
    expect(await within(list).findByText('Monthly dues, November 2026: $325.50')).toBeInTheDocument();
    expect(within(list).getByText('Credit on the account: $24.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record a payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: '14B · Ryan Chen' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '350');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText('Give the check number')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Check number/ }), '1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[0]).toEqual({
      method: 'POST',
      url: `${finance}/payments`,
      body: {
        unitId: unit14B.id,
        method: 'check',
        amountCents: 35_000,
        receivedOn: '2026-11-28',
        reference: '1042',
      },
    });

    await user.click(within(list).getByRole('button', { name: 'Payment from unit 14B came back' }));
    const back = await screen.findByRole('dialog', { name: 'A payment came back' });
    await user.type(within(back).getByRole('textbox', { name: /^Why it came back/ }), 'Check returned');
    await user.type(within(back).getByRole('textbox', { name: /^Returned-payment fee/ }), '25');
    await user.click(within(back).getByRole('button', { name: 'Return the payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toEqual({
      method: 'POST',
      url: `${finance}/payments/${received.id}/return`,
      body: { reason: 'Check returned', returnedFeeCents: 2_500 },
    });
  });

  it('shows the board the payments with no control to record or return one', async () => {
    serve();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('board') });
    const list = await screen.findByRole('region', { name: 'Payments received' });
    expect(await within(list).findByText('Check no. 1042')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record a payment' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /came back/ })).not.toBeInTheDocument();
  });

  it('explains the late-fee rule with the state’s law, and sends a new version in basis points', async () => {
    const sent = serve({
      answer: () =>
        refusal(
          422,
          'LATE_FEE_EXCEEDS_CAP',
          'percentBp',
          'Late fee exceeds the cap (Cal. Civ. Code §5650(b))',
        ),
    });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('manager') });
    const card = await screen.findByRole('region', { name: 'Late fees and interest' });
    expect(
      await within(card).findByText(
        '10% of the late charge (at least $10.00), once per late charge, once a charge is 15 days past due.',
      ),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(/Late fee: The greater of 10% or \$10\. \(Cal\. Civ\. Code §5650\(b\)\)/),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(/will charge 1 fee or interest charge \(\$32\.55\): unit 14B \$32\.55/),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Change the rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Late-fee rule' });
    const percent = within(dialog).getByRole('textbox', { name: 'Percentage of the late charge' });
    await user.clear(percent);
    await user.type(percent, '15.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(
      await within(dialog).findByText('Late fee exceeds the cap (Cal. Civ. Code §5650(b))'),
    ).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: `${finance}/late-fees`,
      body: {
        active: true,
        graceDays: 15,
        percentBp: 1_550,
        minCents: 1_000,
        interestAprBp: 1_200,
        interestFromDays: 30,
        basis: 'per_charge',
        appliesTo: ['assessment', 'special_assessment'],
        authority: 'CC&Rs §6.4',
        effectiveFrom: '2026-01-01',
      },
    });
  });

  it('lets the board waive a charge on a unit’s account with the reason', async () => {
    const sent = serve({
      answer: () =>
        jsonResponse(200, {
          id: 'ch1',
          unit: { id: unit14B.id, label: '14B' },
          kind: 'fee',
          description: 'Replacement key fob',
          dueOn: '2026-12-15',
          postedOn: '2026-11-28',
          amountCents: 2_500,
          incomeAccount: {
            id: feeIncome.id,
            code: '4300',
            name: 'Amenity and Other Fees',
            fund: 'operating',
          },
          scheduleId: null,
          period: null,
          installment: null,
          journalEntryId: 'e1',
          journalEntryNumber: 12,
          openCents: 0,
          waived: { on: '2026-11-28', reason: 'Lost in the move' },
          createdByName: 'Maria Santos',
          createdAt: '2026-11-28T15:00:00.000Z',
        }),
    });
    const user = userEvent.setup();
    renderWithRouter(<AssessmentsPage propertyId={propertyId} />, { user: makeUser('board') });
    const account = await screen.findByRole('region', { name: 'A unit’s account' });
    await user.click(within(account).getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: '14B · Ryan Chen' }));
    await user.click(await within(account).findByRole('button', { name: 'Waive Replacement key fob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive a charge' });
    await user.click(within(dialog).getByRole('button', { name: 'Waive charge' }));
    expect(within(dialog).getByText('Say why it is waived')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Why it is waived/ }), 'Lost in the move');
    await user.click(within(dialog).getByRole('button', { name: 'Waive charge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { method: 'POST', url: `${finance}/charges/ch1/waive`, body: { reason: 'Lost in the move' } },
    ]);
  });
});
