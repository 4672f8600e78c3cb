import type { EventOccurrence } from '@commonwise/contracts';

/** Occurrences as the server sends them, shared by the events pages' tests and the resident portal's card. */
export const partyId = '6f0c2f43-5a4e-4e57-9d53-3f7b0e0d8a11';
export const yogaId = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
export const willowId = '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';

export const partyOccurrence: EventOccurrence = {
  eventId: partyId,
  propertyId: willowId,
  propertyName: 'Willow Creek Commons',
  title: 'Holiday party at the clubhouse',
  description: 'Food, music and a hot-chocolate bar.',
  location: 'Clubhouse and patio',
  timeZone: 'America/Chicago',
  occurrence: '2098-12-13T16:00',
  // 16:00 in Chicago (UTC-6 in December).
  startsAt: '2098-12-13T22:00:00.000Z',
  endsAt: '2098-12-14T01:00:00.000Z',
  isRecurring: false,
  status: 'scheduled',
  rsvpEnabled: true,
  capacity: 40,
  seatsTaken: 38,
  seatsLeft: 2,
  myRsvp: null,
  isForMe: true,
};

export const yogaOccurrence: EventOccurrence = {
  ...partyOccurrence,
  eventId: yogaId,
  title: 'Saturday yoga on the lawn',
  description: '',
  location: 'North lawn',
  occurrence: '2098-12-06T08:00',
  startsAt: '2098-12-06T14:00:00.000Z',
  endsAt: '2098-12-06T15:00:00.000Z',
  isRecurring: true,
  capacity: null,
  seatsTaken: 3,
  seatsLeft: null,
  myRsvp: { status: 'yes', guests: 0 },
};
