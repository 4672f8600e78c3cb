import type { VendorPortal, VendorWorkOrder } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { VendorPortalPage } from './VendorPortalPage.tsx';

const roomId = '33333333-3333-4333-8333-333333333333';

function order(overrides: Partial<VendorWorkOrder>): VendorWorkOrder {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive, Austin, TX 78704' },
    description: 'Kitchen sink leaking under the cabinet',
    status: 'in_progress',
    priority: 'high',
    dueDate: '2025-06-12',
    createdAt: '2025-06-07T10:00:00.000Z',
    roomId,
    vendor: { id: 'user-vendor', fullName: 'Victor Ortiz', email: 'vendor@commonwise.test' },
    ...overrides,
  };
}

const sinkLeak = order({});
const poolGate = order({
  id: '22222222-2222-4222-8222-222222222222',
  description: 'Pool gate latch does not close',
  status: 'completed',
  priority: 'normal',
  dueDate: '2025-05-20',
  roomId: null,
});

function renderPage(user = makeUser('vendor', { fullName: 'Victor Ortiz' })) {
  return renderRoutes(
    [
      { path: '/vendor-portal', element: <VendorPortalPage /> },
      { path: '/work-rooms', element: <p>Work Rooms screen</p> },
    ],
    { initialEntry: '/vendor-portal', user },
  );
}

/** One page of the portal as the server answers it; the counts are over all the vendor's work orders. */
function portal(workOrders: VendorWorkOrder[], more: Partial<VendorPortal> = {}): VendorPortal {
  return {
    summary: { open: 1, dueSoon: 1, completed: 1 },
    workOrders,
    total: workOrders.length,
    page: 1,
    limit: 20,
    ...more,
  };
}

const section = (name: string) => screen.getByRole('region', { name });

/**
 * Like mockFetch, with the portal's other lists (invitations to bid, invoices) answered empty unless the
 * test's handler is about them.
 */
function mockPortalFetch(handler: Parameters<typeof mockFetch>[0]) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/vendor-portal/invoices?'))
      return jsonResponse(200, { invoices: [], total: 0, page: 1, limit: 5 });
    if (url.startsWith('/api/vendor-portal/bids?'))
      return jsonResponse(200, { invitations: [], total: 0, page: 1, limit: 5 });
    return handler(url, init);
  });
}

beforeEach(() => {
  // "Today" for due dates: the sink leak is due in 3 days, the pool gate was due weeks ago (but is done).
  vi.useFakeTimers({ now: new Date('2025-06-09T12:00:00'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('VendorPortalPage', () => {
  it('welcomes the vendor and lists their assigned work orders, each linking to its room', async () => {
    mockPortalFetch((url) =>
      url === '/api/vendor-portal?page=1&limit=20'
        ? jsonResponse(
            200,
            portal([sinkLeak, poolGate], { summary: { open: 7, dueSoon: 2, completed: 1518 } }),
          )
        : jsonResponse(404, {}),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Vendor Portal' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Victor Ortiz\./)).toBeInTheDocument();
    const workOrders = section('Work Orders');
    expect(within(workOrders).getByText('Loading work orders...')).toBeInTheDocument();
    const table = await within(workOrders).findByRole('table', { name: 'Work orders assigned to you' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Description', 'Property', 'Status', 'Due Date', 'Priority', 'Tasks']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Willow Creek Commons');
    expect(rows[0]).toHaveTextContent('In Progress');
    expect(rows[0]).toHaveTextContent('Jun 12, 2025');
    expect(rows[0]).toHaveTextContent('High');
    expect(
      within(rows[0]!).getByRole('link', { name: 'Kitchen sink leaking under the cabinet' }),
    ).toHaveAttribute('href', `/work-rooms?room=${roomId}`);
    // No room: nothing to open, and it says so.
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('No work room yet');
    expect(within(workOrders).queryByText('Sample data')).not.toBeInTheDocument();

    const glance = screen.getByRole('group', { name: 'Your work at a glance' });
    expect(glance).toHaveTextContent('Open work orders7');
    expect(glance).toHaveTextContent('Due within 7 days2');
    expect(glance).toHaveTextContent('Completed1,518');
  });

  it("opens a work order's tasks, which the vendor starts there", async () => {
    const taskId = '44444444-4444-4444-8444-444444444444';
    const pending = {
      id: taskId,
      workOrderId: sinkLeak.id,
      assignedToType: 'vendor',
      assignedToId: 'user-vendor',
      assignedToName: 'Victor Ortiz',
      taskDescription: 'Replace the cracked P-trap',
      taskStatus: 'pending',
      completedAt: null,
      createdAt: '2025-06-07T10:00:00.000Z',
      dueDate: null,
      completionNote: null,
      flagReason: null,
      flaggedAt: null,
    };
    const sent: string[] = [];
    mockPortalFetch((url, init) => {
      if (init?.method === 'PATCH') {
        sent.push(`${url} ${String(init.body)}`);
        return jsonResponse(200, { ...pending, taskStatus: 'in_progress' });
      }
      if (url.startsWith('/api/vendor-portal')) return jsonResponse(200, portal([sinkLeak]));
      if (url === `/api/work-orders/${sinkLeak.id}`)
        return jsonResponse(200, {
          workOrder: {
            id: sinkLeak.id,
            residentId: 'user-ryan',
            propertyId: '55555555-5555-4555-8555-555555555555',
            vendorId: 'user-vendor',
            summary: sinkLeak.description,
            mainCategory: 'plumbing',
            subcategory: null,
            status: 'in_progress',
            priority: 'high',
            createdAt: sinkLeak.createdAt,
            dueDate: sinkLeak.dueDate,
            property: sinkLeak.property,
          },
          rooms: [],
          permissions: { canManage: false, canWorkOnTasks: true },
        });
      if (url.startsWith(`/api/work-orders/${sinkLeak.id}/tasks`))
        return jsonResponse(200, { tasks: [pending], total: 1, page: 1, limit: 20 });
      if (url.startsWith(`/api/work-orders/${sinkLeak.id}/activity`))
        return jsonResponse(200, { activity: [], hasMore: false });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Tasks: ${sinkLeak.description}` }));
    const task = await screen.findByRole('listitem', { name: 'Task: Replace the cracked P-trap' });
    expect(within(task).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(within(task).getByRole('button', { name: 'Start' }));
    await vi.waitFor(() => expect(sent).toEqual([`/api/tasks/${taskId} {"taskStatus":"in_progress"}`]));
    expect(await within(task).findByText('In Progress')).toBeInTheDocument();
  });

  it('pages the work orders, keeping the counts, and reads the next page from the server', async () => {
    const asked: string[] = [];
    mockPortalFetch((url) => {
      asked.push(url);
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return jsonResponse(
        200,
        portal(page === 1 ? [sinkLeak] : [poolGate], {
          summary: { open: 21, dueSoon: 4, completed: 24 },
          total: 45,
          page,
        }),
      );
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const workOrders = section('Work Orders');
    expect(await within(workOrders).findByText('1–20 of 45')).toBeInTheDocument();
    await user.click(within(workOrders).getByRole('button', { name: 'Next page of work orders' }));
    expect(await within(workOrders).findByText('21–40 of 45')).toBeInTheDocument();
    expect(await within(workOrders).findByText('Pool gate latch does not close')).toBeInTheDocument();
    expect(within(workOrders).queryByText('Kitchen sink leaking under the cabinet')).not.toBeInTheDocument();
    expect(asked).toContain('/api/vendor-portal?page=2&limit=20');
    expect(screen.getByRole('group', { name: 'Your work at a glance' })).toHaveTextContent(
      'Open work orders21',
    );
  });

  it('marks an open work order past its due date as overdue', async () => {
    mockPortalFetch(() => jsonResponse(200, portal([order({ dueDate: '2025-06-01' })])));
    renderPage();
    expect(await screen.findByText(/Jun 1, 2025 \(overdue\)/)).toBeInTheDocument();
  });

  it('leads View All to Work Rooms', async () => {
    mockPortalFetch(() => jsonResponse(200, portal([sinkLeak])));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderPage();
    await user.click(screen.getByRole('link', { name: 'View all work orders in Work Rooms' }));
    expect(await screen.findByText('Work Rooms screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/work-rooms');
  });

  it('says when nothing is assigned', async () => {
    mockPortalFetch(() => jsonResponse(200, portal([])));
    renderPage();
    expect(await screen.findByText('No work orders assigned to you')).toBeInTheDocument();
  });

  it('lists the open invitations to bid, live, with View all leading to every invitation (issue 24)', async () => {
    mockFetch((url) =>
      url.startsWith('/api/vendor-portal/bids?')
        ? jsonResponse(200, {
            invitations: [
              {
                invitationId: '44444444-4444-4444-8444-444444444444',
                company: { id: '55555555-5555-4555-8555-555555555555', name: 'Ortiz Plumbing & Repair' },
                status: 'invited',
                state: 'open',
                isTakingBids: true,
                invitedAt: '2025-06-06T10:00:00.000Z',
                requestId: '66666666-6666-4666-8666-666666666666',
                propertyName: 'Willow Creek Commons',
                timeZone: 'America/Chicago',
                title: 'Replace the clubhouse water heater',
                trade: 'plumbing',
                requestStatus: 'open',
                dueAt: '2025-06-12T12:00:00.000Z',
                notToExceedCents: 450_000,
                bid: null,
              },
            ],
            total: 1,
            page: 1,
            limit: 5,
          })
        : url.startsWith('/api/vendor-portal/invoices?')
          ? jsonResponse(200, { invoices: [], total: 0, page: 1, limit: 5 })
          : jsonResponse(200, portal([])),
    );
    renderPage();
    const card = section('Bid invitations');
    const link = await within(card).findByRole('link', { name: 'Replace the clubhouse water heater' });
    expect(link).toHaveAttribute('href', '/vendor-portal/bids/44444444-4444-4444-8444-444444444444');
    expect(card).toHaveTextContent('Willow Creek Commons · Plumbing · not to exceed $4,500.00');
    expect(card).toHaveTextContent('Due in 3 days');
    // On Willow Creek's clock, where the work is, whatever the phone's zone.
    expect(card).toHaveTextContent('Thu, Jun 12, 2025, 7:00 AM CDT');
    expect(within(card).queryByText('Sample data')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View all bid invitations' })).toHaveAttribute(
      'href',
      '/vendor-portal/bids',
    );
  });

  it('has the company’s latest invoices, live, with View all and Send an invoice (issue 24)', async () => {
    mockFetch((url) =>
      url.startsWith('/api/vendor-portal/invoices?')
        ? jsonResponse(200, {
            invoices: [
              {
                id: '44444444-4444-4444-8444-444444444444',
                number: 'OPR-1036',
                status: 'paid',
                amountCents: 64_000,
                invoiceDate: '2025-05-28',
                dueDate: null,
                workOrder: null,
                bidRequest: null,
                createdAt: '2025-05-28T14:00:00.000Z',
                property: { id: '55555555-5555-4555-8555-555555555555', name: 'Willow Creek Commons' },
                company: { id: '66666666-6666-4666-8666-666666666666', name: 'Ortiz Plumbing & Repair' },
                paidOn: '2025-06-05',
              },
            ],
            total: 1,
            page: 1,
            limit: 5,
          })
        : url.startsWith('/api/vendor-portal/bids?')
          ? jsonResponse(200, { invitations: [], total: 0, page: 1, limit: 5 })
          : jsonResponse(200, portal([])),
    );
    renderPage();
    const card = section('Invoices');
    expect(await within(card).findByRole('link', { name: 'OPR-1036' })).toHaveAttribute(
      'href',
      '/vendor-portal/invoices/44444444-4444-4444-8444-444444444444',
    );
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('$640.00')).toBeInTheDocument();
    expect(within(card).queryByText('Sample data')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View all invoices' })).toHaveAttribute(
      'href',
      '/vendor-portal/invoices',
    );
    expect(within(card).getByRole('link', { name: 'Send an invoice' })).toHaveAttribute(
      'href',
      '/vendor-portal/invoices/new',
    );
  });

  it('shows an admin whose work order is whose, and the e-mail when a name is missing', async () => {
    mockPortalFetch(() => jsonResponse(200, portal([sinkLeak])));
    renderPage(makeUser('admin', { fullName: '', email: 'root@commonwise.test' }));
    expect(screen.getByText(/Welcome, root@commonwise\.test\./)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Work orders assigned to you' });
    expect(within(table).getByRole('columnheader', { name: 'Vendor' })).toBeInTheDocument();
    expect(within(table).getByText('Victor Ortiz')).toBeInTheDocument();
  });

  it('offers a retry when the work orders fail to load', async () => {
    let calls = 0;
    mockPortalFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, portal([sinkLeak]));
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    expect(await screen.findByText('Failed to load work orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('link', { name: 'Kitchen sink leaking under the cabinet' }),
    ).toBeInTheDocument();
  });

  it('has the vendor’s company card, live (issue 24)', async () => {
    mockPortalFetch((url) =>
      url === '/api/vendor-portal/company'
        ? jsonResponse(200, { company: null })
        : jsonResponse(200, portal([])),
    );
    renderPage();
    const card = section('Your company');
    expect(await within(card).findByText(/You are not listed with a vendor company yet/)).toBeInTheDocument();
    expect(within(card).queryByText('Sample data')).not.toBeInTheDocument();
  });
});
