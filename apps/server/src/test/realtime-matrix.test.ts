import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeChannels, roles, type Role } from '@commonwise/contracts';
import { listenForRealtime, TestSocket } from '../modules/realtime/test-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { loadFixtures, type Fixtures } from './route-examples.ts';

/**
 * The authorization matrix for the WebSocket (issue 11): every kind of channel × anonymous and the six
 * roles × their own, another person's and another property's resource. Access is checked on each
 * subscribe (modules/realtime/channel-access.ts); refusals never say whether a thread or room exists.
 */
let t: TestApp;
let fixtures: Fixtures;
let url: string;
const sockets = new Map<Role, TestSocket>();
let cases = 0;

beforeAll(async () => {
  t = await createTestApp();
  fixtures = await loadFixtures(t.database.db, t.app);
  url = await listenForRealtime(t.app);
  for (const role of roles)
    sockets.set(role, await TestSocket.open(url, { cookie: await t.cookieFor(role) }));
});
afterAll(async () => {
  console.info(JSON.stringify({ realtimeMatrix: { channelKinds: 5, roles: roles.length, cases } }));
  for (const socket of sockets.values()) socket.close();
  await t.close();
});

type Answer = 'subscribed' | 'FORBIDDEN' | 'NOT_FOUND';

async function answerTo(role: Role, channel: string): Promise<Answer> {
  cases += 1;
  const message = await sockets.get(role)!.subscribe(channel);
  if (message.op === 'subscribed') return 'subscribed';
  if (message.op === 'error' && (message.code === 'FORBIDDEN' || message.code === 'NOT_FOUND'))
    return message.code;
  throw new Error(`unexpected answer to ${channel}: ${JSON.stringify(message)}`);
}

/** Someone else: the admin for everyone, the board member for the admin. */
const otherPerson = (role: Role) => fixtures.userIds[role === 'admin' ? 'board' : 'admin']!;
const everywhere = (role: Role) => role === 'admin';
/** Sees every room of Willow Creek without taking part: its manager, and its board's president. */
const oversees = (role: Role) => role === 'manager' || role === 'board';

describe('realtime authorization matrix', () => {
  it('refuses anonymous connections before the upgrade', async () => {
    cases += 1;
    await expect(TestSocket.open(url)).rejects.toMatchObject({ status: 401 });
  });

  describe.each(roles.map((role) => [role]))('%s', (role: Role) => {
    const me = () => fixtures.userIds[role]!;

    it('may follow their own thread list and work, nobody else’s', async () => {
      expect(await answerTo(role, realtimeChannels.userThreads(me()))).toBe('subscribed');
      expect(await answerTo(role, realtimeChannels.userWork(me()))).toBe('subscribed');
      expect(await answerTo(role, realtimeChannels.userThreads(otherPerson(role)))).toBe('FORBIDDEN');
      expect(await answerTo(role, realtimeChannels.userWork(otherPerson(role)))).toBe('FORBIDDEN');
    });

    it('may follow their own conversations, not another person’s', async () => {
      expect(await answerTo(role, realtimeChannels.thread(fixtures.threads[role]!.kept))).toBe('subscribed');
      const other = fixtures.threads[role === 'admin' ? 'board' : 'admin']!.kept;
      expect(await answerTo(role, realtimeChannels.thread(other))).toBe('NOT_FOUND');
    });

    it('may follow the counts of their association’s announcements if they write them, no others', async () => {
      // Willow Creek's: its manager and board (admins: every association's); Harbor View's: admins only.
      const writes = role === 'admin' || role === 'manager' || role === 'board';
      expect(await answerTo(role, realtimeChannels.announcement(fixtures.announcementIds.willow))).toBe(
        writes ? 'subscribed' : 'FORBIDDEN',
      );
      expect(await answerTo(role, realtimeChannels.announcement(fixtures.announcementIds.harbor))).toBe(
        role === 'admin' ? 'subscribed' : writes ? 'NOT_FOUND' : 'FORBIDDEN',
      );
    });

    it('may follow the rooms they take part in or oversee, no others', async () => {
      // The sink leak room: its resident, manager and vendor; admins see every room, Willow Creek's
      // board every room of Willow Creek.
      const inSinkRoom = role !== 'developer';
      expect(await answerTo(role, realtimeChannels.room(fixtures.sinkRoomId))).toBe(
        inSinkRoom ? 'subscribed' : 'NOT_FOUND',
      );
      // Another room of the same property (the manager and the developer are in it): not the resident's or vendor's.
      const inDeveloperRoom = everywhere(role) || oversees(role) || role === 'developer';
      expect(await answerTo(role, realtimeChannels.room(fixtures.developerRoomId))).toBe(
        inDeveloperRoom ? 'subscribed' : 'NOT_FOUND',
      );
      // A room of another property: a board member of Willow Creek sees nothing of Harbor View.
      expect(await answerTo(role, realtimeChannels.room(fixtures.harborRoomId))).toBe(
        everywhere(role) ? 'subscribed' : 'NOT_FOUND',
      );
    });
  });
});
