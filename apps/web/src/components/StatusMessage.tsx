import { Center, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusMessageProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  color?: MantineColor;
  /** The heading level: h1 when the message is the whole page. */
  headingOrder?: 1 | 2 | 3;
}

/** A centred icon, title, line and actions: not found, no access, failed to load. */
export function StatusMessage({
  icon,
  title,
  description,
  actions,
  color = 'gray',
  headingOrder = 2,
}: StatusMessageProps) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={headingOrder} size="h3">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
        {actions ? (
          <Stack gap="xs" mt="sm" align="center">
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </Center>
  );
}
