import { formatMoney, type Account, type Books } from '@commonwise/contracts';
import { Alert, Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconListDetails, IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { chartQueryOptions, useCloseBooks } from '../api.ts';
import { AccountDialog } from './AccountDialog.tsx';
import { FinanceLinks } from './FinanceLinks.tsx';
import { Journal } from './Journal.tsx';
import { NewEntryDialog } from './NewEntryDialog.tsx';
import { ReserveTargetDialog } from './ReserveTargetDialog.tsx';
import { TrialBalance } from './TrialBalance.tsx';

/**
 * An association's books (issue 20): where they are closed, the trial balance and the journal.
 * Managers (and admins) post entries, reverse them and close months; the board reads (the server
 * decides, per membership).
 */
export function BooksPage({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const canWrite = user.role === 'manager' || user.role === 'admin';
  const [dialog, setDialog] = useState<'entry' | 'close' | 'account' | 'reserve' | null>(null);
  const [editing, setEditing] = useState<Account | null>(null);
  const { data, isPending, isError, refetch } = useQuery(chartQueryOptions(propertyId, null));
  if (isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the books...</Text>
      </Group>
    );
  if (isError) return <ErrorState title="Failed to load the books" onRetry={() => void refetch()} />;
  const today = data.asOf;
  return (
    <Stack gap="lg">
      <FinanceLinks propertyId={propertyId} current="books" />
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="xs">
            <IconLock size={18} aria-hidden />
            <Text>
              {data.books.closedThrough
                ? `Closed through ${formatDate(data.books.closedThrough)}: nothing more can be posted on or before it.`
                : 'No month has been closed yet.'}
            </Text>
          </Group>
          {canWrite ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconListDetails size={16} aria-hidden />}
                onClick={() => setDialog('account')}
              >
                Add account
              </Button>
              <Button variant="default" onClick={() => setDialog('close')}>
                Close a month
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('entry')}>
                New entry
              </Button>
            </Group>
          ) : null}
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="reserve-target">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <div>
            <Text fw={600} id="reserve-target">
              Reserve fund target
            </Text>
            <Text size="sm" c="dimmed">
              {data.books.reserveTargetCents === null
                ? 'None recorded. Record it from the reserve study, so the board sees the fund against it.'
                : `${formatMoney(data.books.reserveTargetCents)}, from ${data.books.reserveTargetSource}`}
            </Text>
          </div>
          {canWrite ? (
            <Button variant="default" onClick={() => setDialog('reserve')}>
              {data.books.reserveTargetCents === null ? 'Record target' : 'Change target'}
            </Button>
          ) : null}
        </Group>
      </Card>
      <TrialBalance propertyId={propertyId} onEditAccount={canWrite ? setEditing : undefined} />
      <Journal propertyId={propertyId} accounts={data.accounts} canWrite={canWrite} today={today} />
      {dialog === 'entry' ? (
        <NewEntryDialog
          propertyId={propertyId}
          accounts={data.accounts}
          today={today}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'account' || editing ? (
        <AccountDialog
          propertyId={propertyId}
          account={editing ?? undefined}
          onClose={() => {
            setDialog(null);
            setEditing(null);
          }}
        />
      ) : null}
      {dialog === 'reserve' ? (
        <ReserveTargetDialog propertyId={propertyId} books={data.books} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'close' ? (
        <CloseMonthDialog
          propertyId={propertyId}
          books={data.books}
          today={today}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

/** The months that may be closed: those that have ended, after the last closed one (two years at most). */
export function closableMonths(books: Pick<Books, 'closedThrough'>, today: string): string[] {
  const months: string[] = [];
  let [year, month] = today.split('-').map(Number) as [number, number];
  const closed = books.closedThrough?.slice(0, 7) ?? '';
  for (let count = 0; count < 24; count++) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
    const candidate = `${year}-${String(month).padStart(2, '0')}`;
    if (candidate <= closed) break;
    months.push(candidate);
  }
  return months;
}

function CloseMonthDialog({
  propertyId,
  books,
  today,
  onClose,
}: {
  propertyId: string;
  books: Books;
  today: string;
  onClose: () => void;
}) {
  const months = closableMonths(books, today);
  const [through, setThrough] = useState<string | null>(months[0] ?? null);
  const [error, setError] = useState<string | null>(null);
  const close = useCloseBooks(propertyId);
  return (
    <PortalModal opened onClose={onClose} title="Close a month" centered>
      <Stack gap="sm">
        <Text size="sm">
          Closing a month closes it and every month before it for good: nothing more can be posted on or
          before its last day, and it is never opened again. Post anything that belongs to it first.
        </Text>
        {months.length === 0 ? (
          <Alert color="gray">Every month that has ended is already closed.</Alert>
        ) : (
          <Select
            label="Close the books through"
            data={months.map((month) => ({ value: month, label: monthLabel(month) }))}
            value={through}
            onChange={setThrough}
            allowDeselect={false}
            error={error}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!through}
            loading={close.isPending}
            onClick={() =>
              through &&
              close.mutate(
                { through },
                {
                  onSuccess: (closed) => {
                    showSuccessToast(`The books are closed through ${formatDate(closed.closedThrough!)}`);
                    onClose();
                  },
                  onError: (failure) =>
                    setError(
                      isApiRequestError(failure)
                        ? failure.message
                        : 'Something went wrong. Please try again.',
                    ),
                },
              )
            }
          >
            Close the books
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}
