import {
  complaintStatuses,
  complaintStatusLabels,
  type ComplaintStatus,
  type ViolationComplaint,
} from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Blockquote,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconEyeOff, IconInbox, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { workRoomPath } from '../../work-rooms/api.ts';
import { complaintsPageSize, complaintsQueryOptions, violationPagePath, violationsPagePath } from '../api.ts';
import { DismissComplaintDialog, VerifyComplaintDialog } from './ComplaintDialogs.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const statusColors: Record<ComplaintStatus, string> = { open: 'orange', verified: 'red', dismissed: 'gray' };
const statusOptions = complaintStatuses.map((status) => ({
  value: status,
  label: complaintStatusLabels[status],
}));

/** No status in the address means those to verify; "any" lists them all. */
function statusOf(asked: string | null): ComplaintStatus | null {
  if (asked === 'any') return null;
  return complaintStatuses.find((status) => status === asked) ?? 'open';
}

/**
 * Residents' complaints to the assistant (issue 21 item 3), for the association's managers: each with the
 * resident's words, who reported it (for the managers alone: never shown to the cited owner) and its work
 * order; verified into a violation, or dismissed with a reason. Filters live in the address.
 */
export function ComplaintsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = uuidPattern.test(searchParams.get('propertyId') ?? '')
    ? searchParams.get('propertyId')
    : null;
  const status = statusOf(searchParams.get('status'));
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const complaints = useQuery(complaintsQueryOptions({ propertyId, status, q, page }));
  const [verifying, setVerifying] = useState<ViolationComplaint | null>(null);
  const [dismissing, setDismissing] = useState<ViolationComplaint | null>(null);

  const setFilter = (key: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(propertyId || q || status !== 'open');

  let content: ReactNode;
  if (complaints.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading complaints...</Text>
      </Group>
    );
  else if (complaints.isError)
    content = (
      <ErrorState
        title="Failed to load complaints"
        description={getErrorMessage(complaints.error)}
        onRetry={() => void complaints.refetch()}
        isRetrying={complaints.isFetching}
      />
    );
  else if (complaints.data.complaints.length === 0)
    content = (
      <Paper withBorder radius="lg">
        <StatusMessage
          icon={<IconInbox size={32} aria-hidden />}
          title={
            status === 'open' && !propertyId && !q
              ? 'No complaints to verify'
              : filtered
                ? 'No complaints match'
                : 'No complaints yet'
          }
          description={
            status === 'open' && !propertyId && !q
              ? 'When a resident reports a neighbour to the assistant, the complaint waits here for you.'
              : 'Try other filters.'
          }
        />
      </Paper>
    );
  else
    content = (
      <Stack
        gap="md"
        component="ul"
        aria-label="Complaints"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {complaints.data.complaints.map((complaint) => (
          <ComplaintCard
            key={complaint.id}
            complaint={complaint}
            onVerify={() => setVerifying(complaint)}
            onDismiss={() => setDismissing(complaint)}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={violationsPagePath()} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Violations
        </Group>
      </Anchor>
      <PageHeader
        title="Complaints"
        description="Residents’ reports of a neighbour or a rule broken, filed through the assistant. Verify one yourself before it becomes a violation; the reporter is never shown to the cited owner."
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Words, reporter, unit or work order"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setFilter('page', null);
          }}
          maxLength={100}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Association"
          placeholder={properties.isError ? 'Failed to load' : 'Every association'}
          data={(properties.data?.properties ?? []).map((property) => ({
            value: property.id,
            label: property.name,
          }))}
          value={propertyId}
          onChange={(value) => setFilter('propertyId', value)}
          clearable
          searchable
          nothingFoundMessage="No association matches"
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={status}
          onChange={(value) => setFilter('status', value === 'open' ? null : (value ?? 'any'))}
          clearable
          style={{ flex: '1 1 9rem' }}
        />
      </Group>
      {complaints.data && !complaints.isError && complaints.data.open > 0 && status !== 'open' ? (
        <Text size="sm">
          {complaints.data.open} {complaints.data.open === 1 ? 'complaint waits' : 'complaints wait'} to be
          verified.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setFilter('status', null)}>
            Show them
          </Anchor>
        </Text>
      ) : null}
      {content}
      {complaints.data && !complaints.isError ? (
        <ListPager
          noun="complaints"
          page={page}
          pageSize={complaintsPageSize}
          total={complaints.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      ) : null}
      {verifying ? <VerifyComplaintDialog complaint={verifying} onClose={() => setVerifying(null)} /> : null}
      {dismissing ? (
        <DismissComplaintDialog complaint={dismissing} onClose={() => setDismissing(null)} />
      ) : null}
    </Stack>
  );
}

function ComplaintCard({
  complaint,
  onVerify,
  onDismiss,
}: {
  complaint: ViolationComplaint;
  onVerify: () => void;
  onDismiss: () => void;
}) {
  const titleId = `complaint-${complaint.id}`;
  return (
    <Card component="li" withBorder radius="lg" padding="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text id={titleId} fw={600}>
              {complaint.workOrder ? complaint.workOrder.summary : 'Complaint'} · {complaint.propertyName}
            </Text>
            <Text size="xs" c="dimmed">
              Filed {formatDate(complaint.createdAt)}
              {complaint.unit ? ` · Unit ${complaint.unit.label}` : ''}
            </Text>
          </Stack>
          <Badge variant="light" color={statusColors[complaint.status]}>
            {complaintStatusLabels[complaint.status]}
          </Badge>
        </Group>
        <Blockquote
          p="sm"
          radius="md"
          color="gray"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {complaint.text}
        </Blockquote>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            Reported by{' '}
            <Text span fw={600}>
              {complaint.reporter?.fullName ?? 'a resident (not shown)'}
            </Text>
          </Text>
          {complaint.reporter ? (
            <Badge
              variant="outline"
              color="gray"
              size="sm"
              leftSection={<IconEyeOff size={12} aria-hidden />}
            >
              Not shown to the owner
            </Badge>
          ) : null}
        </Group>
        {complaint.workOrder ? (
          <Text size="sm">
            Work order{' '}
            {complaint.workOrder.roomId ? (
              <Anchor component={Link} to={workRoomPath(complaint.workOrder.roomId)} size="sm" fw={600}>
                {complaint.workOrder.reference}
              </Anchor>
            ) : (
              <Text span fw={600}>
                {complaint.workOrder.reference}
              </Text>
            )}{' '}
            — where you can ask the resident for more
          </Text>
        ) : null}
        {complaint.status === 'open' ? (
          <Group gap="sm" wrap="wrap">
            <Button size="sm" onClick={onVerify}>
              Verify and record violation
            </Button>
            <Button size="sm" variant="default" onClick={onDismiss}>
              Dismiss
            </Button>
          </Group>
        ) : (
          <Stack gap={4}>
            <Text size="sm">
              {complaint.status === 'verified' ? 'Verified' : 'Dismissed'}
              {complaint.decidedBy ? ` by ${complaint.decidedBy.fullName}` : ''}
              {complaint.decidedAt ? ` on ${formatDate(complaint.decidedAt)}` : ''}
              {complaint.decisionNote ? ':' : '.'}
            </Text>
            {complaint.decisionNote ? (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {complaint.decisionNote}
              </Text>
            ) : null}
            {complaint.violationId ? (
              <Anchor component={Link} to={violationPagePath(complaint.violationId)} size="sm" fw={600}>
                Open the violation{complaint.unit ? ` at unit ${complaint.unit.label}` : ''}
              </Anchor>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
