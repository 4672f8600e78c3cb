import type {
  ChatMessage,
  ChatThread,
  WorkflowSummary,
  WorkOrderActivity,
  WorkOrderDetail,
  WorkOrderTask,
} from '@commonwise/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { ChatPage } from './ChatPage.tsx';

// The realtime connection, replaced by channels the test delivers events to.
vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));

beforeAll(stubDocumentFonts);
beforeEach(clearRealtimeChannels);
// Toasts live in one store for the whole file: each test starts without the last one's.
beforeEach(() => act(() => notifications.clean()));

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
    reference: 'WC-1001',
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
  rooms: [
    {
      id: 'room-1',
      roomName: 'Leaking kitchen faucet',
      roomType: 'work_order',
      isActive: true,
      createdAt: minutesAgo(3),
    },
  ],
  permissions: { canManage: false, canWorkOnTasks: false },
  resident: { id: 'user-ryan', fullName: 'Ryan Chen', units: ['14B'] },
  vendor: null,
};
/** The same work order as its property's manager sees it. */
const managedWorkOrder: WorkOrderDetail = {
  ...workOrder,
  permissions: { canManage: true, canWorkOnTasks: true },
};

function task(id: string, taskDescription: string): WorkOrderTask {
  return {
    id,
    workOrderId,
    assignedToType: 'vendor',
    assignedToId: null,
    assignedToName: null,
    taskDescription,
    taskStatus: 'pending',
    completedAt: null,
    createdAt: minutesAgo(2),
    dueDate: null,
    completionNote: null,
    flagReason: null,
    flaggedAt: null,
  };
}

function activityEntry(id: string, description: string): WorkOrderActivity {
  return {
    id,
    workOrderId,
    activityType: 'assigned',
    entityType: 'task',
    entityId: null,
    description,
    metadata: {},
    actorName: 'Maria Santos',
    createdAt: minutesAgo(1),
  };
}

type Server = {
  threads: ChatThread[];
  messages: Record<string, ChatMessage[]>;
  workflows: Record<string, WorkflowSummary | null>;
  workOrder?: WorkOrderDetail | 'error';
  /** The work order's tasks (oldest first) and activity (newest first), served a page at a time. */
  tasks: WorkOrderTask[];
  activity: WorkOrderActivity[];
  failPost?: boolean;
  failDelete?: boolean;
  failCreate?: boolean;
  /** Messages per page (the server's default is 50). */
  pageSize?: number;
  posted: { url: string; body: unknown }[];
};

function fakeServer(overrides: Partial<Server> = {}): Server {
  const server: Server = {
    threads: [thread('thread-a', 'Leaking faucet', 5), thread('thread-b', 'Pool hours', 60 * 30)],
    messages: {},
    workflows: {},
    posted: [],
    tasks: [],
    activity: [],
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
    const threadMatch = /^\/api\/chat\/threads\/([^/?]+)(\/messages|\/workflow)?(?:\?.*)?$/.exec(url);
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
      if (part === '/messages') {
        // Read backwards like the server: the newest `pageSize`, or those before `before`.
        const all = server.messages[id] ?? [];
        const before = new URLSearchParams(url.split('?')[1] ?? '').get('before');
        const end = before ? all.findIndex((candidate) => candidate.id === before) : all.length;
        const start = Math.max(0, end - (server.pageSize ?? 50));
        return jsonResponse(200, { messages: all.slice(start, end), hasMore: start > 0 });
      }
    }
    if (url === `/api/work-orders/${workOrderId}`) {
      if (!server.workOrder || server.workOrder === 'error')
        return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Database down' } });
      return jsonResponse(200, server.workOrder);
    }
    const [path, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    if (path === `/api/work-orders/${workOrderId}/tasks` && method === 'GET') {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      return jsonResponse(200, {
        tasks: server.tasks.slice((page - 1) * limit, page * limit),
        total: server.tasks.length,
        page,
        limit,
      });
    }
    if (path === `/api/work-orders/${workOrderId}/activity`) {
      const limit = Number(query.get('limit') ?? 20);
      const before = query.get('before');
      const from = before ? server.activity.findIndex((entry) => entry.id === before) + 1 : 0;
      return jsonResponse(200, {
        activity: server.activity.slice(from, from + limit),
        hasMore: server.activity.length > from + limit,
      });
    }
    if (path === `/api/work-orders/${workOrderId}/tasks`) {
      const created = task(
        `task-${server.tasks.length + 1}`,
        (body as { taskDescription: string }).taskDescription,
      );
      server.tasks = [...server.tasks, created];
      server.activity = [
        activityEntry(`activity-${server.activity.length + 1}`, `Task assigned: ${created.taskDescription}`),
        ...server.activity,
      ];
      return jsonResponse(201, created);
    }
    if (url === `/api/work-orders/${workOrderId}/task-assignees`) {
      return jsonResponse(200, {
        people: [
          { id: 'user-maria', fullName: 'Maria Santos', assignedToType: 'manager' },
          { id: 'user-lee', fullName: 'Lee Colleague', assignedToType: 'manager' },
          { id: 'user-victor', fullName: 'Victor Ortiz', assignedToType: 'vendor' },
        ],
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
    // Reading a conversation marks it read (the navigation's unread count).
    if (method === 'POST' && url.endsWith('/seen')) return new Response(null, { status: 204 });
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
    expect(first).toHaveTextContent('You9:05 AMMy kitchen faucet is leaking');
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

  it('loads a long conversation a page at a time, keeping the earlier pages when a message arrives live', async () => {
    const long = Array.from({ length: 7 }, (_, index) =>
      message(`long-${index + 1}`, {
        threadId: 'thread-a',
        content: `Message number ${index + 1}`,
        createdAt: minutesAgo(30 - index),
      }),
    );
    fakeServer({ messages: { 'thread-a': long }, pageSize: 3 });
    const user = userEvent.setup();
    renderChat('/chat?thread=thread-a');
    expect(await within(chat()).findByText('Message number 7')).toBeInTheDocument();
    expect(within(chat()).getByText('Message number 5')).toBeInTheDocument();
    expect(within(chat()).queryByText('Message number 4')).not.toBeInTheDocument();

    await user.click(within(chat()).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(chat()).findByText('Message number 2')).toBeInTheDocument();
    await user.click(within(chat()).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(chat()).findByText('Message number 1')).toBeInTheDocument();
    expect(within(chat()).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();

    // A message arriving live goes at the end; what was read stays.
    emitRealtime('thread:thread-a', 'message.created', {
      ...message('live-1', { threadId: 'thread-a', content: 'Arrived live', role: 'assistant' }),
      createdAt: new Date().toISOString(),
    });
    expect(await within(chat()).findByText('Arrived live')).toBeInTheDocument();
    const texts = within(chat())
      .getAllByText(/^(Message number \d|Arrived live)$/)
      .map((element) => element.textContent);
    expect(texts).toEqual([...long.map((item) => item.content), 'Arrived live']);
  });

  it('says it is offline instead of typing, and sends once back online (issue 26)', async () => {
    const server = fakeServer();
    renderChat('/chat?thread=thread-b');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    act(() => onlineManager.setOnline(false));
    try {
      expect(await screen.findByText('You are offline')).toBeInTheDocument();
      await userEvent.type(box, 'Is the gym open?{Enter}');
      expect(
        await screen.findByText('Your message will be sent when you are back online.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('status', { name: 'AI Assistant is typing' })).not.toBeInTheDocument();
      expect(server.posted).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() =>
      expect(server.posted).toEqual([
        { url: 'POST /api/chat/threads/thread-b/messages', body: { content: 'Is the gym open?' } },
      ]),
    );
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'AI Assistant is typing' })).toBeInTheDocument();
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
      expect(details).toHaveTextContent('WC-1001 · #3ec11b30');
      expect(details).toHaveTextContent('New');
      expect(details).toHaveTextContent('Normal');
      expect(details).toHaveTextContent('Willow Creek Commons');
      expect(details).toHaveTextContent('Mar 25, 2026');
      expect(within(details).getByRole('link', { name: 'Leaking kitchen faucet' })).toHaveAttribute(
        'href',
        '/work-rooms?room=room-1',
      );
      expect(await within(panel).findByText('No activities yet')).toBeInTheDocument();
      expect(within(panel).getByText('No tasks yet')).toBeInTheDocument();
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

    it('shows the tasks and the activity a page at a time, and a new task where the list ends', async () => {
      const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
      const tasks = Array.from({ length: 23 }, (_, index) =>
        task(`task-${index + 1}`, `Task number ${index + 1}`),
      );
      const activity = Array.from({ length: 25 }, (_, index) =>
        activityEntry(`activity-${index + 1}`, `Entry ${index + 1}`),
      );
      fakeServer({ messages: { 'thread-a': [tied] }, workOrder: managedWorkOrder, tasks, activity });
      const user = userEvent.setup();
      renderChat('/chat?thread=thread-a', manager);
      const panel = await screen.findByRole('region', { name: 'Work Order' });
      expect(await within(panel).findByText('Task number 20')).toBeInTheDocument();
      expect(within(panel).queryByText('Task number 21')).not.toBeInTheDocument();
      expect(within(panel).getByText('20 of 23')).toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: 'Show more tasks' }));
      expect(await within(panel).findByText('Task number 23')).toBeInTheDocument();
      expect(within(panel).queryByRole('button', { name: 'Show more tasks' })).not.toBeInTheDocument();

      expect(within(panel).getByText('Entry 20')).toBeInTheDocument();
      expect(within(panel).queryByText('Entry 21')).not.toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: 'Show older activity' }));
      expect(await within(panel).findByText('Entry 25')).toBeInTheDocument();
      expect(within(panel).queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();

      // A new task: the pages loaded so far are loaded again, the new one at the end, the new entry on top.
      const form = within(panel).getByRole('form', { name: 'Create task' });
      await user.type(within(form).getByRole('textbox', { name: 'Task description' }), 'Check the valve');
      await user.click(within(form).getByRole('button', { name: 'Create Task' }));
      expect(await within(panel).findByText('Check the valve')).toBeInTheDocument();
      expect(within(panel).getByText('Task number 1')).toBeInTheDocument();
      expect(await within(panel).findByText('Task assigned: Check the valve')).toBeInTheDocument();
      expect(within(panel).getByText('Entry 25')).toBeInTheDocument();
    });

    it("names the work order in the message's button by its reference beside the short id", async () => {
      fakeServer({ messages: { 'thread-a': [tied] }, workOrder });
      renderChat('/chat?thread=thread-a');
      const log = await screen.findByRole('log', { name: 'Messages' });
      expect(
        await within(log).findByRole('button', { name: 'View work order WC-1001 · #3ec11b30' }),
      ).toBeInTheDocument();
    });

    it('names the work order by its short id alone while its details cannot be read', async () => {
      fakeServer({ messages: { 'thread-a': [tied] }, workOrder: 'error' });
      renderChat('/chat?thread=thread-a');
      expect(await screen.findByText('No work order details found')).toBeInTheDocument();
      expect(within(chat()).getByRole('button', { name: 'View work order #3ec11b30' })).toBeInTheDocument();
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
      const server = fakeServer({ messages: { 'thread-a': [tied] }, workOrder: managedWorkOrder });
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
        body: {
          taskDescription: 'Replace the cartridge',
          assignedToType: 'vendor',
          assignedToId: null,
          dueDate: null,
        },
      });
    });

    it("offers for a task the property's managers (the viewer as 'you') and the vendor, with a due date", async () => {
      const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
      const withVendor = {
        ...managedWorkOrder,
        workOrder: { ...workOrder.workOrder, vendorId: 'user-victor' },
      };
      const server = fakeServer({ messages: { 'thread-a': [tied] }, workOrder: withVendor });
      const user = userEvent.setup();
      renderChat('/chat?thread=thread-a', manager);
      const form = await screen.findByRole('form', { name: 'Create task' });
      const assignTo = within(form).getByRole('combobox', { name: 'Assign to' });
      await waitFor(() =>
        expect(
          within(assignTo)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual([
          'Nobody in particular',
          'Maria Santos (you)',
          'Lee Colleague (manager)',
          'Victor Ortiz (vendor)',
        ]),
      );
      await user.selectOptions(assignTo, 'Victor Ortiz (vendor)');
      await user.type(within(form).getByRole('textbox', { name: 'Task description' }), 'Let the plumber in');
      await user.type(within(form).getByLabelText('Due date'), '2030-04-02');
      await user.click(within(form).getByRole('button', { name: 'Create Task' }));
      await waitFor(() =>
        expect(server.posted).toContainEqual({
          url: `POST /api/work-orders/${workOrderId}/tasks`,
          body: {
            taskDescription: 'Let the plumber in',
            assignedToType: 'vendor',
            assignedToId: 'user-victor',
            dueDate: '2030-04-02',
          },
        }),
      );
    });

    it('offers no task control where the server says the viewer may not use one, whatever their role', async () => {
      // A manager asking about their own home's request at a property they do not run: like a resident.
      const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
      const tasks = [{ ...task('task-1', 'Replace the cartridge'), taskStatus: 'in_progress' as const }];
      fakeServer({ messages: { 'thread-a': [tied] }, workOrder, tasks });
      renderChat('/chat?thread=thread-a', manager);
      const panel = await screen.findByRole('region', { name: 'Work Order' });
      const item = await within(panel).findByRole('listitem', { name: 'Task: Replace the cartridge' });
      expect(item).toHaveTextContent('In Progress');
      expect(within(item).queryAllByRole('button')).toEqual([]);
      expect(within(item).queryByRole('combobox')).not.toBeInTheDocument();
      expect(within(panel).queryByRole('form', { name: 'Create task' })).not.toBeInTheDocument();
    });
  });
});
