import type { Amenity, AmenityInput, Booking } from '@commonwise/contracts';
import {
  amenityBookerKindLabels,
  amenityBookerKinds,
  amenityKindLabels,
  amenityKinds,
} from '@commonwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CommunityNav } from '../../../components/CommunityNav.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import {
  dollars,
  formatBookingWhen,
  managedAmenitiesQueryOptions,
  propertyBookingsQueryOptions,
  useAddBlackout,
  useDecideBooking,
  useSaveAmenity,
} from '../api.ts';

/**
 * /community/amenities (issue 23 item 5): an association's managers keep its amenities' rules, close
 * them for a time, approve or decline the bookings that need it, and settle deposits after the event.
 */
export function ManageAmenitiesPage() {
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = properties.data?.properties ?? [];
  const propertyId = chosen ?? list[0]?.id ?? null;
  return (
    <Stack gap="lg" maw={1100}>
      <CommunityNav />
      <PageHeader
        title="Amenities"
        description="Rules, closures, approvals and deposits of your associations’ amenities."
      />
      {properties.isPending ? (
        <Loader size="sm" />
      ) : list.length > 1 ? (
        <Select
          label="Association"
          data={list.map((item) => ({ value: item.id, label: item.name }))}
          value={propertyId}
          onChange={setChosen}
          allowDeselect={false}
          maw={420}
        />
      ) : null}
      {propertyId ? (
        <Tabs defaultValue="bookings" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
            <Tabs.Tab value="amenities">Amenities and rules</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="bookings" pt="md">
            <BookingsPanel propertyId={propertyId} />
          </Tabs.Panel>
          <Tabs.Panel value="amenities" pt="md">
            <AmenitiesPanel propertyId={propertyId} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Stack>
  );
}

function BookingsPanel({ propertyId }: { propertyId: string }) {
  const pending = useQuery(propertyBookingsQueryOptions(propertyId, 'pending'));
  const confirmed = useQuery(propertyBookingsQueryOptions(propertyId, 'confirmed'));
  // The page's moment: a deposit becomes settleable once its booking has ended.
  const [now] = useState(() => Date.now());
  const toSettle = (confirmed.data?.bookings ?? []).filter(
    (booking) => booking.depositStatus === 'held' && Date.parse(booking.endsAt) <= now,
  );
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Waiting for approval
        </Title>
        {pending.isPending ? (
          <Loader size="xs" />
        ) : (pending.data?.bookings ?? []).length === 0 ? (
          <Text c="dimmed" size="sm">
            No bookings wait for approval.
          </Text>
        ) : (
          pending.data!.bookings.map((booking) => (
            <PendingBooking key={booking.id} propertyId={propertyId} booking={booking} />
          ))
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Deposits to settle
        </Title>
        {toSettle.length === 0 ? (
          <Text c="dimmed" size="sm">
            No deposit is waiting to be settled.
          </Text>
        ) : (
          toSettle.map((booking) => (
            <DepositToSettle key={booking.id} propertyId={propertyId} booking={booking} />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function BookingLine({ booking }: { booking: Booking }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>
        {booking.amenityName} · {formatBookingWhen(booking)}
      </Text>
      <Text size="sm" c="dimmed">
        {booking.personName} for {booking.unitLabel} · {booking.headcount}{' '}
        {booking.headcount === 1 ? 'person' : 'people'}
        {booking.feeCents > 0 ? ` · fee ${dollars(booking.feeCents)} paid` : ''}
        {booking.depositCents > 0 ? ` · deposit ${dollars(booking.depositCents)} held` : ''}
      </Text>
    </Stack>
  );
}

function PendingBooking({ propertyId, booking }: { propertyId: string; booking: Booking }) {
  const decide = useDecideBooking(propertyId);
  const [reason, setReason] = useState('');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <BookingLine booking={booking} />
        <Group align="flex-end" wrap="wrap">
          <Button
            size="xs"
            loading={decide.isPending}
            onClick={() => decide.mutate({ bookingId: booking.id, action: 'approve' })}
          >
            Approve
          </Button>
          <TextInput
            size="xs"
            label="Reason to decline"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            w={280}
          />
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={reason.trim() === ''}
            loading={decide.isPending}
            onClick={() => decide.mutate({ bookingId: booking.id, action: 'decline', reason })}
          >
            Decline and refund
          </Button>
        </Group>
        {decide.isError ? (
          <Text c="red" size="sm">
            {getErrorMessage(decide.error)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function DepositToSettle({ propertyId, booking }: { propertyId: string; booking: Booking }) {
  const decide = useDecideBooking(propertyId);
  const [deduction, setDeduction] = useState<number>(0);
  const [reason, setReason] = useState('');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <BookingLine booking={booking} />
        <Group align="flex-end" wrap="wrap">
          <Button
            size="xs"
            loading={decide.isPending}
            onClick={() =>
              decide.mutate({ bookingId: booking.id, action: 'deposit', settlement: { action: 'release' } })
            }
          >
            Release in full
          </Button>
          <NumberInput
            size="xs"
            label="Keep ($)"
            min={0}
            max={booking.depositCents / 100}
            value={deduction === 0 ? '' : deduction}
            onChange={(value) => setDeduction(typeof value === 'number' ? value : 0)}
            w={110}
          />
          <TextInput
            size="xs"
            label="What for"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            w={260}
          />
          <Button
            size="xs"
            color="orange"
            variant="light"
            disabled={deduction <= 0 || reason.trim() === ''}
            loading={decide.isPending}
            onClick={() =>
              decide.mutate({
                bookingId: booking.id,
                action: 'deposit',
                settlement: { action: 'deduct', deductionCents: Math.round(deduction * 100), reason },
              })
            }
          >
            Deduct
          </Button>
        </Group>
        {decide.isError ? (
          <Text c="red" size="sm">
            {getErrorMessage(decide.error)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function AmenitiesPanel({ propertyId }: { propertyId: string }) {
  const amenities = useQuery(managedAmenitiesQueryOptions(propertyId));
  const [editing, setEditing] = useState<Amenity | 'new' | null>(null);
  if (amenities.isPending) return <Loader size="sm" />;
  if (amenities.isError) return <Alert color="red">{getErrorMessage(amenities.error)}</Alert>;
  if (editing)
    return (
      <RulesEditor
        key={editing === 'new' ? 'new' : editing.id}
        propertyId={propertyId}
        amenity={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={() => setEditing('new')}>Add an amenity</Button>
      </Group>
      {amenities.data.amenities.map((amenity) => (
        <Card key={amenity.id} withBorder radius="md" padding="md">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{amenity.name}</Text>
                {amenity.active ? null : <Badge color="gray">Not taking bookings</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {amenity.capacityMode === 'shared' ? `Shared, ${amenity.capacity} people` : 'Exclusive'} ·
                slots of {amenity.slotMinutes} min · fee {dollars(amenity.feeCents)} · deposit{' '}
                {dollars(amenity.depositCents)}
                {amenity.approvalRequired ? ' · approval' : ''}
              </Text>
              {amenity.blackouts.map((blackout) => (
                <Text key={blackout.id} size="xs" c="orange">
                  Closed {new Date(blackout.startsAt).toLocaleString('en-US', { timeZone: amenity.timeZone })}{' '}
                  – {new Date(blackout.endsAt).toLocaleString('en-US', { timeZone: amenity.timeZone })}:{' '}
                  {blackout.reason}
                </Text>
              ))}
            </Stack>
            <Button variant="default" size="xs" onClick={() => setEditing(amenity)}>
              Edit rules
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const inputOf = (amenity: Amenity | null): AmenityInput => ({
  name: amenity?.name ?? '',
  kind: amenity?.kind ?? 'clubhouse',
  description: amenity?.description ?? '',
  timeZone: amenity?.timeZone,
  capacityMode: amenity?.capacityMode ?? 'exclusive',
  capacity: amenity?.capacity ?? 1,
  slotMinutes: amenity?.slotMinutes ?? 60,
  minMinutes: amenity?.minMinutes ?? 60,
  maxMinutes: amenity?.maxMinutes ?? 120,
  leadMinutes: amenity?.leadMinutes ?? 0,
  advanceDays: amenity?.advanceDays ?? 30,
  holdMinutes: amenity?.holdMinutes ?? 15,
  approvalRequired: amenity?.approvalRequired ?? false,
  feeCents: amenity?.feeCents ?? 0,
  depositCents: amenity?.depositCents ?? 0,
  cancelFreeUntilMinutes: amenity?.cancelFreeUntilMinutes ?? 0,
  lateCancelFeeCents: amenity?.lateCancelFeeCents ?? 0,
  eligibleKinds: amenity?.eligibleKinds ?? ['owner', 'owner_occupant', 'tenant'],
  blockDelinquent: amenity?.blockDelinquent ?? false,
  active: amenity?.active ?? true,
  hours:
    amenity?.hours ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })),
  limits: amenity?.limits ?? [],
});

function RulesEditor({
  propertyId,
  amenity,
  onDone,
}: {
  propertyId: string;
  amenity: Amenity | null;
  onDone: () => void;
}) {
  const save = useSaveAmenity(propertyId);
  const addBlackout = useAddBlackout(propertyId);
  const [input, setInput] = useState<AmenityInput>(() => inputOf(amenity));
  const [blackout, setBlackout] = useState({ startsLocal: '', endsLocal: '', reason: '' });
  const set = <K extends keyof AmenityInput>(key: K, value: AmenityInput[K]) =>
    setInput((current) => ({ ...current, [key]: value }));
  const number = (
    key:
      | 'capacity'
      | 'slotMinutes'
      | 'minMinutes'
      | 'maxMinutes'
      | 'leadMinutes'
      | 'advanceDays'
      | 'cancelFreeUntilMinutes',
    label: string,
  ) => (
    <NumberInput
      label={label}
      value={input[key]}
      min={0}
      onChange={(value) => set(key, typeof value === 'number' ? value : 0)}
    />
  );
  const money = (key: 'feeCents' | 'depositCents' | 'lateCancelFeeCents', label: string) => (
    <NumberInput
      label={label}
      prefix="$"
      decimalScale={2}
      min={0}
      value={input[key] / 100}
      onChange={(value) => set(key, Math.round((typeof value === 'number' ? value : 0) * 100))}
    />
  );
  const fields =
    save.error && 'fields' in save.error
      ? (save.error as { fields?: Record<string, string> }).fields
      : undefined;
  const monthly = input.limits.find((limit) => limit.per === 'unit' && limit.period === 'month');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {amenity ? `Rules of ${amenity.name}` : 'A new amenity'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Name"
            value={input.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={fields?.name}
          />
          <Select
            label="Kind"
            data={amenityKinds.map((kind) => ({ value: kind, label: amenityKindLabels[kind] }))}
            value={input.kind}
            onChange={(value) => value && set('kind', value as AmenityInput['kind'])}
            allowDeselect={false}
          />
          <Select
            label="Use"
            data={[
              { value: 'exclusive', label: 'Exclusive (one party)' },
              { value: 'shared', label: 'Shared (up to capacity)' },
            ]}
            value={input.capacityMode}
            onChange={(value) => value && set('capacityMode', value as AmenityInput['capacityMode'])}
            allowDeselect={false}
            disabled={amenity !== null}
          />
          {number('capacity', 'Capacity (people)')}
          {number('slotMinutes', 'Slot (minutes)')}
          {number('minMinutes', 'Shortest booking (minutes)')}
          {number('maxMinutes', 'Longest booking (minutes)')}
          {number('leadMinutes', 'Book at least (minutes ahead)')}
          {number('advanceDays', 'Book at most (days ahead)')}
          {money('feeCents', 'Fee')}
          {money('depositCents', 'Deposit')}
          {number('cancelFreeUntilMinutes', 'Free cancellation until (minutes before)')}
          {money('lateCancelFeeCents', 'Late-cancellation fee')}
          <TextInput
            label="Opens (every day)"
            value={input.hours[0]?.opens ?? ''}
            onChange={(event) => {
              const opens = event.currentTarget.value;
              set(
                'hours',
                input.hours.map((item) => ({ ...item, opens })),
              );
            }}
          />
          <TextInput
            label="Closes (every day)"
            value={input.hours[0]?.closes ?? ''}
            onChange={(event) => {
              const closes = event.currentTarget.value;
              set(
                'hours',
                input.hours.map((item) => ({ ...item, closes })),
              );
            }}
          />
          <NumberInput
            label="Bookings per unit per month (0: no limit)"
            min={0}
            value={monthly?.max ?? ''}
            onChange={(value) => {
              const max = typeof value === 'number' ? value : 0;
              const others = input.limits.filter(
                (limit) => !(limit.per === 'unit' && limit.period === 'month'),
              );
              set('limits', max > 0 ? [...others, { per: 'unit', period: 'month', max }] : others);
            }}
          />
        </SimpleGrid>
        <MultiSelect
          label="Who may book"
          data={amenityBookerKinds.map((kind) => ({ value: kind, label: amenityBookerKindLabels[kind] }))}
          value={input.eligibleKinds}
          onChange={(value) => set('eligibleKinds', value as AmenityInput['eligibleKinds'])}
        />
        <Group>
          <Checkbox
            label="The manager approves each booking"
            checked={input.approvalRequired}
            onChange={(event) => set('approvalRequired', event.currentTarget.checked)}
          />
          <Checkbox
            label="Taking bookings"
            checked={input.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          <Checkbox
            label="Suspend units delinquent by law (where allowed)"
            checked={input.blockDelinquent}
            onChange={(event) => set('blockDelinquent', event.currentTarget.checked)}
          />
        </Group>
        {save.isError ? <Alert color="red">{getErrorMessage(save.error)}</Alert> : null}
        <Group>
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ amenityId: amenity?.id ?? null, input }, { onSuccess: onDone })}
          >
            Save rules
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Back
          </Button>
        </Group>
        {amenity ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Close it for a time
            </Title>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                type="datetime-local"
                label="From"
                value={blackout.startsLocal}
                onChange={(event) => setBlackout({ ...blackout, startsLocal: event.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label="Until"
                value={blackout.endsLocal}
                onChange={(event) => setBlackout({ ...blackout, endsLocal: event.currentTarget.value })}
              />
              <TextInput
                label="Reason shown to bookers"
                value={blackout.reason}
                onChange={(event) => setBlackout({ ...blackout, reason: event.currentTarget.value })}
                w={260}
              />
              <Button
                variant="default"
                loading={addBlackout.isPending}
                disabled={!blackout.startsLocal || !blackout.endsLocal || !blackout.reason.trim()}
                onClick={() =>
                  addBlackout.mutate(
                    { amenityId: amenity.id, input: blackout },
                    { onSuccess: () => setBlackout({ startsLocal: '', endsLocal: '', reason: '' }) },
                  )
                }
              >
                Close
              </Button>
            </Group>
            {addBlackout.isError ? (
              <Text c="red" size="sm">
                {getErrorMessage(addBlackout.error)}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
