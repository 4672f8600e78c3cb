import { Card, Group, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface PortalSectionCardProps {
  title: string;
  icon: ReactNode;
  color?: MantineColor;
  /** A button or link at the right of the title. */
  action?: ReactNode;
  children: ReactNode;
}

/** One section of a role portal: a landmark named by its h2. */
export function PortalSectionCard({
  title,
  icon,
  color = 'indigo',
  action,
  children,
}: PortalSectionCardProps) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      component="section"
      aria-labelledby={titleId}
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" radius="md" size="lg" color={color} style={{ flexShrink: 0 }}>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4" id={titleId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        {action}
      </Group>
      {children}
    </Card>
  );
}
