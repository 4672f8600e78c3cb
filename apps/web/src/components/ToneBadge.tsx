import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';

/**
 * A badge tinted in its colour with text in the page's text colour: Mantine's light badges put
 * coloured text on the tint, which for yellow, orange, green and most others is below WCAG AA
 * contrast (4.5:1) at badge size.
 */
export function ToneBadge({ color, ...props }: Omit<BadgeProps, 'variant' | 'c'> & { color: MantineColor }) {
  return <Badge variant="light" color={color} c="var(--mantine-color-text)" {...props} />;
}
