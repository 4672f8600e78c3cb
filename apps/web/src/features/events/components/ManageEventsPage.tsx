import {
  announcementAudienceKinds,
  announcementAudienceLabels,
  eventStatusLabels,
  type AnnouncementAudienceKind,
  type AssociationEvent,
  type EventAudience,
  type EventInput,
} from '@commonwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconPencil, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { CommunityNav } from '../../../components/CommunityNav.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { announcementAuthoringQueryOptions, audienceOptionsQueryOptions } from '../../announcements/api.ts';
import {
  formatOccurrenceWhen,
  manageEventsPageSize,
  manageEventsQueryOptions,
  useCancelEvent,
  useSaveEvent,
} from '../api.ts';

/**
 * /community/events (issue 23 item 4): the events of an association its managers and board schedule —
 * the list with their answers, and a form to schedule, change or cancel one. Times are on the
 * association's clock; the server refuses a time the clocks skip or repeat, and says why.
 */
export function ManageEventsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const authoring = useQuery(announcementAuthoringQueryOptions);
  const choices = authoring.data?.properties ?? [];
  const asked = searchParams.get('propertyId');
  const propertyId = choices.find((choice) => choice.id === asked)?.id ?? choices[0]?.id ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const list = useQuery(manageEventsQueryOptions(propertyId, page));
  const [editing, setEditing] = useState<AssociationEvent | 'new' | null>(null);

  if (authoring.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading your associations...</Text>
      </Group>
    );
  if (authoring.isError)
    return (
      <ErrorState
        title="Failed to load your associations"
        description={getErrorMessage(authoring.error)}
        onRetry={() => void authoring.refetch()}
        isRetrying={authoring.isFetching}
      />
    );
  if (choices.length === 0)
    return (
      <StatusMessage
        icon={<IconCalendarPlus size={32} aria-hidden />}
        title="No association to schedule events for."
        description="An association’s managers and board schedule its events."
        headingOrder={1}
      />
    );

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
  else if (list.data.events.length === 0)
    content = (
      <StatusMessage
        icon={<IconCalendarPlus size={32} aria-hidden />}
        title="No events yet."
        description="Schedule a meeting, a party or a weekly class: the people it is for see it and can answer."
      />
    );
  else
    content = (
      <Stack gap="md">
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Events">
          {list.data.events.map((event) => (
            <EventItem key={event.id} event={event} onEdit={() => setEditing(event)} />
          ))}
        </Stack>
        <ListPager
          noun="events"
          page={page}
          pageSize={manageEventsPageSize}
          total={list.data.total}
          onChange={(next) =>
            setSearchParams((current) => {
              const params = new URLSearchParams(current);
              if (next === 1) params.delete('page');
              else params.set('page', String(next));
              return params;
            })
          }
        />
      </Stack>
    );

  return (
    <Stack gap="lg" maw={960}>
      <CommunityNav />
      <PageHeader
        title="Community events"
        description="Schedule your association’s events. The people each is for see it, answer, and can add it to their calendar."
        actions={
          editing === null ? (
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={() => setEditing('new')}
            >
              New event
            </Button>
          ) : null
        }
      />
      {choices.length > 1 ? (
        <Select
          label="Association"
          data={choices.map(({ id, name }) => ({ value: id, label: name }))}
          value={propertyId}
          onChange={(value) => {
            setEditing(null);
            setSearchParams(value ? { propertyId: value } : {}, { replace: true });
          }}
          allowDeselect={false}
          maw={{ base: '100%', sm: 360 }}
        />
      ) : null}
      {editing !== null ? (
        <EventForm
          key={editing === 'new' ? 'new' : editing.id}
          propertyId={propertyId}
          event={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {content}
    </Stack>
  );
}

const repeatLabel = (rule: string | null) => {
  if (!rule) return null;
  const count = /COUNT=(\d+)/.exec(rule)?.[1];
  const every = rule.includes('FREQ=WEEKLY')
    ? 'Weekly'
    : rule.includes('FREQ=MONTHLY')
      ? 'Monthly'
      : rule.includes('FREQ=DAILY')
        ? 'Daily'
        : 'Yearly';
  return count ? `${every}, ${count} times` : every;
};

function EventItem({ event, onEdit }: { event: AssociationEvent; onEdit: () => void }) {
  const cancel = useCancelEvent(event.propertyId);
  const [isConfirming, setIsConfirming] = useState(false);
  const isCancelled = event.status === 'cancelled';
  const repeat = repeatLabel(event.repeat);
  return (
    <Card component="li" withBorder radius="lg" padding="lg" aria-label={event.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Text size="sm" fw={600} c={isCancelled ? 'dimmed' : undefined}>
              {formatOccurrenceWhen({ startsAt: event.startsAt, timeZone: event.timeZone })}
              {repeat ? ` · ${repeat}` : ''}
            </Text>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {event.title}
            </Title>
            <Text size="sm" c="dimmed">
              {[event.location, event.audience.label].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Badge color={isCancelled ? 'red' : 'teal'} variant="light">
            {eventStatusLabels[event.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {event.rsvpEnabled
            ? `${event.rsvps.yes} going (${event.rsvps.seats} with guests), ${event.rsvps.maybe} maybe, ${event.rsvps.no} not going${event.capacity !== null ? ` · ${event.capacity} places per date` : ''}`
            : 'No RSVPs asked'}
        </Text>
        {!isCancelled ? (
          isConfirming ? (
            <Alert color="red" title="Cancel this event?">
              <Stack gap="xs">
                <Text size="sm">
                  Every date of it is cancelled; people see it as cancelled and their calendars drop it. This
                  cannot be undone.
                </Text>
                <Group gap="sm">
                  <Button
                    size="xs"
                    color="red"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate(event.id, { onSuccess: () => setIsConfirming(false) })}
                  >
                    Cancel the event
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setIsConfirming(false)}>
                    Keep it
                  </Button>
                </Group>
                {cancel.isError ? (
                  <Text size="sm" c="red" role="alert">
                    {getErrorMessage(cancel.error)}
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : (
            <Group gap="sm">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={onEdit}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => setIsConfirming(true)}
              >
                Cancel event
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
    </Card>
  );
}

type Repeat = 'none' | 'weekly' | 'monthly' | 'custom';
const durations = [
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '90', label: '1½ hours' },
  { value: '120', label: '2 hours' },
  { value: '180', label: '3 hours' },
  { value: '240', label: '4 hours' },
  { value: '480', label: '8 hours' },
];

/** The wall-clock end: the start plus the duration, as a calendar counts it (no zone needed). */
function endOf(date: string, time: string, minutes: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const end = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute! + minutes));
  return end.toISOString().slice(0, 16);
}

function repeatOf(rule: string | null): { repeat: Repeat; count: number; custom: string } {
  if (!rule) return { repeat: 'none', count: 10, custom: '' };
  const simple = /^FREQ=(WEEKLY|MONTHLY);COUNT=(\d+)$/.exec(rule);
  if (simple)
    return { repeat: simple[1] === 'WEEKLY' ? 'weekly' : 'monthly', count: Number(simple[2]), custom: '' };
  return { repeat: 'custom', count: 10, custom: rule };
}

type Fields = Partial<Record<string, string>>;

function EventForm({
  propertyId,
  event,
  onDone,
}: {
  propertyId: string;
  event: AssociationEvent | null;
  onDone: () => void;
}) {
  const save = useSaveEvent(propertyId, event?.id ?? null);
  const options = useQuery({ ...audienceOptionsQueryOptions(propertyId), enabled: propertyId !== '' });
  const initialRepeat = repeatOf(event?.repeat ?? null);
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [date, setDate] = useState(event?.startsLocal.slice(0, 10) ?? '');
  const [time, setTime] = useState(event?.startsLocal.slice(11, 16) ?? '18:00');
  const [duration, setDuration] = useState(String(event?.durationMinutes ?? 60));
  const [repeat, setRepeat] = useState<Repeat>(initialRepeat.repeat);
  const [count, setCount] = useState<number>(initialRepeat.count);
  const [customRule, setCustomRule] = useState(initialRepeat.custom);
  const [capacity, setCapacity] = useState<number | ''>(event?.capacity ?? '');
  const [rsvpEnabled, setRsvpEnabled] = useState(event?.rsvpEnabled ?? true);
  const [kind, setKind] = useState<AnnouncementAudienceKind>(event?.audience.kind ?? 'everyone');
  const [buildings, setBuildings] = useState<string[]>(event?.audience.buildings ?? []);
  const [unitIds, setUnitIds] = useState<string[]>(event?.audience.units.map((unit) => unit.id) ?? []);
  const [errors, setErrors] = useState<Fields>({});

  const durationChoices = durations.some((choice) => choice.value === duration)
    ? durations
    : [...durations, { value: duration, label: `${duration} minutes` }];

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const missing: Fields = {};
    if (!date) missing.date = 'Choose a date';
    if (!time) missing.time = 'Choose a start time';
    if (Object.keys(missing).length > 0) return setErrors(missing);
    const audience: EventAudience =
      kind === 'buildings' ? { kind, buildings } : kind === 'units' ? { kind, unitIds } : { kind };
    const input: EventInput = {
      title,
      description,
      location,
      startsLocal: `${date}T${time}`,
      endsLocal: endOf(date, time, Number(duration)),
      repeat:
        repeat === 'none'
          ? null
          : repeat === 'custom'
            ? customRule
            : `FREQ=${repeat === 'weekly' ? 'WEEKLY' : 'MONTHLY'};COUNT=${count}`,
      capacity: capacity === '' ? null : capacity,
      rsvpEnabled,
      audience,
    };
    setErrors({});
    save.mutate(input, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiRequestError(error) && error.fields) {
          const fields = error.fields;
          const mapped: Fields = {};
          for (const [path, message] of Object.entries(fields)) {
            const key = path.startsWith('startsLocal')
              ? 'time'
              : path.startsWith('endsLocal')
                ? 'duration'
                : path.startsWith('audience')
                  ? 'audience'
                  : path;
            mapped[key] = message;
          }
          setErrors(mapped);
        }
      },
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="event-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="event-form-title">
            {event ? 'Change the event' : 'New event'}
          </Title>
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            maxLength={200}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            rows={3}
            maxLength={5000}
          />
          <TextInput
            label="Place"
            value={location}
            onChange={(e) => setLocation(e.currentTarget.value)}
            error={errors.location}
            maxLength={200}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label="Date"
              required
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
              miw={160}
            />
            <TextInput
              type="time"
              label="Start time"
              description="The association’s local time"
              required
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              error={errors.time}
              miw={140}
            />
            <Select
              label="Duration"
              data={durationChoices}
              value={duration}
              onChange={(value) => setDuration(value ?? '60')}
              allowDeselect={false}
              error={errors.duration}
              miw={140}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Repeat"
              data={[
                { value: 'none', label: 'Does not repeat' },
                { value: 'weekly', label: 'Weekly' },
                { value: 'monthly', label: 'Monthly, on the same day' },
                { value: 'custom', label: 'Custom rule (RRULE)' },
              ]}
              value={repeat}
              onChange={(value) => setRepeat((value as Repeat | null) ?? 'none')}
              allowDeselect={false}
              miw={200}
            />
            {repeat === 'weekly' || repeat === 'monthly' ? (
              <NumberInput
                label="How many times"
                min={2}
                max={500}
                value={count}
                onChange={(value) => setCount(typeof value === 'number' ? value : 2)}
                miw={140}
              />
            ) : null}
            {repeat === 'custom' ? (
              <TextInput
                label="Rule"
                description="For example FREQ=MONTHLY;BYDAY=2TU;COUNT=12 (the second Tuesday, 12 times)"
                value={customRule}
                onChange={(e) => setCustomRule(e.currentTarget.value)}
                miw={260}
              />
            ) : null}
          </Group>
          {errors.repeat ? (
            <Text size="sm" c="red">
              {errors.repeat}
            </Text>
          ) : null}
          <Group grow align="flex-start" wrap="wrap">
            <Switch
              label="Ask who is coming (RSVP)"
              checked={rsvpEnabled}
              onChange={(e) => setRsvpEnabled(e.currentTarget.checked)}
              mt={28}
            />
            <NumberInput
              label="Capacity"
              description="Places per date, guests included; empty for no limit"
              min={1}
              max={10000}
              value={capacity}
              onChange={(value) => setCapacity(typeof value === 'number' ? value : '')}
              error={errors.capacity}
              miw={180}
            />
          </Group>
          <Select
            label="Who it is for"
            data={announcementAudienceKinds.map((value) => ({
              value,
              label: announcementAudienceLabels[value],
            }))}
            value={kind}
            onChange={(value) => setKind((value as AnnouncementAudienceKind | null) ?? 'everyone')}
            allowDeselect={false}
            error={errors.audience}
            maw={360}
          />
          {kind === 'buildings' ? (
            <MultiSelect
              label="Buildings"
              data={(options.data?.buildings ?? []).map((building) => building.name)}
              value={buildings}
              onChange={setBuildings}
              searchable
            />
          ) : null}
          {kind === 'units' ? (
            <MultiSelect
              label="Units"
              data={(options.data?.units ?? []).map((unit) => ({ value: unit.id, label: unit.label }))}
              value={unitIds}
              onChange={setUnitIds}
              searchable
              limit={50}
            />
          ) : null}
          {save.isError ? (
            <Alert color="red" title="The event was not saved" role="alert">
              {getErrorMessage(save.error)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {event ? 'Save changes' : 'Schedule the event'}
            </Button>
            <Button variant="default" onClick={onDone}>
              Close
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
