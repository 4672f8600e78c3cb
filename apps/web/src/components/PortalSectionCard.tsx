import { Card, Group, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { SampleDataBadge } from './SampleDataBadge.tsx';

interface PortalSectionCardProps {
  title: string;
  icon: ReactNode;
  color?: MantineColor;
  /** Marks the section's content as sample figures (issue 9): a 'Sample data' badge beside its title. */
  isSample?: boolean;
  /** A button or link at the right of the title. */
  action?: ReactNode;
  children: ReactNode;
}

/** One section of a role portal: a landmark named by its h2, with an optional Sample data badge. */
export function PortalSectionCard({
  title,
  icon,
  color = 'indigo',
  isSample = false,
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
          {/* On a phone the badge goes under the title rather than being cut off beside it. */}
          <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {isSample ? <SampleDataBadge /> : null}
          </Group>
        </Group>
        {action}
      </Group>
      {children}
    </Card>
  );
}
