import { describe, expect, it } from 'vitest';
import { bellLabel, formatRelativeTime, formatUnreadBadge } from './format.ts';

describe('notification formatting', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');

  it('says how long ago, and "just now" for the last minute or a clock ahead', () => {
    expect(formatRelativeTime('2026-11-22T11:59:30.000Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-22T12:00:20.000Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-22T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-19T12:00:00.000Z', now)).toBe('3 days ago');
  });

  it('hides the badge at 0 and caps it at 99+', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(7)).toBe('7');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(250)).toBe('Notifications, 99+ unread');
  });
});
