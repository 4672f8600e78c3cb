import type { VendorPerformance } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { completionTimeText, PerformanceSection, replyTimeText } from './PerformanceSection.tsx';
import { loneStarId } from './test-data.ts';

const performancePath = `/api/vendors/${loneStarId}/performance`;
const sinkLeakId = '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30';

/** A company with nothing measured yet: no replies, completions or ratings. */
const unmeasured: VendorPerformance = {
  workOrders: { assigned: 1, open: 1, completed: 0 },
  firstReplyHours: { median: null, measured: 0 },
  completionDays: { median: null, measured: 0 },
  ratings: { average: null, count: 0, recent: [] },
  bids: { invited: 0, submitted: 0, won: 0 },
  contracts: { count: 0, awardedCents: 0, invoicedCents: 0 },
  invoices: { count: 0, totalCents: 0, paidCents: 0 },
};

const measured: VendorPerformance = {
  workOrders: { assigned: 6, open: 1, completed: 5 },
  firstReplyHours: { median: 2.2, measured: 3 },
  completionDays: { median: 3.4, measured: 5 },
  ratings: {
    average: 4.25,
    count: 4,
    recent: [
      {
        rating: 5,
        comment: 'Quick and tidy; the cabinet is dry.',
        workOrderId: sinkLeakId,
        workOrderSummary: 'Kitchen sink leaking under the cabinet',
        createdAt: '2026-03-20T10:00:00.000Z',
      },
      {
        rating: 3,
        comment: null,
        workOrderId: '9a8b7c6d-0000-4c1e-8f00-ccccdddd0002',
        workOrderSummary: 'Pool gate latch does not close',
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ],
  },
  bids: { invited: 4, submitted: 3, won: 2 },
  contracts: { count: 2, awardedCents: 480_000, invoicedCents: 512_550 },
  invoices: { count: 3, totalCents: 562_550, paidCents: 250_000 },
};

function renderSection(answer: () => Response, role = 'manager') {
  mockFetch((url) =>
    url === performancePath
      ? answer()
      : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
  );
  return renderWithRouter(<PerformanceSection companyId={loneStarId} companyName="Lone Star Electric" />, {
    user: makeUser(role),
  });
}

/** A figure's value and what it is measured on, by its label (a term of the definition list). */
function figure(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement!;
}

describe('PerformanceSection', () => {
  it('says “Not measured yet” where there is nothing to measure', async () => {
    renderSection(() => jsonResponse(200, unmeasured));
    const section = await screen.findByRole('region', { name: 'Performance' });
    expect(section).toHaveTextContent('the associations you can see');
    await within(section).findByText('1 assigned');
    expect(figure('First reply in the work room')).toHaveTextContent(
      /^First reply in the work roomNot measured yetNo reply after an assignment yet$/,
    );
    expect(figure('Time to completion')).toHaveTextContent('Not measured yet');
    expect(figure('Residents’ ratings')).toHaveTextContent('Not rated yet');
    expect(figure('Contracts awarded')).toHaveTextContent('$0');
    expect(within(section).getByText('No resident has rated this company’s work yet.')).toBeInTheDocument();
    expect(within(section).queryByText(/over the awards/)).not.toBeInTheDocument();
  });

  it('shows the medians, ratings with the latest comments, bids, and flags invoices over the awards', async () => {
    renderSection(() => jsonResponse(200, measured));
    const section = await screen.findByRole('region', { name: 'Performance' });
    await within(section).findByText('6 assigned');
    expect(figure('Work orders')).toHaveTextContent('1 open · 5 completed');
    expect(figure('First reply in the work room')).toHaveTextContent('Replies in about 2 h');
    expect(figure('First reply in the work room')).toHaveTextContent('Measured on 3 work orders');
    expect(figure('Time to completion')).toHaveTextContent('Completes in about 3 days');
    expect(
      within(figure('Residents’ ratings')).getByRole('img', { name: '4.3 of 5 stars' }),
    ).toBeInTheDocument();
    expect(figure('Residents’ ratings')).toHaveTextContent('From 4 ratings');
    expect(figure('Bids')).toHaveTextContent('2 won4 invitations · 3 submitted');
    expect(figure('Contracts awarded')).toHaveTextContent('$4,800');
    expect(figure('Contracts awarded')).toHaveTextContent('$5,125.50 invoiced against them');
    expect(figure('Contracts awarded')).toHaveTextContent('Invoiced $325.50 over the awards');
    expect(figure('Invoices')).toHaveTextContent('$5,625.50');
    expect(figure('Invoices')).toHaveTextContent('3 invoices (not rejected) · $2,500 paid');

    const latest = within(section).getByRole('list', { name: 'Latest ratings' });
    const items = within(latest).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Quick and tidy; the cabinet is dry.');
    expect(within(items[0]!).getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(
      within(items[0]!).getByRole('link', { name: 'Kitchen sink leaking under the cabinet' }),
    ).toHaveAttribute('href', `/manager-portal?workOrder=${sinkLeakId}`);
    expect(items[1]).toHaveTextContent('No comment.');
  });

  it('names the work orders without a link for the board, who do not open them in the manager portal', async () => {
    renderSection(() => jsonResponse(200, measured), 'board');
    const latest = await screen.findByRole('list', { name: 'Latest ratings' });
    expect(latest).toHaveTextContent('Kitchen sink leaking under the cabinet');
    expect(within(latest).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fails = true;
    renderSection(() =>
      fails
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'The server failed' } })
        : jsonResponse(200, unmeasured),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The performance could not be loaded: The server failed',
    );
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 assigned')).toBeInTheDocument();
  });
});

describe('reply and completion times', () => {
  it('say hours and days as people do', () => {
    expect(replyTimeText(0.4)).toBe('under an hour');
    expect(replyTimeText(2.2)).toBe('about 2 h');
    expect(replyTimeText(47)).toBe('about 47 h');
    expect(replyTimeText(72)).toBe('about 3 days');
    expect(completionTimeText(0.25)).toBe('about 6 h');
    expect(completionTimeText(1.2)).toBe('about 1 day');
    expect(completionTimeText(3.6)).toBe('about 4 days');
  });
});
