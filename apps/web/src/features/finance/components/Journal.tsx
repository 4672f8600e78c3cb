import { entryTotalCents, formatMoney, type Account, type JournalEntry } from '@commonwise/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { journalPageSize, journalQueryOptions, useReverseEntry } from '../api.ts';

/** The journal, newest first, each entry with its lines; filtered by account; paged on the server. */
export function Journal({
  propertyId,
  accounts,
  canWrite,
  today,
}: {
  propertyId: string;
  accounts: Account[];
  canWrite: boolean;
  today: string;
}) {
  const [page, setPage] = useState(1);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [reversing, setReversing] = useState<JournalEntry | null>(null);
  const { data, isPending, isError, refetch } = useQuery(
    journalQueryOptions(propertyId, { page, accountId }),
  );
  const numberOf = new Map(data?.entries.map((entry) => [entry.id, entry.number]));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="journal">
      <Group justify="space-between" align="end" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="journal">
            Journal
          </Title>
          <Text size="sm" c="dimmed">
            Every posting, newest first. Entries are never changed: a mistake is corrected by its reversal.
          </Text>
        </div>
        <Select
          label="Account"
          placeholder="All accounts"
          data={accounts.map((account) => ({ value: account.id, label: `${account.code} ${account.name}` }))}
          value={accountId}
          onChange={(value) => {
            setAccountId(value);
            setPage(1);
          }}
          searchable
          clearable
          w={260}
        />
      </Group>
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading the journal...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState title="Failed to load the journal" onRetry={() => void refetch()} headingOrder={3} />
      ) : data.entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {accountId ? 'Nothing has been posted to this account.' : 'Nothing has been posted yet.'}
        </Text>
      ) : (
        <Stack gap="sm">
          {data.entries.map((entry) => (
            <Paper
              key={entry.id}
              withBorder
              radius="md"
              p="md"
              component="article"
              aria-label={`Entry ${entry.number}`}
            >
              <Group justify="space-between" align="start" gap="xs" wrap="wrap">
                <div>
                  <Group gap="xs">
                    <Text fw={600}>#{entry.number}</Text>
                    <Text size="sm">{formatDate(entry.postedOn)}</Text>
                    {entry.reversesId ? (
                      <Badge variant="light" color="gray" size="sm">
                        {numberOf.has(entry.reversesId)
                          ? `Reverses #${numberOf.get(entry.reversesId)}`
                          : 'Reverses an earlier entry'}
                      </Badge>
                    ) : null}
                    {entry.reversedById ? (
                      <Badge variant="light" color="orange" size="sm">
                        Reversed
                        {numberOf.has(entry.reversedById) ? ` by #${numberOf.get(entry.reversedById)}` : ''}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" mt={2}>
                    {entry.memo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(entryTotalCents(entry.lines))} · posted by{' '}
                    {entry.createdByName ?? 'Commonwise'}
                  </Text>
                </div>
                {canWrite && !entry.reversesId && !entry.reversedById ? (
                  // A vendor invoice's payment is voided on its invoice, which reverses it here too.
                  entry.sourceType === 'vendor_invoice' ? (
                    <Text size="xs" c="dimmed" maw={220}>
                      An invoice’s payment: void it on the invoice
                    </Text>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => setReversing(entry)}>
                      Reverse
                    </Button>
                  )
                ) : null}
              </Group>
              <div>
                <Table verticalSpacing={4} fz="sm" mt="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Account</Table.Th>
                      <Table.Th ta="right">Debit</Table.Th>
                      <Table.Th ta="right">Credit</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entry.lines.map((line) => (
                      <Table.Tr key={line.id}>
                        <Table.Td pl={line.amountCents < 0 ? 'xl' : undefined}>
                          {line.accountCode} {line.accountName}
                          {line.unitLabel ? (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              · unit {line.unitLabel}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.amountCents > 0 ? formatMoney(line.amountCents) : ''}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.amountCents < 0 ? formatMoney(-line.amountCents) : ''}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </Paper>
          ))}
          <ListPager
            noun="entries"
            page={page}
            pageSize={journalPageSize}
            total={data.total}
            onChange={setPage}
          />
        </Stack>
      )}
      {reversing ? (
        <ReverseDialog
          propertyId={propertyId}
          entry={reversing}
          today={today}
          onClose={() => setReversing(null)}
        />
      ) : null}
    </Card>
  );
}

function ReverseDialog({
  propertyId,
  entry,
  today,
  onClose,
}: {
  propertyId: string;
  entry: JournalEntry;
  today: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [postedOn, setPostedOn] = useState(today);
  const [error, setError] = useState<{ reason?: string; postedOn?: string; form?: string }>({});
  const reverse = useReverseEntry(propertyId);
  const submit = () => {
    if (!reason.trim()) {
      setError({ reason: 'Say why the entry is reversed' });
      return;
    }
    reverse.mutate(
      { entryId: entry.id, reason: reason.trim(), postedOn },
      {
        onSuccess: (reversal) => {
          showSuccessToast(`Entry #${entry.number} reversed by #${reversal.number}`);
          onClose();
        },
        onError: (failure) =>
          setError(
            isApiRequestError(failure)
              ? { reason: failure.fields?.reason, postedOn: failure.fields?.postedOn, form: failure.message }
              : { form: 'Something went wrong. Please try again.' },
          ),
      },
    );
  };
  return (
    <PortalModal opened onClose={onClose} title={`Reverse entry #${entry.number}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            A reversing entry posts the same lines with debits and credits swapped, so “{entry.memo}” no
            longer counts. Both stay in the journal.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error.reason}
            data-autofocus
          />
          <TextInput
            type="date"
            label="Post the reversal on"
            value={postedOn}
            onChange={(event) => setPostedOn(event.currentTarget.value)}
            error={error.postedOn}
          />
          {error.form && !error.reason && !error.postedOn ? (
            <Text c="red" size="sm" role="alert">
              {error.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={reverse.isPending}>
              Reverse entry
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
