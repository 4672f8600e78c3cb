import type { ArcRequest } from '@commonwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ArcRequestDetail } from './ArcRequestDetail.tsx';
import {
  decidableRequest,
  elsewhereDenial,
  fenceRule,
  letterId,
  pendingInspectionRequest,
  propertyId,
  requestId,
  texasDenial,
  violationId,
} from './test-data.ts';

beforeAll(stubDocumentFonts);

const requestUrl = `/api/properties/${propertyId}/arc/requests/${requestId}`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function serve(request: ArcRequest, onWrite: (url: string, init: RequestInit) => Response) {
  return mockFetch((url, init) => {
    if (init?.method && init.method !== 'GET') return onWrite(url, init);
    if (url === requestUrl) return jsonResponse(200, request);
    if (url.startsWith(`/api/properties/${propertyId}/violation-rules?status=confirmed`))
      return jsonResponse(200, { rules: [fenceRule], suggested: 0, total: 1, page: 1, limit: 100 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
  });
}

const renderDetail = (role = 'board') =>
  renderWithRouter(<ArcRequestDetail propertyId={propertyId} requestId={requestId} />, {
    user: makeUser(role),
  });

const panel = () => screen.getByRole('region', { name: 'Record the decision' });
const rulePrefill = 'Willow Creek CC&Rs §7.3(b): “No fence shall exceed sixty (60) inches in height.”';

describe('Recording the decision on an architectural request', () => {
  it('sends a denial with its reasons, the failed check’s clause and the prefilled way to ask for a hearing', async () => {
    const denied: ArcRequest = {
      ...decidableRequest,
      status: 'decided',
      decision: 'deny',
      decidedAt: '2026-12-01T15:00:00.000Z',
      reasons: 'Too tall',
      rulesCited: rulePrefill,
      changesNeeded: 'Lower it to 60 in',
      appeal: texasDenial.appealSuggestion,
      decisionLetter: { id: letterId, status: 'draft' },
      actions: [],
    };
    const fetchMock = serve(decidableRequest, (url) =>
      url === `${requestUrl}/decision`
        ? jsonResponse(200, denied)
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'Record the decision' });
    await user.click(within(panel()).getByRole('radio', { name: 'Deny' }));

    // What a Texas denial must say, and the starting texts the committee may change.
    const must = within(panel()).getByRole('note');
    expect(within(must).getByText('What a denial must say here')).toBeInTheDocument();
    expect(within(must).getByText('Tex. Prop. Code § 209.00505')).toBeInTheDocument();
    expect(
      within(must).getByText(
        'A denial states its basis and the changes that would make the project approvable.',
      ),
    ).toBeInTheDocument();
    expect(within(panel()).getByRole('textbox', { name: /^Rule relied on/ })).toHaveValue(rulePrefill);
    expect(
      within(panel()).getByRole('textbox', { name: /^How to ask for reconsideration or a hearing/ }),
    ).toHaveValue(texasDenial.appealSuggestion);
    const changes = within(panel()).getByRole('textbox', { name: /^Changes that would make it approvable/ });
    expect(changes).toBeRequired();

    // Nothing goes without the reasons and, in Texas, the changes needed.
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    expect(await within(panel()).findByText('Say why the request is denied')).toBeInTheDocument();
    expect(
      within(panel()).getByText('Say what changes would make the project approvable'),
    ).toBeInTheDocument();
    expect(within(panel()).getByRole('textbox', { name: /^Reasons/ })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(within(panel()).getByRole('textbox', { name: /^Reasons/ }), 'Too tall');
    await user.type(changes, 'Lower it to 60 in');
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the decision?' });
    expect(
      within(dialog).getByText(
        '“Deny” becomes the decision on “Back yard cedar fence”. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record the decision' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`${requestUrl}/decision`);
    expect(bodyOf(post[1])).toEqual({
      method: 'votes',
      outcome: 'deny',
      reasons: 'Too tall',
      rulesCited: rulePrefill,
      changesNeeded: 'Lower it to 60 in',
      appeal: texasDenial.appealSuggestion,
    });

    // Decided: what the decision says, and its letter; the form is gone.
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(within(decision).getByText('Denied on Dec 1, 2026')).toBeInTheDocument();
    expect(within(decision).getByText('Lower it to 60 in')).toBeInTheDocument();
    expect(within(decision).getByText(texasDenial.appealSuggestion)).toBeInTheDocument();
    expect(within(decision).getByRole('link', { name: 'Open the decision letter' })).toHaveAttribute(
      'href',
      `/manager-portal/properties/${propertyId}/letters/${letterId}`,
    );
    expect(screen.queryByRole('region', { name: 'Record the decision' })).not.toBeInTheDocument();
  });

  it('shows the server’s words on the fields a denial left out', async () => {
    serve(decidableRequest, () =>
      jsonResponse(422, {
        error: {
          code: 'DENIAL_INCOMPLETE',
          message: 'A denial must state its reasons, the rule relied on and how to ask for a hearing.',
          fields: {
            rulesCited: 'Name the rule of the association’s documents the denial relies on',
            appeal: 'Say how the owner may ask for a hearing',
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'Record the decision' });
    await user.click(within(panel()).getByRole('radio', { name: 'Deny' }));
    await user.type(within(panel()).getByRole('textbox', { name: /^Reasons/ }), 'Too tall');
    await user.type(
      within(panel()).getByRole('textbox', { name: /^Changes that would make it approvable/ }),
      'Lower it',
    );
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record the decision' }),
    );

    const rule = within(panel()).getByRole('textbox', { name: /^Rule relied on/ });
    expect(
      await within(panel()).findByText('Name the rule of the association’s documents the denial relies on'),
    ).toBeInTheDocument();
    expect(rule).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel()).getByText('Say how the owner may ask for a hearing')).toBeInTheDocument();
    expect(
      within(panel()).getByRole('textbox', { name: /^How to ask for reconsideration or a hearing/ }),
    ).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel()).getByRole('alert')).toHaveTextContent(
      'A denial must state its reasons, the rule relied on and how to ask for a hearing.',
    );
    expect(rule).toHaveFocus();
  });

  it('does not ask for the changes needed where the law does not, and sends none when left empty', async () => {
    const fetchMock = serve({ ...decidableRequest, denialRequirements: elsewhereDenial }, () =>
      jsonResponse(200, { ...decidableRequest, status: 'decided', decision: 'deny', actions: [] }),
    );
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'Record the decision' });
    await user.click(within(panel()).getByRole('radio', { name: 'Deny' }));
    expect(
      within(panel()).getByRole('textbox', { name: /^Changes that would make it approvable/ }),
    ).not.toBeRequired();
    expect(within(panel()).getByText(/Optional: what the owner could change/)).toBeInTheDocument();
    expect(within(panel()).queryByText(/the changes that would make the project approvable/)).toBeNull();
    await user.type(within(panel()).getByRole('textbox', { name: /^Reasons/ }), 'Too tall');
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record the decision' }),
    );
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({
      method: 'votes',
      outcome: 'deny',
      reasons: 'Too tall',
      rulesCited: rulePrefill,
      appeal: elsewhereDenial.appealSuggestion,
    });
  });

  it('records a meeting vote with its counts, and says so when they do not carry the decision', async () => {
    const fetchMock = serve(decidableRequest, () =>
      jsonResponse(409, {
        error: {
          code: 'VOTES_DO_NOT_CARRY',
          message:
            'These counts do not carry “Approve with conditions”: the rule needs a majority of 3 members.',
        },
      }),
    );
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'Record the decision' });
    await user.click(within(panel()).getByRole('radio', { name: /^By a vote taken at a meeting/ }));
    fireEvent.change(within(panel()).getByLabelText(/^Meeting date/), { target: { value: '2026-11-20' } });
    const counts = { Approve: '0', 'Approve with conditions': '3', Deny: '1', 'Need more information': '0' };
    // The counts start at zero; a count cleared is asked for again.
    for (const [label, value] of Object.entries(counts)) {
      const field = within(panel()).getByRole('textbox', { name: new RegExp(`^For “${label}”`) });
      expect(field).toHaveValue('0');
      await user.clear(field);
      await user.type(field, value);
    }
    await user.clear(within(panel()).getByRole('textbox', { name: /^Abstentions/ }));
    await user.click(within(panel()).getByRole('radio', { name: 'Approve with conditions' }));
    // The conditions are needed too.
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    expect(await within(panel()).findByText('Enter a number (0 if none)')).toBeInTheDocument();
    expect(within(panel()).getByText('State the conditions the work must follow')).toBeInTheDocument();
    await user.type(within(panel()).getByRole('textbox', { name: /^Abstentions/ }), '1');
    await user.type(within(panel()).getByRole('textbox', { name: /^Conditions/ }), 'Stain to match');
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('as voted at the meeting of Nov 20, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Record the decision' }));

    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'These counts do not carry “Approve with conditions”: the rule needs a majority of 3 members.',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({
      method: 'meeting',
      heldOn: '2026-11-20',
      counts: { approve: 0, approve_with_conditions: 3, deny: 1, more_information: 0, abstain: 1 },
      outcome: 'approve_with_conditions',
      conditions: 'Stain to match',
    });
  });

  it('asks what the owner must send before sending a request back', async () => {
    const fetchMock = serve(decidableRequest, () =>
      jsonResponse(200, { ...decidableRequest, status: 'more_information', actions: [] }),
    );
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'Record the decision' });
    await user.click(within(panel()).getByRole('radio', { name: 'Need more information' }));
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    expect(await within(panel()).findByText('Say what the owner must send')).toBeInTheDocument();
    await user.type(
      within(panel()).getByRole('textbox', { name: /^What the owner must send/ }),
      'A survey of the lot line',
    );
    await user.click(within(panel()).getByRole('button', { name: 'Record the decision' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record the decision' }),
    );
    expect(
      await screen.findByText('The committee asked the owner for more information.'),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({
      method: 'votes',
      outcome: 'more_information',
      note: 'A survey of the lot line',
    });
  });
});

describe('Inspecting finished work', () => {
  const inspectable: ArcRequest = {
    ...pendingInspectionRequest,
    checks: decidableRequest.checks,
    decisionItemId: decidableRequest.decisionItemId,
    actions: ['pass_inspection', 'fail_inspection'],
  };

  it('shows the owner’s report with its photos, needs what is wrong to fail, then links the violation', async () => {
    const fetchMock = serve(inspectable, (url) =>
      url === `${requestUrl}/inspection`
        ? jsonResponse(200, {
            ...inspectable,
            status: 'closed',
            inspectionResult: 'fail',
            inspectedAt: '2027-01-20T15:00:00.000Z',
            violationId,
            actions: [],
          })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    const user = userEvent.setup();
    renderDetail();
    const inspection = await screen.findByRole('region', { name: 'Inspection' });
    expect(
      within(inspection).getByText('The owner reported the work finished on Jan 10, 2027.'),
    ).toBeInTheDocument();
    expect(within(inspection).getByText('Inspection due Jan 24, 2027.')).toBeInTheDocument();
    const photos = within(inspection).getByRole('list', { name: 'Photos of the finished work' });
    expect(within(photos).getByRole('link', { name: /finished-fence\.jpg/ })).toHaveAttribute(
      'href',
      `${requestUrl}/files/77777777-7777-4777-8777-999999999999`,
    );
    // The photo is not listed again among the request's other files.
    expect(
      within(screen.getByRole('region', { name: 'Files' })).queryByText('finished-fence.jpg'),
    ).not.toBeInTheDocument();

    await user.click(within(inspection).getByRole('button', { name: 'Fail' }));
    expect(
      await within(inspection).findByText('Say what is wrong before failing the work'),
    ).toBeInTheDocument();
    const note = within(inspection).getByRole('textbox', { name: /^What the inspection found/ });
    expect(note).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(note, 'The fence is 66 in, not 60');
    await user.click(within(inspection).getByRole('button', { name: 'Fail' }));
    // A violation is recorded under a rule in use: the inspector chooses it.
    expect(await within(inspection).findByText('Choose the rule the work breaks')).toBeInTheDocument();
    await user.click(within(inspection).getByRole('combobox', { name: /^Rule the work breaks/ }));
    await user.click(await screen.findByRole('option', { name: '§7.3(b) Fence height' }));
    await user.click(within(inspection).getByRole('button', { name: 'Fail' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Fail the inspection?' })).getByRole('button', {
        name: 'Fail and open a violation',
      }),
    );
    expect(
      await within(inspection).findByText(
        'The work failed the inspection on Jan 20, 2027. The request is closed, and a violation was opened.',
      ),
    ).toBeInTheDocument();
    expect(within(inspection).getByRole('link', { name: 'Open the violation' })).toHaveAttribute(
      'href',
      `/manager-portal/violations/${violationId}`,
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({
      result: 'fail',
      note: 'The fence is 66 in, not 60',
      ruleId: fenceRule.id,
    });
    expect(within(inspection).queryByRole('button', { name: 'Pass' })).not.toBeInTheDocument();
  });

  it('gives a committee member who is a resident the result without links to staff pages', async () => {
    serve(
      {
        ...inspectable,
        status: 'closed',
        inspectionResult: 'fail',
        inspectedAt: '2027-01-20T15:00:00.000Z',
        violationId,
        decisionLetter: { id: letterId, status: 'sent' },
        actions: [],
      },
      () => jsonResponse(404, {}),
    );
    renderDetail('resident');
    const inspection = await screen.findByRole('region', { name: 'Inspection' });
    expect(within(inspection).getByText(/a violation was opened\./)).toBeInTheDocument();
    expect(within(inspection).queryByRole('link', { name: 'Open the violation' })).not.toBeInTheDocument();
    expect(within(inspection).queryByRole('button', { name: 'Fail' })).not.toBeInTheDocument();
    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getByText('Approved with conditions on Dec 1, 2026')).toBeInTheDocument();
    expect(within(decision).getByText('Decision letter: Sent')).toBeInTheDocument();
    expect(
      within(decision).queryByRole('link', { name: 'Open the decision letter' }),
    ).not.toBeInTheDocument();
  });
});
