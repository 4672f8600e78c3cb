import type { ComplaintList, Unit, ViolationComplaint } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ComplaintsPage } from './ComplaintsPage.tsx';
import { propertyId, ruleList, trashRule } from './test-data.ts';

// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
beforeAll(stubDocumentFonts);

const roomId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const violationId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const openViolationId = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const waiting: ViolationComplaint = {
  id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
  propertyId,
  propertyName: 'Willow Creek Commons',
  status: 'open',
  text: 'The people in 7A leave their trash cans at the curb all week',
  reporter: { id: 'ryan', fullName: 'Ryan Chen' },
  workOrder: { id: 'ffffffff-ffff-4fff-8fff-ffffffffffff', reference: 'WC-1042', summary: 'Trash', roomId },
  unit: null,
  violationId: null,
  decisionNote: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const verified: ViolationComplaint = {
  ...waiting,
  id: 'abababab-abab-4bab-8bab-abababababab',
  status: 'verified',
  text: 'Loud music from 3-502',
  unit: { id: 'unit-3-502', label: '3-502' },
  violationId,
  decisionNote: 'Heard it from the street at 1 a.m.',
  decidedBy: { id: 'maria', fullName: 'Maria Santos' },
  decidedAt: '2026-11-21T10:00:00.000Z',
};

const unit7A: Unit = {
  id: '12121212-1212-4212-8212-121212121212',
  propertyId,
  label: '7A',
  address: null,
  building: null,
  floor: null,
  kind: 'home',
  shareBp: null,
  voteWeight: 1,
  status: 'occupied',
  archivedAt: null,
  owners: [{ userId: 'beatrice', fullName: 'Beatrice Hall' }],
  occupants: [],
};

const list = (complaints: ViolationComplaint[], open = 1): ComplaintList => ({
  complaints,
  open,
  total: complaints.length,
  page: 1,
  limit: 20,
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

/** The API as the page reads it; `onPost` answers the verify and dismiss requests. */
function serve(complaints: ViolationComplaint[], onPost?: (url: string, init: RequestInit) => Response) {
  return mockFetch((url, init) => {
    if (init?.method === 'POST' && onPost) return onPost(url, init);
    if (url.startsWith('/api/violation-complaints')) return jsonResponse(200, list(complaints));
    if (url.startsWith('/api/properties?')) return jsonResponse(200, { properties: [], total: 0 });
    if (url.includes('/units?')) return jsonResponse(200, { units: [unit7A], total: 1, page: 1, limit: 20 });
    if (url.includes('/violation-rules?')) return jsonResponse(200, ruleList([trashRule], 0));
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
  });
}

function renderPage() {
  return renderWithRouter(<ComplaintsPage />, { user: makeUser('manager') });
}

/** Opens the verify dialog of the waiting complaint and chooses the unit and the rule. */
async function startVerifying(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Verify and record violation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify and record violation' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Unit complained about' }));
  await user.click(await screen.findByRole('option', { name: '7A · Beatrice Hall' }));
  await user.click(await within(dialog).findByRole('combobox', { name: 'Rule' }));
  await user.click(await screen.findByRole('option', { name: 'Trash cans out of sight' }));
  return dialog;
}

describe('ComplaintsPage', () => {
  it("shows each complaint with the resident's words, the reporter (not shown to the owner) and its work order", async () => {
    const fetchMock = serve([waiting, verified]);
    renderPage();
    const complaints = await screen.findByRole('list', { name: 'Complaints' });
    const [first, second] = within(complaints).getAllByRole('listitem');
    expect(within(first!).getByText(waiting.text)).toBeInTheDocument();
    expect(within(first!).getByText('Ryan Chen')).toBeInTheDocument();
    expect(within(first!).getByText('Not shown to the owner')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'WC-1042' })).toHaveAttribute(
      'href',
      `/work-rooms?room=${roomId}`,
    );
    expect(within(first!).getByText('To verify')).toBeInTheDocument();
    expect(within(second!).getByText(/Verified by Maria Santos/)).toBeInTheDocument();
    expect(within(second!).getByText('Heard it from the street at 1 a.m.')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Open the violation at unit 3-502' })).toHaveAttribute(
      'href',
      `/manager-portal/violations/${violationId}`,
    );
    expect(within(second!).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    // Those to verify, unless another status is chosen.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=open'))).toBe(true);
  });

  it('says when nothing waits, and offers to try again when the list fails', async () => {
    serve([]);
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No complaints to verify' })).toBeInTheDocument();
    unmount();
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }));
    renderPage();
    expect(await screen.findByText('Failed to load complaints')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('verifies a complaint with a unit, a rule in use and what the manager saw', async () => {
    let posted: { url: string; body: Record<string, unknown> } | null = null;
    serve([waiting], (url, init) => {
      posted = { url, body: bodyOf(init) };
      return jsonResponse(200, {
        ...waiting,
        status: 'verified',
        violationId,
        unit: { id: unit7A.id, label: '7A' },
      });
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await startVerifying(user);
    await user.click(within(dialog).getByRole('button', { name: 'Record violation' }));
    expect(within(dialog).getByText('Say what you verified')).toBeInTheDocument();
    expect(posted).toBeNull();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What you verified' }),
      'Two carts at the curb on Saturday',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record violation' }));
    expect(await screen.findByText('Violation recorded at unit 7A')).toBeInTheDocument();
    expect(posted).toEqual({
      url: `/api/violation-complaints/${waiting.id}/verify`,
      body: { unitId: unit7A.id, ruleId: trashRule.id, note: 'Two carts at the curb on Saturday' },
    });
  });

  it('links to the open violation when the unit already has that rule open', async () => {
    const message =
      'Unit 7A already has an open violation of this rule, observed 2026-11-18. Open it to add what you verified, or dismiss this complaint.';
    serve([waiting], () =>
      jsonResponse(409, {
        error: {
          code: 'VIOLATION_ALREADY_OPEN',
          message,
          fields: { unitId: message, openViolationId },
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await startVerifying(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'What you verified' }), 'Saw the carts');
    await user.click(within(dialog).getByRole('button', { name: 'Record violation' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the open violation' })).toHaveAttribute(
      'href',
      `/manager-portal/violations/${openViolationId}`,
    );
  });

  it('dismisses only with a reason', async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    serve([waiting], (url, init) => {
      calls.push({ url, body: bodyOf(init) });
      return jsonResponse(200, { ...waiting, status: 'dismissed', decisionNote: 'Cans were in' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss complaint' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss complaint' }));
    expect(within(dialog).getByText('Say why')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Why' }),
      'Cans were in the garage on two visits',
    );
    // By keyboard: from the note, past Cancel, to the button.
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Dismiss complaint' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls).toEqual([
        {
          url: `/api/violation-complaints/${waiting.id}/dismiss`,
          body: { note: 'Cans were in the garage on two visits' },
        },
      ]),
    );
    expect(await screen.findByText('Complaint dismissed')).toBeInTheDocument();
  });
});
