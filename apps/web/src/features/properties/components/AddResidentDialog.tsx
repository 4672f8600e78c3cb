import { addResidentSchema, type AddResident, type PropertyResident } from '@commonwise/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showNoticeToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { getAvailableUsers, useAddResident, usersWithRoleQueryOptions } from '../api.ts';
import { NoneAvailable, PersonSelect, PickListState } from './pick-list.tsx';

interface AddResidentDialogProps {
  propertyId: string;
  /** Who lives here already: they are left out of the list. */
  residents: PropertyResident[];
  opened: boolean;
  onClose: () => void;
}

/** SPEC §5 Add resident: one of the residents not yet added, and their unit number. */
export function AddResidentDialog({ propertyId, residents, opened, onClose }: AddResidentDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Resident">
      {/* Rendered only while open, so every opening starts with a fresh form and a fresh list. */}
      <AddResidentForm propertyId={propertyId} residents={residents} onClose={onClose} />
    </Modal>
  );
}

const validate = zod4Resolver(addResidentSchema);

function AddResidentForm({ propertyId, residents, onClose }: Omit<AddResidentDialogProps, 'opened'>) {
  const candidates = useQuery({ ...usersWithRoleQueryOptions('resident'), staleTime: 0 });
  const addResident = useAddResident(propertyId);
  const { form, onSubmit } = useSubmitValidatedForm<AddResident>({
    initialValues: { userId: '', unitNumber: '' },
    validate,
  });

  const available = candidates.data ? getAvailableUsers(candidates.data, residents) : [];

  const handleSubmit = onSubmit(async (values) => {
    try {
      const added = await addResident.mutateAsync({
        userId: values.userId,
        unitNumber: values.unitNumber.trim(),
      });
      showSuccessToast('Resident added successfully');
      // Issue 26: a second home adds to the first; the admin is told the other one stays.
      if (added.otherHomes.length > 0)
        showNoticeToast(
          `${added.fullName} also lives elsewhere`,
          `${added.fullName} keeps their home at ${added.otherHomes
            .map((home) => `${home.propertyName} (unit ${home.unitNumber})`)
            .join(', ')}. Both homes stay; end one on its property's page if they moved.`,
        );
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      showFailureToast('Failed to add resident', error);
    }
  });

  if (!candidates.data) {
    return (
      <PickListState
        isError={candidates.isError}
        loadingText="Loading residents..."
        errorText="Failed to load residents"
        onRetry={() => void candidates.refetch()}
        isRetrying={candidates.isFetching}
        onClose={onClose}
      />
    );
  }

  if (available.length === 0) {
    return (
      <NoneAvailable
        role="resident"
        reason="Everyone with the resident role already lives at this property."
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
          label="Resident"
          placeholder="Select a resident"
          nothingFoundMessage="No residents match"
        />
        <TextInput
          label="Unit Number"
          placeholder="e.g. 14B"
          withAsterisk
          maxLength={20}
          key={form.key('unitNumber')}
          {...form.getInputProps('unitNumber')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={addResident.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={addResident.isPending}>
            Add Resident
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
