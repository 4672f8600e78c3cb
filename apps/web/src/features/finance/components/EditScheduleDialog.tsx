import type { AssessmentSchedule, AssessmentScheduleUpdate } from '@commonwise/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateSchedule } from '../api.ts';

type Errors = Partial<Record<'name' | 'endsOn' | 'form', string>>;

/**
 * Renames a schedule or sets (or clears) a regular schedule's end. Its terms never change: a new amount
 * is a new schedule. A special assessment ends with its last installment, so only its name is offered.
 */
export function EditScheduleDialog({
  propertyId,
  schedule,
  onClose,
}: {
  propertyId: string;
  schedule: AssessmentSchedule;
  onClose: () => void;
}) {
  const [name, setName] = useState(schedule.name);
  const [endsOn, setEndsOn] = useState(schedule.endsOn ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateSchedule(propertyId);
  const isRegular = schedule.kind === 'regular';

  const submit = () => {
    const change: AssessmentScheduleUpdate = {};
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    if (name.trim() !== schedule.name) change.name = name.trim();
    if (isRegular && (endsOn || null) !== schedule.endsOn) change.endsOn = endsOn || null;
    if (change.endsOn && change.endsOn < schedule.startsOn)
      return setErrors({
        endsOn: `It starts on ${formatDate(schedule.startsOn)}: end it on or after that day`,
      });
    if (Object.keys(change).length === 0) return onClose();
    update.mutate(
      { scheduleId: schedule.id, ...change },
      {
        onSuccess: (saved) => {
          showSuccessToast(
            saved.endsOn && change.endsOn
              ? `${saved.name} ends on ${formatDate(saved.endsOn)}`
              : `${saved.name} saved`,
          );
          onClose();
        },
        onError: (failure) =>
          setErrors(
            isApiRequestError(failure)
              ? {
                  name: failure.fields?.name,
                  endsOn: failure.fields?.endsOn,
                  form: failure.fields?.name || failure.fields?.endsOn ? undefined : failure.message,
                }
              : { form: 'Something went wrong. Please try again.' },
          ),
      },
    );
  };

  return (
    <PortalModal
      opened
      onClose={onClose}
      title={`${isRegular ? 'Rename or end' : 'Rename'} ${schedule.name}`}
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
          <Text size="sm">
            {isRegular
              ? 'Its amount and dates cannot change: to bill a new amount, end this schedule and make a new one.'
              : 'Its amount and installments cannot change; it ends with its last installment.'}
          </Text>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            data-autofocus
          />
          {isRegular ? (
            <TextInput
              type="date"
              label="Ends on"
              description={
                schedule.postedThrough
                  ? `Charges are posted through ${formatDate(schedule.postedThrough)}; leave blank to keep it running`
                  : 'Leave blank to keep it running'
              }
              value={endsOn}
              onChange={(event) => setEndsOn(event.currentTarget.value)}
              error={errors.endsOn}
            />
          ) : null}
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
