import type { Booking, ErrorAlternative, MyAmenity } from '@commonwise/contracts';
import { amenityBookerKindLabels, formatMoney } from '@commonwise/contracts';
import {
  Alert,
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
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { availabilityQueryOptions, formatClock, useBook } from '../api.ts';
import { fittingStarts } from '../slots.ts';
import { BookingDone, BookingPayment, type PaidBooking } from './BookingPayment.tsx';

/** A day on the amenity's clock, as YYYY-MM-DD, some days from today. */
function dayIn(timeZone: string, plusDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + plusDays * 86_400_000));
}

const minutesWords = (minutes: number) =>
  minutes % 60 === 0
    ? `${minutes / 60} h`
    : minutes > 60
      ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
      : `${minutes} min`;

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const clockSpan = (opens: string, closes: string) => `${formatClock(opens)}–${formatClock(closes)}`;

function RulesSummary({ amenity }: { amenity: MyAmenity }) {
  const hours = [...new Set(amenity.hours.map((item) => clockSpan(item.opens, item.closes)))];
  const isFree = amenity.feeCents === 0 && amenity.depositCents === 0;
  return (
    <Stack gap={4}>
      {amenity.description ? <Text size="sm">{amenity.description}</Text> : null}
      <Text size="sm" c="dimmed">
        {amenity.capacityMode === 'shared'
          ? `Shared by up to ${amenity.capacity} people at a time.`
          : 'Booked by one party at a time.'}{' '}
        Open{' '}
        {hours.length === 1
          ? `${hours[0]} ${amenity.hours.length === 7 ? 'every day' : `on ${amenity.hours.map((item) => weekdays[item.weekday - 1]).join(', ')}`}`
          : amenity.hours
              .map((item) => `${weekdays[item.weekday - 1]} ${clockSpan(item.opens, item.closes)}`)
              .join('; ')}{' '}
        ({amenity.timeZone}). Bookings of {minutesWords(amenity.minMinutes)} to{' '}
        {minutesWords(amenity.maxMinutes)}, up to {amenity.advanceDays} days ahead
        {amenity.leadMinutes > 0 ? `, at least ${minutesWords(amenity.leadMinutes)} before` : ''}.
      </Text>
      <Text size="sm" c="dimmed">
        {isFree ? 'Free to book. ' : ''}
        {amenity.feeCents > 0 ? `Fee ${formatMoney(amenity.feeCents)}. ` : ''}
        {amenity.depositCents > 0
          ? `Deposit ${formatMoney(amenity.depositCents)}, returned after inspection. `
          : ''}
        {amenity.approvalRequired ? 'The manager approves each booking. ' : ''}
        {amenity.cancelFreeUntilMinutes > 0
          ? `Free cancellation until ${minutesWords(amenity.cancelFreeUntilMinutes)} before${amenity.lateCancelFeeCents > 0 ? `; later, a ${formatMoney(amenity.lateCancelFeeCents)} fee` : ''}.`
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

/**
 * Booking one amenity: the home booked as, the day, the length and the party, then a start time of the
 * day's grid that the whole length fits (free, inside one opening period, with room for the party).
 * Taken on the amenity's own clock; the server checks every rule again.
 */
export function BookingForm({
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
    asked ? asked.start.slice(0, 10) : dayIn(amenity.timeZone, Math.ceil(amenity.leadMinutes / 1440)),
  );
  const [start, setStart] = useState<string | null>(asked?.start ?? null);
  const [minutes, setMinutes] = useState(() => {
    if (!asked) return amenity.minMinutes;
    const length = (Date.parse(`${asked.end}:00Z`) - Date.parse(`${asked.start}:00Z`)) / 60_000;
    return length >= amenity.minMinutes && length <= amenity.maxMinutes && length % amenity.slotMinutes === 0
      ? length
      : amenity.minMinutes;
  });
  const [headcount, setHeadcount] = useState<number | string>(1);
  const [accepted, setAccepted] = useState(false);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [paid, setPaid] = useState<PaidBooking | null>(null);
  // The page's moment: what the lead time allows is counted from it.
  const [openedAt] = useState(() => Date.now());
  const earliest = openedAt + amenity.leadMinutes * 60_000;
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const day = useQuery({ ...availabilityQueryOptions(amenity.id, date), enabled: isDate });
  const book = useBook();
  const durations = useMemo(() => {
    const options: number[] = [];
    for (let value = amenity.minMinutes; value <= amenity.maxMinutes; value += amenity.slotMinutes)
      options.push(value);
    return options;
  }, [amenity]);
  const isShared = amenity.capacityMode === 'shared';
  const maxPeople = isShared ? amenity.capacity : 1000;
  const people = typeof headcount === 'number' ? headcount : Number.NaN;
  const peopleError = !Number.isInteger(people)
    ? 'Say how many people come'
    : people < 1
      ? 'At least 1 person'
      : people > maxPeople
        ? isShared
          ? `${amenity.name} takes at most ${amenity.capacity} people at a time`
          : `At most ${maxPeople} people`
        : undefined;
  const fitting = useMemo(
    () =>
      fittingStarts(day.data?.slots ?? [], {
        minutes,
        slotMinutes: amenity.slotMinutes,
        headcount: peopleError ? 1 : people,
        isShared,
        earliest,
      }),
    [day.data, minutes, amenity, people, peopleError, isShared, earliest],
  );
  // The chosen start, while the whole length still fits it.
  const run = start ? fitting.get(start) : undefined;
  const alternatives: ErrorAlternative[] =
    isApiRequestError(book.error) && book.error.alternatives ? book.error.alternatives : [];
  const reset = () => {
    setBooking(null);
    setPaid(null);
    setStart(null);
    book.reset();
  };

  if (paid)
    return (
      <Card withBorder radius="lg" padding="lg">
        <BookingDone paid={paid} doneLabel="Book another time" onDone={reset} />
      </Card>
    );
  if (booking)
    return (
      <Card withBorder radius="lg" padding="lg">
        {booking.status === 'held' ? (
          <BookingPayment booking={booking} onPaid={setPaid} />
        ) : (
          <BookingDone
            paid={{ booking, isTestPayment: false }}
            doneLabel="Book another time"
            onDone={reset}
          />
        )}
      </Card>
    );

  const endLabel = (() => {
    if (!run) return null;
    const end = run.at(-1)!.endsLocal;
    return day.data?.slots.find((slot) => slot.startsLocal === end)?.label ?? formatClock(end);
  })();
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
            {bookable.length === 1 ? <Text size="sm">Booking as {bookable[0]!.unitLabel}</Text> : null}
            <SimpleGrid cols={{ base: 1, xs: 2, md: bookable.length > 1 ? 4 : 3 }}>
              {bookable.length > 1 ? (
                <Select
                  label="Book as"
                  data={bookable.map((home) => ({ value: home.unitId, label: home.unitLabel }))}
                  value={unitId}
                  onChange={setUnitId}
                  allowDeselect={false}
                />
              ) : null}
              <TextInput
                type="date"
                label="Day"
                min={dayIn(amenity.timeZone)}
                max={dayIn(amenity.timeZone, amenity.advanceDays)}
                value={date}
                onChange={(event) => setDate(event.currentTarget.value)}
              />
              <Select
                label="Length"
                data={durations.map((value) => ({ value: String(value), label: minutesWords(value) }))}
                value={String(minutes)}
                onChange={(value) => setMinutes(Number(value))}
                allowDeselect={false}
              />
              <NumberInput
                label={isShared ? 'People' : 'Guests expected'}
                description={isShared ? `Up to ${amenity.capacity} at a time` : undefined}
                min={1}
                max={maxPeople}
                allowDecimal={false}
                clampBehavior="none"
                value={headcount}
                onChange={setHeadcount}
                error={peopleError}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={600} id="start-times-label">
                Start time ({amenity.timeZone})
              </Text>
              {!isDate ? (
                <Text size="sm" c="dimmed">
                  Choose a day.
                </Text>
              ) : day.isPending ? (
                <Group gap="xs" role="status">
                  <Loader size="xs" aria-hidden />
                  <Text size="sm" c="dimmed">
                    Loading the free times...
                  </Text>
                </Group>
              ) : day.isError ? (
                <Text c="red.9" size="sm" role="alert">
                  {getErrorMessage(day.error)}
                </Text>
              ) : day.data.slots.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Closed that day.
                </Text>
              ) : (
                <>
                  <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" role="group" aria-label="Start times">
                    {day.data.slots.map((slot) => {
                      const fits = fitting.has(slot.startsLocal);
                      const isChosen = fits && start === slot.startsLocal;
                      return (
                        <Button
                          key={slot.startsAt}
                          size="xs"
                          variant={isChosen ? 'filled' : 'light'}
                          color={fits ? undefined : 'gray'}
                          disabled={!fits}
                          onClick={() => setStart(slot.startsLocal)}
                          title={slot.note ?? undefined}
                          aria-pressed={isChosen}
                        >
                          {slot.label}
                          {slot.status === 'free'
                            ? fits && isShared
                              ? ` · ${slot.capacity - slot.taken} left`
                              : ''
                            : ` · ${slot.status === 'tentative' ? 'held' : slot.status}`}
                        </Button>
                      );
                    })}
                  </SimpleGrid>
                  <Text size="xs" c="dimmed">
                    {day.data.slots.some(
                      (slot) => slot.status === 'free' && Date.parse(slot.startsAt) < earliest,
                    )
                      ? `Bookings are made at least ${minutesWords(amenity.leadMinutes)} ahead. `
                      : ''}
                    {fitting.size === 0
                      ? `No start time that day leaves ${minutesWords(minutes)} free${isShared ? ` for ${people} ${people === 1 ? 'person' : 'people'}` : ''}: try a shorter time or another day.`
                      : `Start times are offered only when the whole ${minutesWords(minutes)} is free${isShared ? ` for ${people} ${people === 1 ? 'person' : 'people'}` : ''}.`}
                  </Text>
                </>
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
                disabled={!run || !accepted || !unitId || Boolean(peopleError)}
                loading={book.isPending}
                onClick={() =>
                  run &&
                  unitId &&
                  book.mutate(
                    {
                      amenityId: amenity.id,
                      unitId,
                      startsLocal: run[0]!.startsLocal,
                      endsLocal: run.at(-1)!.endsLocal,
                      headcount: people,
                      acceptRules: true,
                      idempotencyKey: crypto.randomUUID(),
                    },
                    { onSuccess: (made) => setBooking(made) },
                  )
                }
              >
                {run ? `Book ${run[0]!.label} – ${endLabel}` : 'Book'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
