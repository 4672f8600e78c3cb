import {
  accountTypeLabels,
  formatMoney,
  fundLabels,
  funds,
  isCreditNormal,
  type Account,
} from '@commonwise/contracts';
import { Anchor, Badge, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { chartQueryOptions } from '../api.ts';

/** An account's balance as it is read: a debit balance in the debit column, a credit one in the credit column. */
const debitOf = (account: Account) => (account.balanceCents > 0 ? formatMoney(account.balanceCents) : '');
const creditOf = (account: Account) => (account.balanceCents < 0 ? formatMoney(-account.balanceCents) : '');

/**
 * The chart of accounts with each balance on a day, fund by fund, with the fund's debit and credit
 * totals — equal, as the database keeps them. Inactive accounts show to the board only when they hold a
 * balance; the books' keepers see them all, to re-activate one.
 */
export function TrialBalance({
  propertyId,
  onEditAccount,
}: {
  propertyId: string;
  /** Offered to the books' keepers: opens an account to rename, renumber or (de)activate it. */
  onEditAccount?: (account: Account) => void;
}) {
  const [asOf, setAsOf] = useState('');
  const isValidDay = /^\d{4}-\d{2}-\d{2}$/.test(asOf);
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    chartQueryOptions(propertyId, isValidDay ? asOf : null),
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="trial-balance">
      <Group justify="space-between" align="end" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="trial-balance">
            Trial balance
          </Title>
          <Text size="sm" c="dimmed">
            {data ? `Balances on ${formatDate(data.asOf)}` : 'Balances of every account'}
            {isFetching && !isPending ? ' · updating…' : ''}
          </Text>
        </div>
        <TextInput
          type="date"
          label="As of"
          value={asOf}
          onChange={(event) => setAsOf(event.currentTarget.value)}
          w={180}
        />
      </Group>
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading the books...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState title="Failed to load the books" onRetry={() => void refetch()} headingOrder={3} />
      ) : (
        <Stack gap="lg">
          {funds.map((fund) => {
            const accounts = data.accounts.filter(
              (account) =>
                account.fund === fund &&
                (account.isActive || account.balanceCents !== 0 || Boolean(onEditAccount)),
            );
            const totals = data.funds.find((entry) => entry.fund === fund)!;
            return (
              <div key={fund}>
                <Table verticalSpacing={6}>
                  <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                    <Group gap="xs">
                      <Text fw={600} c="var(--mantine-color-text)">
                        {fundLabels[fund]} fund
                      </Text>
                      {totals.debitsCents === totals.creditsCents ? (
                        <Badge color="green" variant="light" size="sm">
                          Balanced
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      {/* The same share per column in each fund's table, so the three line up. */}
                      <Table.Th w="12%">Code</Table.Th>
                      <Table.Th>Account</Table.Th>
                      <Table.Th visibleFrom="sm" w="18%">
                        Type
                      </Table.Th>
                      <Table.Th ta="right" w="17%">
                        Debit
                      </Table.Th>
                      <Table.Th ta="right" w="17%">
                        Credit
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {accounts.map((account) => (
                      <Table.Tr key={account.id}>
                        <Table.Td>{account.code}</Table.Td>
                        <Table.Td>
                          {onEditAccount ? (
                            <Anchor
                              component="button"
                              type="button"
                              size="sm"
                              ta="left"
                              onClick={() => onEditAccount(account)}
                              aria-label={`Edit account ${account.code} ${account.name}`}
                            >
                              {account.name}
                            </Anchor>
                          ) : (
                            account.name
                          )}
                          {account.isActive ? null : (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              (inactive)
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td visibleFrom="sm">
                          <Text size="sm" c="dimmed">
                            {accountTypeLabels[account.type]}
                            {isCreditNormal(account.type) ? ' · Cr' : ' · Dr'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {debitOf(account)}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {creditOf(account)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th colSpan={2}>Total, {fundLabels[fund].toLowerCase()} fund</Table.Th>
                      <Table.Td visibleFrom="sm" />
                      <Table.Th ta="right" ff="monospace">
                        {formatMoney(totals.debitsCents)}
                      </Table.Th>
                      <Table.Th ta="right" ff="monospace">
                        {formatMoney(totals.creditsCents)}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </div>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
