import type { ManagerPortalOverview } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../../test/render.tsx';
import { ManagerPortalPage } from './ManagerPortalPage.tsx';

const workOrderId = '11111111-1111-4111-8111-111111111111';
const overview: ManagerPortalOverview = {
  isAllProperties: false,
  properties: [
    {
      propertyId: '22222222-2222-4222-8222-222222222222',
      name: 'Willow Creek Commons',
      units: 48,
      requiredDocuments: { present: 2, total: 4 },
      missingDocuments: ['articles_of_incorporation', 'rules_and_regulations'],
      openWorkOrders: 2,
      score: 54,
    },
  ],
  openWorkOrders: [
    {
      id: workOrderId,
      reference: 'WC-1007',
      summary: 'Kitchen sink leaking under the cabinet',
      propertyId: '22222222-2222-4222-8222-222222222222',
      propertyName: 'Willow Creek Commons',
      mainCategory: 'plumbing',
      status: 'in_progress',
      priority: 'high',
      createdAt: '2025-03-01T10:00:00.000Z',
      dueDate: '2025-03-05',
      openTaskCount: 1,
      resident: { id: 'ryan', name: 'Ryan Chen' },
      vendor: null,
      managers: [{ id: 'maria', name: 'Maria Santos' }],
    },
  ],
  openWorkOrderCount: 1,
  needsAttention: [],
  needsAttentionCount: 0,
  openTasks: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      taskDescription: 'Replace the cracked P-trap',
      taskStatus: 'in_progress',
      assignedToType: 'vendor',
      assignedToName: 'Victor Ortiz',
      createdAt: '2025-03-02T10:00:00.000Z',
      workOrderId,
      workOrderReference: 'WC-1001',
      workOrderSummary: 'Kitchen sink leaking under the cabinet',
      propertyName: 'Willow Creek Commons',
    },
  ],
  openTaskCount: 1,
  communications: [],
  openViolationsByCategory: [],
};
overview.needsAttention = [{ ...overview.openWorkOrders[0]!, reasons: ['overdue', 'high'] }];
overview.needsAttentionCount = 1;

// jsdom has no document.fonts, which Mantine's autosizing Textarea (Create Task) listens to.
beforeAll(() => {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});

const render = () => renderWithRouter(<ManagerPortalPage />, { user: makeUser('manager') });

describe('ManagerPortalPage', () => {
  it('shows the live sections, the health formula and the empty message list', async () => {
    mockFetch(() => jsonResponse(200, overview));
    render();
    expect(await screen.findByText('Replace the cracked P-trap')).toBeInTheDocument();
    expect(screen.getByText('Vendor: Victor Ortiz', { exact: false })).toBeInTheDocument();
    // The task's work order by its association's reference beside the short id (issue 26 item 8).
    expect(
      screen.getByRole('button', {
        name: `WC-1001 · #${workOrderId.slice(-8)} Kitchen sink leaking under the cabinet`,
      }),
    ).toBeInTheDocument();
    const health = screen.getByRole('region', { name: 'Property Health' });
    expect(within(health).getByText('54%')).toBeInTheDocument();
    expect(
      within(health).getByText(/Required documents 2 of 4 · 2 open work orders over 48 units/),
    ).toBeInTheDocument();
    expect(within(health).getByText(/How health is computed/)).toHaveTextContent(
      'one open work order per 10 units or more scores 0',
    );
    expect(screen.getByText("No messages in your properties' work rooms yet.")).toBeInTheDocument();
    // Live now (issue 21): no sample figures, and a plain word when nothing is open.
    const violations = screen.getByRole('region', { name: 'Violations by Type' });
    expect(within(violations).getByText('No open violations')).toBeInTheDocument();
    expect(within(violations).queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('counts open violations by type, each linking to the list filtered to it', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        ...overview,
        openViolationsByCategory: [
          { category: 'parking_vehicles', count: 3 },
          { category: 'trash', count: 1 },
        ],
      }),
    );
    render();
    const violations = await screen.findByRole('region', { name: 'Violations by Type' });
    expect(within(violations).getByRole('link', { name: 'Parking and vehicles: 3 open' })).toHaveAttribute(
      'href',
      '/manager-portal/violations?category=parking_vehicles&status=open',
    );
    expect(within(violations).getByRole('link', { name: 'Trash and recycling: 1 open' })).toHaveAttribute(
      'href',
      '/manager-portal/violations?category=trash&status=open',
    );
    expect(within(violations).getByText('4 open violations')).toBeInTheDocument();
    expect(within(violations).getByRole('link', { name: 'All violations' })).toHaveAttribute(
      'href',
      '/manager-portal/violations',
    );
  });

  it('puts what needs attention today first, and opens the work order in full to manage it', async () => {
    mockFetch((url) => {
      if (url === '/api/manager-portal/overview') return jsonResponse(200, overview);
      if (url === `/api/work-orders/${workOrderId}`)
        return jsonResponse(200, {
          workOrder: {
            id: workOrderId,
            residentId: 'ryan',
            propertyId: '22222222-2222-4222-8222-222222222222',
            vendorId: null,
            summary: 'Kitchen sink leaking under the cabinet',
            mainCategory: 'plumbing',
            subcategory: null,
            status: 'in_progress',
            priority: 'high',
            createdAt: '2025-03-01T10:00:00.000Z',
            dueDate: '2025-03-05',
            property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
          },
          rooms: [],
          permissions: { canManage: true, canWorkOnTasks: true },
          resident: { id: 'ryan', fullName: 'Ryan Chen', units: ['14B'] },
          vendor: null,
        });
      if (url.startsWith(`/api/work-orders/${workOrderId}/tasks`))
        return jsonResponse(200, { tasks: [], total: 0, page: 1, limit: 20 });
      if (url.startsWith(`/api/work-orders/${workOrderId}/activity`))
        return jsonResponse(200, { activity: [], hasMore: false });
      if (url.startsWith(`/api/work-orders/${workOrderId}/internal-notes`))
        return jsonResponse(200, { notes: [], hasMore: false });
      if (url === `/api/work-orders/${workOrderId}/vendor-options`)
        return jsonResponse(200, {
          vendors: [
            {
              id: 'victor',
              fullName: 'Victor Ortiz',
              email: 'vendor@commonwise.test',
              company: null,
              servesProperty: false,
              trades: [],
              insurance: { status: 'missing', expiresOn: null },
            },
          ],
        });
      if (url === `/api/work-orders/${workOrderId}/task-assignees`) return jsonResponse(200, { people: [] });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    const user = userEvent.setup();
    render();
    const attention = await screen.findByRole('region', { name: 'What needs attention today' });
    const dashboard = screen.getByRole('region', { name: 'Task Dashboard' });
    // Before the task dashboard in the page's order.
    expect(attention.compareDocumentPosition(dashboard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const item = within(attention).getByRole('listitem', { name: 'Kitchen sink leaking under the cabinet' });
    expect(item).toHaveTextContent('Overdue');
    expect(item).toHaveTextContent('High priority');

    await user.click(within(item).getByRole('button', { name: /^Open work order/ }));
    const view = await screen.findByRole('dialog', { name: /Work order #/ });
    expect(await within(view).findByText('Ryan Chen · unit 14B')).toBeInTheDocument();
    const manage = within(view).getByRole('region', { name: 'Manage work order' });
    expect(within(manage).getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    expect(within(manage).getByLabelText('Due date')).toHaveValue('2025-03-05');
    expect(within(manage).getByText("The vendor assigned joins the work order's room.")).toBeInTheDocument();
    expect(within(view).getByRole('region', { name: 'Internal notes' })).toHaveTextContent(
      'never the resident or the vendor',
    );
  });

  it('gives no alarming score for a property with no documents on file, and says what is missing', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        ...overview,
        properties: [
          {
            ...overview.properties[0]!,
            requiredDocuments: { present: 0, total: 4 },
            missingDocuments: ['ccr', 'bylaws', 'articles_of_incorporation', 'rules_and_regulations'],
            score: null,
          },
        ],
      }),
    );
    render();
    const health = await screen.findByRole('region', { name: 'Property Health' });
    expect(within(health).getByText('Not scored yet')).toBeInTheDocument();
    expect(within(health).queryByText(/0%/)).not.toBeInTheDocument();
    expect(
      within(health).getByText(/Missing: CC&Rs, Bylaws, Articles of Incorporation, Rules & Regulations\./),
    ).toBeInTheDocument();
    expect(within(health).getByRole('link', { name: 'Documents of Willow Creek Commons' })).toHaveAttribute(
      'href',
      '/manager-portal/properties/22222222-2222-4222-8222-222222222222/documents',
    );
  });

  it('offers only the work order’s own people for a task, and says when there is none', async () => {
    mockFetch(() => jsonResponse(200, overview));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('tab', { name: /Open work orders/ }));
    await user.click(
      await screen.findByRole('button', { name: 'Add task: Kitchen sink leaking under the cabinet' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    // Vendor is the default assignee type; this work order has none.
    expect(within(dialog).getByText('This work order has no vendor')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Person/ })).toBeDisabled();
  });

  it('says so when the manager has no properties, and still shows the violations card', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        ...overview,
        properties: [],
        openWorkOrders: [],
        openWorkOrderCount: 0,
        openTasks: [],
        openTaskCount: 0,
        needsAttention: [],
        needsAttentionCount: 0,
      }),
    );
    render();
    expect(
      await screen.findByText('You do not manage any properties yet.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText('No open tasks.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Violations by Type' })).toBeInTheDocument();
  });

  it('shows the error with a retry when the overview fails to load', async () => {
    mockFetch(() =>
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'The database is unavailable.' } }),
    );
    render();
    expect(
      await screen.findByRole('heading', { name: 'Failed to load your properties' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Task' })).toBeDisabled();
  });
});
