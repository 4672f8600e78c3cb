import { describe, expect, it } from 'vitest';
import { readBookingAsk } from './chat-booking.ts';
import { Temporal } from './rules.ts';

/** How the assistant reads a booking request (issue 23 item 5): amenity, day and time, or nothing. */

const names = ['Clubhouse', 'Pool', 'Tennis court 1', 'Tennis court 2'];
// A Monday.
const today = Temporal.PlainDate.from('2027-03-01');

describe('readBookingAsk', () => {
  it.each([
    ['book tennis court 2 Saturday 9–10', 3, '2027-03-06T09:00', '2027-03-06T10:00'],
    ['Book court 1 tomorrow 7am-8am', 2, '2027-03-02T07:00', '2027-03-02T08:00'],
    ['Please reserve the clubhouse on Mar 20 from 2 to 6 pm', 0, '2027-03-20T14:00', '2027-03-20T18:00'],
    ['I’d like to book the pool 2027-03-14 11:00-13:00', 1, '2027-03-14T11:00', '2027-03-14T13:00'],
    ['book the clubhouse sat 2-6', 0, '2027-03-06T14:00', '2027-03-06T18:00'],
    ['reserve the pool today 11-1', 1, '2027-03-01T11:00', '2027-03-01T13:00'],
  ])('reads “%s”', (message, amenityIndex, startsLocal, endsLocal) => {
    expect(readBookingAsk(message, names, today)).toEqual({ amenityIndex, startsLocal, endsLocal });
  });

  it('knows the amenity without a day or time', () => {
    expect(readBookingAsk('can you book the clubhouse for me', names, today)).toEqual({
      amenityIndex: 0,
      startsLocal: null,
      endsLocal: null,
    });
  });

  it('leaves other messages to the assistant', () => {
    expect(readBookingAsk('the pool gate is broken', names, today)).toBeNull();
    expect(readBookingAsk('book a plumber for Saturday 9-10', names, today)).toBeNull();
  });
});
