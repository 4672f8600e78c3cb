import type { Booking, ErrorAlternative, MyAmenity } from '@commonwise/contracts';
import { amenityBookerKindLabels, bookingStatusLabels } from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import {
  availabilityQueryOptions,
  bookingIcsPath,
  dollars,
  formatBookingWhen,
  myAmenitiesQueryOptions,
  myBookingsQueryOptions,
  useBook,
  useCancelBooking,
  usePayBooking,
} from '../api.ts';

const localPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Today on the amenity's clock, as YYYY-MM-DD. */
function todayIn(timeZone: string, plusDays = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + plusDays * 86_400_000));
  return parts;
}

const minutesWords = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`);

/** Adds minutes to a wall-clock `YYYY-MM-DDTHH:mm` (arithmetic on the wall clock: the server checks the zone). */
function addMinutes(local: string, minutes: number): string {
  const date = new Date(`${local}:00Z`);
  return new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 16);
}

/**
 * /amenities (issue 23 item 5): a member chooses an amenity, a day and a free time on the amenity's own
 * clock, books it as one of their homes, pays its fee and deposit (the test provider in the demo), and
 * gets the confirmation with an .ics file; below, their bookings, each cancellable with the late fee
 * shown first when it applies.
 */
export function AmenitiesPage() {
  const amenities = useQuery(myAmenitiesQueryOptions);
  // The assistant's link (or a shared one) names an amenity and may name a time: the form opens on it.
  const [searchParams] = useSearchParams();
  const asked = {
    amenity: searchParams.get('amenity'),
    start: localPattern.test(searchParams.get('start') ?? '') ? searchParams.get('start') : null,
    end: localPattern.test(searchParams.get('end') ?? '') ? searchParams.get('end') : null,
  };
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
      {content}
      <MyBookings />
    </Stack>
  );
}

function RulesSummary({ amenity }: { amenity: MyAmenity }) {
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const hours = [...new Set(amenity.hours.map((item) => `${item.opens}–${item.closes}`))];
  return (
    <Stack gap={4}>
      {amenity.description ? <Text size="sm">{amenity.description}</Text> : null}
      <Text size="sm" c="dimmed">
        {amenity.capacityMode === 'shared'
          ? `Shared by up to ${amenity.capacity} people at a time.`
          : 'Booked by one party at a time.'}{' '}
        Open{' '}
        {hours.length === 1
          ? `${hours[0]} on ${amenity.hours.map((item) => weekdays[item.weekday - 1]).join(', ')}`
          : amenity.hours
              .map((item) => `${weekdays[item.weekday - 1]} ${item.opens}–${item.closes}`)
              .join('; ')}{' '}
        ({amenity.timeZone}). Bookings of {minutesWords(amenity.minMinutes)} to{' '}
        {minutesWords(amenity.maxMinutes)}, up to {amenity.advanceDays} days ahead
        {amenity.leadMinutes > 0 ? `, at least ${minutesWords(amenity.leadMinutes)} before` : ''}.
      </Text>
      <Text size="sm" c="dimmed">
        {amenity.feeCents > 0 ? `Fee ${dollars(amenity.feeCents)}. ` : 'No fee. '}
        {amenity.depositCents > 0
          ? `Deposit ${dollars(amenity.depositCents)}, returned after inspection. `
          : ''}
        {amenity.approvalRequired ? 'The manager approves each booking. ' : ''}
        {amenity.cancelFreeUntilMinutes > 0
          ? `Free cancellation until ${minutesWords(amenity.cancelFreeUntilMinutes)} before${amenity.lateCancelFeeCents > 0 ? `; later, a ${dollars(amenity.lateCancelFeeCents)} fee` : ''}.`
          : ''}
        {amenity.limits.length > 0
          ? ` At most ${amenity.limits.map((limit) => `${limit.max} per ${limit.per} per ${limit.period}`).join(', ')}.`
          : ''}{' '}
        Who may book:{' '}
        {amenity.eligibleKinds.map((kind) => amenityBookerKindLabels[kind].toLowerCase()).join(', ')}.
      </Text>
    </Stack>
  );
}

function BookingForm({
  amenity,
  asked,
}: {
  amenity: MyAmenity;
  /** A time to open on (the assistant's draft): its day, start and length. */
  asked: { start: string; end: string } | null;
}) {
  const bookable = amenity.homes.filter((home) => home.canBook);
  const [unitId, setUnitId] = useState<string | null>(bookable[0]?.unitId ?? null);
  const [date, setDate] = useState(() =>
    asked ? asked.start.slice(0, 10) : todayIn(amenity.timeZone, Math.ceil(amenity.leadMinutes / 1440)),
  );
  const [start, setStart] = useState<string | null>(asked?.start ?? null);
  const [minutes, setMinutes] = useState(() => {
    if (!asked) return amenity.minMinutes;
    const length = (Date.parse(`${asked.end}:00Z`) - Date.parse(`${asked.start}:00Z`)) / 60_000;
    return length >= amenity.minMinutes && length <= amenity.maxMinutes && length % amenity.slotMinutes === 0
      ? length
      : amenity.minMinutes;
  });
  const [headcount, setHeadcount] = useState<number>(1);
  const [accepted, setAccepted] = useState(false);
  const [booking, setBooking] = useState<Booking | null>(null);
  const day = useQuery({
    ...availabilityQueryOptions(amenity.id, date),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const book = useBook();
  const pay = usePayBooking();
  const durations = useMemo(() => {
    const options: number[] = [];
    for (let value = amenity.minMinutes; value <= amenity.maxMinutes; value += amenity.slotMinutes)
      options.push(value);
    return options;
  }, [amenity]);
  const alternatives: ErrorAlternative[] =
    isApiRequestError(book.error) && book.error.alternatives ? book.error.alternatives : [];

  if (booking)
    return (
      <Card withBorder radius="lg" padding="lg">
        <Confirmation
          booking={booking}
          onPay={() =>
            pay.mutate(
              { bookingId: booking.id, amountCents: booking.amountDueCents },
              { onSuccess: (paid) => setBooking(paid) },
            )
          }
          isPaying={pay.isPending}
          payError={pay.isError ? getErrorMessage(pay.error) : null}
          onDone={() => {
            setBooking(null);
            setStart(null);
            book.reset();
            pay.reset();
          }}
        />
      </Card>
    );

  const homesMissing = amenity.homes.length === 0;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {amenity.name}
        </Title>
        <RulesSummary amenity={amenity} />
        {homesMissing ? (
          <Alert color="gray">You have no home at {amenity.propertyName} to book it as.</Alert>
        ) : bookable.length === 0 ? (
          <Alert color="yellow" title="You cannot book this amenity">
            {amenity.homes[0]?.reason}
          </Alert>
        ) : (
          <>
            <Group align="flex-end" wrap="wrap">
              {bookable.length > 1 ? (
                <Select
                  label="Book as"
                  data={bookable.map((home) => ({ value: home.unitId, label: home.unitLabel }))}
                  value={unitId}
                  onChange={setUnitId}
                  allowDeselect={false}
                />
              ) : (
                <Text size="sm">Booking as {bookable[0]!.unitLabel}</Text>
              )}
              <TextInput
                type="date"
                label="Day"
                value={date}
                onChange={(event) => {
                  setDate(event.currentTarget.value);
                  setStart(null);
                }}
              />
              <Select
                label="Length"
                data={durations.map((value) => ({ value: String(value), label: minutesWords(value) }))}
                value={String(minutes)}
                onChange={(value) => setMinutes(Number(value))}
                allowDeselect={false}
                w={120}
              />
              <NumberInput
                label={amenity.capacityMode === 'shared' ? 'People' : 'Guests expected'}
                min={1}
                max={amenity.capacityMode === 'shared' ? amenity.capacity : 1000}
                value={headcount}
                onChange={(value) => setHeadcount(typeof value === 'number' ? value : 1)}
                w={140}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Start time ({amenity.timeZone})
              </Text>
              {day.isPending ? (
                <Loader size="xs" />
              ) : day.isError ? (
                <Text c="red" size="sm">
                  {getErrorMessage(day.error)}
                </Text>
              ) : day.data.slots.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Closed that day.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" role="group" aria-label="Start times">
                  {day.data.slots.map((slot) => (
                    <Button
                      key={slot.startsAt}
                      size="xs"
                      variant={start === slot.startsLocal ? 'filled' : 'light'}
                      color={slot.status === 'free' ? 'blue' : 'gray'}
                      disabled={slot.status !== 'free'}
                      onClick={() => setStart(slot.startsLocal)}
                      title={slot.note ?? undefined}
                      aria-pressed={start === slot.startsLocal}
                    >
                      {slot.label}
                      {slot.status === 'free'
                        ? amenity.capacityMode === 'shared'
                          ? ` · ${slot.capacity - slot.taken} left`
                          : ''
                        : ` · ${slot.status === 'tentative' ? 'held' : slot.status}`}
                    </Button>
                  ))}
                </SimpleGrid>
              )}
            </Stack>
            <Checkbox
              label={`I accept the rules of ${amenity.name}${amenity.cancelFreeUntilMinutes > 0 ? ' and its cancellation policy' : ''}.`}
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
            />
            {book.isError ? (
              <Alert color="red" title="This time cannot be booked">
                <Stack gap="xs">
                  <Text size="sm">{getErrorMessage(book.error)}</Text>
                  {alternatives.length > 0 ? (
                    <Group gap="xs">
                      {alternatives.map((alternative) => (
                        <Button
                          key={alternative.startsAt}
                          size="xs"
                          variant="default"
                          onClick={() => {
                            setDate(alternative.startsLocal.slice(0, 10));
                            setStart(alternative.startsLocal);
                            book.reset();
                          }}
                        >
                          {alternative.label}
                        </Button>
                      ))}
                    </Group>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Group>
              <Button
                disabled={!start || !accepted || !unitId}
                loading={book.isPending}
                onClick={() =>
                  start &&
                  unitId &&
                  book.mutate(
                    {
                      amenityId: amenity.id,
                      unitId,
                      startsLocal: start,
                      endsLocal: addMinutes(start, minutes),
                      headcount,
                      acceptRules: true,
                      idempotencyKey: crypto.randomUUID(),
                    },
                    { onSuccess: (made) => setBooking(made) },
                  )
                }
              >
                Book {start ? `${start.slice(11)}–${addMinutes(start, minutes).slice(11)}` : ''}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Confirmation({
  booking,
  onPay,
  isPaying,
  payError,
  onDone,
}: {
  booking: Booking;
  onPay: () => void;
  isPaying: boolean;
  payError: string | null;
  onDone: () => void;
}) {
  if (booking.status === 'held')
    return (
      <Stack gap="sm">
        <Title order={2} size="h3">
          Pay to keep this time
        </Title>
        <Text>
          {booking.amenityName}, {formatBookingWhen(booking)}, is held for you until{' '}
          {new Date(booking.holdExpiresAt!).toLocaleTimeString('en-US', {
            hour: 'numeric',
            minute: '2-digit',
          })}
          .
        </Text>
        <Text size="sm">
          Fee {dollars(booking.feeCents)}
          {booking.depositCents > 0 ? ` + refundable deposit ${dollars(booking.depositCents)}` : ''} ={' '}
          <b>{dollars(booking.amountDueCents)}</b>
        </Text>
        <Alert color="blue" variant="light">
          Demo mode: this is a test payment. No money moves and nothing is charged to a card.
        </Alert>
        {payError ? <Alert color="red">{payError}</Alert> : null}
        <Group>
          <Button onClick={onPay} loading={isPaying}>
            Pay {dollars(booking.amountDueCents)}
          </Button>
        </Group>
      </Stack>
    );
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
          Book another time
        </Button>
      </Group>
    </Stack>
  );
}

const statusColor: Record<Booking['status'], string> = {
  held: 'yellow',
  pending: 'orange',
  confirmed: 'green',
  cancelled: 'gray',
  declined: 'red',
  expired: 'gray',
  completed: 'blue',
};

function MyBookings() {
  const bookings = useQuery(myBookingsQueryOptions);
  if (bookings.isPending || bookings.isError || bookings.data.bookings.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        My bookings
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="My bookings">
        {bookings.data.bookings.map((booking) => (
          <MyBooking key={booking.id} booking={booking} />
        ))}
      </Stack>
    </Stack>
  );
}

function MyBooking({ booking }: { booking: Booking }) {
  const cancel = useCancelBooking();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {booking.amenityName} · {formatBookingWhen(booking)}
          </Text>
          <Badge color={statusColor[booking.status]} variant="light">
            {bookingStatusLabels[booking.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {booking.unitLabel}
          {booking.feeCents > 0 ? ` · fee ${dollars(booking.feeCents)}` : ''}
          {booking.depositCents > 0
            ? ` · deposit ${dollars(booking.depositCents)} (${booking.depositStatus})`
            : ''}
          {booking.declineReason ? ` · declined: ${booking.declineReason}` : ''}
          {booking.depositReason
            ? ` · deposit kept ${dollars(booking.depositDeductedCents)}: ${booking.depositReason}`
            : ''}
        </Text>
        <Group gap="sm">
          {['confirmed', 'pending'].includes(booking.status) ? (
            <Anchor href={bookingIcsPath(booking.id)} size="sm">
              Add to calendar (.ics)
            </Anchor>
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
                  ? `Free cancellation ended ${new Date(booking.cancelFreeUntil).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: booking.timeZone })}: cancelling now posts a late-cancellation fee of ${dollars(booking.lateCancelFeeCents)} to ${booking.unitLabel}'s account.`
                  : 'Cancelling now costs nothing.'}
                {booking.feeCents + booking.depositCents > 0 && booking.status !== 'held'
                  ? ' The booking fee and deposit are refunded.'
                  : ''}
              </Text>
              {cancel.isError ? (
                <Text c="red" size="sm">
                  {getErrorMessage(cancel.error)}
                </Text>
              ) : null}
              <Group gap="xs">
                <Button
                  size="xs"
                  color="red"
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(
                      { bookingId: booking.id, acceptLateFee: booking.isLateToCancel },
                      { onSuccess: () => setConfirming(false) },
                    )
                  }
                >
                  {booking.isLateToCancel
                    ? `Cancel and pay ${dollars(booking.lateCancelFeeCents)}`
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
    </Card>
  );
}
