import {
  accountTypeLabels,
  accountTypes,
  fundLabels,
  funds,
  type Account,
  type AccountType,
  type Fund,
} from '@commonwise/contracts';
import { Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useCreateAccount, useUpdateAccount } from '../api.ts';

type Errors = Partial<Record<'code' | 'name' | 'type' | 'fund' | 'form', string>>;

/**
 * Adds an account to the chart, or renames, renumbers and (de)activates one. An account's type and fund
 * never change once made (its postings depend on them): they are shown, not offered, when editing.
 */
export function AccountDialog({
  propertyId,
  account,
  onClose,
}: {
  propertyId: string;
  /** The account to change; none to add one. */
  account?: Account;
  onClose: () => void;
}) {
  const [code, setCode] = useState(account?.code ?? '');
  const [name, setName] = useState(account?.name ?? '');
  const [type, setType] = useState<AccountType | null>(account?.type ?? null);
  const [fund, setFund] = useState<Fund | null>(account?.fund ?? 'operating');
  const [isActive, setIsActive] = useState(account?.isActive ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateAccount(propertyId);
  const update = useUpdateAccount(propertyId);
  const isSaving = create.isPending || update.isPending;

  const fail = (failure: unknown) =>
    setErrors(
      isApiRequestError(failure)
        ? { ...(failure.fields ?? {}), form: failure.fields ? undefined : failure.message }
        : { form: 'Something went wrong. Please try again.' },
    );

  const submit = () => {
    const found: Errors = {};
    if (!code.trim()) found.code = 'Code is required';
    if (!name.trim()) found.name = 'Name is required';
    if (!account && !type) found.type = 'Choose the account type';
    if (!account && !fund) found.fund = 'Choose the fund';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (account)
      update.mutate(
        { accountId: account.id, code: code.trim(), name: name.trim(), isActive },
        {
          onSuccess: (saved) => {
            showSuccessToast(`Account ${saved.code} ${saved.name} saved`);
            onClose();
          },
          onError: fail,
        },
      );
    else
      create.mutate(
        { code: code.trim(), name: name.trim(), type: type!, fund: fund! },
        {
          onSuccess: (saved) => {
            showSuccessToast(`Account ${saved.code} ${saved.name} added`);
            onClose();
          },
          onError: fail,
        },
      );
  };

  return (
    <PortalModal
      opened
      onClose={onClose}
      title={account ? `Account ${account.code} ${account.name}` : 'Add account'}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Group grow align="start">
            <TextInput
              label="Code"
              required
              placeholder="5350"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={errors.code}
              maxLength={20}
              data-autofocus
            />
            <TextInput
              label="Name"
              required
              placeholder="Snow Removal"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              maxLength={100}
            />
          </Group>
          {account ? (
            <>
              <Text size="sm" c="dimmed">
                {accountTypeLabels[account.type]} account of the {fundLabels[account.fund].toLowerCase()}{' '}
                fund. Its type and fund cannot change: make a new account for another.
              </Text>
              <Switch
                label="Active (accepts postings)"
                checked={isActive}
                onChange={(event) => setIsActive(event.currentTarget.checked)}
              />
            </>
          ) : (
            <Group grow align="start">
              <Select
                label="Type"
                required
                placeholder="Choose"
                data={accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }))}
                value={type}
                onChange={(value) => setType(value as AccountType | null)}
                error={errors.type}
              />
              <Select
                label="Fund"
                required
                data={funds.map((value) => ({ value, label: fundLabels[value] }))}
                value={fund}
                onChange={(value) => setFund(value as Fund | null)}
                error={errors.fund}
                allowDeselect={false}
              />
            </Group>
          )}
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {account ? 'Save account' : 'Add account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
