import {
  hasPermission,
  rsvpStatusLabels,
  type EventOccurrence,
  type RsvpStatus,
} from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconDownload, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import {
  eventIcsPath,
  formatOccurrenceWhen,
  manageEventsPath,
  occurrencesQueryOptions,
  readerEventsLimit,
  readerWindowDays,
  useRsvp,
} from '../api.ts';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /events (issue 23 item 4): the coming occurrences of the events addressed to the person, soonest
 * first, at their association's local time, with RSVPs, an "Add to calendar" file per event and the
 * person's calendar feed.
 */
export function EventsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('propertyId');
  const propertyId = asked && uuidPattern.test(asked) ? asked : null;
  const list = useQuery(occurrencesQueryOptions(propertyId));
  const properties = useQuery({
    ...propertiesQueryOptions({ limit: 100 }),
    enabled: hasPermission(user.role, 'properties:read'),
  });
  const associations = properties.data?.properties ?? [];

  let content: ReactNode;
  if (list.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading events...</Text>
      </Group>
    );
  else if (list.isError)
    content = (
      <ErrorState
        title="Failed to load events"
        description={getErrorMessage(list.error)}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  else if (list.data.occurrences.length === 0)
    content = (
      <StatusMessage
        icon={<IconCalendarEvent size={32} aria-hidden />}
        title="No events coming up."
        description={`Events your association plans for the next ${readerWindowDays} days appear here.`}
      />
    );
  else
    content = (
      <Stack gap="md">
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Events">
          {list.data.occurrences.map((occurrence) => (
            <OccurrenceItem key={`${occurrence.eventId} ${occurrence.occurrence}`} occurrence={occurrence} />
          ))}
        </Stack>
        {list.data.hasMore ? (
          <Text size="sm" c="dimmed">
            Showing the next {readerEventsLimit} dates; later ones follow as these pass.
          </Text>
        ) : null}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Events"
        description={`Your associations’ events for the next ${readerWindowDays} days, at their local times.`}
        actions={
          hasPermission(user.role, 'events:manage') ? (
            <Button component={Link} to={manageEventsPath} variant="default">
              Schedule events
            </Button>
          ) : null
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {associations.length > 1 ? (
              <Select
                label="Association"
                placeholder="All associations"
                data={associations.map(({ id, name }) => ({ value: id, label: name }))}
                value={propertyId}
                onChange={(value) => setSearchParams(value ? { propertyId: value } : {}, { replace: true })}
                clearable
                searchable
                nothingFoundMessage="No association matches"
                maw={{ base: '100%', sm: 360 }}
              />
            ) : null}
            {content}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CalendarFeedPanel />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
const zoneNameOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;

function seatsLine(occurrence: EventOccurrence): string | null {
  if (occurrence.capacity === null)
    return occurrence.seatsTaken > 0 ? `${occurrence.seatsTaken} going` : null;
  if (occurrence.seatsLeft === 0) return `Full: all ${occurrence.capacity} places taken`;
  return `${occurrence.seatsLeft} of ${occurrence.capacity} places left`;
}

function OccurrenceItem({ occurrence }: { occurrence: EventOccurrence }) {
  const titleId = `event-${occurrence.eventId}-${occurrence.occurrence}`;
  const isCancelled = occurrence.status === 'cancelled';
  const seats = seatsLine(occurrence);
  return (
    <Card component="li" withBorder radius="lg" padding="lg" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Text size="sm" fw={600} c={isCancelled ? 'dimmed' : undefined}>
              {formatOccurrenceWhen(occurrence)} – {timeOf(occurrence.endsAt, occurrence.timeZone)}{' '}
              {zoneNameOf(occurrence.startsAt, occurrence.timeZone)}
            </Text>
            <Title
              order={2}
              size="h4"
              id={titleId}
              td={isCancelled ? 'line-through' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {occurrence.title}
            </Title>
          </Stack>
          <Group gap={6}>
            {isCancelled ? (
              <Badge color="red" variant="light">
                Cancelled
              </Badge>
            ) : null}
            {occurrence.isRecurring ? (
              <Badge color="gray" variant="light">
                Repeats
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Group gap="md" wrap="wrap">
          {occurrence.location ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text size="sm">{occurrence.location}</Text>
            </Group>
          ) : null}
          <Text size="sm" c="dimmed">
            {occurrence.propertyName}
          </Text>
          {seats && !isCancelled ? (
            <Text size="sm" c="dimmed">
              {seats}
            </Text>
          ) : null}
        </Group>
        {occurrence.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {occurrence.description}
          </Text>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap" mt={4}>
          {isCancelled ? (
            <Text size="sm" c="dimmed">
              This event was cancelled.
            </Text>
          ) : !occurrence.isForMe ? (
            <Text size="sm" c="dimmed">
              You see this as one of its association’s managers or board; it is not addressed to you.
            </Text>
          ) : occurrence.rsvpEnabled ? (
            <RsvpControls occurrence={occurrence} />
          ) : (
            <Text size="sm" c="dimmed">
              No RSVP needed: just come along.
            </Text>
          )}
          <Anchor href={eventIcsPath(occurrence.eventId)} download size="sm">
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              Add to calendar
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

const answers: RsvpStatus[] = ['yes', 'maybe', 'no'];

/** Going, maybe or not, with guests when going; the server's refusal (full, over) is shown as it says it. */
function RsvpControls({ occurrence }: { occurrence: EventOccurrence }) {
  const rsvp = useRsvp(occurrence.eventId);
  const mine = occurrence.myRsvp;
  const [guests, setGuests] = useState<number>(mine?.guests ?? 0);
  const answer = (status: RsvpStatus) =>
    rsvp.mutate({ occurrence: occurrence.occurrence, status, guests: status === 'yes' ? guests : 0 });
  return (
    <Stack gap={6}>
      <Group gap="xs" role="group" aria-label={`Your answer for ${occurrence.title}`} wrap="wrap">
        {answers.map((status) => (
          <Button
            key={status}
            size="xs"
            variant={mine?.status === status ? 'filled' : 'default'}
            color={status === 'no' ? 'dark' : undefined}
            aria-pressed={mine?.status === status}
            loading={rsvp.isPending && rsvp.variables?.status === status}
            onClick={() => answer(status)}
          >
            {rsvpStatusLabels[status]}
          </Button>
        ))}
        <NumberInput
          size="xs"
          w={110}
          min={0}
          max={10}
          value={guests}
          onChange={(value) => setGuests(typeof value === 'number' ? value : 0)}
          aria-label="Guests you bring"
          leftSection={<Text size="xs">+</Text>}
          rightSection={
            <Text size="xs" c="dimmed" pr={6}>
              guests
            </Text>
          }
          rightSectionWidth={52}
        />
        {mine?.status === 'yes' && guests !== mine.guests ? (
          <Button size="xs" variant="light" onClick={() => answer('yes')} loading={rsvp.isPending}>
            Update guests
          </Button>
        ) : null}
      </Group>
      {rsvp.isError ? (
        <Text size="sm" c="red" role="alert">
          {getErrorMessage(rsvp.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
