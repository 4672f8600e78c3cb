import { documentCategoryLabels, type Project } from '@commonwise/contracts';
import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { propertyDocumentsQueryOptions } from '../../documents/api.ts';
import { useSetHandoverThreshold } from '../api.ts';
import { formatBp } from '../labels.ts';
import {
  percentTextOf,
  thresholdInputOf,
  validateThresholdForm,
  type ThresholdFormValues,
} from '../project-form.ts';

/**
 * The hand-over threshold from the governing documents: a share of units conveyed, typed in percent, with
 * the clause it comes from (required: nothing is taken on trust) and, when it is on file, its document.
 */
export function HandoverThresholdDialog({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <PortalModal opened={opened} onClose={onClose} title="Hand-over threshold" size="lg">
      {opened ? <ThresholdForm project={project} onDone={onClose} /> : null}
    </PortalModal>
  );
}

function ThresholdForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const setThreshold = useSetHandoverThreshold(project.id);
  const documents = useQuery(propertyDocumentsQueryOptions(project.propertyId));
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<ThresholdFormValues>({
    initialValues: {
      percent: project.handoverThresholdBp === null ? '' : percentTextOf(project.handoverThresholdBp),
      clause: project.handoverThresholdClause ?? '',
      documentId: project.handoverThresholdDocument?.id ?? null,
    },
    validate: validateThresholdForm,
  });

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await setThreshold.mutateAsync(thresholdInputOf(values));
      showSuccessToast(`Hand-over threshold set to ${formatBp(saved.handoverThresholdBp ?? 0)}`);
      onDone();
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      const { thresholdBp, ...rest } = fields;
      form.setErrors({ ...rest, ...(thresholdBp ? { percent: thresholdBp } : {}) });
      setFailure(Object.keys(fields).length > 0 ? null : getErrorMessage(error));
    }
  });

  const documentOptions = (documents.data ?? []).map((document) => ({
    value: document.id,
    label: `${document.name} (${documentCategoryLabels[document.category] ?? document.category})`,
  }));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The declaration or bylaws say when the developer hands the association to its owners, usually as a
          share of the units conveyed to buyers. Cite the clause so everyone can check it.
        </Text>
        <TextInput
          label="Share of units conveyed"
          description="In percent, such as 75 or 66.67"
          required
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              %
            </Text>
          }
          maw={{ sm: 260 }}
          data-autofocus
          key={form.key('percent')}
          {...form.getInputProps('percent')}
        />
        <Textarea
          label="Clause"
          description="Where it says so, such as: Declaration, Article 12.3: Class B membership ends when 75% of the lots are conveyed"
          required
          autosize
          minRows={3}
          maxLength={500}
          key={form.key('clause')}
          {...form.getInputProps('clause')}
        />
        <Select
          label="Governing document"
          description={
            documents.isError
              ? 'The documents could not be loaded; you can save without one.'
              : 'Optional: the document on file the clause is in'
          }
          placeholder={documents.isPending ? 'Loading documents...' : 'None'}
          data={documentOptions}
          searchable
          clearable
          nothingFoundMessage="No documents on file yet"
          key={form.key('documentId')}
          {...form.getInputProps('documentId')}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="sm">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={setThreshold.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={setThreshold.isPending}>
            Save threshold
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
