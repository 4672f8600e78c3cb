import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatMessageTime, formatThreadTime, humanize } from './format.ts';

// Local times, so the labels do not depend on the machine's time zone.
const now = new Date(2026, 2, 18, 15, 30); // Wednesday, March 18, 2026, 3:30 PM

describe('formatThreadTime (SPEC §4)', () => {
  it('shows the time for a thread used in the last 24 hours', () => {
    expect(formatThreadTime(new Date(2026, 2, 18, 9, 5).toISOString(), now)).toBe('9:05 AM');
    // Yesterday, but less than 24 hours ago: still the time.
    expect(formatThreadTime(new Date(2026, 2, 17, 16, 0).toISOString(), now)).toBe('4:00 PM');
  });

  it('shows the weekday from 24 hours to under 7 days', () => {
    expect(formatThreadTime(new Date(2026, 2, 17, 15, 30).toISOString(), now)).toBe('Tuesday');
    expect(formatThreadTime(new Date(2026, 2, 12, 8, 0).toISOString(), now)).toBe('Thursday');
  });

  it('shows month and day from 7 days on', () => {
    expect(formatThreadTime(new Date(2026, 2, 11, 15, 30).toISOString(), now)).toBe('Mar 11');
    expect(formatThreadTime(new Date(2025, 11, 24, 10, 0).toISOString(), now)).toBe('Dec 24');
  });

  it('treats a time slightly in the future (a clock ahead) as recent', () => {
    expect(formatThreadTime(new Date(2026, 2, 18, 15, 31).toISOString(), now)).toBe('3:31 PM');
  });
});

describe('other formats', () => {
  it('gives message times as hour:minute', () => {
    expect(formatMessageTime(new Date(2026, 2, 18, 7, 4, 59).toISOString())).toBe('7:04 AM');
    expect(formatMessageTime(new Date(2026, 2, 18, 19, 45).toISOString())).toBe('7:45 PM');
  });

  it('reads a bare due date as that calendar day', () => {
    expect(formatDate('2026-03-20')).toBe('Mar 20, 2026');
  });

  it('makes stored identifiers readable', () => {
    expect(humanize('asking_where')).toBe('Asking where');
    expect(humanize('work_order_created')).toBe('Work order created');
  });
});

describe('formatDuration', () => {
  it('gives days from 24 hours on, hours under a day, one decimal', () => {
    expect(formatDuration(144)).toBe('6.0 days');
    expect(formatDuration(24)).toBe('1.0 day');
    expect(formatDuration(1)).toBe('1.0 hour');
    expect(formatDuration(5.25)).toBe('5.3 hours');
  });
});
