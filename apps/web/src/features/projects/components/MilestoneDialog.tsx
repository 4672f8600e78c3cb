import {
  milestoneInputSchema,
  milestoneKinds,
  type Milestone,
  type MilestoneInput,
  type MilestoneKind,
  type Project,
} from '@commonwise/contracts';
import { Alert, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { propertyDocumentsQueryOptions } from '../../documents/api.ts';
import { useAddMilestone, useUpdateMilestone } from '../api.ts';
import { milestoneKindLabels } from '../labels.ts';

export type MilestoneDialogState = { mode: 'add' } | { mode: 'edit' | 'done'; milestone: Milestone };

interface MilestoneValues extends Record<string, unknown> {
  kind: MilestoneKind;
  title: string;
  phaseId: string | null;
  plannedOn: string;
  actualOn: string;
  ownerUserId: string | null;
  documentIds: string[];
}

const formOf = (milestone: Milestone | null, today: string): MilestoneValues =>
  milestone
    ? {
        kind: milestone.kind,
        title: milestone.title,
        phaseId: milestone.phaseId,
        plannedOn: milestone.plannedOn,
        actualOn: milestone.actualOn ?? '',
        ownerUserId: milestone.owner?.id ?? null,
        documentIds: milestone.documents.map((document) => document.id),
      }
    : {
        kind: 'permits',
        title: milestoneKindLabels.permits,
        phaseId: null,
        plannedOn: today,
        actualOn: '',
        ownerUserId: null,
        documentIds: [],
      };

const inputOf = (values: MilestoneValues): MilestoneInput => ({
  kind: values.kind,
  title: values.title,
  phaseId: values.phaseId,
  plannedOn: values.plannedOn,
  actualOn: values.actualOn || null,
  ownerUserId: values.ownerUserId,
  documentIds: values.documentIds,
});

function validate(values: MilestoneValues): Record<string, string> {
  const result = milestoneInputSchema.safeParse(inputOf(values));
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

const dateProps = { type: 'date', min: '1950-01-01', max: '2199-12-31' } as const;

/** Adding or editing a milestone, or marking it done (its actual date). */
export function MilestoneDialog({
  project,
  state,
  onClose,
}: {
  project: Project;
  state: MilestoneDialogState | null;
  onClose: () => void;
}) {
  const title =
    state?.mode === 'add'
      ? 'Add milestone'
      : state?.mode === 'done'
        ? `Mark done: ${state.milestone.title}`
        : state
          ? `Edit milestone: ${state.milestone.title}`
          : '';
  return (
    <PortalModal opened={state !== null} onClose={onClose} title={title} size="lg">
      {state?.mode === 'done' ? (
        <DoneForm project={project} milestone={state.milestone} onDone={onClose} />
      ) : state ? (
        <MilestoneForm
          project={project}
          milestone={state.mode === 'edit' ? state.milestone : null}
          onDone={onClose}
        />
      ) : null}
    </PortalModal>
  );
}

function FormFoot({
  failure,
  onCancel,
  isSubmitting,
  submitLabel,
}: {
  failure: string | null;
  onCancel: () => void;
  isSubmitting: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" role="alert" p="sm">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

function failureOf(error: unknown, setErrors: (errors: Record<string, string>) => void) {
  const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
  setErrors(fields);
  return Object.keys(fields).length > 0 ? null : getErrorMessage(error);
}

function MilestoneForm({
  project,
  milestone,
  onDone,
}: {
  project: Project;
  milestone: Milestone | null;
  onDone: () => void;
}) {
  const addMilestone = useAddMilestone(project.id);
  const updateMilestone = useUpdateMilestone(project.id);
  const documents = useQuery(propertyDocumentsQueryOptions(project.propertyId));
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<MilestoneValues>({
    initialValues: formOf(milestone, project.today),
    validate,
  });
  const isSaving = addMilestone.isPending || updateMilestone.isPending;

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      const input = inputOf(values);
      if (milestone) await updateMilestone.mutateAsync({ milestoneId: milestone.id, input });
      else await addMilestone.mutateAsync(input);
      showSuccessToast(milestone ? 'Milestone saved' : 'Milestone added');
      onDone();
    } catch (error) {
      setFailure(failureOf(error, form.setErrors));
    }
  });

  // A new milestone's name follows its kind until the person writes their own.
  const changeKind = (kind: MilestoneKind) => {
    const { title, kind: previous } = form.getValues();
    form.setFieldValue('kind', kind);
    if (!title.trim() || title === milestoneKindLabels[previous])
      form.setFieldValue('title', milestoneKindLabels[kind]);
  };

  // Documents attached before may have been deleted since: keep them choosable so they can be removed.
  const documentOptions = [
    ...(documents.data ?? []).map((document) => ({ value: document.id, label: document.name })),
    ...(milestone?.documents ?? [])
      .filter((attached) => !documents.data?.some((document) => document.id === attached.id))
      .map((attached) => ({ value: attached.id, label: attached.name })),
  ];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Kind"
            required
            data={milestoneKinds.map((kind) => ({ value: kind, label: milestoneKindLabels[kind] }))}
            allowDeselect={false}
            value={form.getValues().kind}
            error={form.errors.kind}
            onChange={(value) => value && changeKind(value as MilestoneKind)}
          />
          <TextInput
            label="Name"
            required
            maxLength={200}
            data-autofocus
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Select
            label="Phase"
            description="Optional"
            placeholder="The whole project"
            data={project.phases.map((phase) => ({ value: phase.id, label: phase.name }))}
            clearable
            key={form.key('phaseId')}
            {...form.getInputProps('phaseId')}
          />
          <Select
            label="Owner"
            description="Optional: who sees that it happens"
            placeholder="No one yet"
            data={project.team.map((member) => ({
              value: member.id,
              label: `${member.fullName} (${member.role === 'developer' ? 'developer' : 'manager'})`,
            }))}
            clearable
            searchable={project.team.length > 6}
            nothingFoundMessage="No one matches"
            key={form.key('ownerUserId')}
            {...form.getInputProps('ownerUserId')}
          />
          <TextInput
            {...dateProps}
            label="Planned date"
            required
            key={form.key('plannedOn')}
            {...form.getInputProps('plannedOn')}
          />
          <TextInput
            {...dateProps}
            label="Actual date"
            description="When it happened: leave blank until it does"
            key={form.key('actualOn')}
            {...form.getInputProps('actualOn')}
          />
        </SimpleGrid>
        <MultiSelect
          label="Documents"
          description={
            documents.isError
              ? 'The documents could not be loaded.'
              : "Optional: the permits, plats or minutes on file in the community's documents"
          }
          placeholder={documents.isPending ? 'Loading documents...' : undefined}
          data={documentOptions}
          searchable
          clearable
          maxValues={20}
          nothingFoundMessage="No documents on file match"
          key={form.key('documentIds')}
          {...form.getInputProps('documentIds')}
        />
        <FormFoot
          failure={failure}
          onCancel={onDone}
          isSubmitting={isSaving}
          submitLabel={milestone ? 'Save milestone' : 'Add milestone'}
        />
      </Stack>
    </form>
  );
}

function DoneForm({
  project,
  milestone,
  onDone,
}: {
  project: Project;
  milestone: Milestone;
  onDone: () => void;
}) {
  const updateMilestone = useUpdateMilestone(project.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<{ actualOn: string }>({
    initialValues: { actualOn: project.today },
    validate: (values) => (values.actualOn ? {} : { actualOn: 'Say when it happened' }),
  });
  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      await updateMilestone.mutateAsync({ milestoneId: milestone.id, input: { actualOn: values.actualOn } });
      showSuccessToast(`${milestone.title}: done`);
      onDone();
    } catch (error) {
      setFailure(failureOf(error, form.setErrors));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">Planned for {formatDate(milestone.plannedOn)}. When did it happen?</Text>
        <TextInput
          {...dateProps}
          label="Actual date"
          required
          maw={{ sm: 260 }}
          data-autofocus
          key={form.key('actualOn')}
          {...form.getInputProps('actualOn')}
        />
        <FormFoot
          failure={failure}
          onCancel={onDone}
          isSubmitting={updateMilestone.isPending}
          submitLabel="Mark done"
        />
      </Stack>
    </form>
  );
}
