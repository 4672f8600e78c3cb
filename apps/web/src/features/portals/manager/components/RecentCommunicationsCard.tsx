import type { ManagerCommunication } from '@commonwise/contracts';
import { Anchor, Avatar, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RoleBadge } from '../../../../components/RoleBadge.tsx';
import { formatDateTime } from '../../work-order-labels.ts';

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
                <Group gap="xs" wrap="nowrap" align="center">
                  <Avatar size={28} radius="xl" color="initials" name={sender} aria-hidden />
                  <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {sender}
                  </Text>
                  {message.senderRole ? <RoleBadge role={message.senderRole} size="xs" /> : null}
                  <Text size="xs" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(message.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" mt={6} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {message.content}
                </Text>
                <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  <Anchor
                    component={Link}
                    to={`/work-rooms?room=${encodeURIComponent(message.roomId)}`}
                    size="xs"
                  >
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
