import type { ManagerCommunication } from '@commonwise/contracts';
import { Anchor, Avatar, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { getRoleColor, getRoleLabel } from '../../../lib/roles.ts';
import { workRoomPath } from '../api.ts';

/** The latest messages in the work rooms of the properties in view, newest first. */
export function RecentCommunicationsCard({ communications }: { communications: ManagerCommunication[] }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="manager-communications"
      h="100%"
    >
      <Title order={2} size="h4" id="manager-communications" mb="md">
        Recent Communications
      </Title>
      {communications.length === 0 ? (
        <Text c="dimmed" size="sm">
          No messages in your properties&apos; work rooms yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {communications.map((message) => {
            const sender = message.senderName ?? 'Unknown User';
            return (
              <Paper
                key={message.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-testid="manager-communication"
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Avatar size={28} radius="xl" color="indigo" variant="filled" name={sender} aria-hidden />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} align="center">
                      <Text size="sm" fw={600}>
                        {sender}
                      </Text>
                      {message.senderRole ? (
                        <ToneBadge
                          color={getRoleColor(message.senderRole)}
                          size="xs"
                          style={{ flexShrink: 0 }}
                        >
                          {getRoleLabel(message.senderRole)}
                        </ToneBadge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(message.createdAt)}
                    </Text>
                  </div>
                </Group>
                <Text size="sm" mt={6} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {message.content}
                </Text>
                <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={workRoomPath(message.roomId)} size="xs" underline="always">
                    {message.roomName}
                  </Anchor>{' '}
                  · {message.propertyName}
                </Text>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
