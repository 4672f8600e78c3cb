import { Anchor, Badge, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent, IconConfetti } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { eventsPagePath, formatOccurrenceWhen, upcomingEventsQueryOptions } from '../../events/index.ts';

/** Community events (SPEC §2, issue 23 item 4): the next few events addressed to the person. */
export function CommunityEventsCard() {
  const upcoming = useQuery(upcomingEventsQueryOptions);
  let body: ReactNode;
  if (upcoming.isPending)
    body = (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">Loading events...</Text>
      </Group>
    );
  else if (upcoming.isError)
    body = (
      <Group gap="xs">
        <Text c="dimmed">Events could not be loaded.</Text>
        <Anchor component="button" type="button" onClick={() => void upcoming.refetch()}>
          Try again
        </Anchor>
      </Group>
    );
  else if (upcoming.data.occurrences.length === 0)
    body = <Text c="dimmed">No events in the next 90 days.</Text>;
  else
    body = (
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Upcoming events">
        {upcoming.data.occurrences.map((occurrence) => (
          <Group
            component="li"
            key={`${occurrence.eventId} ${occurrence.occurrence}`}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
          >
            <ThemeIcon variant="light" color="orange" radius="md" size="md" mt={2}>
              <IconCalendarEvent size={16} aria-hidden />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {occurrence.title}
                </Text>
                {occurrence.status === 'cancelled' ? (
                  <Badge color="red" variant="light" size="sm">
                    Cancelled
                  </Badge>
                ) : occurrence.myRsvp?.status === 'yes' ? (
                  <Badge color="teal" variant="light" size="sm">
                    Going
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {[formatOccurrenceWhen(occurrence), occurrence.location].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  return (
    <PortalSectionCard
      title="Community Events"
      icon={<IconConfetti size={20} aria-hidden />}
      color="orange"
      action={
        <Anchor component={Link} to={eventsPagePath} size="sm">
          <Group gap={4} wrap="nowrap">
            All events <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      }
    >
      {body}
    </PortalSectionCard>
  );
}
