import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMessageOff } from '@tabler/icons-react';

/** SPEC §8: a room that does not exist, or that the person may not see (the server says 404 to both). */
export function RoomNotFound({ onBack }: { onBack?: (() => void) | undefined }) {
  return (
    <Stack align="center" justify="center" gap="sm" p="xl" ta="center" h="100%">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconMessageOff size={30} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h4">
        Room details not found
      </Title>
      <Text c="dimmed" size="sm" maw={380}>
        This room does not exist, was closed, or is not one you take part in.
      </Text>
      {onBack ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to work orders
        </Button>
      ) : null}
    </Stack>
  );
}
