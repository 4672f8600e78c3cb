import type { BidRequest } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import {
  bidRequest,
  bidView,
  hillBidId,
  invitationView,
  ortizBidId,
  propertyId,
  requestId,
} from '../test-data.ts';
import { BidRequestPage } from './BidRequestPage.tsx';

const requestUrl = `/api/properties/${propertyId}/bid-requests/${requestId}`;
const associations = {
  properties: [{ id: propertyId, name: 'Willow Creek Commons', timeZone: 'America/Chicago' }],
  total: 1,
  page: 1,
  limit: 100,
};

function renderPage(
  request: BidRequest,
  role = 'manager',
  onAward?: (body: Record<string, unknown>) => Response,
) {
  const fetchMock = mockFetch((url, init) => {
    if (url === requestUrl) return jsonResponse(200, request);
    if (url.startsWith('/api/properties?')) return jsonResponse(200, associations);
    if (url === `${requestUrl}/award` && onAward)
      return onAward(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  renderRoutes(
    [
      {
        path: '/bids/:propertyId/:requestId',
        element: <BidRequestPage propertyId={propertyId} requestId={requestId} />,
      },
    ],
    { initialEntry: `/bids/${propertyId}/${requestId}`, user: makeUser(role) },
  );
  return fetchMock;
}

beforeAll(stubDocumentFonts);

describe('BidRequestPage', () => {
  it('keeps the bids sealed before the due time: who bid, never how much', async () => {
    renderPage(
      bidRequest({
        isSealed: true,
        isTakingBids: true,
        canAward: false,
        invitations: [
          invitationView({
            id: 'a',
            status: 'invited',
            bid: null,
            company: { id: 'c1', name: 'Ortiz Plumbing & Repair', trades: ['plumbing'], isActive: true },
          }),
          invitationView({
            bid: bidView({ isSealed: true, amountCents: null, timeline: null, terms: null }),
          }),
        ],
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Replace the clubhouse water heater' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^Sealed until Tue, Mar 10, 2026, 6:00 PM CDT$/)).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 companies have bid/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invited companies' });
    expect(within(table).getByText('Bid received')).toBeInTheDocument();
    expect(within(table).getByText('Invited')).toBeInTheDocument();
    expect(screen.queryByText(/\$3,980/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Award/ })).not.toBeInTheDocument();
  });

  it('compares the bids once open, the lowest marked and the explanation above the limit shown', async () => {
    renderPage(bidRequest());
    const table = await screen.findByRole('table', { name: 'Bids side by side' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Hill Country Plumbing');
    expect(rows[0]).toHaveTextContent('$3,980.00');
    expect(rows[0]).toHaveTextContent('Lowest');
    expect(rows[1]).toHaveTextContent('$5,120.00');
    expect(rows[1]).toHaveTextContent('Above not-to-exceed');
    expect(rows[1]).toHaveTextContent('The venting must be redone to code.');
    expect(within(rows[1]!).getByText('Insurance: Expired')).toBeInTheDocument();
  });

  it('awards over an expired certificate only with a reason, after the server refuses it', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderPage(bidRequest(), 'manager', (body) => {
      bodies.push(body);
      return body.overrideReason
        ? jsonResponse(
            200,
            bidRequest({
              status: 'awaiting_board',
              awardedBidId: ortizBidId,
              decisionItemId: '55555555-5555-4555-8555-555555555555',
            }),
          )
        : jsonResponse(409, {
            error: {
              code: 'VENDOR_INSURANCE_EXPIRED',
              message: 'Ortiz Plumbing & Repair’s certificate of insurance expired on Feb 1, 2026.',
            },
          });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Award to Ortiz Plumbing & Repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award this bid?' });
    // $5,120 is above Willow Creek's $5,000 limit: the board decides.
    expect(dialog).toHaveTextContent(
      'above the association’s limit of $5,000.00: the award goes to the board',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Put to the board' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'certificate of insurance expired on Feb 1, 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Award anyway' }));
    expect(within(dialog).getByText(/the vendor does not see it/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/Say in a sentence why/)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Why award it anyway?' }),
      'The renewal is with the broker; work starts after it arrives.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Award anyway' }));
    expect(await screen.findByText('Awaiting the board’s decision')).toBeInTheDocument();
    expect(bodies).toEqual([
      { bidId: ortizBidId },
      { bidId: ortizBidId, overrideReason: 'The renewal is with the broker; work starts after it arrives.' },
    ]);
    expect(screen.getByRole('link', { name: 'Open the board’s decision' })).toHaveAttribute(
      'href',
      `/decisions/${propertyId}/55555555-5555-4555-8555-555555555555`,
    );
  });

  it('shows the board a read-only request with the link to its decision', async () => {
    renderPage(
      bidRequest({
        canManage: false,
        status: 'awaiting_board',
        awardedBidId: hillBidId,
        decisionItemId: '55555555-5555-4555-8555-555555555555',
      }),
      'board',
    );
    expect(await screen.findByRole('link', { name: 'Open the board’s decision' })).toBeInTheDocument();
    expect(screen.getByText(/award to Hill Country Plumbing for \$3,980.00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Award/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });
});
