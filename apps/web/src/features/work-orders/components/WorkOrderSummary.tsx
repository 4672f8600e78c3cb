import { workOrderStatusLabels, type WorkOrder, type WorkOrderDetail } from '@commonwise/contracts';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCategories, formatWorkOrderNumber, shortWorkOrderId } from '../labels.ts';
import { PriorityBadge, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';

interface WorkOrderSummaryProps {
  workOrder: WorkOrder;
  /** More rows of the details list (WorkOrderDetailRow), after the property. */
  rows?: ReactNode;
  /** Shown under the details list, inside the section. */
  children?: ReactNode;
}

/**
 * The work order block of the side panels (AI Assistant, work rooms): its number and status, its
 * summary, then priority, category and property; each screen adds the rows it has.
 */
export function WorkOrderSummary({ workOrder, rows, children }: WorkOrderSummaryProps) {
  return (
    <Stack gap="sm" component="section" aria-label="Work order details">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text
          fw={700}
          ff="monospace"
          aria-label={`Work order ${workOrder.reference}, number ${shortWorkOrderId(workOrder.id)}`}
        >
          {formatWorkOrderNumber(workOrder)}
        </Text>
        <WorkOrderStatusBadge status={workOrder.status} />
      </Group>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {workOrder.summary}
      </Text>
      <Stack gap={6} component="dl" m={0}>
        <WorkOrderDetailRow label="Priority">
          <PriorityBadge priority={workOrder.priority} variant="dot" />
        </WorkOrderDetailRow>
        <WorkOrderDetailRow label="Category">{formatCategories(workOrder)}</WorkOrderDetailRow>
        <WorkOrderDetailRow label="Property">
          {workOrder.property.name}
          <Text size="xs" c="dimmed" component="span" display="block">
            {workOrder.property.address}
          </Text>
        </WorkOrderDetailRow>
        {rows}
      </Stack>
      {children}
    </Stack>
  );
}

/** One term and its value in the work order's details list. */
export function WorkOrderDetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed" w={84} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The requests linked to this one (a new problem reported beside an open one), by reference. */
export function RelatedWorkOrdersRow({ related }: { related: WorkOrderDetail['related'] }) {
  if (!related?.length) return null;
  return (
    <WorkOrderDetailRow label="Related">
      {related.map((entry) => (
        <Text key={entry.id} size="sm" component="span" display="block">
          {entry.reference} {entry.summary} ({workOrderStatusLabels[entry.status]})
        </Text>
      ))}
    </WorkOrderDetailRow>
  );
}
