import {
  chosenOccupantKinds,
  endMembershipSchema,
  occupancyInputSchema,
  occupantKindLabels,
  ownershipInputSchema,
} from '@commonwise/contracts';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import {
  personSearchQueryOptions,
  unitsQueryOptions,
  useAddOccupancy,
  useAddOwnership,
  useEndMembership,
} from '../api.ts';
import { ServerSearchSelect, type Option } from './ServerSearchSelect.tsx';
import { WelcomeLetterButton } from './WelcomeLetterButton.tsx';

/** Today in the person's calendar, YYYY-MM-DD (what a date input holds). */
export function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

type Relation = 'owner' | 'occupant';

interface AddMembershipDialogProps {
  propertyId: string;
  relation: Relation | null;
  onClose: () => void;
}

/** Add an owner or an occupant: a unit of this property, a person, and their dates. */
export function AddMembershipDialog({ propertyId, relation, onClose }: AddMembershipDialogProps) {
  // After an owner is added, the dialog offers their welcome letter (issue 18) before it closes.
  const [added, setAdded] = useState<AddedOwner | null>(null);
  const close = () => {
    setAdded(null);
    onClose();
  };
  return (
    <Modal
      opened={relation !== null}
      onClose={close}
      title={added ? 'Owner added' : relation === 'owner' ? 'Add owner' : 'Add occupant'}
      size="lg"
    >
      {added ? (
        <Stack gap="md">
          <Text>
            {added.fullName} now owns unit {added.unitLabel}. A welcome letter is made as a draft from the
            association’s welcome template; it goes out only when you send it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Done
            </Button>
            <WelcomeLetterButton
              propertyId={propertyId}
              unitId={added.unitId}
              userId={added.userId}
              fullName={added.fullName}
              variant="filled"
              data-autofocus
            />
          </Group>
        </Stack>
      ) : relation ? (
        <AddMembershipForm
          propertyId={propertyId}
          relation={relation}
          onClose={close}
          onOwnerAdded={setAdded}
        />
      ) : null}
    </Modal>
  );
}

type AddedOwner = { unitId: string; unitLabel: string; userId: string; fullName: string };

type MembershipFormValues = {
  unitId: string;
  userId: string;
  from: string;
  until: string;
  isPrimary: boolean;
  shareBp: number | '';
  kind: string;
};

const ownershipOf = (values: MembershipFormValues) => ({
  userId: values.userId,
  startsOn: values.from,
  endsOn: values.until || null,
  isPrimary: values.isPrimary,
  shareBp: values.shareBp === '' ? null : values.shareBp,
});
const occupancyOf = (values: MembershipFormValues) => ({
  userId: values.userId,
  kind: values.kind,
  movedInOn: values.from || null,
  movedOutOn: values.until || null,
});
const validateOwnership = zod4Resolver(ownershipInputSchema);
const validateOccupancy = zod4Resolver(occupancyInputSchema);
/** The contract's field names, as this form names them. */
const formField: Record<string, keyof MembershipFormValues> = {
  startsOn: 'from',
  endsOn: 'until',
  movedInOn: 'from',
  movedOutOn: 'until',
};
const toFormErrors = (errors: Record<string, ReactNode>): Record<string, ReactNode> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [formField[field] ?? field, message]));

function AddMembershipForm({
  propertyId,
  relation,
  onClose,
  onOwnerAdded,
}: {
  propertyId: string;
  relation: Relation;
  onClose: () => void;
  onOwnerAdded: (owner: AddedOwner) => void;
}) {
  const addOwnership = useAddOwnership(propertyId);
  const addOccupancy = useAddOccupancy(propertyId);
  const isOwner = relation === 'owner';
  const { form, onSubmit } = useSubmitValidatedForm<MembershipFormValues>({
    initialValues: {
      unitId: '',
      userId: '',
      from: today(),
      until: '',
      isPrimary: false,
      shareBp: '',
      kind: '',
    },
    validate: (values) => ({
      ...(values.unitId ? {} : { unitId: 'Please select a unit' }),
      ...toFormErrors(
        isOwner ? validateOwnership(ownershipOf(values)) : validateOccupancy(occupancyOf(values)),
      ),
    }),
  });

  const handleSubmit = onSubmit(async (values) => {
    try {
      if (isOwner) {
        const ownership = await addOwnership.mutateAsync({
          unitId: values.unitId,
          input: ownershipOf(values),
        });
        showSuccessToast('Owner added successfully');
        onOwnerAdded({
          unitId: ownership.unitId,
          unitLabel: ownership.unitLabel,
          userId: ownership.userId,
          fullName: ownership.fullName,
        });
        return;
      }
      await addOccupancy.mutateAsync({
        unitId: values.unitId,
        input: occupancyOf(values) as Parameters<typeof addOccupancy.mutateAsync>[0]['input'],
      });
      showSuccessToast('Occupant added successfully');
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(toFormErrors(error.fields));
      showFailureToast(isOwner ? 'Failed to add owner' : 'Failed to add occupant', error);
    }
  });

  const useUnitOptions = (search: string) => {
    const { data, isFetching } = useQuery({
      ...unitsQueryOptions(propertyId, { q: search, page: 1, archived: false, limit: 50 }),
      placeholderData: undefined,
    });
    return {
      options: data?.units.map((unit): Option => ({ value: unit.id, label: `Unit ${unit.label}` })),
      isFetching,
    };
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ServerSearchSelect
            label="Unit"
            placeholder="Type a unit label"
            required
            data-autofocus
            useOptions={useUnitOptions}
            error={form.errors.unitId}
            onChange={(value) => form.setFieldValue('unitId', value ?? '')}
          />
          <ServerSearchSelect
            label={isOwner ? 'Owner' : 'Occupant'}
            placeholder="Type a name or e-mail"
            hint="Type a name or e-mail address"
            required
            useOptions={usePersonOptions}
            error={form.errors.userId}
            onChange={(value) => form.setFieldValue('userId', value ?? '')}
          />
          {isOwner ? null : (
            <Select
              label="Lives there as"
              required
              data={chosenOccupantKinds.map((kind) => ({ value: kind, label: occupantKindLabels[kind] }))}
              {...form.getInputProps('kind')}
            />
          )}
          <TextInput
            type="date"
            label={isOwner ? 'Owner from' : 'Moved in on'}
            required={isOwner}
            {...form.getInputProps('from')}
          />
          <TextInput
            type="date"
            label={isOwner ? 'Owner until (optional)' : 'Moved out on (optional)'}
            description="The first day they no longer own or live there"
            {...form.getInputProps('until')}
          />
          {isOwner ? (
            <NumberInput
              label="Share of the unit (basis points)"
              description="10,000 is the whole unit; leave empty when the owners share it equally"
              min={1}
              max={10000}
              allowDecimal={false}
              {...form.getInputProps('shareBp')}
            />
          ) : null}
        </SimpleGrid>
        {isOwner ? (
          <Checkbox
            label="Primary contact (the owner the association writes to first)"
            {...form.getInputProps('isPrimary', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={addOwnership.isPending || addOccupancy.isPending}>
            {isOwner ? 'Add Owner' : 'Add Occupant'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function usePersonOptions(search: string) {
  const { data, isFetching } = useQuery(personSearchQueryOptions(search));
  return {
    options: data?.map((user): Option => ({
      value: user.id,
      label: `${user.fullName || user.email} (${user.email})`,
    })),
    isFetching,
  };
}

export interface MembershipToEnd {
  unitId: string;
  unitLabel: string;
  relation: Relation;
  membershipId: string;
  fullName: string;
}

interface EndMembershipDialogProps {
  propertyId: string;
  membership: MembershipToEnd | null;
  onClose: () => void;
}

const validateEnd = zod4Resolver(endMembershipSchema);

/** End an ownership or record a move-out on a day; the record stays as history. */
export function EndMembershipDialog({ propertyId, membership, onClose }: EndMembershipDialogProps) {
  return (
    <Modal
      opened={membership !== null}
      onClose={onClose}
      title={membership?.relation === 'owner' ? 'End ownership' : 'Record move-out'}
    >
      {membership ? (
        <EndMembershipForm propertyId={propertyId} membership={membership} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function EndMembershipForm({
  propertyId,
  membership,
  onClose,
}: {
  propertyId: string;
  membership: MembershipToEnd;
  onClose: () => void;
}) {
  const endMembership = useEndMembership(propertyId);
  const { form, onSubmit } = useSubmitValidatedForm<{ on: string }>({
    initialValues: { on: today() },
    validate: validateEnd,
  });
  const isOwner = membership.relation === 'owner';
  const handleSubmit = onSubmit(async ({ on }) => {
    try {
      await endMembership.mutateAsync({ ...membership, on });
      showSuccessToast(isOwner ? 'Ownership ended' : 'Move-out recorded');
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      showFailureToast(isOwner ? 'Failed to end ownership' : 'Failed to record move-out', error);
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>
          {isOwner
            ? `${membership.fullName} stops owning unit ${membership.unitLabel} on this day (a sale’s closing day).`
            : `${membership.fullName} no longer lives in unit ${membership.unitLabel} from this day.`}{' '}
          The record is kept as the unit’s history.
        </Text>
        <TextInput type="date" label="End date" required data-autofocus {...form.getInputProps('on')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={endMembership.isPending}>
            {isOwner ? 'End Ownership' : 'Record Move-out'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
