import type { Residence, WorkOrder } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../../test/render.tsx';
import { clearRealtimeChannels, emitRealtime } from '../../../../test/fake-realtime.ts';
import { residence, residentDocument } from '../../../../test/residences.ts';
import { ResidentPortalPage } from './ResidentPortalPage.tsx';

// The realtime connection, replaced by channels the test delivers events to.
vi.mock('../../../../lib/realtime.ts', () => import('../../../../test/fake-realtime.ts'));

beforeEach(clearRealtimeChannels);

const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });
const sinkRoomId = '11111111-2222-4333-8444-555555555555';

const sink: WorkOrder = {
  id: '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30',
  reference: 'WC-1001',
  residentId: 'user-ryan',
  propertyId: 'property-willow',
  vendorId: 'user-victor',
  summary: 'Kitchen sink leaking under the cabinet',
  mainCategory: 'plumbing',
  subcategory: 'leak',
  status: 'in_progress',
  priority: 'high',
  createdAt: '2026-03-15T10:00:00.000Z',
  dueDate: '2026-03-25',
  property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
};
const streetlight: WorkOrder = {
  ...sink,
  id: '7d1e2f3a-0000-4c1e-8f00-aaaabbbb0001',
  vendorId: null,
  summary: 'Streetlight out in front of unit 14B',
  mainCategory: 'electrical',
  subcategory: 'lighting',
  status: 'new',
  createdAt: '2026-03-17T10:00:00.000Z',
  dueDate: null,
};

type Server = {
  workOrders: WorkOrder[] | { status: number; message: string } | 'never';
  residences?: Residence[];
  /** Whether the resident may rate each work order now (GET /rating); not rated otherwise. */
  canRate?: Record<string, boolean>;
  requests: { method: string; url: string }[];
};

function fakeServer(overrides: Partial<Server> = {}): Server {
  const server: Server = { workOrders: [streetlight, sink], requests: [], ...overrides };
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    server.requests.push({ method, url });
    if (url === '/api/work-orders') {
      if (server.workOrders === 'never') return new Promise<Response>(() => {});
      if (!Array.isArray(server.workOrders))
        return jsonResponse(server.workOrders.status, {
          error: { code: 'INTERNAL', message: server.workOrders.message, requestId: 'r' },
        });
      return jsonResponse(200, { workOrders: server.workOrders });
    }
    const rating = /^\/api\/work-orders\/([^/]+)\/rating$/.exec(url);
    if (rating) return jsonResponse(200, { rating: null, canRate: server.canRate?.[rating[1]!] ?? false });
    if (url === '/api/resident-portal' && server.residences)
      return jsonResponse(200, { residences: server.residences });
    if (url === '/api/work-rooms')
      return jsonResponse(200, {
        workOrders: [
          { workOrder: streetlight, rooms: [] },
          {
            workOrder: sink,
            rooms: [
              {
                id: sinkRoomId,
                workOrderId: sink.id,
                roomName: 'Kitchen sink leak',
                roomType: 'work_order',
                isActive: true,
                createdAt: sink.createdAt,
                messageCount: 3,
                lastMessageAt: sink.createdAt,
                isParticipant: true,
                unreadCount: 0,
              },
            ],
          },
        ],
      });
    // Submit Request asks for the newest empty conversation back rather than another (issue 26).
    if (url === '/api/chat/threads?reuse=empty' && method === 'POST') {
      const at = new Date().toISOString();
      return jsonResponse(201, {
        id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
        title: 'New Conversation',
        isActive: true,
        createdAt: at,
        updatedAt: at,
      });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${method} ${url}` } });
  });
  return server;
}

function renderPortal() {
  return renderRoutes(
    [
      {
        path: '/resident-portal',
        element: (
          <ResidentPortalPage
            // The finance feature's card in the route file; here a stand-in naming the chosen home.
            accountCard={(home) => (
              <section aria-label="My Account">
                {home ? `Unit ${home.unitNumber}, ${home.propertyName}` : 'No home'}
              </section>
            )}
          />
        ),
      },
      { path: '/chat', element: <p>The AI Assistant</p> },
    ],
    { initialEntry: '/resident-portal', user: resident },
  );
}

const card = () => screen.getByRole('region', { name: 'My Work Orders' });

describe('ResidentPortalPage', () => {
  it('switches between the homes of a person with several, in the address (issue 26)', async () => {
    const harbor = residence({
      propertyId: '22222222-2222-4222-8222-222222222222',
      propertyName: 'Harbor View Condominiums',
      unitNumber: '3-402',
      documents: [residentDocument({ id: '55555555-5555-4555-8555-555555555555', name: 'Harbor Rules' })],
    });
    const willow = residence({ documents: [residentDocument({ name: 'Willow Bylaws' })] });
    fakeServer({ residences: [willow, harbor] });
    const user = userEvent.setup();
    const { router } = renderPortal();
    const account = () => screen.getByRole('region', { name: 'My Account' });
    const documents = () => screen.getByRole('region', { name: 'Documents' });
    expect(await within(account()).findByText('Unit 14B, Willow Creek Commons')).toBeInTheDocument();
    expect(await within(documents()).findByText('Willow Bylaws')).toBeInTheDocument();
    expect(within(documents()).queryByText('Harbor Rules')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Home', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Unit 3-402, Harbor View Condominiums' }));
    expect(within(account()).getByText('Unit 3-402, Harbor View Condominiums')).toBeInTheDocument();
    expect(within(documents()).getByText('Harbor Rules')).toBeInTheDocument();
    expect(within(documents()).queryByText('Willow Bylaws')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe(`?home=${encodeURIComponent(`${harbor.propertyId}:3-402`)}`);
  });

  it('offers no choice of home to a person with one', async () => {
    fakeServer({ residences: [residence()] });
    renderPortal();
    expect(await screen.findByText('Unit 14B, Willow Creek Commons')).toBeInTheDocument();
    expect(screen.queryByLabelText('Home', { selector: 'input' })).not.toBeInTheDocument();
  });

  it('lists the work orders newest first with categories, status, property, address and dates', async () => {
    fakeServer();
    renderPortal();
    expect(screen.getByRole('heading', { level: 1, name: 'Resident Portal' })).toBeInTheDocument();
    const rows = within(await within(card()).findByRole('list', { name: 'My work orders' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Streetlight out in front of unit 14B');
    expect(rows[0]).toHaveTextContent('New');
    expect(rows[0]).toHaveTextContent('Electrical / Lighting');
    expect(rows[0]).toHaveTextContent('Submitted Mar 17, 2026');
    expect(rows[0]).not.toHaveTextContent('Due');
    expect(rows[1]).toHaveTextContent('Kitchen sink leaking under the cabinet');
    expect(rows[1]).toHaveTextContent('In Progress');
    expect(rows[1]).toHaveTextContent('Plumbing / Leak');
    expect(rows[1]).toHaveTextContent('Willow Creek Commons · 1200 Willow Creek Drive');
    expect(rows[1]).toHaveTextContent('Submitted Mar 15, 2026 · Due Mar 25, 2026');
    // The one with a room links to it; the other has none.
    expect(
      await within(rows[1]!).findByRole('link', {
        // jsdom joins the visible words and the visually hidden rest without the space a browser keeps.
        name: /^Open work room\s*of Kitchen sink leaking under the cabinet$/,
      }),
    ).toHaveAttribute('href', `/work-rooms?room=${sinkRoomId}`);
    expect(within(rows[0]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for a rating of completed work not rated yet, linking to its room (issue 24 item 5)', async () => {
    const done = { ...sink, status: 'completed' as const };
    const server = fakeServer({ workOrders: [streetlight, done], canRate: { [sink.id]: true } });
    renderPortal();
    const row = (await within(card()).findAllByRole('listitem'))[1]!;
    expect(
      await within(row).findByRole('link', {
        name: /^Rate the work\s*of Kitchen sink leaking under the cabinet$/,
      }),
    ).toHaveAttribute('href', `/work-rooms?room=${sinkRoomId}&details=open`);
    // Only completed work with a room is asked about.
    expect(server.requests.filter((request) => request.url.endsWith('/rating'))).toEqual([
      { method: 'GET', url: `/api/work-orders/${sink.id}/rating` },
    ]);
  });

  it('asks nothing more once the work is rated', async () => {
    fakeServer({
      workOrders: [streetlight, { ...sink, status: 'completed' }],
      canRate: { [sink.id]: false },
    });
    renderPortal();
    const row = (await within(card()).findAllByRole('listitem'))[1]!;
    await within(row).findByRole('link', { name: /^Open work room/ });
    expect(within(row).queryByRole('link', { name: /^Rate the work/ })).not.toBeInTheDocument();
  });

  it('says it is loading', () => {
    fakeServer({ workOrders: 'never' });
    renderPortal();
    expect(within(card()).getByText('Loading work orders...')).toBeInTheDocument();
  });

  it("shows the error with the server's message", async () => {
    fakeServer({ workOrders: { status: 500, message: 'The database is not answering.' } });
    renderPortal();
    expect(
      await within(card()).findByText('Error loading work orders: The database is not answering.'),
    ).toBeInTheDocument();
  });

  it('offers a first request when there are none, which opens a new conversation', async () => {
    const server = fakeServer({ workOrders: [] });
    const { router } = renderPortal();
    expect(await within(card()).findByText('No work orders found')).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Submit Your First Request' }));
    expect(await screen.findByText('The AI Assistant')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/chat?thread=aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
    );
    expect(server.requests).toContainEqual({ method: 'POST', url: '/api/chat/threads?reuse=empty' });
  });

  it('opens a new conversation with Submit Request', async () => {
    fakeServer();
    const { router } = renderPortal();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('shows a status change as it happens', async () => {
    fakeServer();
    renderPortal();
    const list = await within(card()).findByRole('list', { name: 'My work orders' });
    const sinkRow = () => within(list).getAllByRole('listitem')[1]!;
    expect(sinkRow()).toHaveTextContent('In Progress');
    emitRealtime('user:user-ryan:work', 'work-order.updated', { ...sink, status: 'pending' });
    await waitFor(() => expect(sinkRow()).toHaveTextContent('Pending'));
    expect(sinkRow()).not.toHaveTextContent('In Progress');
  });
});
