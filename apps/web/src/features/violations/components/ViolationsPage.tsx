import {
  violationCategories,
  violationCategoryLabels,
  violationStatuses,
  type ViolationSummary,
} from '@commonwise/contracts';
import {
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconMessageReport,
  IconPhoto,
  IconSearch,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import {
  complaintsPagePath,
  openComplaintsQueryOptions,
  violationPagePath,
  violationsPageSize,
  violationsQueryOptions,
} from '../api.ts';
import { categoryOptions, violationStatusOptions } from '../labels.ts';
import { ViolationReportLink } from './ViolationReportPage.tsx';
import { ViolationStatusBadges } from './ViolationStatusBadges.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = <T extends string>(values: readonly T[], asked: string | null): T | null =>
  values.find((value) => value === asked) ?? null;

/**
 * The violations of every association the person keeps or reads (issue 21 items 3 and 8): filtered by
 * association, status, category and overdue cure, the filters in the address so a link (the manager
 * portal's "Violations by Type") opens it filtered. The board reads; nothing here writes.
 */
/** Stages by number: the names differ from one association to another. */
const stageOptions = [
  { value: '0', label: 'No notice sent yet' },
  ...Array.from({ length: 8 }, (_, index) => ({
    value: String(index + 1),
    label: `Stage ${index + 1} notice sent`,
  })),
];

export function ViolationsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = uuidPattern.test(searchParams.get('propertyId') ?? '')
    ? searchParams.get('propertyId')
    : null;
  const ruleId = uuidPattern.test(searchParams.get('ruleId') ?? '') ? searchParams.get('ruleId') : null;
  const status = pick(violationStatuses, searchParams.get('status'));
  const category = pick(violationCategories, searchParams.get('category'));
  const overdue = searchParams.get('overdue') === 'true';
  const cureReported = searchParams.get('cureReported') === 'true';
  const stageParam = searchParams.get('stage');
  const stage = stageParam !== null && /^[0-8]$/.test(stageParam) ? Number(stageParam) : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const violations = useQuery(
    violationsQueryOptions({ propertyId, status, category, overdue, cureReported, stage, q, page, ruleId }),
  );
  // Complaints name their reporter: the board does not read them (nor is offered the link).
  const keepsEnforcement = user.role !== 'board';
  const openComplaints = useQuery({ ...openComplaintsQueryOptions(), enabled: keepsEnforcement });

  /** Changes one filter (and goes back to the first page); the address keeps them. */
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
  const filtered = Boolean(
    propertyId || status || category || overdue || cureReported || stage !== undefined || q || ruleId,
  );
  const back =
    user.role === 'board'
      ? { to: '/board-portal', label: 'Board Portal' }
      : { to: '/manager-portal', label: 'Manager Portal' };

  let content: ReactNode;
  if (violations.isPending)
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading violations...</Text>
      </Group>
    );
  else if (violations.isError)
    content = (
      <ErrorState
        title="Failed to load violations"
        description={getErrorMessage(violations.error)}
        onRetry={() => void violations.refetch()}
        isRetrying={violations.isFetching}
      />
    );
  else if (violations.data.violations.length === 0)
    content = (
      <StatusMessage
        icon={<IconShieldCheck size={32} aria-hidden />}
        title={filtered ? 'No violations match' : 'No violations yet'}
        description={
          filtered ? 'Try other filters.' : 'Violations recorded in inspections appear here, newest first.'
        }
      />
    );
  else
    content = (
      <ResponsiveTable
        caption="Violations"
        columns={columns}
        rows={violations.data.violations}
        rowKey={(violation) => violation.id}
        titleColumn="violation"
      />
    );

  return (
    <Stack gap="lg" maw={1280}>
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <PageHeader
        title="Violations"
        description={
          user.role === 'board'
            ? 'Covenant violations recorded in your associations, with their evidence.'
            : 'Covenant violations recorded in the associations you manage, with their evidence.'
        }
        actions={
          <>
            {keepsEnforcement ? (
              <Button
                component={Link}
                to={complaintsPagePath}
                variant={openComplaints.data?.open ? 'filled' : 'default'}
                leftSection={<IconMessageReport size={16} aria-hidden />}
              >
                Complaints to verify
                {typeof openComplaints.data?.open === 'number' ? ` (${openComplaints.data.open})` : ''}
              </Button>
            ) : null}
            <ViolationReportLink propertyId={propertyId} properties={properties.data?.properties ?? []} />
          </>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Unit or rule"
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
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={violationStatusOptions}
          value={status}
          onChange={(value) => setFilter('status', value)}
          clearable
          style={{ flex: '1 1 9rem' }}
        />
        <Select
          label="Category"
          placeholder="Any category"
          data={categoryOptions}
          value={category}
          onChange={(value) => setFilter('category', value)}
          clearable
          style={{ flex: '1 1 12rem' }}
        />
        <Select
          label="Stage"
          placeholder="Any stage"
          data={stageOptions}
          value={stage === undefined ? null : String(stage)}
          onChange={(value) => setFilter('stage', value)}
          clearable
          style={{ flex: '1 1 10rem' }}
        />
        <Switch
          label="Overdue only"
          checked={overdue}
          onChange={(event) => setFilter('overdue', event.currentTarget.checked ? 'true' : null)}
          mb={8}
        />
        <Switch
          label="Cure reported — re-inspect"
          checked={cureReported}
          onChange={(event) => setFilter('cureReported', event.currentTarget.checked ? 'true' : null)}
          mb={8}
        />
      </Group>
      {ruleId ? (
        <Group gap="xs">
          <Text size="sm">Showing one rule’s violations.</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setFilter('ruleId', null)}>
            Show every rule
          </Button>
        </Group>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 0 }} style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {violations.data && !violations.isError ? (
        <ListPager
          noun="violations"
          page={page}
          pageSize={violationsPageSize}
          total={violations.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      ) : null}
    </Stack>
  );
}

const columns: Column<ViolationSummary>[] = [
  {
    key: 'violation',
    label: 'Violation',
    render: (violation) => (
      <Group gap="sm" wrap="nowrap" align="center">
        {violation.thumbnailUrl ? (
          <Image
            src={violation.thumbnailUrl}
            alt=""
            w={48}
            h={48}
            radius="sm"
            fit="cover"
            style={{ flexShrink: 0 }}
          />
        ) : (
          <Group w={48} h={48} justify="center" style={{ flexShrink: 0 }}>
            <IconPhoto size={20} aria-hidden color="var(--mantine-color-dimmed)" />
          </Group>
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={violationPagePath(violation.id)} fw={600} size="sm">
            {violation.rule.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            Unit {violation.unit.label} · {violationCategoryLabels[violation.rule.category]}
          </Text>
        </Stack>
      </Group>
    ),
  },
  { key: 'property', label: 'Association', render: (violation) => violation.propertyName },
  { key: 'status', label: 'Status', render: (violation) => <ViolationStatusBadges violation={violation} /> },
  { key: 'observed', label: 'Seen', render: (violation) => formatDate(violation.observedAt) },
  {
    key: 'cure',
    label: 'Cure by',
    render: (violation) => (violation.cureDueOn ? formatDate(violation.cureDueOn) : '—'),
  },
];
