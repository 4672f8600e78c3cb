import { formatMoney, previewMaxDaysAhead, type ChargePreview } from '@commonwise/contracts';
import { Anchor, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { chargePreviewQueryOptions } from '../api.ts';

type DueGroup = ChargePreview['groups'][number];
type DueItem = ChargePreview['items'][number];

/** The last day a preview may look through (the server refuses beyond it). */
function lastDayAhead(today: string): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + previewMaxDaysAhead);
  return day.toISOString().slice(0, 10);
}

/** The server sends the first 200 charges; they are read here a page at a time. */
const itemsPageSize = 20;

const installmentText = (installment: number | null) => (installment ? `Installment ${installment}` : '');

const groupColumns: Column<DueGroup>[] = [
  {
    key: 'schedule',
    label: 'Schedule',
    render: (group) =>
      group.installment ? `${group.scheduleName}, ${installmentText(group.installment)}` : group.scheduleName,
  },
  { key: 'due', label: 'Due', render: (group) => formatDate(group.dueOn) },
  { key: 'units', label: 'Units', align: 'right', render: (group) => group.unitCount },
  { key: 'total', label: 'Total', align: 'right', render: (group) => formatMoney(group.totalCents) },
];

const itemColumns: Column<DueItem>[] = [
  { key: 'unit', label: 'Unit', render: (item) => item.unitLabel },
  {
    key: 'schedule',
    label: 'Schedule',
    render: (item) =>
      item.installment ? `${item.scheduleName}, ${installmentText(item.installment)}` : item.scheduleName,
  },
  { key: 'due', label: 'Due', render: (item) => formatDate(item.dueOn) },
  { key: 'amount', label: 'Amount', align: 'right', render: (item) => formatMoney(item.amountCents) },
];

/**
 * What tonight's run will post — or, looking further ahead, what posting through a chosen day would:
 * each schedule's due dates with the units billed and their total, then the charges themselves. Nothing
 * is written from here.
 */
export function RunPreview({
  propertyId,
  timeZone,
  today,
}: {
  propertyId: string;
  timeZone: string;
  /** The association's today, from which the look-ahead is bounded. */
  today: string;
}) {
  const [through, setThrough] = useState('');
  const isChosen = /^\d{4}-\d{2}-\d{2}$/.test(through);
  const [showItems, setShowItems] = useState(false);
  const [itemsPage, setItemsPage] = useState(1);
  const { data, error, isPending, isError, isFetching, refetch } = useQuery(
    chargePreviewQueryOptions(propertyId, isChosen ? through : null),
  );
  // The server looks at most a year ahead and says so; that is a word about the day, not a failure.
  const throughError = isApiRequestError(error) ? error.fields?.through : undefined;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="tonights-run">
      <Group justify="space-between" align="end" gap="sm" mb="md" wrap="wrap">
        <div style={{ flex: '1 1 20rem' }}>
          <Title order={2} size="h4" id="tonights-run">
            Tonight’s run
          </Title>
          <Text size="sm" c="dimmed">
            {isChosen
              ? 'What posting every charge due through the day chosen would post.'
              : `What the nightly run at 1:00 AM association time (${timeZone}) will post.`}{' '}
            Nothing is posted from here.
            {isFetching && !isPending ? ' Updating…' : ''}
          </Text>
        </div>
        <TextInput
          type="date"
          label="Look ahead through"
          max={lastDayAhead(today)}
          error={throughError}
          value={through}
          onChange={(event) => {
            setThrough(event.currentTarget.value);
            setItemsPage(1);
          }}
          w={180}
        />
      </Group>
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading what is due...
          </Text>
        </Group>
      ) : throughError ? null : isError ? (
        <ErrorState title="Failed to load what is due" onRetry={() => void refetch()} headingOrder={3} />
      ) : data.groups.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {isChosen
            ? `Nothing is due through ${formatDate(data.through)} that has not been posted.`
            : `Nothing is due through ${formatDate(data.through)}: tonight’s run will post nothing.`}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text fw={600} role="status">
            {data.itemCount === 1 ? '1 charge' : `${data.itemCount} charges`} due through{' '}
            {formatDate(data.through)}, {formatMoney(data.totalCents)} in all
          </Text>
          <ResponsiveTable
            caption="Charges by schedule and due date"
            columns={groupColumns}
            rows={data.groups}
            rowKey={(group) => `${group.scheduleId}:${group.period}`}
            titleColumn="schedule"
          />
          <div>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={500}
              onClick={() => setShowItems((shown) => !shown)}
              aria-expanded={showItems}
            >
              {showItems ? 'Hide the charges' : 'Show the charges unit by unit'}
            </Anchor>
          </div>
          {showItems ? (
            <>
              {data.itemCount > data.items.length ? (
                <Text size="sm" c="dimmed">
                  The first {data.items.length} of {data.itemCount} charges are listed.
                </Text>
              ) : null}
              <ResponsiveTable
                caption="Charges unit by unit"
                columns={itemColumns}
                rows={data.items.slice((itemsPage - 1) * itemsPageSize, itemsPage * itemsPageSize)}
                rowKey={(item) => `${item.scheduleId}:${item.period}:${item.unitId}`}
                titleColumn="unit"
              />
              <ListPager
                noun="charges"
                page={itemsPage}
                pageSize={itemsPageSize}
                total={data.items.length}
                onChange={setItemsPage}
              />
            </>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
