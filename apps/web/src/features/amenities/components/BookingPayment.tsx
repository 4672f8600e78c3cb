import type { Booking, ProviderConfirmation } from '@commonwise/contracts';
import { formatMoney } from '@commonwise/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { StripeConfirm } from '../../finance/index.ts';
import {
  bookingIcsPath,
  bookingReturnPath,
  formatBookingWhen,
  formatMoment,
  myBookingQueryOptions,
  usePayBooking,
} from '../api.ts';

/** How often a booking is read again while Stripe's confirmation is awaited, and when to say it is slow. */
const pollEveryMs = 2_000;
const slowAfterMs = 60_000;

/** What became of a payment: paid (by the demo's test provider at once, or confirmed by Stripe). */
export type PaidBooking = { booking: Booking; isTestPayment: boolean };

type Step =
  { name: 'review' } | { name: 'stripe'; confirmation: ProviderConfirmation } | { name: 'confirming' };

/**
 * Paying a held booking's fee and deposit by card. The demo's test provider pays it at once; with Stripe,
 * Stripe's own form takes the card (StripeConfirm), then the booking is read again every 2 seconds until
 * Stripe has told the server (its webhook): then it is pending approval or confirmed.
 */
export function BookingPayment({
  booking,
  onPaid,
}: {
  booking: Booking;
  onPaid: (paid: PaidBooking) => void;
}) {
  const pay = usePayBooking();
  const [step, setStep] = useState<Step>(
    booking.paymentInProgress ? { name: 'confirming' } : { name: 'review' },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const amount = formatMoney(booking.amountDueCents);

  if (step.name === 'confirming')
    return (
      <PaymentConfirming
        bookingId={booking.id}
        onSettled={(settled) => {
          if (settled.status === 'pending' || settled.status === 'confirmed')
            return onPaid({ booking: settled, isTestPayment: false });
          setProblem(
            settled.status === 'held'
              ? 'Stripe did not take the payment. Nothing was charged: try again, or with another card.'
              : 'The hold ended before the payment arrived. Any payment is given back; book the time again.',
          );
          setStep({ name: 'review' });
        }}
      />
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        Pay to keep this time
      </Title>
      <Text>
        {booking.amenityName}, {formatBookingWhen(booking)}, is held for you
        {booking.holdExpiresAt ? ` until ${holdEnd(booking)}` : ''}.
      </Text>
      <Text size="sm">
        {booking.feeCents > 0 ? `Fee ${formatMoney(booking.feeCents)}` : 'No fee'}
        {booking.depositCents > 0
          ? ` + refundable deposit ${formatMoney(booking.depositCents)}, returned after the booking`
          : ''}{' '}
        = <b>{amount}</b>, by card.
      </Text>
      {problem ? <Alert color="orange">{problem}</Alert> : null}
      {step.name === 'stripe' ? (
        <StripeConfirm
          mode="payment"
          returnPath={bookingReturnPath(booking.id)}
          confirmation={step.confirmation}
          submitLabel={`Pay ${amount}`}
          onDone={() => setStep({ name: 'confirming' })}
          onCancel={() => setStep({ name: 'review' })}
        />
      ) : (
        <>
          {pay.isError ? <Alert color="red">{getErrorMessage(pay.error)}</Alert> : null}
          <Group>
            <Button
              loading={pay.isPending}
              onClick={() => {
                setProblem(null);
                pay.mutate(
                  { bookingId: booking.id, amountCents: booking.amountDueCents },
                  {
                    onSuccess: ({ confirmation, ...paid }) =>
                      confirmation
                        ? setStep({ name: 'stripe', confirmation })
                        : onPaid({ booking: paid, isTestPayment: true }),
                  },
                );
              }}
            >
              Pay {amount}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** "4:15 PM CST": when a hold ends, on the amenity's clock. */
function holdEnd(booking: Booking): string {
  return formatMoment(booking.holdExpiresAt!, booking.timeZone).split(', ').at(-1)!;
}

/**
 * Stripe has the card; the server is told by Stripe's webhook, usually within seconds. The booking is
 * read again until its payment is no longer in progress; past a minute the person is told they may
 * leave: the booking updates by itself and they are notified.
 */
export function PaymentConfirming({
  bookingId,
  onSettled,
}: {
  bookingId: string;
  onSettled: (booking: Booking) => void;
}) {
  const [isSlow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), slowAfterMs);
    return () => clearTimeout(timer);
  }, []);
  const booking = useQuery({
    ...myBookingQueryOptions(bookingId),
    refetchInterval: (query) =>
      query.state.data && !query.state.data.paymentInProgress ? false : isSlow ? 15_000 : pollEveryMs,
  });
  const settled = booking.data && !booking.data.paymentInProgress ? booking.data : null;
  const tellSettled = useEffectEvent((done: Booking) => onSettled(done));
  useEffect(() => {
    if (settled) tellSettled(settled);
  }, [settled]);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Confirming your payment
      </Title>
      <Group gap="sm" role="status" wrap="nowrap" align="flex-start">
        <Loader size="sm" aria-hidden />
        <Text>Payment received by Stripe — confirming your booking…</Text>
      </Group>
      {isSlow ? (
        <Alert color="blue" title="This is taking longer than usual">
          You can leave this page: your booking updates by itself, and you will be notified when it is
          confirmed.
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The booking made and paid: pending the manager's approval, or confirmed, with its .ics. */
export function BookingDone({
  paid,
  doneLabel,
  onDone,
}: {
  paid: PaidBooking;
  doneLabel: string;
  onDone: () => void;
}) {
  const { booking } = paid;
  return (
    <Stack gap="sm" role="status">
      <Title order={2} size="h3">
        {booking.status === 'confirmed' ? 'Booking confirmed' : 'Booking requested'}
      </Title>
      <Text>
        {booking.amenityName} for {booking.unitLabel}, {formatBookingWhen(booking)}.{' '}
        {booking.status === 'pending'
          ? 'The manager reviews it; you will be told when it is approved.'
          : 'You will be reminded the day before.'}
      </Text>
      {paid.isTestPayment && booking.feeCents + booking.depositCents > 0 ? (
        <Text size="sm" c="dimmed">
          Demo mode: this was a test payment. No money moves and nothing is charged to a card.
        </Text>
      ) : null}
      <Group>
        <Button
          component="a"
          href={bookingIcsPath(booking.id)}
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
        >
          Add to calendar (.ics)
        </Button>
        <Button variant="subtle" onClick={onDone}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
