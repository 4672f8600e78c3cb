import type { VendorOverride } from '@commonwise/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { managerWorkOrderPath } from '../api.ts';
import { Section } from './Section.tsx';

/**
 * Assignments made although the company's certificate had expired, with who decided and why (staff only:
 * the vendor and the resident never see these). Those at the person's associations.
 */
export function OverridesSection({ overrides }: { overrides: VendorOverride[] }) {
  return (
    <Section
      title="Assigned despite expired insurance"
      description="Each time a manager assigned work although the certificate had expired, with the reason they gave. Only managers and admins see this."
    >
      {overrides.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: no work was assigned to this company while its certificate was expired.
        </Text>
      ) : (
        <ResponsiveTable
          caption="Assignments despite expired insurance"
          columns={columns}
          rows={overrides}
          rowKey={(override) => override.id}
          titleColumn="workOrder"
        />
      )}
    </Section>
  );
}

const columns: Column<VendorOverride>[] = [
  {
    key: 'workOrder',
    label: 'Work order',
    render: (override) => (
      <Stack gap={0}>
        <Anchor component={Link} to={managerWorkOrderPath(override.workOrderId)} size="sm" fw={600}>
          {override.workOrderSummary}
        </Anchor>
        <Text size="xs" c="dimmed">
          {override.propertyName}
          {override.vendorName ? ` · assigned to ${override.vendorName}` : ''}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'reason',
    label: 'Reason',
    render: (override) => (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', maxWidth: '32rem' }}>
        {override.reason}
      </Text>
    ),
  },
  {
    key: 'expired',
    label: 'Certificate expired',
    render: (override) => (override.insuranceExpiredOn ? formatDate(override.insuranceExpiredOn) : '—'),
  },
  {
    key: 'who',
    label: 'Decided by',
    render: (override) => (
      <Stack gap={0}>
        <Text size="sm">{override.createdBy?.fullName ?? 'A former manager'}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(override.createdAt)}
        </Text>
      </Stack>
    ),
  },
];
