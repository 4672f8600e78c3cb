import type { Booking } from '@commonwise/contracts';
import { bookingFilesMax, formatMoney } from '@commonwise/contracts';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { ResponsiveTable } from '../../../components/ResponsiveTable.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { FilesPanel } from '../../attachments/index.ts';
import { centsFromDollars } from '../../finance/api.ts';
import {
  amenityKeys,
  bookingFilesQueryOptions,
  bookingsPageSize,
  formatBookingWhen,
  propertyBookingsQueryOptions,
  bookingViewQueryOptions,
  useApproveBooking,
  useDeclineBooking,
  useSettleDeposit,
} from '../api.ts';
import { moneyWords, statusWords } from '../booking-words.ts';
import { SectionState } from './SectionState.tsx';

/**
 * The managers' Bookings tab (issue 23 item 5): the bookings waiting for approval, the deposits to
 * settle after the event, and every booking still to come. Each money action says its amounts before it
 * is taken, and says it was done after.
 */
export function ManagerBookings({ propertyId }: { propertyId: string }) {
  return (
    <Stack gap="xl">
      <PendingBookings propertyId={propertyId} />
      <DepositsToSettle propertyId={propertyId} />
      <UpcomingBookings propertyId={propertyId} />
    </Stack>
  );
}

/** A titled list of the tab, with its loading line or its failure and a retry. */
function ListSection<Data>({
  id,
  title,
  what,
  query,
  children,
}: {
  id: string;
  title: string;
  /** The rows in words: "deposits to settle". */
  what: string;
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <SectionState
        query={query}
        loadingText={`Loading the ${what}...`}
        errorTitle={`The ${what} could not be loaded`}
      >
        {children}
      </SectionState>
    </Stack>
  );
}

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;
/** What the booker paid (fee and deposit) that a decline gives back. */
const paidCents = (booking: Booking) => booking.feeCents + booking.depositCents - booking.amountDueCents;

function BookingSummary({ booking }: { booking: Booking }) {
  const money = moneyWords(booking);
  return (
    <Stack gap={2}>
      <Text fw={600}>
        {booking.amenityName} · {formatBookingWhen(booking)}
      </Text>
      <Text size="sm" c="dimmed">
        {booking.personName} for {booking.unitLabel} · {people(booking.headcount)}
        {money ? ` · ${money}` : ''}
      </Text>
    </Stack>
  );
}

function PendingBookings({ propertyId }: { propertyId: string }) {
  const [page, setPage] = useState(1);
  const pending = useQuery({
    ...propertyBookingsQueryOptions(propertyId, 'pending', page),
    placeholderData: keepPreviousData,
  });
  return (
    <ListSection
      id="pending-bookings-title"
      title="Waiting for approval"
      what="bookings waiting for approval"
      query={pending}
    >
      {(data) =>
        data.bookings.length === 0 ? (
          <Text c="dimmed" size="sm">
            No bookings wait for approval.
          </Text>
        ) : (
          <>
            {data.bookings.map((booking) => (
              <PendingBooking key={booking.id} propertyId={propertyId} booking={booking} />
            ))}
            <ListPager
              noun="bookings waiting for approval"
              page={page}
              pageSize={bookingsPageSize}
              total={data.total}
              onChange={setPage}
            />
          </>
        )
      }
    </ListSection>
  );
}

function PendingBooking({ propertyId, booking }: { propertyId: string; booking: Booking }) {
  const approve = useApproveBooking(propertyId);
  const decline = useDeclineBooking(propertyId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const refund = paidCents(booking);
  const failure = approve.error ?? decline.error;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <BookingSummary booking={booking} />
        <Group align="flex-start" wrap="wrap" gap="sm">
          <Button
            size="sm"
            mt={{ base: 0, xs: 25 }}
            loading={approve.isPending}
            disabled={decline.isPending}
            onClick={() =>
              approve.mutate(booking.id, {
                onSuccess: () =>
                  showSuccessToast(
                    `Approved: ${booking.personName}'s booking of ${booking.amenityName}. They are told.`,
                  ),
              })
            }
          >
            Approve
          </Button>
          <TextInput
            label="Reason (the booker is told)"
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            maxLength={500}
            style={{ flex: '1 1 240px' }}
          />
          <Button
            size="sm"
            mt={{ base: 0, xs: 25 }}
            color="red.9"
            variant="outline"
            loading={decline.isPending}
            disabled={approve.isPending}
            onClick={() => {
              if (reason.trim() === '') return setReasonError('Say why it is declined: the booker is told');
              setConfirming(true);
            }}
          >
            {refund > 0 ? 'Decline and refund' : 'Decline'}
          </Button>
        </Group>
        {failure ? (
          <Text c="red.9" size="sm" role="alert">
            {getErrorMessage(failure)}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title="Decline this booking?"
        confirmLabel={refund > 0 ? `Decline and refund ${formatMoney(refund)}` : 'Decline'}
        isConfirming={decline.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          decline.mutate(
            { bookingId: booking.id, reason: reason.trim() },
            {
              onSuccess: () => {
                setConfirming(false);
                showSuccessToast(
                  refund > 0
                    ? `Declined: ${formatMoney(refund)} refunded to ${booking.personName}.`
                    : `Declined: ${booking.personName} is told why.`,
                );
              },
              onError: () => setConfirming(false),
            },
          )
        }
      >
        <Stack gap="xs">
          <Text>
            {booking.personName}’s booking of {booking.amenityName} for {booking.unitLabel},{' '}
            {formatBookingWhen(booking)}, is declined.
          </Text>
          {refund > 0 ? (
            <Text>
              {formatMoney(refund)} is refunded to them
              {booking.feeCents > 0 && booking.depositCents > 0
                ? ` (the ${formatMoney(booking.feeCents)} fee and the ${formatMoney(booking.depositCents)} deposit)`
                : ''}
              .
            </Text>
          ) : null}
          <Text>They are told: “{reason.trim()}”</Text>
        </Stack>
      </ConfirmDialog>
    </Card>
  );
}

function DepositsToSettle({ propertyId }: { propertyId: string }) {
  const [page, setPage] = useState(1);
  const deposits = useQuery(bookingViewQueryOptions(propertyId, 'deposits', page));
  return (
    <ListSection id="deposits-title" title="Deposits to settle" what="deposits to settle" query={deposits}>
      {(data) =>
        data.bookings.length === 0 ? (
          <Text c="dimmed" size="sm">
            No deposit is waiting to be settled.
          </Text>
        ) : (
          <>
            {data.bookings.map((booking) => (
              <DepositToSettle key={booking.id} propertyId={propertyId} booking={booking} />
            ))}
            <ListPager
              noun="deposits to settle"
              page={data.page}
              pageSize={bookingsPageSize}
              total={data.total}
              onChange={setPage}
            />
          </>
        )
      }
    </ListSection>
  );
}

type Settlement = { action: 'release' } | { action: 'deduct'; deductionCents: number; reason: string };

function DepositToSettle({ propertyId, booking }: { propertyId: string; booking: Booking }) {
  const settle = useSettleDeposit(propertyId);
  const queryClient = useQueryClient();
  const files = useQuery(bookingFilesQueryOptions('manager', booking));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [asked, setAsked] = useState<Settlement | null>(null);
  const deposit = booking.depositCents;
  const cents = amount.trim() === '' ? null : centsFromDollars(amount);
  // Said as they type: more than the deposit is never quietly cut down to it.
  const overError =
    cents !== null && cents > deposit ? `At most ${formatMoney(deposit)}, the whole deposit` : undefined;
  const fileCount = files.data?.attachments.length ?? 0;

  const askToKeep = () => {
    const found: typeof errors = {};
    if (amount.trim() === '') found.amount = 'Enter the amount to keep';
    else if (cents === null) found.amount = 'Enter an amount in dollars, such as 75 or 75.50';
    else if (overError) found.amount = overError;
    if (reason.trim() === '') found.reason = 'Say what it is kept for: the booker is told';
    setErrors(found);
    if (Object.keys(found).length === 0 && cents !== null)
      setAsked({ action: 'deduct', deductionCents: cents, reason: reason.trim() });
  };

  const confirm = (settlement: Settlement) =>
    settle.mutate(
      { bookingId: booking.id, settlement },
      {
        onSuccess: () => {
          setAsked(null);
          showSuccessToast(
            settlement.action === 'release'
              ? `Deposit returned: ${formatMoney(deposit)} to ${booking.personName}.`
              : `Deposit settled: ${formatMoney(settlement.deductionCents)} kept, ${formatMoney(deposit - settlement.deductionCents)} returned to ${booking.personName}.`,
          );
        },
        onError: () => setAsked(null),
      },
    );

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <BookingSummary booking={booking} />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Photos and files
          </Text>
          <FilesPanel
            files={files}
            target={{ bookingId: booking.id }}
            canChange
            max={bookingFilesMax}
            hint="The state it was left in, a cleaning or repair bill: the booker sees them once the deposit is settled."
            emptyText={null}
            addLabel="Add a photo or file"
            onChanged={() =>
              queryClient.invalidateQueries({ queryKey: amenityKeys.files('manager', booking.id) })
            }
          />
        </Stack>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <Button
            size="sm"
            mt={{ base: 0, xs: 25 }}
            variant="default"
            disabled={settle.isPending}
            onClick={() => setAsked({ action: 'release' })}
          >
            Return all {formatMoney(deposit)}
          </Button>
          <TextInput
            label="Amount to keep"
            leftSection="$"
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount ?? overError}
            w={140}
          />
          <TextInput
            label="Reason (the booker is told)"
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            error={errors.reason}
            maxLength={1000}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            size="sm"
            mt={{ base: 0, xs: 25 }}
            variant="default"
            disabled={settle.isPending}
            onClick={askToKeep}
          >
            Keep part of the deposit
          </Button>
        </Group>
        {settle.isError ? (
          <Text c="red.9" size="sm" role="alert">
            {getErrorMessage(settle.error)}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={asked !== null}
        title={asked?.action === 'deduct' ? 'Keep part of the deposit?' : 'Return the deposit?'}
        confirmLabel={
          asked?.action === 'deduct'
            ? `Keep ${formatMoney(asked.deductionCents)}, return ${formatMoney(deposit - asked.deductionCents)}`
            : `Return ${formatMoney(deposit)}`
        }
        confirmColor={asked?.action === 'deduct' ? 'red.9' : 'indigo'}
        isConfirming={settle.isPending}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && confirm(asked)}
      >
        {asked?.action === 'deduct' ? (
          <Stack gap="xs">
            <Text>
              Of {booking.personName}’s {formatMoney(deposit)} deposit for {booking.amenityName}, you keep{' '}
              {formatMoney(asked.deductionCents)} and {formatMoney(deposit - asked.deductionCents)} is
              returned to them.
            </Text>
            <Text>They are told: “{asked.reason}”</Text>
            <Text size="sm" c="dimmed">
              {fileCount > 0
                ? `They see the ${fileCount === 1 ? 'photo or file' : `${fileCount} photos and files`} you added. `
                : ''}
              This cannot be changed afterwards.
            </Text>
          </Stack>
        ) : (
          <Text>
            {booking.personName} gets the whole {formatMoney(deposit)} deposit for {booking.amenityName} back.
            This cannot be changed afterwards.
          </Text>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function UpcomingBookings({ propertyId }: { propertyId: string }) {
  const [page, setPage] = useState(1);
  const upcoming = useQuery(bookingViewQueryOptions(propertyId, 'upcoming', page));
  return (
    <ListSection id="upcoming-title" title="Upcoming" what="upcoming bookings" query={upcoming}>
      {(data) => {
        if (data.bookings.length === 0)
          return (
            <Text c="dimmed" size="sm">
              No bookings to come.
            </Text>
          );
        return (
          <>
            <ResponsiveTable
              caption="Upcoming bookings"
              titleColumn="when"
              rowKey={(booking) => booking.id}
              rows={data.bookings}
              columns={[
                { key: 'when', label: 'When', render: (booking) => formatBookingWhen(booking) },
                { key: 'amenity', label: 'Amenity', render: (booking) => booking.amenityName },
                {
                  key: 'who',
                  label: 'Who',
                  render: (booking) => `${booking.personName} · ${people(booking.headcount)}`,
                },
                { key: 'home', label: 'Home', render: (booking) => booking.unitLabel },
                {
                  key: 'status',
                  label: 'Status',
                  render: (booking) => statusWords(booking),
                },
                { key: 'money', label: 'Money', render: (booking) => moneyWords(booking) ?? '—' },
              ]}
            />
            <ListPager
              noun="upcoming bookings"
              page={data.page}
              pageSize={bookingsPageSize}
              total={data.total}
              onChange={setPage}
            />
          </>
        );
      }}
    </ListSection>
  );
}
