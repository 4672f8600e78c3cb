import { Badge, type BadgeProps } from '@mantine/core';
import { getRoleColor, getRoleLabel } from '../lib/roles.ts';

interface RoleBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  role: string;
}

export function RoleBadge({ role, ...props }: RoleBadgeProps) {
  return (
    <Badge variant="light" color={getRoleColor(role)} data-role={role} {...props}>
      {getRoleLabel(role)}
    </Badge>
  );
}
