import { Badge, type BadgeProps } from '@mantine/core';
import { getWorkOrderStatusColor, getWorkOrderStatusLabel } from '../lib/work-orders.ts';

interface WorkOrderStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: string;
}

/** SPEC §4: a work order's status in its own colour (an unknown status is neutral). */
export function WorkOrderStatusBadge({ status, ...props }: WorkOrderStatusBadgeProps) {
  return (
    <Badge variant="light" color={getWorkOrderStatusColor(status)} data-status={status} {...props}>
      {getWorkOrderStatusLabel(status)}
    </Badge>
  );
}
