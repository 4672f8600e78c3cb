import {
  unitInputSchema,
  unitKindLabels,
  unitKinds,
  unitStatuses,
  unitStatusLabels,
  type Unit,
  type UnitKind,
  type UnitStatus,
} from '@commonwise/contracts';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useSaveUnit } from '../api.ts';

interface UnitFormDialogProps {
  propertyId: string;
  /** The unit to edit; null adds a new one. */
  unit: Unit | null;
  opened: boolean;
  onClose: () => void;
}

/** Add or edit a unit: the contract's fields and validation messages, the server's refusals per field. */
export function UnitFormDialog({ propertyId, unit, opened, onClose }: UnitFormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={unit ? `Edit unit ${unit.label}` : 'Add unit'} size="lg">
      {/* Rendered only while open, so every opening starts from the unit as it is now. */}
      {opened ? <UnitForm propertyId={propertyId} unit={unit} onClose={onClose} /> : null}
    </Modal>
  );
}

type UnitFormValues = {
  label: string;
  address: string;
  building: string;
  floor: string;
  kind: UnitKind;
  status: UnitStatus;
  /** Empty for an equal share. */
  shareBp: number | '';
  voteWeight: number | '';
};

const toInput = (values: UnitFormValues) => ({
  label: values.label,
  address: values.address,
  building: values.building,
  floor: values.floor,
  kind: values.kind,
  status: values.status,
  shareBp: values.shareBp === '' ? null : values.shareBp,
  voteWeight: values.voteWeight === '' ? 1 : values.voteWeight,
});

const validateInput = zod4Resolver(unitInputSchema);
const validate = (values: UnitFormValues) => validateInput(toInput(values));

function UnitForm({ propertyId, unit, onClose }: Omit<UnitFormDialogProps, 'opened'>) {
  const saveUnit = useSaveUnit(propertyId);
  const { form, onSubmit } = useSubmitValidatedForm<UnitFormValues>({
    initialValues: {
      label: unit?.label ?? '',
      address: unit?.address ?? '',
      building: unit?.building ?? '',
      floor: unit?.floor ?? '',
      kind: unit?.kind ?? 'home',
      status: unit?.status ?? 'vacant',
      shareBp: unit?.shareBp ?? '',
      voteWeight: unit?.voteWeight ?? 1,
    },
    validate,
  });

  const handleSubmit = onSubmit(async (values) => {
    try {
      await saveUnit.mutateAsync({ unitId: unit?.id ?? null, input: toInput(values) });
      showSuccessToast(unit ? 'Unit updated successfully' : 'Unit added successfully');
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      showFailureToast(unit ? 'Failed to update unit' : 'Failed to add unit', error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Unit label"
            description='For example "14B" or "Lot 27"'
            required
            data-autofocus
            {...form.getInputProps('label')}
          />
          <TextInput label="Street address" {...form.getInputProps('address')} />
          <TextInput label="Building" {...form.getInputProps('building')} />
          <TextInput label="Floor" {...form.getInputProps('floor')} />
          <Select
            label="Type"
            data={unitKinds.map((kind) => ({ value: kind, label: unitKindLabels[kind] }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          <Select
            label="Status"
            data={unitStatuses.map((status) => ({ value: status, label: unitStatusLabels[status] }))}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
          <NumberInput
            label="Share of assessments (basis points)"
            description="10,000 is the whole association; leave empty for an equal share"
            min={1}
            max={10000}
            allowDecimal={false}
            {...form.getInputProps('shareBp')}
          />
          <NumberInput
            label="Vote weight"
            min={0}
            max={1000}
            allowDecimal={false}
            {...form.getInputProps('voteWeight')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saveUnit.isPending}>
            {unit ? 'Save Changes' : 'Add Unit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
