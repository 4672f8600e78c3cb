import { projectUnitsMax, type Project } from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { jurisdictionOptions, timeZoneOptions } from '../../properties/index.ts';
import { useCreateProject } from '../api.ts';
import { unitsText } from '../labels.ts';
import {
  countFormUnits,
  emptyPhase,
  emptyProjectForm,
  formErrorsOf,
  parseUnitLabels,
  projectInputOf,
  validateProjectForm,
  type PhaseMode,
  type ProjectFormValues,
} from '../project-form.ts';

const modeOptions: { value: PhaseMode; label: string }[] = [
  { value: 'count', label: 'Number of lots' },
  { value: 'labels', label: 'List of labels' },
];

/**
 * New Project (issue 25 item 1): the community (its property starts pending), its state and time zone,
 * and its phases, each with its planned lots as a number or a pasted list of labels. Checked against the
 * contract before it is sent; the server's own refusals land on the same fields.
 */
export function NewProjectDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  return (
    <PortalModal opened={opened} onClose={onClose} title="New Project" size="xl">
      {opened ? <NewProjectForm onCancel={onClose} onCreated={onCreated} /> : null}
    </PortalModal>
  );
}

function NewProjectForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (project: Project) => void;
}) {
  const createProject = useCreateProject();
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneOptions(), []);
  const { form, onSubmit } = useSubmitValidatedForm<ProjectFormValues>({
    initialValues: emptyProjectForm(),
    validate: validateProjectForm,
  });
  const values = form.getValues();
  const total = countFormUnits(values);

  const handleSubmit = onSubmit(async (submitted) => {
    setFailure(null);
    try {
      const project = await createProject.mutateAsync(projectInputOf(submitted));
      showSuccessToast(`${project.name} created with ${unitsText(project.totalUnits)}`);
      onCreated(project);
    } catch (error) {
      const fields = isApiRequestError(error) && error.fields ? formErrorsOf(error.fields, submitted) : {};
      form.setErrors(fields);
      setFailure(
        Object.keys(fields).length > 0
          ? 'Some fields need attention: see the messages below them.'
          : getErrorMessage(error, 'Failed to create the project. Please try again.'),
      );
    }
  });

  const phasesError = form.errors.phases;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="New project">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A project is a community you build and sell. It starts as a pending property with its phases and
          planned lots; you follow each lot from planned to closed, up to the hand-over to the owners.
        </Text>
        <TextInput
          label="Community name"
          required
          maxLength={200}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Address"
          required
          maxLength={300}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="State"
            description="Optional: the state law that applies"
            placeholder="Not chosen"
            data={jurisdictionOptions}
            clearable
            key={form.key('jurisdiction')}
            {...form.getInputProps('jurisdiction')}
          />
          <Select
            label="Time zone"
            description="Optional: when the association's days begin"
            placeholder="Not chosen"
            data={zones}
            searchable
            clearable
            limit={100}
            nothingFoundMessage="No time zone matches"
            key={form.key('timeZone')}
            {...form.getInputProps('timeZone')}
          />
        </SimpleGrid>

        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>Phases</Text>
            <Text size="sm" c="dimmed" aria-live="polite">
              {unitsText(total)} in {values.phases.length} {values.phases.length === 1 ? 'phase' : 'phases'}
              {total > projectUnitsMax ? ` (at most ${projectUnitsMax.toLocaleString('en-US')})` : ''}
            </Text>
          </Group>
          {values.phases.map((phase, index) => {
            const labelCount = parseUnitLabels(phase.labels).length;
            return (
              <Fieldset
                key={phase.key}
                legend={`Phase ${index + 1}`}
                radius="md"
                p="sm"
                styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
              >
                <Stack gap="sm">
                  <Group align="flex-end" gap="sm" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1, minWidth: 0 }}
                      label="Phase name"
                      required
                      maxLength={100}
                      key={form.key(`phases.${index}.name`)}
                      {...form.getInputProps(`phases.${index}.name`)}
                    />
                    {values.phases.length > 1 ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={form.errors[`phases.${index}.name`] ? 22 : 2}
                        aria-label={`Remove phase ${index + 1}`}
                        onClick={() => form.removeListItem('phases', index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Group>
                  <SegmentedControl
                    aria-label={`How the lots of phase ${index + 1} are given`}
                    data={modeOptions}
                    value={phase.mode}
                    onChange={(mode) => form.setFieldValue(`phases.${index}.mode`, mode as PhaseMode)}
                    fullWidth
                  />
                  {phase.mode === 'count' ? (
                    <TextInput
                      label="Number of lots"
                      description="Numbered on from the previous phase"
                      required
                      inputMode="numeric"
                      autoComplete="off"
                      maw={{ sm: 240 }}
                      key={form.key(`phases.${index}.unitCount`)}
                      {...form.getInputProps(`phases.${index}.unitCount`)}
                    />
                  ) : (
                    <Textarea
                      label="Lot labels"
                      description={`One a line, or separated by commas: paste a column from a spreadsheet or CSV.${labelCount > 0 ? ` ${labelCount} ${labelCount === 1 ? 'label' : 'labels'}.` : ''}`}
                      required
                      autosize
                      minRows={3}
                      maxRows={8}
                      key={form.key(`phases.${index}.labels`)}
                      {...form.getInputProps(`phases.${index}.labels`)}
                    />
                  )}
                </Stack>
              </Fieldset>
            );
          })}
          {typeof phasesError === 'string' ? (
            <Text size="sm" c="red.8" role="alert">
              {phasesError}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem('phases', emptyPhase(values.phases.length))}
              disabled={values.phases.length >= 50}
            >
              Add phase
            </Button>
          </Group>
        </Stack>

        {failure ? (
          <Alert color="red" variant="light" role="alert" p="sm">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={createProject.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={createProject.isPending}>
            Create project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
