import type {
  Amenity,
  AmenityInput,
  AttachmentList,
  Availability,
  BlackoutInput,
  Booking,
  BookingInput,
  BookingPage,
  BookingStatus,
  DepositSettlementInput,
  MyAmenity,
  StartedBookingPayment,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Amenities and bookings (issue 23 item 5): the members' booking page and the managers' page. */
export const amenitiesPath = '/amenities';
export const manageAmenitiesPath = '/community/amenities';

const me = '/api/me';
const managed = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;
const myBookingPath = (bookingId: string) => `${me}/amenity-bookings/${encodeURIComponent(bookingId)}`;
const managedBookingPath = (propertyId: string, bookingId: string) =>
  `${managed(propertyId)}/amenity-bookings/${encodeURIComponent(bookingId)}`;

/** Where Stripe brings a booker back after their bank's check (3-D Secure): the page, on that booking. */
export const bookingReturnPath = (bookingId: string) =>
  `${amenitiesPath}?booking=${encodeURIComponent(bookingId)}`;

export const amenityKeys = {
  all: ['amenities'] as const,
  mine: ['amenities', 'mine'] as const,
  availability: (amenityId: string, date: string) => ['amenities', 'availability', amenityId, date] as const,
  myBookings: ['amenities', 'my-bookings'] as const,
  myBooking: (bookingId: string) => ['amenities', 'my-booking', bookingId] as const,
  managed: (propertyId: string) => ['amenities', 'managed', propertyId] as const,
  bookings: (propertyId: string, status: BookingStatus | null, page: number) =>
    ['amenities', 'managed', propertyId, 'bookings', status ?? 'all', page] as const,
  upcoming: (propertyId: string) => ['amenities', 'managed', propertyId, 'upcoming'] as const,
  files: (side: 'manager' | 'booker', bookingId: string) => ['amenities', 'files', side, bookingId] as const,
};

export const myAmenitiesQueryOptions = queryOptions({
  queryKey: amenityKeys.mine,
  queryFn: ({ signal }) => api.get<{ amenities: MyAmenity[] }>(`${me}/amenities`, { signal }),
  staleTime: 60_000,
});

export function availabilityQueryOptions(amenityId: string, date: string) {
  return queryOptions({
    queryKey: amenityKeys.availability(amenityId, date),
    queryFn: ({ signal }) =>
      api.get<Availability>(
        `${me}/amenities/${encodeURIComponent(amenityId)}/availability?date=${encodeURIComponent(date)}`,
        { signal },
      ),
    staleTime: 10_000,
  });
}

export const myBookingsQueryOptions = queryOptions({
  queryKey: amenityKeys.myBookings,
  queryFn: ({ signal }) => api.get<BookingPage>(`${me}/amenity-bookings?limit=50`, { signal }),
});

/** One of the person's bookings, read again while a card payment is being confirmed. */
export function myBookingQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: amenityKeys.myBooking(bookingId),
    queryFn: ({ signal }) => api.get<Booking>(myBookingPath(bookingId), { signal }),
    staleTime: 0,
  });
}

/** The `.ics` of a booking: a link the browser downloads with the person's session. */
export const bookingIcsPath = (bookingId: string) => `${myBookingPath(bookingId)}/calendar.ics`;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: amenityKeys.all });
}

export function useBook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BookingInput) => api.post<Booking>(`${me}/amenity-bookings`, input),
    onSettled: invalidate,
  });
}

/**
 * Pays a held booking's fee and deposit by card. The demo's test provider pays it at once
 * (`confirmation` null); with Stripe the answer carries what Stripe's own form needs, and the booking
 * stays held (`paymentInProgress`) until Stripe tells the server it was paid.
 */
export function usePayBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bookingId, amountCents }: { bookingId: string; amountCents: number }) =>
      api.post<StartedBookingPayment>(`${myBookingPath(bookingId)}/pay`, {
        method: 'card',
        amountCents,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: invalidate,
  });
}

export function useCancelBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bookingId, acceptLateFee }: { bookingId: string; acceptLateFee: boolean }) =>
      api.post<Booking>(`${myBookingPath(bookingId)}/cancel`, { acceptLateFee }),
    onSettled: invalidate,
  });
}

/**
 * The photos and files of a deposit settlement: the managers' while the deposit is held (they add them),
 * the booker's once it is settled.
 */
export function bookingFilesQueryOptions(
  side: 'manager' | 'booker',
  booking: Pick<Booking, 'id' | 'propertyId'>,
) {
  return queryOptions({
    queryKey: amenityKeys.files(side, booking.id),
    queryFn: ({ signal }) =>
      api.get<AttachmentList>(
        `${side === 'manager' ? managedBookingPath(booking.propertyId, booking.id) : myBookingPath(booking.id)}/attachments`,
        { signal },
      ),
    // The files' links last an hour: ask again well before.
    staleTime: 30 * 60_000,
  });
}

// --- Managers ---------------------------------------------------------------------------------------

export function managedAmenitiesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: amenityKeys.managed(propertyId),
    queryFn: ({ signal }) =>
      api.get<{ amenities: Amenity[] }>(`${managed(propertyId)}/amenities`, { signal }),
  });
}

export const bookingsPageSize = 20;

/** A page of the association's bookings of one status, earliest start first. */
export function propertyBookingsQueryOptions(
  propertyId: string,
  status: BookingStatus | null,
  page = 1,
  limit = bookingsPageSize,
) {
  return queryOptions({
    queryKey: [...amenityKeys.bookings(propertyId, status, page), limit],
    queryFn: ({ signal }) =>
      api.get<BookingPage>(
        `${managed(propertyId)}/amenity-bookings?page=${page}&limit=${limit}${status ? `&status=${status}` : ''}`,
        { signal },
      ),
  });
}

/**
 * A page of the association's bookings as the managers look at them: those to come (soonest first), or
 * the deposits waiting to be settled (ended, longest waiting first). The server pages and filters.
 */
export function bookingViewQueryOptions(propertyId: string, view: 'upcoming' | 'deposits', page = 1) {
  return queryOptions({
    queryKey: [...amenityKeys.upcoming(propertyId), view, page],
    queryFn: ({ signal }) =>
      api.get<BookingPage>(
        `${managed(propertyId)}/amenity-bookings?view=${view}&page=${page}&limit=${bookingsPageSize}`,
        { signal },
      ),
  });
}

export function useSaveAmenity(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ amenityId, input }: { amenityId: string | null; input: AmenityInput }) =>
      amenityId
        ? api.put<Amenity>(`${managed(propertyId)}/amenities/${encodeURIComponent(amenityId)}`, input)
        : api.post<Amenity>(`${managed(propertyId)}/amenities`, input),
    onSettled: invalidate,
  });
}

const blackoutsPath = (propertyId: string, amenityId: string) =>
  `${managed(propertyId)}/amenities/${encodeURIComponent(amenityId)}/blackouts`;

/**
 * Closes an amenity for a time. A closure over bookings is refused (409 BOOKINGS_IN_CLOSURE, naming
 * them) unless `cancelBookings` says to cancel them, refunded and each booker told the reason.
 */
export function useAddBlackout(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ amenityId, input }: { amenityId: string; input: BlackoutInput }) =>
      api.post<Amenity>(blackoutsPath(propertyId, amenityId), input),
    // Not awaited: the answer is shown at once (ClosuresEditor keeps it); the lists are read again after.
    onSettled: () => void invalidate(),
  });
}

export function useRemoveBlackout(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ amenityId, blackoutId }: { amenityId: string; blackoutId: string }) =>
      api.delete<Amenity>(`${blackoutsPath(propertyId, amenityId)}/${encodeURIComponent(blackoutId)}`),
    // Not awaited: the answer is shown at once (ClosuresEditor keeps it); the lists are read again after.
    onSettled: () => void invalidate(),
  });
}

// Each decision has its own mutation, so approving one booking never shows another button as busy.

export function useApproveBooking(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (bookingId: string) =>
      api.post<Booking>(`${managedBookingPath(propertyId, bookingId)}/approve`, {}),
    onSettled: invalidate,
  });
}

export function useDeclineBooking(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bookingId, reason }: { bookingId: string; reason: string }) =>
      api.post<Booking>(`${managedBookingPath(propertyId, bookingId)}/decline`, { reason }),
    onSettled: invalidate,
  });
}

export function useSettleDeposit(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bookingId, settlement }: { bookingId: string; settlement: DepositSettlementInput }) =>
      api.post<Booking>(`${managedBookingPath(propertyId, bookingId)}/deposit`, settlement),
    onSettled: invalidate,
  });
}

// --- Times, on the amenity's clock --------------------------------------------------------------------

/** "CST", "CDT": the zone's short name at that instant (the zone's name when the browser has none). */
export function zoneAbbreviation(timeZone: string, at: string | number = Date.now()): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });

/**
 * "Sat, Mar 6, 2:00 PM – 6:00 PM CST", on the amenity's clock; a span over several days names both
 * days: "Sat, Mar 6, 2:00 PM – Mon, Mar 8, 10:00 AM CST".
 */
export function formatSpan(startsAt: string, endsAt: string, timeZone: string): string {
  const days = dayFormat(timeZone);
  const times = timeFormat(timeZone);
  const start = new Date(startsAt);
  // A span that ends at midnight ends on its own day, not the next.
  const end = new Date(endsAt);
  const endDay = days.format(new Date(end.getTime() - 1));
  const sameDay = days.format(start) === endDay;
  return `${days.format(start)}, ${times.format(start)} – ${sameDay ? '' : `${days.format(end)}, `}${times.format(end)} ${zoneAbbreviation(timeZone, startsAt)}`;
}

/** "Thu, Mar 4, 2:00 PM CST": an instant on the amenity's clock. */
export function formatMoment(at: string, timeZone: string): string {
  const date = new Date(at);
  return `${dayFormat(timeZone).format(date)}, ${timeFormat(timeZone).format(date)} ${zoneAbbreviation(timeZone, at)}`;
}

/** "Sat, Mar 6, 2:00 PM – 6:00 PM CST", on the amenity's clock. */
export const formatBookingWhen = (booking: Pick<Booking, 'startsAt' | 'endsAt' | 'timeZone'>) =>
  formatSpan(booking.startsAt, booking.endsAt, booking.timeZone);

/** "10:00 PM" from a wall-clock "22:00" (or "…T22:00"); "24:00" is midnight at the end of the day. */
export function formatClock(local: string): string {
  const [clock, minutes] = local.slice(-5).split(':').map(Number) as [number, number];
  const hours = clock % 24;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
