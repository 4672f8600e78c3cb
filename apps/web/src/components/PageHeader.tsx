import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title.ts';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  /** Tab title when it should differ from the heading. */
  documentTitle?: string;
}

/** The page's one h1, which also names the browser tab. */
export function PageHeader({ title, description, actions, documentTitle }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ flex: '1 1 20rem' }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="md">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
