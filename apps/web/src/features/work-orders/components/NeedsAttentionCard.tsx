import {
  attentionReasonLabels,
  type AttentionReason,
  type ManagerAttentionItem,
} from '@commonwise/contracts';
import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatWorkOrderNumber, getCategoryLabel } from '../labels.ts';
import { WorkOrderStatusBadge } from './WorkOrderBadges.tsx';

const reasonColors: Record<AttentionReason, string> = {
  emergency: 'red',
  overdue: 'red',
  high: 'orange',
  new: 'blue',
};

interface NeedsAttentionCardProps {
  items: ManagerAttentionItem[];
  total: number;
  onOpen: (workOrderId: string) => void;
}

/**
 * "What needs attention today" (issue 26), first on the manager portal: new, overdue and high-priority
 * or emergency work orders, the most urgent first (the server sorts), each opening the full view.
 */
export function NeedsAttentionCard({ items, total, onOpen }: NeedsAttentionCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="manager-attention">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconAlertCircle size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="manager-attention">
          What needs attention today
        </Title>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing needs you right now: no new, overdue or high-priority work orders.
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Paper
                key={item.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-testid="attention-item"
                aria-label={item.summary}
              >
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Text fw={500} style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
                    {item.summary}{' '}
                    <Text span c="dimmed" size="sm">
                      {formatWorkOrderNumber(item)}
                    </Text>
                  </Text>
                  <Group gap={6}>
                    {item.reasons.map((reason) => (
                      <ToneBadge key={reason} color={reasonColors[reason]} size="sm">
                        {attentionReasonLabels[reason]}
                      </ToneBadge>
                    ))}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {item.propertyName} · {getCategoryLabel(item.mainCategory)} · created{' '}
                  {formatDate(item.createdAt)}
                  {item.dueDate ? ` · due ${formatDate(item.dueDate)}` : ''}
                  {item.vendor ? ` · ${item.vendor.name}` : ' · no vendor yet'}
                </Text>
                <Group justify="space-between" align="center" gap="xs" mt="xs">
                  <WorkOrderStatusBadge status={item.status} size="sm" />
                  <Button
                    size="xs"
                    onClick={() => onOpen(item.id)}
                    aria-label={`Open work order: ${item.summary}`}
                  >
                    Open
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          {total > items.length ? (
            <Text size="sm" c="dimmed">
              Showing the {items.length} most urgent of {total}.
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
