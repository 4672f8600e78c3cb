import { violationStatusLabels, type ViolationSummary } from '@commonwise/contracts';
import { Badge, Group } from '@mantine/core';
import { violationStatusColors } from '../labels.ts';

/**
 * Open, cured or dismissed; "Overdue" when open past its cure date; "Cure reported" when its owner
 * reported it cured and it waits for a re-inspection; the last notice sent, by its stage's name.
 */
export function ViolationStatusBadges({
  violation,
}: {
  violation: Pick<ViolationSummary, 'status' | 'isOverdue'> & {
    cureReportedAt?: string | null;
    stageName?: string | null;
  };
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
      {violation.status === 'open' && violation.cureReportedAt ? <CureReportedBadge /> : null}
      {violation.stageName ? (
        <Badge variant="outline" color="gray" title="The last notice sent">
          {violation.stageName}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The owner reported the violation cured (with photos): an inspector or manager re-inspects it. */
export function CureReportedBadge() {
  return (
    <Badge variant="light" color="teal" title="The owner reported it cured: re-inspect it">
      Cure reported
    </Badge>
  );
}
