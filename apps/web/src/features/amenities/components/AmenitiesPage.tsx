import { Alert, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { myAmenitiesQueryOptions } from '../api.ts';
import { BookingForm } from './BookingForm.tsx';
import { BookingDone, PaymentConfirming, type PaidBooking } from './BookingPayment.tsx';
import { MyBookings } from './MyBookings.tsx';

const localPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** What Stripe adds to the page's address when it brings the booker back from their bank's check. */
const stripeParams = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * /amenities (issue 23 item 5): a member chooses an amenity, a day and a free time on the amenity's own
 * clock, books it as one of their homes, pays its fee and deposit (by card with Stripe, or the demo's
 * test provider), and gets the confirmation with an .ics file; below, their bookings, each cancellable
 * with the late fee shown first when it applies. `?booking=` (a notification's link) leads to one of
 * them; Stripe comes back with it after a bank's check, and the page then waits for the payment.
 */
export function AmenitiesPage() {
  const amenities = useQuery(myAmenitiesQueryOptions);
  // The assistant's link (or a shared one) names an amenity and may name a time: the form opens on it.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = {
    amenity: searchParams.get('amenity'),
    start: localPattern.test(searchParams.get('start') ?? '') ? searchParams.get('start') : null,
    end: localPattern.test(searchParams.get('end') ?? '') ? searchParams.get('end') : null,
  };
  const focusId = searchParams.get('booking');
  // Back from the bank's check: kept once, and Stripe's parameters (a client secret) leave the address.
  const [returned] = useState(() =>
    focusId && searchParams.get('redirect_status')
      ? { bookingId: focusId, status: searchParams.get('redirect_status')! }
      : null,
  );
  const hasStripeParams = stripeParams.some((name) => searchParams.has(name));
  useEffect(() => {
    if (!hasStripeParams) return;
    setSearchParams(
      (current) => {
        const kept = new URLSearchParams(current);
        for (const name of stripeParams) kept.delete(name);
        return kept;
      },
      { replace: true },
    );
  }, [hasStripeParams, setSearchParams]);
  const [amenityId, setAmenityId] = useState<string | null>(asked.amenity);
  const list = amenities.data?.amenities ?? [];
  const amenity = list.find((item) => item.id === amenityId) ?? list[0];

  let content;
  if (amenities.isPending)
    content = (
      <Group justify="center" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading amenities...</Text>
      </Group>
    );
  else if (amenities.isError)
    content = (
      <ErrorState
        title="Failed to load amenities"
        description={getErrorMessage(amenities.error)}
        onRetry={() => void amenities.refetch()}
        isRetrying={amenities.isFetching}
      />
    );
  else if (!amenity)
    content = (
      <StatusMessage
        icon={<IconCalendarPlus size={32} aria-hidden />}
        title="No amenities to book."
        description="When your association offers amenities for booking, they appear here."
      />
    );
  else
    content = (
      <Stack gap="lg">
        <Select
          label="Amenity"
          data={list.map((item) => ({ value: item.id, label: `${item.name} · ${item.propertyName}` }))}
          value={amenity.id}
          onChange={(value) => setAmenityId(value)}
          allowDeselect={false}
          maw={420}
        />
        <BookingForm
          key={amenity.id}
          amenity={amenity}
          asked={
            amenity.id === asked.amenity && asked.start && asked.end
              ? { start: asked.start, end: asked.end }
              : null
          }
        />
      </Stack>
    );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Amenities"
        description="Book the clubhouse, pool or courts of your association, at its local time."
      />
      {returned ? <ReturnedPayment bookingId={returned.bookingId} status={returned.status} /> : null}
      {content}
      <MyBookings focusId={focusId} />
    </Stack>
  );
}

/** Back from the bank's check (3-D Secure): the payment is awaited, or the bank's refusal said. */
function ReturnedPayment({ bookingId, status }: { bookingId: string; status: string }) {
  const [paid, setPaid] = useState<PaidBooking | null>(null);
  const [outcome, setOutcome] = useState<string | null>(
    status === 'failed'
      ? 'Your bank did not approve the payment, so nothing was charged. Pay again from My bookings below while the time is held.'
      : null,
  );
  const [isClosed, setClosed] = useState(false);
  if (isClosed) return null;
  if (outcome)
    return (
      <Alert color="orange" title="The booking is not paid" withCloseButton onClose={() => setClosed(true)}>
        {outcome}
      </Alert>
    );
  return (
    <Card withBorder radius="lg" padding="lg">
      {paid ? (
        <BookingDone paid={paid} doneLabel="Close" onDone={() => setClosed(true)} />
      ) : (
        <PaymentConfirming
          bookingId={bookingId}
          onSettled={(booking) =>
            booking.status === 'pending' || booking.status === 'confirmed'
              ? setPaid({ booking, isTestPayment: false })
              : setOutcome(
                  booking.status === 'held'
                    ? 'Stripe did not take the payment, so nothing was charged. Pay again from My bookings below while the time is held.'
                    : 'The hold ended before the payment arrived. Any payment is given back; book the time again.',
                )
          }
        />
      )}
    </Card>
  );
}
