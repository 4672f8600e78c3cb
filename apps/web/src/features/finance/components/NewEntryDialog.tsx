import { formatMoney, fundLabels, funds, type Account, type Fund } from '@commonwise/contracts';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { usePostEntry } from '../api.ts';
import { centsFromDollars } from '../money-input.ts';

type Line = { key: number; accountId: string | null; debit: string; credit: string };
type Errors = Record<string, string | undefined>;

let nextKey = 0;
const emptyLine = (): Line => ({ key: nextKey++, accountId: null, debit: '', credit: '' });

/** A line's signed amount in cents (debit positive), or null while it is not a valid amount. */
function amountOf(line: Line): number | null {
  const debit = line.debit.trim() ? centsFromDollars(line.debit) : 0;
  const credit = line.credit.trim() ? centsFromDollars(line.credit) : 0;
  if (debit === null || credit === null) return null;
  return debit - credit;
}

/**
 * A manual journal entry: a day, what it is for, and lines of debits and credits. The totals per fund
 * are shown as they are typed; the server checks the same (balanced in each fund, an open month, active
 * accounts) and its message is shown against the line or field it names.
 */
export function NewEntryDialog({
  propertyId,
  accounts,
  today,
  onClose,
}: {
  propertyId: string;
  accounts: Account[];
  today: string;
  onClose: () => void;
}) {
  const [postedOn, setPostedOn] = useState(today);
  const [memo, setMemo] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [emptyLine(), emptyLine()]);
  const [errors, setErrors] = useState<Errors>({});
  const post = usePostEntry(propertyId);
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const active = accounts.filter((account) => account.isActive);
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const options = funds.map((fund) => ({
    group: `${fundLabels[fund]} fund`,
    items: active
      .filter((account) => account.fund === fund)
      .map((account) => ({ value: account.id, label: `${account.code} ${account.name}` })),
  }));

  const totals = new Map<Fund, { debits: number; credits: number }>();
  for (const line of lines) {
    const account = line.accountId ? accountById.get(line.accountId) : undefined;
    const amount = amountOf(line);
    if (!account || !amount) continue;
    const total = totals.get(account.fund) ?? { debits: 0, credits: 0 };
    if (amount > 0) total.debits += amount;
    else total.credits -= amount;
    totals.set(account.fund, total);
  }
  const isBalanced = totals.size > 0 && [...totals.values()].every((total) => total.debits === total.credits);

  const change = (key: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const validate = (): Errors => {
    const found: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(postedOn)) found.postedOn = 'Choose the day to post on';
    if (!memo.trim()) found.memo = 'Say what the entry is for';
    lines.forEach((line, index) => {
      if (!line.accountId) found[`lines.${index}.accountId`] = 'Choose an account';
      const hasDebit = Boolean(line.debit.trim());
      const hasCredit = Boolean(line.credit.trim());
      if (hasDebit === hasCredit) found[`lines.${index}.debitCents`] = 'Enter a debit or a credit';
      else if (amountOf(line) === null)
        found[`lines.${index}.debitCents`] = 'Enter an amount in dollars and cents, like 325.50';
    });
    if (Object.keys(found).length === 0 && !isBalanced)
      found.lines = 'Debits and credits must be equal in each fund';
    return found;
  };

  const submit = () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    post.mutate(
      {
        postedOn,
        memo: memo.trim(),
        lines: lines.map((line) => {
          const amount = amountOf(line)!;
          return amount > 0
            ? { accountId: line.accountId!, debitCents: amount }
            : { accountId: line.accountId!, creditCents: -amount };
        }),
      },
      {
        onSuccess: (entry) => {
          showSuccessToast(`Entry #${entry.number} posted`);
          onClose();
        },
        onError: (failure) => {
          if (!isApiRequestError(failure))
            return setErrors({ form: 'Something went wrong. Please try again.' });
          const fields = failure.fields ?? {};
          const isPlaced = Object.keys(fields).some((field) => field !== 'lines');
          setErrors({ ...fields, form: isPlaced ? undefined : failure.message });
        },
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="New journal entry" size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Post on"
              required
              value={postedOn}
              onChange={(event) => setPostedOn(event.currentTarget.value)}
              error={errors.postedOn}
            />
            <TextInput
              label="Memo"
              required
              placeholder="What the entry is for"
              value={memo}
              onChange={(event) => setMemo(event.currentTarget.value)}
              error={errors.memo}
              maxLength={500}
              data-autofocus
            />
          </SimpleGrid>
          <Stack gap="xs" role="group" aria-label="Lines">
            {lines.map((line, index) => {
              const account = (
                <Select
                  label={`Line ${index + 1} account`}
                  placeholder="Choose an account"
                  data={options}
                  value={line.accountId}
                  onChange={(value) => change(line.key, { accountId: value })}
                  error={errors[`lines.${index}.accountId`]}
                  searchable
                  style={{ flex: '1 1 240px' }}
                />
              );
              const amounts = (
                <>
                  <TextInput
                    label={`Line ${index + 1} debit`}
                    placeholder="0.00"
                    inputMode="decimal"
                    value={line.debit}
                    onChange={(event) => change(line.key, { debit: event.currentTarget.value })}
                    error={errors[`lines.${index}.debitCents`]}
                    w={isNarrow ? 'calc(50% - 28px)' : 130}
                  />
                  <TextInput
                    label={`Line ${index + 1} credit`}
                    placeholder="0.00"
                    inputMode="decimal"
                    value={line.credit}
                    onChange={(event) => change(line.key, { credit: event.currentTarget.value })}
                    error={errors[`lines.${index}.creditCents`]}
                    w={isNarrow ? 'calc(50% - 28px)' : 130}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={28}
                    aria-label={`Remove line ${index + 1}`}
                    disabled={lines.length <= 2}
                    onClick={() =>
                      setLines((current) => current.filter((candidate) => candidate.key !== line.key))
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </>
              );
              // On a phone each line is a small card: the account on its own row, its amounts below.
              return isNarrow ? (
                <Paper key={line.key} withBorder radius="md" p="xs">
                  {account}
                  <Group align="start" gap="xs" wrap="nowrap" mt={4}>
                    {amounts}
                  </Group>
                </Paper>
              ) : (
                <Group key={line.key} align="start" gap="xs" wrap="nowrap">
                  {account}
                  {amounts}
                </Group>
              );
            })}
          </Stack>
          <Group justify="space-between" align="start" wrap="wrap">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setLines((current) => [...current, emptyLine()])}
              disabled={lines.length >= 200}
            >
              Add line
            </Button>
            <Stack gap={2} aria-live="polite">
              {[...totals].map(([fund, total]) => (
                <Text key={fund} size="sm" c={total.debits === total.credits ? 'green.8' : 'orange.8'}>
                  {fundLabels[fund]}: debits {formatMoney(total.debits)}, credits {formatMoney(total.credits)}
                  {total.debits === total.credits
                    ? ' · balanced'
                    : ` · off by ${formatMoney(Math.abs(total.debits - total.credits))}`}
                </Text>
              ))}
            </Stack>
          </Group>
          {errors.lines || errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form ?? errors.lines}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={post.isPending}>
              Post entry
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
