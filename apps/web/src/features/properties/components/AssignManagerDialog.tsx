import { assignManagerSchema, type PropertyManager } from '@commonwise/contracts';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { getAvailableUsers, useAssignManager, usersWithRoleQueryOptions } from '../api.ts';
import { NoneAvailable, PersonSelect, PickListState } from './pick-list.tsx';

interface AssignManagerDialogProps {
  propertyId: string;
  /** Who is assigned already: they are left out of the list. */
  managers: PropertyManager[];
  opened: boolean;
  onClose: () => void;
}

/** SPEC §5 Assign manager: pick one of the managers not yet assigned; optionally make them primary. */
export function AssignManagerDialog({ propertyId, managers, opened, onClose }: AssignManagerDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Assign Manager">
      {/* Rendered only while open, so every opening starts with a fresh form and a fresh list. */}
      <AssignManagerForm propertyId={propertyId} managers={managers} onClose={onClose} />
    </Modal>
  );
}

type FormValues = {
  userId: string;
  isPrimary: boolean;
};

const validate = zod4Resolver(assignManagerSchema);

function AssignManagerForm({ propertyId, managers, onClose }: Omit<AssignManagerDialogProps, 'opened'>) {
  const candidates = useQuery({ ...usersWithRoleQueryOptions('manager'), staleTime: 0 });
  const assignManager = useAssignManager(propertyId);
  const primary = managers.find((manager) => manager.isPrimary);
  const { form, onSubmit } = useSubmitValidatedForm<FormValues>({
    // The first manager of a property is its primary one unless told otherwise.
    initialValues: { userId: '', isPrimary: managers.length === 0 },
    validate,
  });

  const available = candidates.data ? getAvailableUsers(candidates.data, managers) : [];

  const handleSubmit = onSubmit(async (values) => {
    try {
      await assignManager.mutateAsync({
        userId: values.userId,
        isPrimary: primary ? false : values.isPrimary,
      });
      showSuccessToast('Manager assigned successfully');
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      showFailureToast('Failed to assign manager', error);
    }
  });

  if (!candidates.data) {
    return (
      <PickListState
        isError={candidates.isError}
        loadingText="Loading managers..."
        errorText="Failed to load managers"
        onRetry={() => void candidates.refetch()}
        isRetrying={candidates.isFetching}
        onClose={onClose}
      />
    );
  }

  if (available.length === 0) {
    return (
      <NoneAvailable
        role="manager"
        reason="Everyone with the manager role is already assigned to this property."
        onClose={onClose}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PersonSelect
          form={form}
          people={available}
          label="Manager"
          placeholder="Select a manager"
          nothingFoundMessage="No managers match"
        />
        <Checkbox
          label="Primary manager"
          description={
            primary
              ? `${primary.fullName || primary.email} is the primary manager. To change that, use Make primary in the list.`
              : 'The primary manager has extra administrative responsibility for the property.'
          }
          disabled={Boolean(primary)}
          key={form.key('isPrimary')}
          {...form.getInputProps('isPrimary', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={assignManager.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={assignManager.isPending}>
            Assign Manager
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
