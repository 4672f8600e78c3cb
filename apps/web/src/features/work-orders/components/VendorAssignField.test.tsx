import type { VendorOption, VendorSuggestions, WorkOrder } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { vendorOptionLabel, VendorAssignField } from './VendorAssignField.tsx';

// The reason's Textarea grows with its text (autosize), which reads document.fonts.
beforeAll(stubDocumentFonts);

const workOrderId = '11111111-1111-4111-8111-111111111111';
const loneStarId = '22222222-2222-4222-8222-222222222222';
const ortizId = '33333333-3333-4333-8333-333333333333';

const victor: VendorOption = {
  id: 'user-victor',
  fullName: 'Victor Ortiz',
  email: 'vendor@commonwise.test',
  company: { id: ortizId, name: 'Ortiz Plumbing & Repair', isActive: true },
  servesProperty: true,
  trades: ['plumbing', 'appliances'],
  insurance: { status: 'expiring', expiresOn: '2030-12-21' },
};
const dana: VendorOption = {
  id: 'user-dana',
  fullName: 'Dana Whitfield',
  email: 'dana@lonestarelectric.example',
  company: { id: loneStarId, name: 'Lone Star Electric', isActive: true },
  servesProperty: true,
  trades: ['electrical'],
  insurance: { status: 'expired', expiresOn: '2020-11-24' },
};
const paula: VendorOption = {
  id: 'user-paula',
  fullName: 'Paula Pipes',
  email: 'paula@example.com',
  company: null,
  servesProperty: false,
  trades: [],
  insurance: { status: 'missing', expiresOn: null },
};

const expiredMessage =
  "Lone Star Electric's certificate of insurance expired on Nov 24, 2020. Ask them for a current certificate, or assign anyway with a reason.";
const blocked = () =>
  jsonResponse(409, {
    error: {
      code: 'VENDOR_INSURANCE_EXPIRED',
      message: expiredMessage,
      fields: { vendorId: expiredMessage },
    },
  });
const workOrder = (vendorId: string | null) => ({ id: workOrderId, vendorId }) as WorkOrder;

type Put = { vendorId: string | null; overrideReason?: string };

const ortizSuggested: VendorSuggestions = {
  suggestions: [
    {
      companyId: ortizId,
      companyName: 'Ortiz Plumbing & Repair',
      vendor: { id: victor.id, fullName: 'Victor Ortiz' },
      insurance: { status: 'expiring', expiresOn: '2030-12-21' },
      ratingAverage: 4,
      ratingCount: 1,
      openWorkOrders: 1,
      reasons: [
        'Does plumbing work and serves Willow Creek Commons',
        'Rated 4 of 5 by residents (1 rating)',
        '1 open work order now',
        'Certificate of insurance expires on December 21, 2030',
      ],
    },
  ],
  note: null,
};
const noneNote =
  'No active electrical company with a current certificate serves Willow Creek Commons yet. Add one in the vendor directory.';

/**
 * The server: vendor options, the suggestions, and an assignment that refuses Dana (expired) unless a
 * reason is given.
 */
function fakeServer(
  answer?: (body: Put) => Response | undefined,
  { options = [victor, dana, paula], suggestions = ortizSuggested } = {},
) {
  const puts: Put[] = [];
  mockFetch((url, init) => {
    if (url === `/api/work-orders/${workOrderId}/vendor-options`)
      return jsonResponse(200, { vendors: options });
    if (url === `/api/work-orders/${workOrderId}/vendor-suggestions`) return jsonResponse(200, suggestions);
    if (url === `/api/work-orders/${workOrderId}/vendor` && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Put;
      puts.push(body);
      const answered = answer?.(body);
      if (answered) return answered;
      if (body.vendorId === dana.id && !body.overrideReason) return blocked();
      return jsonResponse(200, workOrder(body.vendorId));
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return puts;
}

function renderField(vendorId: string | null = null) {
  const onSaved = vi.fn();
  renderWithRouter(
    <VendorAssignField
      workOrder={workOrder(vendorId)}
      vendor={vendorId === victor.id ? { id: victor.id, fullName: 'Victor Ortiz' } : null}
      onSaved={onSaved}
      assignedMessage="Vendor assigned"
    />,
    { user: makeUser('manager') },
  );
  return onSaved;
}

async function chooseDana(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Vendor' })).toBeEnabled());
  await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
  await user.click(await screen.findByRole('option', { name: /^Dana Whitfield — Lone Star Electric/ }));
}

describe('vendorOptionLabel', () => {
  it('names the person, their company and its insurance', () => {
    const now = new Date('2030-12-01T12:00:00');
    expect(vendorOptionLabel(victor, now)).toBe(
      'Victor Ortiz — Ortiz Plumbing & Repair · insurance expires Dec 21',
    );
    expect(vendorOptionLabel(dana, now)).toBe(
      'Dana Whitfield — Lone Star Electric · insurance expired Nov 24, 2020',
    );
    expect(vendorOptionLabel(paula, now)).toBe('Paula Pipes · no company on file');
  });
});

describe('VendorAssignField', () => {
  it('lists the association’s vendors first, each with its company and a badge when insurance is not current', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderField();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Vendor' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(
        /^Victor Ortiz — Ortiz Plumbing & Repair · insurance expires Dec 21, 2030Expiring soon$/,
      ),
      'Dana Whitfield — Lone Star Electric · insurance expired Nov 24, 2020Expired',
      'Paula Pipes · no company on file',
    ]);
    expect(screen.getByText('Work for this association')).toBeInTheDocument();
    expect(screen.getByText('Other vendors')).toBeInTheDocument();
  });

  it('refuses a vendor whose insurance expired with the server’s reason, then assigns anyway with the manager’s', async () => {
    const puts = fakeServer();
    const user = userEvent.setup();
    const onSaved = renderField();
    await chooseDana(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dana Whitfield was not assigned');
    expect(alert).toHaveTextContent(expiredMessage);
    expect(onSaved).not.toHaveBeenCalled();
    expect(puts).toEqual([{ vendorId: dana.id }]);

    await user.click(within(alert).getByRole('button', { name: 'Assign anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Dana Whitfield anyway?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });

    // Too short: said at once, nothing sent.
    await user.type(reason, 'Urgent');
    await user.click(within(dialog).getByRole('button', { name: 'Assign anyway' }));
    expect(
      await within(dialog).findByText(
        'Say in a sentence why the vendor is assigned anyway (at least 10 characters)',
      ),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(1);

    await user.clear(reason);
    await user.type(reason, '  Sparking panel at the clubhouse; no other electrician free today.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() =>
      expect(puts[1]).toEqual({
        vendorId: dana.id,
        overrideReason: 'Sparking panel at the clubhouse; no other electrician free today.',
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Dana Whitfield was not assigned')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Vendor assigned. Your reason is kept in the internal notes.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of the reason on the field, and keeps the dialog open', async () => {
    const message = 'The reason must be at most 500 characters';
    const puts = fakeServer((body) =>
      body.overrideReason
        ? jsonResponse(400, {
            error: { code: 'VALIDATION_FAILED', message, fields: { overrideReason: message } },
          })
        : undefined,
    );
    const user = userEvent.setup();
    const onSaved = renderField();
    await chooseDana(user);
    await user.click(await screen.findByRole('button', { name: 'Assign anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Dana Whitfield anyway?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'The only electrician who can come.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign anyway' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(puts).toHaveLength(2);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('assigns without the reason when the insurance was renewed meanwhile (no override needed)', async () => {
    const message =
      'Dana Whitfield can be assigned without an override: send the assignment without a reason.';
    let renewed = false;
    const puts = fakeServer((body) => {
      if (!renewed) return undefined;
      return body.overrideReason
        ? jsonResponse(409, {
            error: { code: 'OVERRIDE_NOT_NEEDED', message, fields: { overrideReason: message } },
          })
        : jsonResponse(200, workOrder(body.vendorId));
    });
    const user = userEvent.setup();
    const onSaved = renderField();
    await chooseDana(user);
    await user.click(await screen.findByRole('button', { name: 'Assign anyway' }));
    renewed = true;
    const dialog = await screen.findByRole('dialog', { name: 'Assign Dana Whitfield anyway?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'The only electrician free today.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(puts.slice(1)).toEqual([
      { vendorId: dana.id, overrideReason: 'The only electrician free today.' },
      { vendorId: dana.id },
    ]);
    expect(
      await screen.findByText('Vendor assigned. Its insurance is in order now, so no reason was needed.'),
    ).toBeInTheDocument();
  });

  it('keeps the work order as it is when the manager does not override', async () => {
    const puts = fakeServer();
    const user = userEvent.setup();
    const onSaved = renderField();
    await chooseDana(user);
    await user.click(await screen.findByRole('button', { name: 'Keep as it is' }));
    expect(screen.queryByText('Dana Whitfield was not assigned')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Vendor' })).toHaveValue('');
    expect(puts).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows any other refusal as the server gives it, with no override offered', async () => {
    const inactive =
      'Lone Star Electric is marked inactive in the vendor directory. Reactivate it there before giving it new work.';
    fakeServer(() =>
      jsonResponse(409, {
        error: { code: 'VENDOR_INACTIVE', message: inactive, fields: { vendorId: inactive } },
      }),
    );
    const user = userEvent.setup();
    renderField();
    await chooseDana(user);
    expect(await screen.findByText(inactive)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign anyway' })).not.toBeInTheDocument();
  });

  it('marks an inactive company’s people, who cannot be chosen for new work', async () => {
    const inactiveDana = { ...dana, company: { ...dana.company!, isActive: false } };
    const puts = fakeServer(undefined, { options: [victor, inactiveDana, paula] });
    const user = userEvent.setup();
    renderField();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Vendor' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    const option = await screen.findByRole('option', { name: /^Dana Whitfield — Lone Star Electric/ });
    expect(option).toHaveTextContent('Company inactive: it cannot be given new work');
    expect(within(option).getByText('Inactive')).toBeInTheDocument();
    expect(option).toHaveAttribute('aria-disabled', 'true');
    await user.click(option);
    expect(puts).toEqual([]);
  });
});

describe('VendorAssignField: suggested vendors', () => {
  it('suggests Ortiz with its reasons, and assigns its person through the same path as the select', async () => {
    const puts = fakeServer();
    const user = userEvent.setup();
    const onSaved = renderField();
    const suggested = await screen.findByRole('list', { name: 'Suggested vendors' });
    const ortiz = within(suggested).getByRole('listitem', { name: 'Ortiz Plumbing & Repair' });
    expect(ortiz).toHaveTextContent('Victor Ortiz · rated 4.0, 1 open work order');
    expect(within(ortiz).getByText('Insurance: Expiring soon')).toBeInTheDocument();
    expect(within(ortiz).queryByRole('list', { name: 'Why suggested' })).not.toBeInTheDocument();
    await user.click(within(ortiz).getByRole('button', { name: 'Why suggested: Ortiz Plumbing & Repair' }));
    expect(within(ortiz).getByRole('list', { name: 'Why suggested' })).toHaveTextContent(
      'Does plumbing work and serves Willow Creek Commons',
    );
    // Nothing is assigned until the manager says so.
    expect(puts).toEqual([]);
    await user.click(within(ortiz).getByRole('button', { name: 'Assign Victor Ortiz' }));
    await waitFor(() => expect(puts).toEqual([{ vendorId: victor.id }]));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Vendor assigned')).toBeInTheDocument();
  });

  it('shows the refusal of a suggested vendor as the select does, with the assign-anyway step', async () => {
    fakeServer(undefined, {
      suggestions: {
        suggestions: [
          {
            ...ortizSuggested.suggestions[0]!,
            companyId: loneStarId,
            companyName: 'Lone Star Electric',
            vendor: { id: dana.id, fullName: 'Dana Whitfield' },
          },
        ],
        note: null,
      },
    });
    const user = userEvent.setup();
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Assign Dana Whitfield' }));
    const alert = (await screen.findByText('Dana Whitfield was not assigned')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent(expiredMessage);
    expect(within(alert).getByRole('button', { name: 'Assign anyway' })).toBeInTheDocument();
  });

  it('says why there is no suggestion', async () => {
    fakeServer(undefined, { suggestions: { suggestions: [], note: noneNote } });
    renderField();
    expect(await screen.findByText(noneNote)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Assign / })).not.toBeInTheDocument();
  });

  it('keeps the suggestions behind a button once a vendor is assigned, and marks the one assigned', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderField(victor.id);
    const toggle = await screen.findByRole('button', { name: /Suggested vendors/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Suggested vendors' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const ortiz = within(await screen.findByRole('list', { name: 'Suggested vendors' })).getByRole(
      'listitem',
      {
        name: 'Ortiz Plumbing & Repair',
      },
    );
    expect(within(ortiz).getByText('Assigned')).toBeInTheDocument();
    expect(within(ortiz).queryByRole('button', { name: 'Assign Victor Ortiz' })).not.toBeInTheDocument();
  });

  it('suggests nobody for work that is completed', async () => {
    fakeServer();
    renderWithRouter(
      <VendorAssignField
        workOrder={{ id: workOrderId, vendorId: victor.id, status: 'completed' }}
        vendor={{ id: victor.id, fullName: 'Victor Ortiz' }}
        onSaved={vi.fn()}
        assignedMessage="Vendor assigned"
      />,
      { user: makeUser('manager') },
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Vendor' })).toBeEnabled());
    expect(screen.queryByRole('region', { name: 'Suggested vendors' })).not.toBeInTheDocument();
    expect(screen.queryByText('Suggested vendors')).not.toBeInTheDocument();
  });
});
