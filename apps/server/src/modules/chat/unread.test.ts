import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { chatMessages, profiles, properties } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { openWorkOrder } from '../work-orders/open-work-order.ts';

/** Issue 26 item 6: the navigation's and the dashboard's unread counts for threads and rooms. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const as = async (who: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, await t.cookieFor(who), { method, url, ...(payload ? { payload } : {}) });

const unreadOf = async (who: Role) => {
  const response = await as(who, 'GET', '/api/chat/unread');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('unread conversations', () => {
  it("counts the assistant's replies until the person reads the thread, and not their own messages", async () => {
    const before = await unreadOf('resident');
    const thread = (await as('resident', 'POST', '/api/chat/threads')).json();
    const [resident] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'resident@commonwise.test'));
    await t.database.db.insert(chatMessages).values([
      {
        threadId: thread.id,
        senderId: resident!.id,
        role: 'user',
        content: 'Is the pool open?',
        processed: true,
      },
      { threadId: thread.id, role: 'assistant', content: 'Yes, from 8 to 8.', processed: true },
      { threadId: thread.id, role: 'assistant', content: 'Anything else?', processed: true },
    ]);
    const after = await unreadOf('resident');
    expect(after.threads).toEqual({
      conversations: before.threads.conversations + 1,
      messages: before.threads.messages + 2,
    });
    // The conversation list marks it too.
    const marked = async () =>
      (
        (await as('resident', 'GET', '/api/chat/threads')).json().threads as {
          id: string;
          hasUnread: boolean;
        }[]
      ).find((entry) => entry.id === thread.id)?.hasUnread;
    expect(await marked()).toBe(true);
    // Someone else's thread cannot be marked.
    expect((await as('manager', 'POST', `/api/chat/threads/${thread.id}/seen`)).statusCode).toBe(404);
    expect((await as('resident', 'POST', `/api/chat/threads/${thread.id}/seen`)).statusCode).toBe(204);
    expect((await unreadOf('resident')).threads).toEqual(before.threads);
    expect(await marked()).toBe(false);
  });

  it('counts the messages of others in the rooms the person takes part in, until seen', async () => {
    const [willow] = await t.database.db
      .select()
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    const [resident] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'resident@commonwise.test'));
    const { room } = await t.database.db.transaction(async (tx) =>
      openWorkOrder(
        tx,
        {
          residentId: resident!.id,
          propertyId: willow!.id,
          summary: 'Sprinkler broken',
          mainCategory: 'landscaping',
          subcategory: null,
          priority: 'normal',
          details: 'Sprinkler broken by the gate.',
        },
        t.app.notifier,
      ),
    );
    await as('resident', 'POST', `/api/work-rooms/${room.id}/seen`);
    const before = await unreadOf('resident');
    for (const content of ['Thanks, we will look at it', 'A vendor comes Tuesday'])
      expect(
        (await as('manager', 'POST', `/api/work-rooms/${room.id}/messages`, { content })).statusCode,
      ).toBe(201);
    expect((await unreadOf('resident')).rooms).toEqual({
      rooms: before.rooms.rooms + 1,
      messages: before.rooms.messages + 2,
    });
    // The manager wrote them: nothing new for the manager in this room.
    expect((await as('resident', 'POST', `/api/work-rooms/${room.id}/seen`)).statusCode).toBe(204);
    expect((await unreadOf('resident')).rooms).toEqual(before.rooms);
  });
});
