import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementFeed, AnnouncementList } from '@commonwise/contracts';
import { appWithWillowSeed } from '../test/demo-community.ts';
import { injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoAnnouncements } from './seed-announcements.ts';

/** Willow Creek's demo announcements (issue 23), as the people of the demo see them. */

let t: TestApp;
let willowId: string;

const get = async (who: 'resident' | 'manager' | 'board', url: string) =>
  injectAs(t.app, await t.cookieFor(who), { method: 'GET', url });

beforeAll(async () => {
  ({ t, willowId } = await appWithWillowSeed(seedDemoAnnouncements));
});
afterAll(async () => t?.close());

describe('the demo announcements', () => {
  it('show the resident of 14B the pool opening, the owners’ call and the shut-off to acknowledge', async () => {
    const feed = (await get('resident', '/api/me/announcements')).json<AnnouncementFeed>();
    expect(feed.announcements.map((item) => item.title)).toEqual([
      'Water shut-off on Tuesday, 9 a.m. to 1 p.m.',
      'The pool opens for the season on Saturday',
      'Board election: candidates wanted',
    ]);
    expect(feed.unread).toBe(3);
    const shutOff = feed.announcements[0]!;
    expect(shutOff).toMatchObject({ requiresAck: true, isForMe: true, acknowledgedAt: null });
  });

  it('give the manager counts, with a few acknowledged, and a draft', async () => {
    const list = (await get('manager', `/api/properties/${willowId}/announcements`)).json<AnnouncementList>();
    expect(list.announcements.map((item) => item.status).sort()).toEqual([
      'draft',
      'published',
      'published',
      'published',
    ]);
    const shutOff = list.announcements.find((item) => item.requiresAck)!;
    expect(shutOff.audience.label).toBe('Units 13A, 13B, 14A, 14B, 15A, 15B');
    expect(shutOff.counts.acknowledged).toBe(2);
    expect(shutOff.counts.recipients).toBeGreaterThan(shutOff.counts.acknowledged);
  });

  it('show the pool opening in Spanish to a resident who reads Spanish, with the original', async () => {
    const cookie = await t.cookieFor('resident');
    const chose = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: { language: 'es' },
    });
    expect(chose.statusCode).toBe(200);
    const feed = (await get('resident', '/api/me/announcements')).json<AnnouncementFeed>();
    const pool = feed.announcements.find((item) => item.language === 'es');
    expect(pool).toMatchObject({
      title: 'La piscina abre la temporada el sábado',
      original: { language: 'en', title: 'The pool opens for the season on Saturday' },
    });
    await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: { language: 'en' },
    });
  });
});
