import type { Booking } from '@commonwise/contracts';
import { bookingFilesMax, formatMoney } from '@commonwise/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { FilesPanel } from '../../attachments/index.ts';
import {
  amenityKeys,
  bookingFilesQueryOptions,
  bookingIcsPath,
  formatBookingWhen,
  formatMoment,
  myBookingsQueryOptions,
  useCancelBooking,
} from '../api.ts';
import { isUpcoming, moneyWords, statusColorOf, statusWords } from '../booking-words.ts';
import { BookingDone, BookingPayment, type PaidBooking } from './BookingPayment.tsx';
import { SectionState } from './SectionState.tsx';

/**
 * The person's bookings (issue 23 item 5): those to come first, soonest first, then the past and
 * cancelled ones, latest first. A held booking is paid from here; one whose card payment Stripe is still
 * confirming says so, and the list is read again until it is settled.
 */
export function MyBookings({ focusId }: { focusId: string | null }) {
  const bookings = useQuery({
    ...myBookingsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.bookings.some((booking) => booking.status === 'held' && booking.paymentInProgress)
        ? 5_000
        : false,
  });
  const [now] = useState(() => Date.now());
  if (bookings.isSuccess && bookings.data.bookings.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-bookings-title">
      <Title order={2} size="h3" id="my-bookings-title">
        My bookings
      </Title>
      <SectionState
        query={bookings}
        loadingText="Loading your bookings..."
        errorTitle="Your bookings could not be loaded"
      >
        {(data) => {
          const upcoming = data.bookings
            .filter((booking) => isUpcoming(booking, now))
            .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
          const past = data.bookings
            .filter((booking) => !isUpcoming(booking, now))
            .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
          return (
            <Stack gap="md">
              {upcoming.length > 0 ? (
                <BookingList title="Coming up" bookings={upcoming} focusId={focusId} now={now} />
              ) : (
                <Text size="sm" c="dimmed">
                  Nothing booked to come.
                </Text>
              )}
              {past.length > 0 ? (
                <BookingList title="Past and cancelled" bookings={past} focusId={focusId} now={now} />
              ) : null}
            </Stack>
          );
        }}
      </SectionState>
    </Stack>
  );
}

function BookingList({
  title,
  bookings,
  focusId,
  now,
}: {
  title: string;
  bookings: Booking[];
  focusId: string | null;
  now: number;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
        {bookings.map((booking) => (
          <MyBooking key={booking.id} booking={booking} isFocused={booking.id === focusId} now={now} />
        ))}
      </Stack>
    </Stack>
  );
}

function MyBooking({ booking, isFocused, now }: { booking: Booking; isFocused: boolean; now: number }) {
  const cancel = useCancelBooking();
  const [isConfirming, setConfirming] = useState(false);
  const [isPaying, setPaying] = useState(false);
  const card = useRef<HTMLLIElement>(null);
  // A notification's link (/amenities?booking=…) leads to its booking.
  useEffect(() => {
    if (isFocused) card.current?.scrollIntoView?.({ block: 'center' });
  }, [isFocused]);
  const isUpcomingBooking = isUpcoming(booking, now);
  const holdLapsed =
    booking.status === 'held' && booking.holdExpiresAt !== null && Date.parse(booking.holdExpiresAt) <= now;
  const money = moneyWords(booking);
  const isSettled = booking.depositStatus === 'released' || booking.depositStatus === 'deducted';
  return (
    <Card
      component="li"
      ref={card}
      withBorder
      radius="md"
      padding="md"
      style={isFocused ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      aria-current={isFocused ? 'true' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {booking.amenityName} · {formatBookingWhen(booking)}
          </Text>
          <Badge color={statusColorOf(booking, now)} variant="light">
            {statusWords(booking, now)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[booking.unitLabel, money].filter(Boolean).join(' · ')}
        </Text>
        {booking.declineReason ? <Text size="sm">Declined: {booking.declineReason}</Text> : null}
        {booking.status === 'cancelled' && booking.cancelReason ? (
          <Text size="sm">Cancelled: {booking.cancelReason}</Text>
        ) : null}
        {booking.depositStatus === 'deducted' && booking.depositReason ? (
          <Text size="sm">Kept from the deposit for: {booking.depositReason}</Text>
        ) : null}
        {isSettled ? <SettlementFiles booking={booking} /> : null}
        {booking.status === 'held' && booking.paymentInProgress ? (
          <Text size="sm" role="status">
            A card payment was started for this booking. If you finished it, Stripe is confirming it and this
            updates by itself; if you did not, continue it before the hold ends.
          </Text>
        ) : holdLapsed ? (
          <Text size="sm">The time to pay has passed: the hold is ending.</Text>
        ) : null}
        <Group gap="sm">
          {isUpcomingBooking && ['confirmed', 'pending'].includes(booking.status) ? (
            <Anchor href={bookingIcsPath(booking.id)} size="sm">
              Add to calendar (.ics)
            </Anchor>
          ) : null}
          {booking.status === 'held' && !holdLapsed ? (
            // The same payment is taken up again (the server answers with the one already started).
            <Button size="xs" onClick={() => setPaying(true)}>
              {booking.paymentInProgress ? 'Continue paying' : `Pay ${formatMoney(booking.amountDueCents)}`}
            </Button>
          ) : null}
          {booking.canCancel && !isConfirming ? (
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              Cancel booking
            </Button>
          ) : null}
        </Group>
        {isConfirming ? (
          <Alert color={booking.isLateToCancel ? 'orange' : 'gray'} title="Cancel this booking?">
            <Stack gap="xs">
              <Text size="sm">
                {booking.isLateToCancel
                  ? `Free cancellation ended ${formatMoment(booking.cancelFreeUntil, booking.timeZone)}: cancelling now posts a late-cancellation fee of ${formatMoney(booking.lateCancelFeeCents)} to ${booking.unitLabel}'s account.`
                  : 'Cancelling now costs nothing.'}
                {booking.feeCents + booking.depositCents > 0 && booking.status !== 'held'
                  ? ' The booking fee and deposit are refunded.'
                  : ''}
              </Text>
              {cancel.isError ? (
                <Text c="red.9" size="sm" role="alert">
                  {getErrorMessage(cancel.error)}
                </Text>
              ) : null}
              <Group gap="xs">
                <Button
                  size="xs"
                  color="red.9"
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(
                      { bookingId: booking.id, acceptLateFee: booking.isLateToCancel },
                      {
                        onSuccess: () => {
                          setConfirming(false);
                          showSuccessToast(`Your booking of ${booking.amenityName} is cancelled.`);
                        },
                      },
                    )
                  }
                >
                  {booking.isLateToCancel
                    ? `Cancel and pay ${formatMoney(booking.lateCancelFeeCents)}`
                    : 'Cancel booking'}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      {isPaying ? <PayDialog booking={booking} onClose={() => setPaying(false)} /> : null}
    </Card>
  );
}

function PayDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [paid, setPaid] = useState<PaidBooking | null>(null);
  return (
    <PortalModal opened onClose={onClose} title={`Pay for ${booking.amenityName}`} centered size="lg">
      {paid ? (
        <BookingDone paid={paid} doneLabel="Done" onDone={onClose} />
      ) : (
        <BookingPayment booking={booking} onPaid={setPaid} />
      )}
    </PortalModal>
  );
}

/** The photos and files of the deposit's settlement, when the manager added some. */
function SettlementFiles({ booking }: { booking: Booking }) {
  const queryClient = useQueryClient();
  const files = useQuery(bookingFilesQueryOptions('booker', booking));
  if (files.isPending || (files.isSuccess && files.data.attachments.length === 0)) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        From the manager’s check after the booking
      </Text>
      <FilesPanel
        files={files}
        target={{ bookingId: booking.id }}
        canChange={false}
        max={bookingFilesMax}
        hint=""
        emptyText={null}
        onChanged={() => queryClient.invalidateQueries({ queryKey: amenityKeys.files('booker', booking.id) })}
      />
    </Stack>
  );
}
