import { formatMoney, type Books } from '@commonwise/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSetReserveTarget } from '../api.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { centsFromDollars, dollarsTextOf } from '../money-input.ts';

type Errors = Partial<Record<'targetCents' | 'source' | 'form', string>>;
const fields = ['targetCents', 'source'] as const;

/**
 * The reserve fund's target, as the reserve study or the board's funding plan sets it, with where it
 * comes from; the board's dashboard shows the fund against it. Cleared, the dashboard shows the balance
 * alone: the product never estimates a target.
 */
export function ReserveTargetDialog({
  propertyId,
  books,
  onClose,
}: {
  propertyId: string;
  books: Books;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState(
    books.reserveTargetCents === null ? '' : dollarsTextOf(books.reserveTargetCents),
  );
  const [source, setSource] = useState(books.reserveTargetSource ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSetReserveTarget(propertyId);

  const send = (input: { targetCents: number | null; source: string | null }) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        showSuccessToast(
          saved.reserveTargetCents === null
            ? 'Reserve target cleared'
            : `Reserve target of ${formatMoney(saved.reserveTargetCents)} recorded`,
        );
        onClose();
      },
      onError: (failure) => setErrors(errorsFromFailure(failure, fields)),
    });

  const submit = () => {
    const targetCents = centsFromDollars(amount);
    const found: Errors = {};
    if (!amount.trim()) found.targetCents = 'Enter the target';
    else if (targetCents === null || targetCents <= 0)
      found.targetCents = 'Enter an amount in dollars, like 1600000';
    if (!source.trim()) found.source = 'Say where the target comes from, e.g. the reserve study of 2025';
    setErrors(found);
    if (Object.keys(found).length === 0) send({ targetCents: targetCents!, source: source.trim() });
  };

  return (
    <PortalModal opened onClose={onClose} title="Reserve fund target" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            The balance the reserve fund should hold today, from the association’s reserve study or the
            board’s funding plan. The board’s dashboard shows the fund against it.
          </Text>
          <TextInput
            label="Target"
            required
            leftSection="$"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.targetCents}
            data-autofocus
          />
          <TextInput
            label="Where it comes from"
            required
            placeholder="Reserve study of 2025"
            value={source}
            onChange={(event) => setSource(event.currentTarget.value)}
            error={errors.source}
            maxLength={200}
          />
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="space-between" gap="sm">
            {books.reserveTargetCents !== null ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() => send({ targetCents: null, source: null })}
                disabled={save.isPending}
              >
                Clear target
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save target
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
