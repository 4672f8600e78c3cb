import type {
  Announcement,
  AnnouncementDisplayStatus,
  AnnouncementRecipientFilter,
} from '@commonwise/contracts';
import { format } from 'date-fns';

export const announcementStatusColors: Record<AnnouncementDisplayStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  published: 'green',
  withdrawn: 'red',
  expired: 'orange',
};

export const recipientFilterLabels: Record<AnnouncementRecipientFilter, string> = {
  all: 'All',
  unread: 'Not yet read',
  unacknowledged: 'Not yet acknowledged',
};

/** "Mar 4, 2027 at 6:00 PM": a moment in the reader's own time. */
export function formatWhen(iso: string): string {
  return format(new Date(iso), "MMM d, yyyy 'at' h:mm a");
}

export const peopleText = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'}`;

/** "12 of 40 read", "3 of 40 acknowledged". */
export const shareText = (count: number, of: number, what: string) =>
  `${count.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} ${what}`;

/** The date an author's list shows for an announcement, with what it means. */
export function statusDateText(announcement: Announcement): string {
  switch (announcement.status) {
    case 'scheduled':
      return announcement.publishAt ? `Goes out ${formatWhen(announcement.publishAt)}` : 'Scheduled';
    case 'published':
    case 'expired':
      return announcement.publishedAt ? `Published ${formatWhen(announcement.publishedAt)}` : 'Published';
    case 'withdrawn':
      return announcement.withdrawnAt ? `Withdrawn ${formatWhen(announcement.withdrawnAt)}` : 'Withdrawn';
    default:
      return `Last edited ${formatWhen(announcement.updatedAt)}`;
  }
}

/** Whether people have received it, so read and acknowledged counts mean something. */
export const isSent = (announcement: Pick<Announcement, 'status' | 'publishedAt'>) =>
  announcement.publishedAt !== null && announcement.status !== 'draft' && announcement.status !== 'scheduled';

/** A moment as a datetime-local input shows it: the browser's own time zone, to the minute. */
export function toLocalInput(iso: string | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** What a datetime-local input holds (the browser's time), as an instant for the server; null if empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The browser's time zone, to say in which zone a time is typed ("America/Chicago"). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A line or two of an announcement's text for a list, without its markdown-lite markers. */
export function excerptOf(body: string, length = 180): string {
  const text = body
    .replace(/\[([^\]\n]+)\]\([^)\s]+\)/g, '$1')
    .replace(/\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])/g, '')
    .replace(/^\s{0,3}(?:[-*]|\d{1,9}[.)])\s+/gm, '')
    .replace(/\\([\\*_[\]()`#\-.!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
