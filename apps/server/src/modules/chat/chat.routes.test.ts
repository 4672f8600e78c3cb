import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantReplyQueue } from '@commonwise/contracts';
import { chatThreads } from '../../db/schema/index.ts';
import { jobRows } from '../../test/job-rows.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor('resident');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
  injectAs(t.app, as, { method, url, ...(payload ? { payload } : {}) });

describe('conversations', () => {
  it("starts a 'New Conversation' that comes first in the list", async () => {
    const created = await call('POST', '/api/chat/threads', {});
    expect(created.statusCode).toBe(201);
    expect(created.json().title).toBe('New Conversation');
    const list = (await call('GET', '/api/chat/threads')).json();
    expect(list.threads[0].id).toBe(created.json().id);
    expect(list.threads.map((thread: { title: string }) => thread.title)).toContain('Leaking kitchen sink');
  });

  it('deletes softly: gone from the list and unreachable, the history kept', async () => {
    const thread = (await call('POST', '/api/chat/threads', {})).json();
    expect((await call('DELETE', `/api/chat/threads/${thread.id}`)).statusCode).toBe(204);
    const list = (await call('GET', '/api/chat/threads')).json();
    expect(list.threads.map((item: { id: string }) => item.id)).not.toContain(thread.id);
    expect((await call('GET', `/api/chat/threads/${thread.id}/messages`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, thread.id));
    expect(row!.isActive).toBe(false);
  });

  it("keeps other people's conversations out of reach", async () => {
    const mine = (await call('POST', '/api/chat/threads', {})).json();
    const board = await t.cookieFor('board');
    expect((await call('GET', `/api/chat/threads/${mine.id}/messages`, undefined, board)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/chat/threads/${mine.id}/messages`, { content: 'hi' }, board)).statusCode,
    ).toBe(404);
  });
});

describe('messages', () => {
  it('stores a message unprocessed, moves the conversation to the top, and queues one reply', async () => {
    const older = (await call('POST', '/api/chat/threads', {})).json();
    const thread = (await call('POST', '/api/chat/threads', {})).json();
    const posted = await call('POST', `/api/chat/threads/${older.id}/messages`, {
      content: '  The hallway light is out  ',
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      role: 'user',
      content: 'The hallway light is out',
      processed: false,
      senderName: 'Ryan Chen',
    });
    const list = (await call('GET', '/api/chat/threads')).json();
    expect(list.threads[0].id).toBe(older.id);
    expect(list.threads[1].id).toBe(thread.id);

    const queued = await jobRows(t.database.db, { queue: assistantReplyQueue });
    expect(
      queued.filter((job) => (job.payload as { messageId: string }).messageId === posted.json().id),
    ).toHaveLength(1);

    const messages = (await call('GET', `/api/chat/threads/${older.id}/messages`)).json().messages;
    expect(messages.map((message: { content: string }) => message.content)).toEqual([
      'The hallway light is out',
    ]);
  });

  it('never sends whitespace', async () => {
    const thread = (await call('POST', '/api/chat/threads', {})).json();
    const blank = await call('POST', `/api/chat/threads/${thread.id}/messages`, { content: ' \n\t ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ content: 'Type a message first' });
  });

  it('shows the latest workflow summary of a conversation, or none', async () => {
    const threads = (await call('GET', '/api/chat/threads')).json().threads;
    const seeded = threads.find((thread: { title: string }) => thread.title === 'Leaking kitchen sink');
    const workflow = (await call('GET', `/api/chat/threads/${seeded.id}/workflow`)).json().workflow;
    expect(workflow).toMatchObject({ workflowType: 'maintenance_request', workflowStatus: 'active' });
    const fresh = (await call('POST', '/api/chat/threads', {})).json();
    expect((await call('GET', `/api/chat/threads/${fresh.id}/workflow`)).json()).toEqual({ workflow: null });
  });
});
