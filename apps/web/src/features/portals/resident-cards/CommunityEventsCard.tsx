import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconConfetti } from '@tabler/icons-react';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { sampleEvents } from './sample-data.ts';

/** Community events (SPEC §2): sample content until there is an events calendar behind it. */
export function CommunityEventsCard() {
  return (
    <PortalSectionCard
      title="Community Events"
      icon={<IconConfetti size={20} aria-hidden />}
      color="orange"
      isSample
    >
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Upcoming events">
        {sampleEvents.map((event) => (
          <Group component="li" key={event.title} gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="orange" radius="md" size="md" mt={2}>
              <IconCalendarEvent size={16} aria-hidden />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={500}>{event.title}</Text>
              <Text size="sm" c="dimmed">
                {event.date} · {event.time} · {event.place}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </PortalSectionCard>
  );
}
