import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from './session-cache.ts';
import type { Actor } from './access.ts';

const ann: Actor = {
  id: 'u1',
  email: 'ann@example.com',
  fullName: 'Ann',
  role: 'admin',
  twoFactorEnabled: false,
};
const bob: Actor = {
  id: 'u2',
  email: 'bob@example.com',
  fullName: 'Bob',
  role: 'vendor',
  twoFactorEnabled: false,
};

afterEach(() => vi.useRealTimers());

describe('session cache', () => {
  it('remembers a session for its time to live, then forgets it', () => {
    vi.useFakeTimers();
    const cache = new SessionCache(1000);
    cache.set('token-a', ann);
    vi.advanceTimersByTime(999);
    expect(cache.get('token-a')).toEqual(ann);
    vi.advanceTimersByTime(1);
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('evicts one session, or every session of a person', () => {
    const cache = new SessionCache();
    cache.set('a1', ann);
    cache.set('a2', ann);
    cache.set('b1', bob);
    cache.evict('a1');
    expect(cache.get('a1')).toBeUndefined();
    cache.evictUser(ann.id);
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toEqual(bob);
  });

  it('drops the oldest entry when full', () => {
    const cache = new SessionCache(1000, 2);
    cache.set('first', ann);
    cache.set('second', ann);
    cache.set('third', bob);
    expect(cache.get('first')).toBeUndefined();
    expect(cache.get('third')).toEqual(bob);
  });
});

describe('session cache keys', () => {
  it('forgets a session by the token inside its signed cookie value', () => {
    const cache = new SessionCache();
    cache.set('tok123.c2lnbmF0dXJl%3D', ann);
    cache.evictToken('tok123');
    expect(cache.get('tok123.c2lnbmF0dXJl%3D')).toBeUndefined();
  });
});
