import type {
  ChatMessage,
  RoomParticipant,
  VendorOption,
  WorkOrder,
  WorkRoom,
  WorkRoomDetail,
  WorkRoomListEntry,
} from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { WorkRoomsPage } from './WorkRoomsPage.tsx';

// The realtime connection, replaced by channels the test delivers events to.
vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));

beforeAll(stubDocumentFonts);
beforeEach(clearRealtimeChannels);

const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const sinkId = '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30';
const lightId = '7d1e2f3a-0000-4c1e-8f00-aaaabbbb0001';
const gateId = '9a8b7c6d-0000-4c1e-8f00-ccccdddd0002';
const sinkRoomId = '11111111-2222-4333-8444-555555555555';
const gateRoomId = '11111111-2222-4333-8444-666666666666';

function workOrder(id: string, overrides: Partial<WorkOrder>): WorkOrder {
  return {
    id,
    reference: `WC-${1001 + [sinkId, lightId, gateId].indexOf(id)}`,
    residentId: 'user-ryan',
    propertyId: 'property-willow',
    vendorId: null,
    summary: '',
    mainCategory: 'plumbing',
    subcategory: null,
    status: 'new',
    priority: 'normal',
    createdAt: minutesAgo(60),
    dueDate: null,
    property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
    ...overrides,
  };
}

function room(id: string, workOrderId: string, overrides: Partial<WorkRoom> = {}): WorkRoom {
  return {
    id,
    workOrderId,
    roomName: 'Kitchen sink leak',
    roomType: 'work_order',
    isActive: true,
    createdAt: minutesAgo(60),
    messageCount: 0,
    lastMessageAt: null,
    isParticipant: true,
    unreadCount: 0,
    ...overrides,
  };
}

function participant(
  userId: string,
  role: RoomParticipant['role'],
  fullName: string | null,
): RoomParticipant {
  return {
    id: `participant-${userId}`,
    userId,
    fullName,
    email: fullName ? `${userId}@commonwise.test` : null,
    role,
    joinedAt: minutesAgo(60),
    lastSeenAt: null,
    isActive: true,
  };
}

function message(id: string, overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id,
    threadId: null,
    roomId: sinkRoomId,
    senderId: null,
    senderName: null,
    role: 'user',
    content: '',
    processed: true,
    metadata: {},
    createdAt: minutesAgo(30),
    ...overrides,
  };
}

const sinkOrder = workOrder(sinkId, {
  summary: 'Kitchen sink leaking under the cabinet',
  subcategory: 'leak',
  status: 'in_progress',
  priority: 'high',
  vendorId: 'user-victor',
  dueDate: '2026-03-25',
  createdAt: '2026-03-15T10:00:00.000Z',
});

function defaultEntries(): WorkRoomListEntry[] {
  return [
    {
      workOrder: workOrder(lightId, {
        summary: 'Streetlight out in front of unit 14B',
        mainCategory: 'electrical',
        subcategory: 'lighting',
      }),
      rooms: [],
    },
    {
      workOrder: sinkOrder,
      rooms: [room(sinkRoomId, sinkId, { messageCount: 3, lastMessageAt: minutesAgo(20), unreadCount: 2 })],
    },
    {
      workOrder: workOrder(gateId, {
        summary: 'Pool gate latch does not close',
        mainCategory: 'common_areas',
        subcategory: 'pool',
        status: 'completed',
        property: { name: 'Harbor View Towers', address: '88 Harbor Way' },
      }),
      rooms: [room(gateRoomId, gateId, { roomName: 'Pool gate latch' })],
    },
  ];
}

function defaultDetail(overrides: Partial<WorkRoomDetail> = {}): WorkRoomDetail {
  return {
    room: room(sinkRoomId, sinkId, { messageCount: 3 }),
    workOrder: sinkOrder,
    resident: { id: 'user-ryan', fullName: 'Ryan Chen', email: 'resident@commonwise.test' },
    vendor: { id: 'user-victor', fullName: 'Victor Ortiz', email: 'vendor@commonwise.test' },
    participants: [
      participant('user-ryan', 'resident', 'Ryan Chen'),
      participant('user-maria', 'manager', 'Maria Santos'),
      participant('user-victor', 'vendor', 'Victor Ortiz'),
      participant('user-gone', 'vendor', null),
    ],
    permissions: { canPost: true, canManage: true },
    ...overrides,
  };
}

function defaultMessages(): ChatMessage[] {
  return [
    message('m1', {
      senderId: 'user-maria',
      senderName: 'Maria Santos',
      content: 'Victor will come by tomorrow between 9 and 11.',
      createdAt: new Date(2026, 2, 15, 9, 5).toISOString(),
    }),
    message('m2', {
      senderId: 'user-ryan',
      senderName: 'Ryan Chen',
      content: 'Yes, I will be home.',
      createdAt: new Date(2026, 2, 15, 9, 30).toISOString(),
    }),
    message('m3', {
      role: 'system',
      content: 'Maria Santos changed the status from New to In Progress.',
      metadata: { kind: 'status_changed' },
      createdAt: new Date(2026, 2, 15, 10, 0).toISOString(),
    }),
    message('m4', {
      senderId: 'user-gone',
      senderName: null,
      content: 'The part is ordered.',
      createdAt: new Date(2026, 2, 15, 14, 45).toISOString(),
    }),
  ];
}

type Server = {
  entries: WorkRoomListEntry[];
  detail: WorkRoomDetail | 'not-found';
  messages: ChatMessage[];
  /** How many messages a page holds, as the server's limit. */
  pageSize: number;
  vendors: VendorOption[];
  postError?: { status: number; code: string; message: string };
  statusError?: { status: number; code: string; message: string };
  requests: { method: string; url: string; body: unknown }[];
};

/** A vendor account of no company, as GET /vendor-options lists it (issue 24). */
const vendorOption = (person: Pick<VendorOption, 'id' | 'fullName' | 'email'>): VendorOption => ({
  ...person,
  company: null,
  servesProperty: false,
  trades: [],
  insurance: { status: 'missing', expiresOn: null },
});

function fakeServer(overrides: Partial<Server> = {}): Server {
  const server: Server = {
    entries: defaultEntries(),
    detail: defaultDetail(),
    messages: defaultMessages(),
    pageSize: 100,
    vendors: [
      vendorOption({ id: 'user-victor', fullName: 'Victor Ortiz', email: 'vendor@commonwise.test' }),
      vendorOption({ id: 'user-paula', fullName: 'Paula Pipes', email: 'paula@commonwise.test' }),
    ],
    requests: [],
    ...overrides,
  };
  const fail = (error: { status: number; code: string; message: string }) =>
    jsonResponse(error.status, { error: { code: error.code, message: error.message, requestId: 'r' } });
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    server.requests.push({ method, url, body });
    if (url === '/api/work-rooms') return jsonResponse(200, { workOrders: server.entries });
    const roomMatch =
      /^\/api\/work-rooms\/([^/?]+)(\/messages|\/seen|\/participants)?(?:\?before=(.+))?$/.exec(url);
    if (roomMatch) {
      const [, id, part, before] = roomMatch as unknown as [string, string, string | undefined, string?];
      if (server.detail === 'not-found' || id !== server.detail.room.id)
        return fail({ status: 404, code: 'NOT_FOUND', message: 'Room not found' });
      if (part === undefined) return jsonResponse(200, server.detail);
      if (part === '/seen') return new Response(null, { status: 204 });
      if (part === '/messages' && method === 'POST') {
        if (server.postError) return fail(server.postError);
        const posted = message(`posted-${server.requests.length}`, {
          senderId: 'user-maria',
          senderName: 'Maria Santos',
          content: (body as { content: string }).content,
          createdAt: new Date().toISOString(),
        });
        server.messages = [...server.messages, posted];
        return jsonResponse(201, posted);
      }
      if (part === '/messages') {
        // Pages as the server does: the newest first, or the one before a message.
        const end = before
          ? server.messages.findIndex((candidate) => candidate.id === before)
          : server.messages.length;
        const start = Math.max(0, end - server.pageSize);
        return jsonResponse(200, { messages: server.messages.slice(start, end), hasMore: start > 0 });
      }
      if (part === '/participants') {
        const added = participant((body as { userId: string }).userId, 'vendor', 'Victor Ortiz');
        server.detail = { ...server.detail, participants: [...server.detail.participants, added] };
        return jsonResponse(201, added);
      }
    }
    if (url === `/api/work-orders/${sinkId}/vendor-options`)
      return jsonResponse(200, { vendors: server.vendors });
    if (url === `/api/work-orders/${sinkId}/status` && method === 'POST') {
      if (server.statusError) return fail(server.statusError);
      const updated = { ...sinkOrder, status: (body as { status: WorkOrder['status'] }).status };
      if (server.detail !== 'not-found') server.detail = { ...server.detail, workOrder: updated };
      return jsonResponse(200, updated);
    }
    if (url === `/api/work-orders/${sinkId}/vendor` && method === 'PUT') {
      const vendorId = (body as { vendorId: string | null }).vendorId;
      const updated = { ...sinkOrder, vendorId };
      const vendor = server.vendors.find((candidate) => candidate.id === vendorId) ?? null;
      if (server.detail !== 'not-found') server.detail = { ...server.detail, workOrder: updated, vendor };
      return jsonResponse(200, updated);
    }
    return fail({ status: 404, code: 'NOT_FOUND', message: `No route ${method} ${url}` });
  });
  return server;
}

function renderWorkRooms(initialEntry = '/work-rooms', user = manager) {
  return renderRoutes([{ path: '/work-rooms', element: <WorkRoomsPage /> }], { initialEntry, user });
}

const sidebar = () => screen.getByRole('navigation', { name: 'Work orders' });
const workOrderButton = (name: RegExp) => within(sidebar()).getByRole('button', { name });
const roomRegion = () => screen.getByRole('region', { name: 'Room' });
const detailsRegion = () => screen.getByRole('region', { name: 'Room details' });

describe('WorkRoomsPage', () => {
  it('welcomes the person and lists their work orders, opening those whose rooms have messages', async () => {
    fakeServer();
    renderWorkRooms();
    expect(await screen.findByRole('heading', { name: 'Welcome to Work Rooms' })).toBeInTheDocument();
    expect(screen.getByText('Select a work order from the sidebar...')).toBeInTheDocument();

    const sink = await within(sidebar()).findByRole('button', { name: /Kitchen sink leaking/ });
    expect(sink).toHaveTextContent('WC-1001 · #3ec11b30');
    expect(sink).toHaveTextContent('In Progress');
    expect(sink).toHaveTextContent('Willow Creek Commons');
    // Its room has messages: open by itself, with the unread count.
    expect(sink).toHaveAttribute('aria-expanded', 'true');
    const rooms = within(sidebar()).getByRole('list', { name: /^Rooms of Kitchen sink/ });
    const link = within(rooms).getByRole('link', { name: /Kitchen sink leak/ });
    expect(link).toHaveTextContent('2 unread');
    expect(link).toHaveTextContent('3 messages');
    // No messages in these: closed until opened.
    expect(workOrderButton(/Streetlight out/)).toHaveAttribute('aria-expanded', 'false');
    const gate = workOrderButton(/Pool gate latch/);
    expect(gate).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(gate);
    expect(gate).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar()).getByRole('link', { name: /Pool gate latch/ })).toBeInTheDocument();
    // A work order without rooms says so when opened.
    await userEvent.click(workOrderButton(/Streetlight out/));
    expect(within(sidebar()).getByText('No active rooms')).toBeInTheDocument();
  });

  it('filters the list on summary, category, property and id, and says when nothing matches', async () => {
    fakeServer();
    renderWorkRooms();
    await within(sidebar()).findByRole('button', { name: /Kitchen sink leaking/ });
    const search = screen.getByPlaceholderText('Search work orders...');
    const shown = () =>
      within(sidebar())
        .queryAllByRole('button', { expanded: true })
        .concat(within(sidebar()).queryAllByRole('button', { expanded: false }))
        .map((button) => button.textContent ?? '');

    await userEvent.type(search, 'CABINET');
    expect(shown()).toEqual([expect.stringContaining('Kitchen sink leaking')]);

    await userEvent.clear(search);
    await userEvent.type(search, 'harbor view');
    expect(shown()).toEqual([expect.stringContaining('Pool gate latch')]);

    await userEvent.clear(search);
    await userEvent.type(search, 'lighting');
    expect(shown()).toEqual([expect.stringContaining('Streetlight out')]);

    await userEvent.clear(search);
    await userEvent.type(search, 'common areas');
    expect(shown()).toEqual([expect.stringContaining('Pool gate latch')]);

    await userEvent.clear(search);
    await userEvent.type(search, '3ec11b30');
    expect(shown()).toEqual([expect.stringContaining('Kitchen sink leaking')]);

    await userEvent.clear(search);
    await userEvent.type(search, 'elevator');
    expect(within(sidebar()).getByText('No work orders found')).toBeInTheDocument();
    expect(shown()).toEqual([]);
  });

  it('says so when the person has no work orders', async () => {
    fakeServer({ entries: [] });
    renderWorkRooms();
    expect(await within(sidebar()).findByText('No work orders found')).toBeInTheDocument();
  });

  it("opens the URL's room: its messages with names, role labels and times, notices, and 'Unknown User'", async () => {
    const server = fakeServer();
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
    expect(
      await within(roomRegion()).findByRole('heading', { name: 'Kitchen sink leak' }),
    ).toBeInTheDocument();
    expect(within(roomRegion()).getByText('In Progress')).toBeInTheDocument();

    const log = await screen.findByRole('log', { name: 'Messages' });
    const articles = await within(log).findAllByRole('article');
    expect(articles.map((article) => article.textContent)).toEqual([
      'YouManager9:05 AMVictor will come by tomorrow between 9 and 11.',
      'Ryan ChenResident9:30 AMYes, I will be home.',
      'Unknown UserVendor2:45 PMThe part is ordered.',
    ]);
    // The notice sits between them, not as anyone's message.
    expect(within(log).getByText(/changed the status from New to In Progress/)).toHaveAttribute(
      'data-notice',
    );
    // The viewer's own message is on their side.
    expect(articles[0]).toHaveAttribute('data-own');
    // The times are hour:minute; the day is said once above that day's messages.
    expect(within(log).getAllByText('Mar 15, 2026')).toHaveLength(1);

    // Its work order is open in the sidebar and the room marked as the current one.
    expect(workOrderButton(/Kitchen sink leaking/)).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar()).getByRole('link', { name: /Kitchen sink leak/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Reading the room marks it seen and its unread badge goes.
    await waitFor(() =>
      expect(server.requests).toContainEqual(
        expect.objectContaining({ method: 'POST', url: `/api/work-rooms/${sinkRoomId}/seen` }),
      ),
    );
    expect(within(sidebar()).getByRole('link', { name: /Kitchen sink leak/ })).not.toHaveTextContent(
      'unread',
    );
  });

  it('shows the details panel: the work order, and participants with role badges and Unknown User', async () => {
    fakeServer({ detail: defaultDetail({ permissions: { canPost: true, canManage: false } }) });
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`, resident);
    const panel = await screen.findByRole('region', { name: 'Room details' });
    const details = await within(panel).findByRole('region', { name: 'Work order details' });
    expect(details).toHaveTextContent('WC-1001 · #3ec11b30');
    expect(details).toHaveTextContent('Kitchen sink leaking under the cabinet');
    expect(details).toHaveTextContent('High');
    expect(details).toHaveTextContent('Plumbing / Leak');
    expect(details).toHaveTextContent('Willow Creek Commons1200 Willow Creek Drive');
    expect(details).toHaveTextContent('ResidentRyan Chen');
    expect(details).toHaveTextContent('VendorVictor Ortiz');
    expect(details).toHaveTextContent('CreatedMar 15, 2026');
    expect(details).toHaveTextContent('Due dateMar 25, 2026');

    const people = within(panel).getAllByRole('listitem');
    expect(people.map((person) => person.textContent)).toEqual([
      'ResidentRyan Chenuser-ryan@commonwise.test',
      'ManagerMaria Santosuser-maria@commonwise.test',
      'VendorVictor Ortizuser-victor@commonwise.test',
      'VendorUnknown User',
    ]);
    expect(within(people[0]!).getByText('Resident').closest('[data-role]')).toHaveAttribute(
      'data-role',
      'resident',
    );
    // A resident (canManage false) gets no status or vendor controls.
    expect(within(panel).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('Manage work order')).not.toBeInTheDocument();

    // The Details toggle hides and shows the panel.
    const toggle = within(roomRegion()).getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Room details' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(detailsRegion()).toBeInTheDocument();
  });

  it("says 'Room details not found' for a room that is not there or not theirs", async () => {
    fakeServer({ detail: 'not-found' });
    renderWorkRooms('/work-rooms?room=99999999-2222-4333-8444-555555555555');
    expect(
      await within(roomRegion()).findByRole('heading', { name: 'Room details not found' }),
    ).toBeInTheDocument();
    expect(await within(detailsRegion()).findByText('Room details not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('sends a message as the room id with Enter and shows it', async () => {
    const server = fakeServer();
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Thursday works for me{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Thursday works for me')).toBeInTheDocument();
    expect(server.requests).toContainEqual({
      method: 'POST',
      url: `/api/work-rooms/${sinkRoomId}/messages`,
      body: { content: 'Thursday works for me' },
    });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('loads earlier messages on demand, in front of those already shown', async () => {
    const server = fakeServer({ pageSize: 2 });
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const newest = server.messages.at(-1)!.content;
    expect(await within(log).findByText(newest)).toBeInTheDocument();
    expect(within(log).queryByText('Victor will come by tomorrow between 9 and 11.')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const all = server.messages;
    // Each click brings the page before the first message shown.
    for (let shown = 2; shown < all.length; shown += 2) {
      await user.click(await within(log).findByRole('button', { name: 'Load earlier messages' }));
      const oldestOfPage = all[Math.max(0, all.length - shown - 2)]!.content;
      expect(await within(log).findByText(oldestOfPage, { exact: false })).toBeInTheDocument();
    }
    await waitFor(() =>
      expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument(),
    );
    expect(server.requests.filter((request) => request.url.includes('?before=')).length).toBe(
      Math.ceil(all.length / 2) - 1,
    );
    // Everything, in order.
    const articles = within(log).getAllByText(/./, { selector: 'p, [data-notice]' });
    const order = all.map((candidate) =>
      articles.findIndex((element) => element.textContent?.includes(candidate.content)),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("shows the server's reason when a message is refused, and keeps the text", async () => {
    fakeServer({
      postError: { status: 403, code: 'FORBIDDEN', message: 'Only the people in this room can write in it.' },
    });
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello{Enter}');
    expect(await within(roomRegion()).findByRole('alert')).toHaveTextContent(
      'Your message was not sent: Only the people in this room can write in it.',
    );
    expect(box).toHaveValue('Hello');
  });

  it('has no message box for someone who may only read the room', async () => {
    fakeServer({ detail: defaultDetail({ permissions: { canPost: false, canManage: false } }) });
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`, makeUser('board'));
    expect(
      await within(roomRegion()).findByText('You can read this room but not post in it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  describe('status changes (issue 8 transitions)', () => {
    const statusOptions = async () => {
      await userEvent.click(await within(detailsRegion()).findByRole('combobox', { name: 'Status' }));
      return screen.getAllByRole('option').map((option) => option.textContent);
    };

    it('offers in_progress → completed, pending or cancelled, and changes it', async () => {
      const server = fakeServer();
      renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
      expect(await statusOptions()).toEqual(['In Progress', 'Completed', 'Pending', 'Cancelled']);
      await userEvent.click(screen.getByRole('option', { name: 'Pending' }));
      await waitFor(() =>
        expect(server.requests).toContainEqual({
          method: 'POST',
          url: `/api/work-orders/${sinkId}/status`,
          body: { status: 'pending' },
        }),
      );
      // The header, the sidebar and the details all show the new status.
      await waitFor(() => expect(within(roomRegion()).getByText('Pending')).toBeInTheDocument());
      expect(workOrderButton(/Kitchen sink leaking/)).toHaveTextContent('Pending');
      expect(await statusOptions()).toEqual(['Pending', 'In Progress', 'Cancelled']);
    });

    it('offers new → in progress, cancelled or pending', async () => {
      fakeServer({ detail: defaultDetail({ workOrder: { ...sinkOrder, status: 'new' } }) });
      renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
      expect(await statusOptions()).toEqual(['New', 'In Progress', 'Cancelled', 'Pending']);
    });

    it('asks before a final status', async () => {
      const server = fakeServer();
      renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
      await statusOptions();
      await userEvent.click(screen.getByRole('option', { name: 'Cancelled' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark as Cancelled?' });
      expect(server.requests.some((request) => request.url.endsWith('/status'))).toBe(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Cancelled' }));
      await waitFor(() =>
        expect(server.requests).toContainEqual(expect.objectContaining({ body: { status: 'cancelled' } })),
      );
    });

    it('offers nothing once completed or cancelled', async () => {
      fakeServer({ detail: defaultDetail({ workOrder: { ...sinkOrder, status: 'completed' } }) });
      renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
      expect(
        await within(detailsRegion()).findByText(
          'Completed work orders are final: the status no longer changes.',
        ),
      ).toBeInTheDocument();
      expect(within(detailsRegion()).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    });

    it("shows the server's message when it refuses the change", async () => {
      fakeServer({
        statusError: {
          status: 409,
          code: 'INVALID_STATUS_CHANGE',
          message: 'A work order that is Completed cannot change status.',
        },
      });
      renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
      await statusOptions();
      await userEvent.click(screen.getByRole('option', { name: 'Pending' }));
      expect(
        await within(detailsRegion()).findByText('A work order that is Completed cannot change status.'),
      ).toBeInTheDocument();
    });
  });

  it('assigns a vendor and adds the assigned vendor to the room', async () => {
    const server = fakeServer({
      detail: defaultDetail({
        participants: [
          participant('user-ryan', 'resident', 'Ryan Chen'),
          participant('user-maria', 'manager', 'Maria Santos'),
        ],
      }),
    });
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
    const add = await within(detailsRegion()).findByRole('button', { name: 'Add Victor Ortiz to this room' });
    await userEvent.click(add);
    await waitFor(() =>
      expect(server.requests).toContainEqual({
        method: 'POST',
        url: `/api/work-rooms/${sinkRoomId}/participants`,
        body: { userId: 'user-victor' },
      }),
    );
    await waitFor(() =>
      expect(within(detailsRegion()).queryByRole('button', { name: /to this room/ })).not.toBeInTheDocument(),
    );

    await userEvent.click(within(detailsRegion()).getByRole('combobox', { name: 'Vendor' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Paula Pipes · no company on file' }));
    await waitFor(() =>
      expect(server.requests).toContainEqual({
        method: 'PUT',
        url: `/api/work-orders/${sinkId}/vendor`,
        body: { vendorId: 'user-paula' },
      }),
    );
    // Paula is not in the room yet: the panel offers to bring her in.
    expect(
      await within(detailsRegion()).findByRole('button', { name: 'Add Paula Pipes to this room' }),
    ).toBeInTheDocument();
  });

  it('keeps up live: new messages, status changes and unread counts of other rooms', async () => {
    fakeServer();
    renderWorkRooms(`/work-rooms?room=${sinkRoomId}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Yes, I will be home.');

    emitRealtime(`room:${sinkRoomId}`, 'message.created', {
      ...message('live-1', {
        senderId: 'user-ryan',
        senderName: 'Ryan Chen',
        content: 'The water is back on.',
        createdAt: new Date().toISOString(),
      }),
    });
    expect(await within(log).findByText('The water is back on.')).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: /Kitchen sink leak/ })).toHaveTextContent(
      '4 messages',
    );

    emitRealtime('user:user-maria:work', 'work-order.updated', { ...sinkOrder, status: 'pending' });
    await waitFor(() => expect(workOrderButton(/Kitchen sink leaking/)).toHaveTextContent('Pending'));
    expect(within(roomRegion()).getByText('Pending')).toBeInTheDocument();

    // A message in another of their rooms: counted unread, and its work order opens by itself.
    expect(workOrderButton(/Pool gate latch/)).toHaveAttribute('aria-expanded', 'false');
    emitRealtime('user:user-maria:work', 'room.activity', {
      roomId: gateRoomId,
      workOrderId: gateId,
      messageId: 'x',
    });
    await waitFor(() => expect(workOrderButton(/Pool gate latch/)).toHaveAttribute('aria-expanded', 'true'));
    expect(within(sidebar()).getByRole('link', { name: /Pool gate latch/ })).toHaveTextContent('1 unread');
  });
});
