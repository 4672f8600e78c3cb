import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { amenities } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/access.ts';
import { propertyScope } from '../access/scope.ts';
import type { Notifier } from '../notifications/notify.ts';
import { loadAmenities } from './amenities.service.ts';
import { previewBooking } from './bookings.service.ts';
import { Temporal } from './rules.ts';

/**
 * "Book tennis court 2 Saturday 9–10" in the assistant (issue 23 item 5; HOA-DOMAIN §5.3 item 1). A
 * deterministic reading of the message — a booking verb, one of the person's amenities by name, a day and
 * a time range — then the booking service's own checks (`previewBooking`: the same codes and words as a
 * booking), and a reply with the fee and a link that opens the booking page on that time, where the
 * person confirms. The assistant drafts; it never books or charges by itself.
 */

export type BookingAsk = {
  amenityIndex: number;
  /** Null when the message names no day or time: the reply points to the booking page. */
  startsLocal: string | null;
  endsLocal: string | null;
};

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const bookingVerb = /\b(?:book|reserve|booking|reservation)\b/;
/** A request rather than a question: it starts with the verb, or asks for it to be done. */
const asksToBook =
  /^(?:please )?(?:book|reserve)\b|\b(?:i want to|i d like to|id like to|i would like to|can you|could you|please) (?:book|reserve)\b/;

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/[^a-z0-9:\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The amenity the message names: the longest name found, or a name without its first word ("court 2"). */
function amenityNamed(text: string, names: string[]): number {
  let best = -1;
  let bestLength = 0;
  names.forEach((name, index) => {
    const full = normalized(name);
    const short = full.split(' ').slice(1).join(' ');
    const found = text.includes(full)
      ? full.length
      : short.length >= 4 && text.includes(short)
        ? short.length
        : 0;
    if (found > bestLength) {
      best = index;
      bestLength = found;
    }
  });
  return best;
}

function dayNamed(text: string, today: Temporal.PlainDate): Temporal.PlainDate | null {
  if (/\btoday\b/.test(text)) return today;
  if (/\btomorrow\b/.test(text)) return today.add({ days: 1 });
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) {
    try {
      return Temporal.PlainDate.from(iso[0], { overflow: 'reject' });
    } catch {
      return null;
    }
  }
  const monthDay = new RegExp(`\\b(${months.join('|')})[a-z]* (\\d{1,2})\\b`).exec(text);
  if (monthDay) {
    const month = months.indexOf(monthDay[1]!) + 1;
    try {
      let date = Temporal.PlainDate.from(
        { year: today.year, month, day: Number(monthDay[2]) },
        { overflow: 'reject' },
      );
      if (Temporal.PlainDate.compare(date, today) < 0) date = date.add({ years: 1 });
      return date;
    } catch {
      return null;
    }
  }
  const weekday = weekdays.findIndex((name) =>
    new RegExp(`\\b(?:${name}|${name.slice(0, 3)})\\b`).test(text),
  );
  if (weekday >= 0) {
    const ahead = (weekday + 1 - today.dayOfWeek + 7) % 7;
    return today.add({ days: ahead });
  }
  return null;
}

/** "9-10", "9am-10am", "2-6 pm", "14:00 to 18:00": wall-clock start and end (unmarked 1–6 are afternoon). */
function timesNamed(text: string): { start: string; end: string } | null {
  const match =
    /\b(\d{1,2})(?::(\d{2}))? ?(am|pm)? ?(?:-|to|until|till) ?(\d{1,2})(?::(\d{2}))? ?(am|pm)?\b/.exec(text);
  if (!match) return null;
  const [, h1, m1, s1, h2, m2, s2] = match;
  const hour = (value: string, suffix: string | undefined, fallback: string | undefined) => {
    let h = Number(value);
    const marker = suffix ?? fallback;
    if (marker === 'pm' && h < 12) h += 12;
    if (marker === 'am' && h === 12) h = 0;
    if (!marker && h >= 1 && h <= 6) h += 12;
    return h;
  };
  const startHour = hour(h1!, s1, s1 ? undefined : s2 && Number(h1) <= Number(h2) ? s2 : undefined);
  const endHour = hour(h2!, s2, s2 ? undefined : s1);
  if (startHour > 23 || endHour > 24) return null;
  const hhmm = (h: number, m: string | undefined) => `${String(h).padStart(2, '0')}:${m ?? '00'}`;
  return { start: hhmm(startHour, m1), end: hhmm(endHour, m2) };
}

/** Reads a booking request; null when the message is not one (no booking verb, or no amenity of theirs). */
export function readBookingAsk(
  message: string,
  amenityNames: string[],
  today: Temporal.PlainDate,
): BookingAsk | null {
  const text = normalized(message);
  if (!bookingVerb.test(text)) return null;
  const amenityIndex = amenityNamed(text, amenityNames);
  if (amenityIndex < 0) return null;
  const day = dayNamed(text, today);
  // A date's dashes are not a time range.
  const times = timesNamed(text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' '));
  if (!day || !times) return { amenityIndex, startsLocal: null, endsLocal: null };
  const start = `${day.toString()}T${times.start}`;
  const end =
    times.end === '24:00' ? `${day.add({ days: 1 }).toString()}T00:00` : `${day.toString()}T${times.end}`;
  return { amenityIndex, startsLocal: start, endsLocal: end };
}

export type DraftReply = { content: string; links: { label: string; href: string }[] };

const bookingPageLink = (amenityId: string, startsLocal?: string, endsLocal?: string) => {
  const params = new URLSearchParams({ amenity: amenityId });
  if (startsLocal && endsLocal) {
    params.set('start', startsLocal);
    params.set('end', endsLocal);
  }
  return `/amenities?${params.toString()}`;
};

/**
 * The assistant's answer to a booking request, or null when the message is not one. Read-only: the
 * person books from the link.
 */
export async function draftBookingReply(
  db: Db,
  deps: { actor: Actor; notifier: Notifier },
  message: string,
): Promise<DraftReply | null> {
  if (!bookingVerb.test(normalized(message))) return null;
  const mine = await loadAmenities(
    db,
    and(eq(amenities.active, true), propertyScope(deps.actor, sql`${amenities.propertyId}`)),
  );
  if (mine.length === 0) return null;
  const today = Temporal.Now.plainDateISO(mine[0]!.timeZone);
  const ask = readBookingAsk(
    message,
    mine.map((amenity) => amenity.name),
    today,
  );
  if (!ask) return null;
  const amenity = mine[ask.amenityIndex]!;
  if (!ask.startsLocal || !ask.endsLocal) {
    // "How do I reserve the clubhouse?" is a rules question the documents answer; only a request is drafted.
    if (!asksToBook.test(normalized(message))) return null;
    return {
      content: `Which day and time would you like ${amenity.name}? Say, for example, “book ${amenity.name} Saturday 9–10”, or choose a free time on the booking page.`,
      links: [{ label: `Book ${amenity.name}`, href: bookingPageLink(amenity.id) }],
    };
  }
  const preview = await previewBooking({ db, actor: deps.actor, notifier: deps.notifier }, amenity, {
    startsLocal: ask.startsLocal,
    endsLocal: ask.endsLocal,
  });
  if (!preview.ok)
    return {
      content: `${preview.message}${
        preview.alternatives.length > 0
          ? ` Free instead: ${preview.alternatives.map((item) => item.label).join('; ')}.`
          : ''
      }`,
      links: preview.alternatives.map((item) => ({
        label: `Book ${item.label}`,
        href: bookingPageLink(amenity.id, item.startsLocal, item.endsLocal),
      })),
    };
  const costs = [
    amenity.feeCents > 0 ? `a fee of ${formatMoney(amenity.feeCents)}` : null,
    amenity.depositCents > 0 ? `a refundable deposit of ${formatMoney(amenity.depositCents)}` : null,
  ].filter(Boolean);
  return {
    content: `${amenity.name} is free ${preview.label} (${amenity.timeZone}) for ${preview.unit.label}. ${
      costs.length > 0 ? `Booking it takes ${costs.join(' and ')}.` : 'There is no fee.'
    }${amenity.approvalRequired ? ' The manager approves it after you book.' : ''} Confirm it on the booking page:`,
    links: [
      {
        label: `Book ${amenity.name}, ${preview.label}`,
        href: bookingPageLink(amenity.id, preview.startsLocal, preview.endsLocal),
      },
    ],
  };
}
