import type { WorkOrder, WorkOrderTask } from '@commonwise/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import {
  getWorkOrderStatusColor,
  getWorkOrderStatusLabel,
  priorityColors,
  priorityLabels,
  taskStatusColors,
  taskStatusLabels,
} from '../labels.ts';

// `isToned`: the portals' badges, tinted with text in the page's colour (ToneBadge); the others are
// Mantine's light badges.

interface WorkOrderStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children' | 'variant' | 'c'> {
  status: string;
  isToned?: boolean;
}

/** SPEC §4: a work order's status in its own colour (an unknown status is neutral). */
export function WorkOrderStatusBadge({ status, isToned = false, ...props }: WorkOrderStatusBadgeProps) {
  const color = getWorkOrderStatusColor(status);
  const label = getWorkOrderStatusLabel(status);
  return isToned ? (
    <ToneBadge color={color} data-status={status} {...props}>
      {label}
    </ToneBadge>
  ) : (
    <Badge variant="light" color={color} data-status={status} {...props}>
      {label}
    </Badge>
  );
}

interface TaskStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children' | 'variant' | 'c'> {
  status: WorkOrderTask['taskStatus'];
  isToned?: boolean;
}

export function TaskStatusBadge({ status, isToned = false, ...props }: TaskStatusBadgeProps) {
  const color = taskStatusColors[status];
  return isToned ? (
    <ToneBadge color={color} {...props}>
      {taskStatusLabels[status]}
    </ToneBadge>
  ) : (
    <Badge variant="light" color={color} {...props}>
      {taskStatusLabels[status]}
    </Badge>
  );
}

interface PriorityBadgeProps extends Omit<BadgeProps, 'color' | 'children' | 'variant' | 'c'> {
  priority: WorkOrder['priority'];
  /** 'tone' is the portals' tinted badge; the others are Mantine's variants. */
  variant: 'dot' | 'outline' | 'tone';
}

export function PriorityBadge({ priority, variant, ...props }: PriorityBadgeProps) {
  // A priority the server added since this page loaded reads as itself, in grey.
  const color = priorityColors[priority] ?? 'gray';
  const label = priorityLabels[priority] ?? priority;
  return variant === 'tone' ? (
    <ToneBadge color={color} {...props}>
      {label}
    </ToneBadge>
  ) : (
    <Badge variant={variant} color={color} {...props}>
      {label}
    </Badge>
  );
}
