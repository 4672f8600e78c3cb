import type {
  Amenity,
  AmenityInput,
  Availability,
  BlackoutInput,
  Booking,
  BookingInput,
  BookingPage,
  BookingStatus,
  DepositSettlementInput,
  MyAmenity,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Amenities and bookings (issue 23 item 5): the members' booking page and the managers' page. */
export const amenitiesPath = '/amenities';
export const manageAmenitiesPath = '/community/amenities';

const me = '/api/me';
const managed = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;

export const amenityKeys = {
  all: ['amenities'] as const,
  mine: ['amenities', 'mine'] as const,
  availability: (amenityId: string, date: string) => ['amenities', 'availability', amenityId, date] as const,
  myBookings: ['amenities', 'my-bookings'] as const,
  managed: (propertyId: string) => ['amenities', 'managed', propertyId] as const,
  bookings: (propertyId: string, status: BookingStatus | null) =>
    ['amenities', 'managed', propertyId, 'bookings', status ?? 'all'] as const,
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

/** The `.ics` of a booking: a link the browser downloads with the person's session. */
export const bookingIcsPath = (bookingId: string) =>
  `${me}/amenity-bookings/${encodeURIComponent(bookingId)}/calendar.ics`;

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

export function usePayBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bookingId, amountCents }: { bookingId: string; amountCents: number }) =>
      api.post<Booking>(`${me}/amenity-bookings/${encodeURIComponent(bookingId)}/pay`, {
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
      api.post<Booking>(`${me}/amenity-bookings/${encodeURIComponent(bookingId)}/cancel`, { acceptLateFee }),
    onSettled: invalidate,
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

export function propertyBookingsQueryOptions(propertyId: string, status: BookingStatus | null) {
  return queryOptions({
    queryKey: amenityKeys.bookings(propertyId, status),
    queryFn: ({ signal }) =>
      api.get<BookingPage>(
        `${managed(propertyId)}/amenity-bookings?limit=100${status ? `&status=${status}` : ''}`,
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

export function useAddBlackout(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ amenityId, input }: { amenityId: string; input: BlackoutInput }) =>
      api.post<Amenity>(`${managed(propertyId)}/amenities/${encodeURIComponent(amenityId)}/blackouts`, input),
    onSettled: invalidate,
  });
}

type Decision =
  | { bookingId: string; action: 'approve' }
  | { bookingId: string; action: 'decline'; reason: string }
  | { bookingId: string; action: 'deposit'; settlement: DepositSettlementInput };

export function useDecideBooking(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (decision: Decision) => {
      const url = `${managed(propertyId)}/amenity-bookings/${encodeURIComponent(decision.bookingId)}/${decision.action}`;
      if (decision.action === 'approve') return api.post<Booking>(url, {});
      if (decision.action === 'decline') return api.post<Booking>(url, { reason: decision.reason });
      return api.post<Booking>(url, decision.settlement);
    },
    onSettled: invalidate,
  });
}

/** "Sat, Mar 6, 2:00 – 6:00 PM CST", on the amenity's clock. */
export function formatBookingWhen(booking: Pick<Booking, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: booking.timeZone,
  }).format(new Date(booking.startsAt));
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: booking.timeZone,
  });
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone: booking.timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(booking.startsAt))
      .find((part) => part.type === 'timeZoneName')?.value ?? booking.timeZone;
  return `${day}, ${time.format(new Date(booking.startsAt))} – ${time.format(new Date(booking.endsAt))} ${zone}`;
}

export const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
