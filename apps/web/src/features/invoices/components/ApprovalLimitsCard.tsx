import { vendorPolicyNote, type VendorPolicy, type VendorPolicyInput } from '@commonwise/contracts';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSetVendorPolicy, vendorPolicyQueryOptions } from '../api.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { awardLimitInWords, invoiceLimitsInWords } from '../limits-text.ts';
import { centsFromText, formatLimit, textOfCents } from '../money.ts';
import { LoadingLine } from './InvoiceBits.tsx';

type LimitField = keyof VendorPolicyInput;
const limitFields: { field: LimitField; label: string; description: string }[] = [
  {
    field: 'invoiceBoardAboveCents',
    label: 'Board approves invoices above',
    description: 'Up to this amount a manager (or a board member) approves an invoice alone.',
  },
  {
    field: 'invoiceTwoApproversAboveCents',
    label: 'Two approvers above',
    description: 'Above it, two different people approve, one of them a board member.',
  },
  {
    field: 'awardBoardAboveCents',
    label: 'Board decides awards above',
    description: 'A contract awarded above it becomes a decision for the board.',
  },
];

const amountOrNone = (cents: number | null) => (cents === null ? 'No limit set' : formatLimit(cents));

/**
 * The association's approval limits (decision 0068): read by its staff and board, changed by its board
 * members and admins. The amounts are the association's own policy, never legal numbers: the card says so.
 */
export function ApprovalLimitsCard({ propertyId }: { propertyId: string }) {
  const policy = useQuery(vendorPolicyQueryOptions(propertyId));
  const [isEditing, setIsEditing] = useState(false);
  const titleId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={titleId}>
          Approval limits
        </Title>
        {policy.data?.canEdit ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setIsEditing(true)}
          >
            Edit limits
          </Button>
        ) : null}
      </Group>
      {policy.isPending ? (
        <LoadingLine>Loading the approval limits...</LoadingLine>
      ) : policy.isError ? (
        <ErrorState
          headingOrder={3}
          title="Failed to load the approval limits"
          description={getErrorMessage(policy.error)}
          onRetry={() => void policy.refetch()}
          isRetrying={policy.isFetching}
        />
      ) : (
        <LimitsView policy={policy.data} />
      )}
      {isEditing && policy.data ? (
        <LimitsDialog policy={policy.data} onClose={() => setIsEditing(false)} />
      ) : null}
    </Card>
  );
}

function LimitsView({ policy }: { policy: VendorPolicy }) {
  return (
    <Stack gap="sm">
      <Stack gap={6} component="dl" m={0}>
        {limitFields.map(({ field, label }) => (
          <Group key={field} justify="space-between" gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600} ta="right">
              {amountOrNone(policy[field])}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="sm">{invoiceLimitsInWords(policy)}</Text>
      <Text size="sm">{awardLimitInWords(policy.awardBoardAboveCents)}</Text>
      <Text size="xs" c="dimmed">
        {policy.isSet && policy.updatedAt
          ? `Set by ${policy.updatedBy?.fullName ?? 'someone no longer here'} on ${formatDateTime(policy.updatedAt)}.`
          : `${policy.propertyName}’s board has not set limits yet, so every invoice and every award goes to the board.`}{' '}
        {vendorPolicyNote}
      </Text>
    </Stack>
  );
}

function LimitsDialog({ policy, onClose }: { policy: VendorPolicy; onClose: () => void }) {
  const save = useSetVendorPolicy(policy.propertyId);
  const [values, setValues] = useState<Record<LimitField, string>>({
    awardBoardAboveCents:
      policy.awardBoardAboveCents === null ? '' : textOfCents(policy.awardBoardAboveCents),
    invoiceBoardAboveCents:
      policy.invoiceBoardAboveCents === null ? '' : textOfCents(policy.invoiceBoardAboveCents),
    invoiceTwoApproversAboveCents:
      policy.invoiceTwoApproversAboveCents === null ? '' : textOfCents(policy.invoiceTwoApproversAboveCents),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const read = (text: string) => (text.trim() === '' ? null : centsFromText(text, { allowZero: true }));
  const isReadable = (text: string) => text.trim() === '' || read(text) !== null;
  const preview = {
    invoiceBoardAboveCents: isReadable(values.invoiceBoardAboveCents)
      ? read(values.invoiceBoardAboveCents)
      : null,
    invoiceTwoApproversAboveCents: isReadable(values.invoiceTwoApproversAboveCents)
      ? read(values.invoiceTwoApproversAboveCents)
      : null,
  };

  const submit = () => {
    const next: Record<string, string> = {};
    for (const { field } of limitFields)
      if (!isReadable(values[field]))
        next[field] = 'Enter an amount in dollars, or leave it blank for no limit';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        awardBoardAboveCents: read(values.awardBoardAboveCents),
        invoiceBoardAboveCents: read(values.invoiceBoardAboveCents),
        invoiceTwoApproversAboveCents: read(values.invoiceTwoApproversAboveCents),
      },
      {
        onSuccess: () => {
          showSuccessToast('Approval limits saved');
          onClose();
        },
        onError: (failure) =>
          setErrors(
            errorsFromFailure(
              failure,
              limitFields.map(({ field }) => field),
            ),
          ),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Approval limits" centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {vendorPolicyNote} Leave an amount blank for no limit: then every invoice (or award) goes to the
            board, and no invoice needs a second approver.
          </Text>
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          {limitFields.map(({ field, label, description }) => (
            <TextInput
              key={field}
              label={`${label} ($)`}
              description={description}
              inputMode="decimal"
              placeholder="No limit"
              value={values[field]}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: text }));
              }}
              error={errors[field]}
            />
          ))}
          <Alert color="blue" variant="light" title="With these limits">
            <Text size="sm">{invoiceLimitsInWords(preview)}</Text>
            <Text size="sm">
              {awardLimitInWords(
                isReadable(values.awardBoardAboveCents) ? read(values.awardBoardAboveCents) : null,
              )}
            </Text>
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save limits
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
