import type { Amenity } from '@commonwise/contracts';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { amenityKeys, formatSpan, useAddBlackout, useRemoveBlackout } from '../api.ts';

type Closure = Amenity['blackouts'][number];
type ClosureFields = { startsLocal: string; endsLocal: string; reason: string };
const emptyClosure: ClosureFields = { startsLocal: '', endsLocal: '', reason: '' };

/**
 * An amenity's closures (issue 23 item 5): the ones still to come, each removable, and a new one on the
 * amenity's own clock. A closure over bookings is refused with their names; the manager may then close
 * it anyway, which cancels them (refunded, each booker told the reason).
 */
export function ClosuresEditor({ propertyId, amenity }: { propertyId: string; amenity: Amenity }) {
  const queryClient = useQueryClient();
  const add = useAddBlackout(propertyId);
  const remove = useRemoveBlackout(propertyId);
  const [fields, setFields] = useState<ClosureFields>(emptyClosure);
  const [errors, setErrors] = useState<Partial<ClosureFields>>({});
  const [removing, setRemoving] = useState<Closure | null>(null);
  const zone = `On the amenity’s clock: ${amenity.timeZone}`;
  const failure = add.error;
  const conflict = isApiRequestError(failure) && failure.code === 'BOOKINGS_IN_CLOSURE' ? failure : null;
  const isShownOnFields =
    isApiRequestError(failure) &&
    (['startsLocal', 'endsLocal', 'reason'] as const).some((key) => failure.fields?.[key]);

  // The answer is the amenity as it now is: shown at once, before the list is read again.
  const keep = (updated: Amenity) =>
    queryClient.setQueryData<{ amenities: Amenity[] }>(amenityKeys.managed(propertyId), (current) =>
      current
        ? { amenities: current.amenities.map((item) => (item.id === updated.id ? updated : item)) }
        : current,
    );

  const submit = (cancelBookings: boolean) => {
    const found: Partial<ClosureFields> = {};
    if (!fields.startsLocal) found.startsLocal = 'Give the start';
    if (!fields.endsLocal) found.endsLocal = 'Give the end';
    else if (fields.startsLocal && fields.endsLocal <= fields.startsLocal)
      found.endsLocal = 'It ends after it starts';
    if (!fields.reason.trim()) found.reason = 'Say why it is closed: bookers see it';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const known = new Set(amenity.blackouts.map((item) => item.id));
    add.mutate(
      { amenityId: amenity.id, input: { ...fields, reason: fields.reason.trim(), cancelBookings } },
      {
        onSuccess: (updated) => {
          keep(updated);
          const added = updated.blackouts.find((item) => !known.has(item.id));
          setFields(emptyClosure);
          showSuccessToast(
            `${amenity.name} is closed${added ? ` ${formatSpan(added.startsAt, added.endsAt, amenity.timeZone)}` : ''}.${cancelBookings ? ' The bookings in that time are cancelled and refunded; each booker is told why.' : ''}`,
          );
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.fields)
            setErrors({
              startsLocal: error.fields.startsLocal,
              endsLocal: error.fields.endsLocal,
              reason: error.fields.reason,
            });
        },
      },
    );
  };

  const change = (key: keyof ClosureFields, value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    // A refusal was about the times it named: changed, it no longer applies.
    if (add.isError) add.reset();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="closures-title">
      <Title order={3} size="h5" id="closures-title">
        Closures
      </Title>
      {amenity.blackouts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No closures coming up.
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Closures to come">
          {amenity.blackouts.map((closure) => (
            <Group component="li" key={closure.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <b>{formatSpan(closure.startsAt, closure.endsAt, amenity.timeZone)}</b>: {closure.reason}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Remove the closure ${formatSpan(closure.startsAt, closure.endsAt, amenity.timeZone)}`}
                onClick={() => setRemoving(closure)}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="sm" fw={600} mt="xs">
        Add a closure
      </Text>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          type="datetime-local"
          label="From"
          description={zone}
          value={fields.startsLocal}
          onChange={(event) => change('startsLocal', event.currentTarget.value)}
          error={errors.startsLocal}
          style={{ flex: '1 1 200px' }}
        />
        <TextInput
          type="datetime-local"
          label="Until"
          description={zone}
          value={fields.endsLocal}
          onChange={(event) => change('endsLocal', event.currentTarget.value)}
          error={errors.endsLocal}
          style={{ flex: '1 1 200px' }}
        />
        <TextInput
          label="Reason (bookers see it)"
          description="Pool resurfacing, a private event…"
          value={fields.reason}
          onChange={(event) => change('reason', event.currentTarget.value)}
          error={errors.reason}
          maxLength={300}
          style={{ flex: '2 1 240px' }}
        />
      </Group>
      <Group>
        <Button variant="default" loading={add.isPending && !conflict} onClick={() => submit(false)}>
          Add closure
        </Button>
      </Group>
      {conflict ? (
        <Alert color="orange" title="There are bookings in that time">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict.message}</Text>
            <Group gap="xs">
              <Button size="xs" color="red.9" loading={add.isPending} onClick={() => submit(true)}>
                Close and cancel these bookings
              </Button>
              <Button size="xs" variant="default" disabled={add.isPending} onClick={() => add.reset()}>
                Keep the bookings
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : add.isError && !isShownOnFields ? (
        <Text c="red.9" size="sm" role="alert">
          {getErrorMessage(failure)}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this closure?"
        confirmLabel="Remove closure"
        isConfirming={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const when = formatSpan(removing.startsAt, removing.endsAt, amenity.timeZone);
          remove.mutate(
            { amenityId: amenity.id, blackoutId: removing.id },
            {
              onSuccess: (updated) => {
                keep(updated);
                setRemoving(null);
                showSuccessToast(`Closure removed: ${amenity.name} can be booked ${when} again.`);
              },
              onError: (error) => {
                setRemoving(null);
                showFailureToast('The closure was not removed', error);
              },
            },
          );
        }}
      >
        {removing
          ? `${amenity.name} opens for bookings again ${formatSpan(removing.startsAt, removing.endsAt, amenity.timeZone)} (“${removing.reason}”). Bookings it cancelled stay cancelled.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
