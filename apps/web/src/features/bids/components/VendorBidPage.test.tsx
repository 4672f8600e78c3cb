import type { VendorBidInvitation } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { VendorBidPage } from './VendorBidPage.tsx';

const invitationId = '33333333-3333-4333-8333-333333333331';

const invitation: VendorBidInvitation = {
  invitationId,
  company: { id: 'c0000000-0000-4000-8000-000000000001', name: 'Ortiz Plumbing & Repair' },
  status: 'invited',
  state: 'open',
  isTakingBids: true,
  invitedAt: '2026-02-27T15:00:00.000Z',
  declinedAt: null,
  declineReason: null,
  request: {
    id: '22222222-2222-4222-8222-222222222222',
    propertyName: 'Willow Creek Commons',
    propertyAddress: '1200 Willow Creek Drive, Austin, TX 78704',
    timeZone: 'America/Chicago',
    title: 'Replace the clubhouse water heater',
    scope: 'Remove the 75-gallon gas water heater and install a new one.',
    trade: 'plumbing',
    siteVisitFrom: null,
    siteVisitTo: null,
    dueAt: '2099-03-10T23:00:00.000Z',
    notToExceedCents: 450_000,
    status: 'open',
    cancelReason: null,
    isForWorkOrder: false,
    files: [],
  },
  bid: null,
  messages: [],
  messageCount: 0,
};

beforeAll(stubDocumentFonts);

describe('VendorBidPage', () => {
  it('asks for an explanation above the not-to-exceed and sends the bid in whole cents', async () => {
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url === `/api/vendor-portal/bids/${invitationId}/bid`) {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, invitation);
      }
      if (url === `/api/vendor-portal/bids/${invitationId}`) return jsonResponse(200, invitation);
      return jsonResponse(404, {});
    });
    renderRoutes([{ path: '/b', element: <VendorBidPage invitationId={invitationId} /> }], {
      initialEntry: '/b',
      user: makeUser('vendor'),
    });
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    expect(screen.queryByRole('textbox', { name: /above the not-to-exceed/ })).not.toBeInTheDocument();
    await user.type(amount, '4,620.50');
    await user.type(screen.getByRole('textbox', { name: 'Timeline' }), 'One day, next week');
    await user.click(screen.getByRole('button', { name: 'Submit bid' }));
    expect(
      await screen.findByText('Your bid is above the not-to-exceed of $4,500.00: explain why'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(
      screen.getByRole('textbox', { name: 'Why is your bid above the not-to-exceed?' }),
      'The venting must be redone to code',
    );
    await user.click(screen.getByRole('button', { name: 'Submit bid' }));
    await screen.findByText('Bid submitted: the managers see it once bids are due');
    expect(sent).toEqual([
      {
        amountCents: 462_050,
        timeline: 'One day, next week',
        exceedsReason: 'The venting must be redone to code',
      },
    ]);
  });

  it('shows the server’s field errors on the fields', async () => {
    mockFetch((url) =>
      url.endsWith('/bid')
        ? jsonResponse(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Please correct the highlighted fields.',
              fields: { amountCents: 'The amount is too large' },
            },
          })
        : jsonResponse(200, invitation),
    );
    renderRoutes([{ path: '/b', element: <VendorBidPage invitationId={invitationId} /> }], {
      initialEntry: '/b',
      user: makeUser('vendor'),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Timeline' }), 'Soon');
    await user.click(screen.getByRole('button', { name: 'Submit bid' }));
    expect(await screen.findByText('The amount is too large')).toBeInTheDocument();
  });

  it('tells the winner of a project to invoice it, and the winner of a work order that it is theirs', async () => {
    const awarded = (isForWorkOrder: boolean): VendorBidInvitation => ({
      ...invitation,
      status: 'bid',
      state: 'past',
      isTakingBids: false,
      request: { ...invitation.request, status: 'awarded', isForWorkOrder },
      bid: {
        id: '44444444-4444-4444-8444-444444444444',
        status: 'awarded',
        amountCents: 398_000,
        timeline: 'Two days',
        terms: null,
        exceedsReason: null,
        submittedBy: { id: 'u1', fullName: 'Victor Ortiz' },
        submittedAt: '2026-03-01T15:00:00.000Z',
        updatedAt: '2026-03-01T15:00:00.000Z',
        files: [],
      },
    });
    mockFetch(() => jsonResponse(200, awarded(false)));
    const project = renderRoutes([{ path: '/b', element: <VendorBidPage invitationId={invitationId} /> }], {
      initialEntry: '/b',
      user: makeUser('vendor'),
    });
    const won = await screen.findByRole('status', { name: 'Your bid was awarded' });
    expect(within(won).getByRole('link', { name: 'send an invoice' })).toHaveAttribute(
      'href',
      '/vendor-portal/invoices/new',
    );
    project.unmount();

    mockFetch(() => jsonResponse(200, awarded(true)));
    renderRoutes([{ path: '/b', element: <VendorBidPage invitationId={invitationId} /> }], {
      initialEntry: '/b',
      user: makeUser('vendor'),
    });
    const assigned = await screen.findByRole('status', { name: 'Your bid was awarded' });
    expect(assigned).toHaveTextContent('you are assigned to it and its work room');
    expect(within(assigned).queryByRole('link')).not.toBeInTheDocument();
  });
});
