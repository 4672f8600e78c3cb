import {
  committeeInputSchema,
  committeeKindLabels,
  committeeKinds,
  committeeMemberInputSchema,
  committeeRoleLabels,
  decisionRuleLabels,
  decisionRules,
  endCommitteeMemberSchema,
  rolesFor,
  type Committee,
  type CommitteeInput,
  type CommitteeKind,
  type CommitteeMember,
  type CommitteeRole,
  type DecisionRule,
} from '@commonwise/contracts';
import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import {
  memberCandidatesQueryOptions,
  useAddMember,
  useCreateCommittee,
  useEndMember,
  useUpdateCommittee,
} from '../api.ts';

const todayIso = () => new Date().toLocaleDateString('en-CA');

/** Puts the server's field errors on the form's fields (the rest are in the toast). */
function showFieldErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown) {
  if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
}

type CommitteeFormValues = {
  kind: CommitteeKind | '';
  name: string;
  decisionRule: DecisionRule;
  quorum: number | null;
  requiresOwners: boolean;
};

const validateCommittee = zod4Resolver(committeeInputSchema);

interface CommitteeDialogProps {
  propertyId: string;
  /** The committee to change; none to create one. */
  committee?: Committee;
  /** Whether the association has a board already (then 'board' is not offered for a new one). */
  hasBoard: boolean;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit the board or a committee: kind, name, decision rule (and quorum), owners only. */
export function CommitteeDialog(props: CommitteeDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.committee ? 'Edit Committee' : 'Add Committee'}
    >
      {props.opened && <CommitteeForm {...props} />}
    </Modal>
  );
}

function CommitteeForm({ propertyId, committee, hasBoard, onClose }: CommitteeDialogProps) {
  const create = useCreateCommittee(propertyId);
  const update = useUpdateCommittee(propertyId, committee?.id ?? '');
  const mutation = committee ? update : create;
  const { form, onSubmit } = useSubmitValidatedForm<CommitteeFormValues>({
    initialValues: {
      kind: committee?.kind ?? (hasBoard ? '' : 'board'),
      name: committee?.name ?? (hasBoard ? '' : 'Board of Directors'),
      decisionRule: committee?.decisionRule ?? 'majority_of_members',
      quorum: committee?.quorum ?? null,
      requiresOwners: committee?.requiresOwners ?? !hasBoard,
    },
    validate: validateCommittee as never,
  });
  const kindOptions = committeeKinds
    .filter((kind) => kind !== 'board' || !hasBoard || committee?.kind === 'board')
    .map((kind) => ({ value: kind, label: committeeKindLabels[kind] }));

  const handleSubmit = onSubmit(async (values) => {
    const input: CommitteeInput = {
      kind: values.kind as CommitteeKind,
      name: values.name.trim(),
      decisionRule: values.decisionRule,
      quorum: values.decisionRule === 'quorum_count' ? values.quorum : null,
      requiresOwners: values.requiresOwners,
    };
    try {
      await mutation.mutateAsync(input);
      showSuccessToast(committee ? 'Committee updated' : 'Committee added');
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
      showFailureToast(committee ? 'Failed to update committee' : 'Failed to add committee', error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Select
          label="Kind"
          placeholder="Choose the kind of committee"
          withAsterisk
          data={kindOptions}
          allowDeselect={false}
          key={form.key('kind')}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label="Name"
          placeholder="e.g. Architectural Review Committee"
          withAsterisk
          maxLength={120}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label="Decision rule"
          description="What carries a decision"
          data={decisionRules.map((rule) => ({ value: rule, label: decisionRuleLabels[rule] }))}
          allowDeselect={false}
          key={form.key('decisionRule')}
          {...form.getInputProps('decisionRule')}
        />
        {form.getValues().decisionRule === 'quorum_count' && (
          <NumberInput
            label="Quorum"
            description="How many members must agree"
            withAsterisk
            min={1}
            max={100}
            allowDecimal={false}
            key={form.key('quorum')}
            {...form.getInputProps('quorum')}
            onChange={(value) => form.setFieldValue('quorum', typeof value === 'number' ? value : null)}
          />
        )}
        <Checkbox
          label="Only owners may serve"
          description="Members must own a unit of the association when their term starts"
          key={form.key('requiresOwners')}
          {...form.getInputProps('requiresOwners', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {committee ? 'Save Changes' : 'Add Committee'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type MemberFormValues = { userId: string; role: CommitteeRole | ''; startsOn: string; endsOn: string };

const validateMember = (values: MemberFormValues) =>
  zod4Resolver(committeeMemberInputSchema)({
    ...values,
    endsOn: values.endsOn === '' ? null : values.endsOn,
  } as never);

interface AddMemberDialogProps {
  propertyId: string;
  committee: Committee;
  opened: boolean;
  onClose: () => void;
}

/** Seat a person: one of the association's owners or occupants, a role the committee gives, a term. */
export function AddMemberDialog(props: AddMemberDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Add Member to ${props.committee.name}`}>
      {props.opened && <AddMemberForm {...props} />}
    </Modal>
  );
}

function AddMemberForm({ propertyId, committee, onClose }: AddMemberDialogProps) {
  const addMember = useAddMember(propertyId, committee.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const candidates = useQuery(memberCandidatesQueryOptions(propertyId, debounced));
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<MemberFormValues>({
    initialValues: { userId: '', role: '', startsOn: todayIso(), endsOn: '' },
    validate: validateMember,
  });

  const options = (candidates.data ?? []).map((person) => {
    const current = person.units.filter((unit) => unit.isCurrent);
    const owns = current.filter((unit) => unit.relation === 'owner').map((unit) => unit.unitLabel);
    const lives = current.filter((unit) => unit.relation === 'occupant').map((unit) => unit.unitLabel);
    const where = owns.length
      ? `owns ${owns.join(', ')}`
      : lives.length
        ? `lives in ${lives.join(', ')}`
        : '';
    return { value: person.userId, label: where ? `${person.fullName} (${where})` : person.fullName };
  });
  // The chosen person stays choosable while the search shows others.
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);

  const handleSubmit = onSubmit(async (values) => {
    try {
      await addMember.mutateAsync({
        userId: values.userId,
        role: values.role as CommitteeRole,
        startsOn: values.startsOn,
        endsOn: values.endsOn === '' ? null : values.endsOn,
      });
      showSuccessToast('Member added');
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
      showFailureToast('Failed to add member', error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Select
          label="Person"
          placeholder="Search owners and residents by name or e-mail"
          withAsterisk
          searchable
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            candidates.isPending
              ? 'Searching...'
              : candidates.isError
                ? 'Failed to search people'
                : 'No one matches'
          }
          key={form.key('userId')}
          {...form.getInputProps('userId')}
          onChange={(value, option) => {
            form.setFieldValue('userId', value ?? '');
            setChosen(option ?? null);
          }}
        />
        {committee.requiresOwners && (
          <Text size="xs" c="dimmed">
            Only owners may serve on this {committee.kind === 'board' ? 'board' : 'committee'}.
          </Text>
        )}
        <Select
          label="Role"
          placeholder="Choose a role"
          withAsterisk
          data={rolesFor(committee.kind).map((role) => ({ value: role, label: committeeRoleLabels[role] }))}
          allowDeselect={false}
          key={form.key('role')}
          {...form.getInputProps('role')}
        />
        <Group grow gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="Term start"
            withAsterisk
            miw={140}
            key={form.key('startsOn')}
            {...form.getInputProps('startsOn')}
          />
          <TextInput
            type="date"
            label="Term end"
            description="Leave empty until further notice"
            miw={140}
            key={form.key('endsOn')}
            {...form.getInputProps('endsOn')}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={addMember.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={addMember.isPending}>
            Add Member
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface EndTermDialogProps {
  propertyId: string;
  member: CommitteeMember | null;
  onClose: () => void;
}

const validateEnd = zod4Resolver(endCommitteeMemberSchema);

/** End a term on a day (today by default); the seat stays in the roster's history. */
export function EndTermDialog({ propertyId, member, onClose }: EndTermDialogProps) {
  return (
    <Modal opened={member !== null} onClose={onClose} title="End Term">
      {member && <EndTermForm propertyId={propertyId} member={member} onClose={onClose} />}
    </Modal>
  );
}

function EndTermForm({
  propertyId,
  member,
  onClose,
}: {
  propertyId: string;
  member: CommitteeMember;
  onClose: () => void;
}) {
  const endMember = useEndMember(propertyId, member);
  const { form, onSubmit } = useSubmitValidatedForm<{ on: string }>({
    initialValues: { on: todayIso() },
    validate: validateEnd,
  });
  const handleSubmit = onSubmit(async (values) => {
    try {
      await endMember.mutateAsync(values);
      showSuccessToast('Term ended');
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
      showFailureToast('Failed to end term', error);
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {member.fullName} ({committeeRoleLabels[member.role]}) stops serving from this day. Their term stays
          in the roster&apos;s history.
        </Text>
        <TextInput
          type="date"
          label="End date"
          description="The first day they no longer serve"
          withAsterisk
          data-autofocus
          key={form.key('on')}
          {...form.getInputProps('on')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={endMember.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={endMember.isPending}>
            End Term
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
