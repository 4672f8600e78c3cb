import { violationStatusLabels, type ViolationSummary } from '@commonwise/contracts';
import { Badge, Group } from '@mantine/core';
import { violationStatusColors } from '../labels.ts';

/** Open, cured or dismissed; and "Overdue" when open past its cure date. */
export function ViolationStatusBadges({
  violation,
}: {
  violation: Pick<ViolationSummary, 'status' | 'isOverdue'>;
}) {
  return (
    <Group gap={4} wrap="wrap" justify="inherit">
      <Badge variant="light" color={violationStatusColors[violation.status]}>
        {violationStatusLabels[violation.status]}
      </Badge>
      {violation.isOverdue ? (
        <Badge variant="filled" color="red">
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}
