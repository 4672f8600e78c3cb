import type { ChatMessage, ChatThread, WorkflowSummary, WorkOrderDetail } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { ChatPage } from './ChatPage.tsx';

// The realtime connection, replaced by channels the test delivers events to.
vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));

beforeAll(stubDocumentFonts);
beforeEach(clearRealtimeChannels);

const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function thread(id: string, title: string, minutes: number): ChatThread {
  const at = minutesAgo(minutes);
  return { id, title, isActive: true, createdAt: at, updatedAt: at };
}

function message(id: string, overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id,
    threadId: 'thread-a',
    roomId: null,
    senderId: null,
    senderName: null,
    role: 'assistant',
    content: '',
    processed: true,
    metadata: {},
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

const workOrderId = '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30';
const workOrder: WorkOrderDetail = {
  workOrder: {
    id: workOrderId,
    residentId: 'user-ryan',
    propertyId: 'property-1',
    vendorId: null,
    summary: 'Leaking kitchen faucet',
    mainCategory: 'plumbing',
    subcategory: 'leak',
    status: 'new',
    priority: 'normal',
    createdAt: minutesAgo(3),
    dueDate: '2026-03-25',
    property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
  },
  tasks: [],
  activity: [],
  rooms: [
    {
      id: 'room-1',
      roomName: 'Leaking kitchen faucet',
      roomType: 'work_order',
      isActive: true,
      createdAt: minutesAgo(3),
    },
  ],
};

type Server = {
  threads: ChatThread[];
  messages: Record<string, ChatMessage[]>;
  workflows: Record<string, WorkflowSummary | null>;
  workOrder?: WorkOrderDetail | 'error';
  failPost?: boolean;
  failDelete?: boolean;
  failCreate?: boolean;
  posted: { url: string; body: unknown }[];
};

function fakeServer(overrides: Partial<Server> = {}): Server {
  const server: Server = {
    threads: [thread('thread-a', 'Leaking faucet', 5), thread('thread-b', 'Pool hours', 60 * 30)],
    messages: {},
    workflows: {},
    posted: [],
    ...overrides,
  };
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (method !== 'GET') server.posted.push({ url: `${method} ${url}`, body });
    if (url === '/api/chat/threads' && method === 'GET')
      return jsonResponse(200, { threads: server.threads });
    if (url === '/api/chat/threads' && method === 'POST') {
      if (server.failCreate)
        return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Database down' } });
      const created = thread('thread-new', 'New Conversation', 0);
      server.threads = [created, ...server.threads];
      return jsonResponse(201, created);
    }
    const threadMatch = /^\/api\/chat\/threads\/([^/]+)(\/messages|\/workflow)?$/.exec(url);
    if (threadMatch) {
      const [, id, part] = threadMatch as unknown as [string, string, string | undefined];
      if (method === 'DELETE') {
        if (server.failDelete)
          return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Database down' } });
        server.threads = server.threads.filter((candidate) => candidate.id !== id);
        return new Response(null, { status: 204 });
      }
      if (part === '/workflow') return jsonResponse(200, { workflow: server.workflows[id] ?? null });
      if (part === '/messages' && method === 'POST') {
        if (server.failPost)
          return jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } });
        const posted = message(`posted-${server.posted.length}`, {
          threadId: id,
          role: 'user',
          senderId: resident.id,
          senderName: resident.fullName,
          content: (body as { content: string }).content,
          processed: false,
          createdAt: new Date().toISOString(),
        });
        server.messages[id] = [...(server.messages[id] ?? []), posted];
        return jsonResponse(201, posted);
      }
      if (part === '/messages') return jsonResponse(200, { messages: server.messages[id] ?? [] });
    }
    if (url === `/api/work-orders/${workOrderId}`) {
      if (!server.workOrder || server.workOrder === 'error')
        return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Database down' } });
      return jsonResponse(200, server.workOrder);
    }
    if (url.startsWith(`/api/work-orders/${workOrderId}/tasks`)) {
      return jsonResponse(201, {
        id: 'task-1',
        workOrderId,
        assignedToType: 'vendor',
        assignedToId: null,
        assignedToName: null,
        taskDescription: 'Replace the cartridge',
        taskStatus: 'pending',
        completedAt: null,
        createdAt: new Date().toISOString(),
      });
    }
    if (url === '/api/users?role=vendor') {
      const vendor = (id: string, fullName: string) => ({
        ...makeUser('vendor', { id, fullName }),
        isActive: true,
      });
      return jsonResponse(200, {
        users: [vendor('user-victor', 'Victor Ortiz'), vendor('user-vera', 'Vera Elsewhere')],
        total: 2,
      });
    }
    if (url === '/api/properties/property-1/managers') {
      return jsonResponse(200, {
        managers: [
          {
            id: 'pm-1',
            userId: 'user-maria',
            fullName: 'Maria Santos',
            email: 'maria@commonwise.test',
            isPrimary: true,
            assignedAt: minutesAgo(600),
          },
        ],
      });
    }
    if (url === '/api/properties/property-1/residents') {
      const resident = (userId: string, fullName: string, status: string) => ({
        id: `pr-${userId}`,
        userId,
        fullName,
        email: `${userId}@commonwise.test`,
        unitNumber: '14B',
        moveInDate: null,
        status,
      });
      return jsonResponse(200, {
        residents: [
          resident('user-ryan', 'Ryan Chen', 'active'),
          resident('user-olivia', 'Olivia Moved', 'inactive'),
        ],
      });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${method} ${url}` } });
  });
  return server;
}

function renderChat(initialEntry = '/chat', user = resident) {
  return renderRoutes([{ path: '/chat', element: <ChatPage /> }], { initialEntry, user });
}

const threadList = () => screen.getByRole('list', { name: 'Conversations' });
const threadButton = (name: RegExp) => within(threadList()).getByRole('button', { name });
const chat = () => screen.getByRole('region', { name: 'Chat' });

describe('ChatPage', () => {
  it('welcomes the person when no conversation is open, and lists theirs newest first', async () => {
    fakeServer();
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Welcome to AI Assistant' })).toBeInTheDocument();
    expect(
      screen.getByText('Start a new conversation or select an existing thread to continue chatting.'),
    ).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('button')[0]!.textContent)).toEqual([
      expect.stringMatching(/^Leaking faucet/),
      expect.stringMatching(/^Pool hours/),
    ]);
  });

  it('opens the conversation named by ?thread= with its messages, role labels and times', async () => {
    fakeServer({
      messages: {
        'thread-a': [
          message('m1', {
            role: 'user',
            senderId: resident.id,
            content: 'My kitchen faucet is leaking',
            createdAt: new Date(2026, 2, 18, 9, 5).toISOString(),
          }),
          message('m2', { content: 'Where is it?', createdAt: new Date(2026, 2, 18, 9, 6).toISOString() }),
        ],
      },
    });
    renderChat('/chat?thread=thread-a');
    expect(await within(chat()).findByRole('heading', { name: 'Leaking faucet' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Messages' });
    const [first, second] = await within(log).findAllByRole('article');
    expect(first).toHaveTextContent('Resident9:05 AMMy kitchen faucet is leaking');
    expect(second).toHaveTextContent('AI Assistant9:06 AMWhere is it?');
    expect(threadButton(/^Leaking faucet/)).toHaveAttribute('aria-current', 'true');
  });

  it('shows text that looks like HTML as written, never as markup', async () => {
    fakeServer({
      messages: {
        'thread-a': [message('m1', { content: '<img src=x onerror="alert(1)"><b>bold</b>' })],
      },
    });
    renderChat('/chat?thread=thread-a');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(log.querySelector('img, b')).toBeNull();
  });

  it('shows a cited passage as a quote with the document and page', async () => {
    fakeServer({
      messages: {
        'thread-a': [
          message('m1', {
            content: 'According to "Community Rules" (page 3): "Quiet hours are 10 PM to 7 AM."',
            metadata: {
              citation: {
                documentName: 'Community Rules',
                page: 3,
                excerpt: 'Quiet hours are 10 PM to 7 AM.',
              },
            },
          }),
        ],
      },
    });
    renderChat('/chat?thread=thread-a');
    const quote = await screen.findByRole('blockquote');
    expect(quote).toHaveTextContent('Quiet hours are 10 PM to 7 AM.');
    expect(quote).toHaveTextContent('— Community Rules, page 3');
  });

  it('greets the person in an empty conversation', async () => {
    fakeServer();
    renderChat('/chat?thread=thread-b');
    expect(await screen.findByText('Hi Ryan, how can I help you today?')).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  });

  it('shows the workflow badges, and its summary card behind Details', async () => {
    fakeServer({
      workflows: {
        'thread-a': {
          id: 'wf-1',
          threadId: 'thread-a',
          workflowType: 'maintenance_request',
          workflowStatus: 'pending_human',
          currentStep: 'asking_urgency',
          summary: 'Leaking kitchen faucet',
          createdAt: minutesAgo(1),
        },
      },
    });
    renderChat('/chat?thread=thread-a');
    const details = await within(chat()).findByRole('button', { name: 'Details' });
    expect(within(chat()).getByText('Maintenance Request')).toBeInTheDocument();
    expect(within(chat()).getByText('Waiting for staff')).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const card = await screen.findByRole('region', { name: 'Workflow summary' });
    expect(card).toHaveTextContent('Asking urgency');
    expect(card).toHaveTextContent('Leaking kitchen faucet');
  });

  it('sends a message, shows the typing indicator until the answer arrives, and never sends whitespace', async () => {
    const server = fakeServer();
    renderChat('/chat?thread=thread-b');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '   {Enter}');
    expect(server.posted).toEqual([]);

    await userEvent.type(box, 'The hallway light is out{Enter}');
    expect(server.posted).toEqual([
      { url: 'POST /api/chat/threads/thread-b/messages', body: { content: 'The hallway light is out' } },
    ]);
    expect(await screen.findByRole('status', { name: 'AI Assistant is typing' })).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(within(chat()).getByText('The hallway light is out')).toBeInTheDocument();

    emitRealtime('thread:thread-b', 'message.created', {
      ...message('reply-1', { threadId: 'thread-b', content: 'Is it in your unit or a common area?' }),
      createdAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(await within(chat()).findByText('Is it in your unit or a common area?')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'AI Assistant is typing' })).not.toBeInTheDocument();
  });

  it('stops the typing indicator and keeps the text when the send fails', async () => {
    fakeServer({ failPost: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderChat('/chat?thread=thread-b');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Is the pool open?{Enter}');
    expect(await screen.findByText('Your message was not sent: Try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'AI Assistant is typing' })).not.toBeInTheDocument();
    expect(box).toHaveValue('Is the pool open?');
    expect(box).toBeEnabled();
  });

  it('New Chat puts a New Conversation on top and opens it', async () => {
    fakeServer();
    const { router } = renderChat('/chat?thread=thread-b');
    await within(chat()).findByRole('heading', { name: 'Pool hours' });
    await userEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(await within(chat()).findByRole('heading', { name: 'New Conversation' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?thread=thread-new');
    const first = within(threadList()).getAllByRole('listitem')[0]!;
    expect(within(first).getAllByRole('button')[0]).toHaveAttribute('aria-current', 'true');
    expect(first).toHaveTextContent('New Conversation');
  });

  it('says so when a new conversation cannot be created', async () => {
    fakeServer({ failCreate: true });
    renderChat();
    await screen.findByRole('heading', { name: 'Welcome to AI Assistant' });
    await userEvent.click(screen.getAllByRole('button', { name: 'New Chat' })[0]!);
    expect(await screen.findByText('Failed to create new chat thread')).toBeInTheDocument();
  });

  it('deletes the open conversation after confirming, and opens the first remaining one', async () => {
    const server = fakeServer({
      threads: [
        thread('thread-a', 'Leaking faucet', 5),
        thread('thread-b', 'Pool hours', 60),
        thread('thread-c', 'Parking', 90),
      ],
    });
    const { router } = renderChat('/chat?thread=thread-b');
    await within(chat()).findByRole('heading', { name: 'Pool hours' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation: Pool hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete conversation' });
    // Cancel keeps it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.posted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation: Pool hours' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(chat()).findByRole('heading', { name: 'Leaking faucet' })).toBeInTheDocument();
    expect(server.posted).toEqual([{ url: 'DELETE /api/chat/threads/thread-b', body: undefined }]);
    expect(router.state.location.search).toBe('?thread=thread-a');
    expect(within(threadList()).queryByText('Pool hours')).not.toBeInTheDocument();
  });

  it('keeps the open conversation when another one is deleted, and shows none after the last', async () => {
    fakeServer({ threads: [thread('thread-a', 'Leaking faucet', 5), thread('thread-b', 'Pool hours', 60)] });
    const { router } = renderChat('/chat?thread=thread-a');
    await within(chat()).findByRole('heading', { name: 'Leaking faucet' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation: Pool hours' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(threadList()).queryByText('Pool hours')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?thread=thread-a');

    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation: Leaking faucet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to AI Assistant' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says so when a conversation cannot be deleted, and keeps it', async () => {
    fakeServer({ failDelete: true });
    renderChat('/chat?thread=thread-a');
    await within(chat()).findByRole('heading', { name: 'Leaking faucet' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation: Leaking faucet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete chat thread')).toBeInTheDocument();
    expect(threadButton(/^Leaking faucet/)).toBeInTheDocument();
  });

  it('follows the thread list live: a renamed thread, one created or deleted elsewhere', async () => {
    fakeServer();
    renderChat();
    await screen.findByRole('list', { name: 'Conversations' });
    emitRealtime(`user:${resident.id}:threads`, 'thread.updated', {
      ...thread('thread-b', 'Pool opening hours', 0),
    });
    // Renamed and used last: now on top.
    await waitFor(() =>
      expect(within(threadList()).getAllByRole('listitem')[0]).toHaveTextContent('Pool opening hours'),
    );
    emitRealtime(`user:${resident.id}:threads`, 'thread.deleted', { id: 'thread-a' });
    await waitFor(() => expect(within(threadList()).queryByText('Leaking faucet')).not.toBeInTheDocument());
    emitRealtime(`user:${resident.id}:threads`, 'thread.created', thread('thread-z', 'New Conversation', 0));
    expect(
      await within(threadList()).findByRole('button', { name: /^New Conversation/ }),
    ).toBeInTheDocument();
  });

  describe('the work order panel', () => {
    const tied = message('m1', {
      content: 'I have opened work order #3ec11b30.',
      metadata: { work_order_id: workOrderId, room_id: 'room-1' },
    });

    it('shows the work order a message is tied to: details, room, empty activity and tasks', async () => {
      fakeServer({ messages: { 'thread-a': [tied] }, workOrder });
      renderChat('/chat?thread=thread-a');
      const panel = await screen.findByRole('region', { name: 'Work Order' });
      const details = await within(panel).findByRole('region', { name: 'Work order details' });
      expect(details).toHaveTextContent('#3ec11b30');
      expect(details).toHaveTextContent('New');
      expect(details).toHaveTextContent('Normal');
      expect(details).toHaveTextContent('Willow Creek Commons');
      expect(details).toHaveTextContent('Mar 25, 2026');
      expect(within(details).getByRole('link', { name: 'Leaking kitchen faucet' })).toHaveAttribute(
        'href',
        '/work-rooms?room=room-1',
      );
      expect(within(panel).getByText('No activities yet')).toBeInTheDocument();
      // A resident does not create tasks.
      expect(within(panel).queryByRole('form', { name: 'Create task' })).not.toBeInTheDocument();

      // Toggled from the chat header.
      const toggle = within(chat()).getByRole('button', { name: 'Work order' });
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(toggle);
      expect(screen.queryByRole('region', { name: 'Work Order' })).not.toBeInTheDocument();
      await userEvent.click(toggle);
      expect(await screen.findByRole('region', { name: 'Work Order' })).toBeInTheDocument();
    });

    it('has no panel when no message is tied to a work room', async () => {
      fakeServer({ messages: { 'thread-a': [message('m1', { content: 'Hello' })] }, workOrder });
      renderChat('/chat?thread=thread-a');
      await within(chat()).findByText('Hello');
      expect(screen.queryByRole('region', { name: 'Work Order' })).not.toBeInTheDocument();
      expect(within(chat()).queryByRole('button', { name: 'Work order' })).not.toBeInTheDocument();
    });

    it('says the details were not found, with a toast, when they cannot be loaded', async () => {
      fakeServer({ messages: { 'thread-a': [tied] }, workOrder: 'error' });
      renderChat('/chat?thread=thread-a');
      expect(await screen.findByText('No work order details found')).toBeInTheDocument();
      expect(await screen.findByText('Failed to load work order details')).toBeInTheDocument();
    });

    it('lets a manager create a task', async () => {
      const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
      const server = fakeServer({ messages: { 'thread-a': [tied] }, workOrder });
      renderChat('/chat?thread=thread-a', manager);
      const form = await screen.findByRole('form', { name: 'Create task' });
      await userEvent.click(within(form).getByRole('button', { name: 'Create Task' }));
      expect(await within(form).findByText('Describe the task')).toBeInTheDocument();
      await userEvent.type(
        within(form).getByRole('textbox', { name: 'Task description' }),
        'Replace the cartridge',
      );
      await userEvent.click(within(form).getByRole('button', { name: 'Create Task' }));
      expect(await screen.findByText('Task has been assigned successfully')).toBeInTheDocument();
      expect(screen.getByText('Task Created')).toBeInTheDocument();
      expect(server.posted).toContainEqual({
        url: `POST /api/work-orders/${workOrderId}/tasks`,
        body: { taskDescription: 'Replace the cartridge', assignedToType: 'vendor', assignedToId: null },
      });
    });

    it("offers for a task only the work order's own people: its vendor, its property's managers and active residents", async () => {
      const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
      const withVendor = { ...workOrder, workOrder: { ...workOrder.workOrder, vendorId: 'user-victor' } };
      const server = fakeServer({ messages: { 'thread-a': [tied] }, workOrder: withVendor });
      const user = userEvent.setup();
      renderChat('/chat?thread=thread-a', manager);
      const form = await screen.findByRole('form', { name: 'Create task' });
      const optionsOf = async (type: string) => {
        await user.click(within(form).getByRole('combobox', { name: 'Assign to' }));
        await user.click(screen.getByRole('option', { name: type }));
        await user.click(within(form).getByRole('combobox', { name: 'Person' }));
        await screen.findAllByRole('option');
        return screen.getAllByRole('option').map((option) => option.textContent);
      };
      expect(await optionsOf('Vendor')).toEqual(['Victor Ortiz']);
      expect(await optionsOf('Manager')).toEqual(['Maria Santos']);
      expect(await optionsOf('Resident')).toEqual(['Ryan Chen']);

      await user.click(screen.getByRole('option', { name: 'Ryan Chen' }));
      await user.type(within(form).getByRole('textbox', { name: 'Task description' }), 'Let the plumber in');
      await user.click(within(form).getByRole('button', { name: 'Create Task' }));
      await waitFor(() =>
        expect(server.posted).toContainEqual({
          url: `POST /api/work-orders/${workOrderId}/tasks`,
          body: {
            taskDescription: 'Let the plumber in',
            assignedToType: 'resident',
            assignedToId: 'user-ryan',
          },
        }),
      );
    });
  });
});
