import { useState } from 'react';
import { Alert, FileInput, Group, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { UnitsImportPreview } from '@commonwise/contracts';
import {
  ImportColumnsHelp,
  ImportPreviewTable,
  readImportFile,
} from '../../../../components/ImportPreview.tsx';
import { getErrorMessage } from '../../../../lib/api.ts';
import { normalizeUnits } from '../../property-form.ts';
import { previewOnboardingUnits } from '../api.ts';
import { emptyDraftUnits } from '../draft.ts';
import { useOnboarding } from '../use-onboarding.ts';

/** The unit labels of a preview without errors, in file order, once each. */
function labelsOf(preview: UnitsImportPreview): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const row of preview.rows) {
    const key = row.unitLabel.toLowerCase();
    if (row.unitLabel && !seen.has(key)) {
      seen.add(key);
      labels.push(row.unitLabel);
    }
  }
  return labels;
}

/**
 * The new property's units: numbered 1…N from Basic Info's count, or imported from a CSV file (the Units
 * tab's import format), previewed here row by row. A file with errors is not kept.
 */
export function UnitsSource() {
  const { draft, updateUnits, updateResidents } = useOnboarding();
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = useMutation({ mutationFn: previewOnboardingUnits });
  const source = draft.units.source;
  const count = normalizeUnits(draft.basicInfo.units);

  const clearUnitChoices = () =>
    updateResidents(draft.residents.initialResidents.map((row) => ({ ...row, unitNumber: '' })));

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setReadError(null);
    preview.reset();
    updateUnits({ ...emptyDraftUnits, source: 'csv' });
    clearUnitChoices();
    if (!chosen) return;
    try {
      const csv = await readImportFile(chosen);
      const result = await preview.mutateAsync(csv);
      if (result.canCommit)
        updateUnits({ source: 'csv', csv, fileName: chosen.name, labels: labelsOf(result) });
    } catch (error) {
      if (error instanceof Error && !('status' in error)) setReadError(error.message);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>Units</Text>
        <Radio.Group
          aria-label="Where the units come from"
          value={source}
          onChange={(value) => {
            preview.reset();
            setFile(null);
            updateUnits({ ...emptyDraftUnits, source: value as 'count' | 'csv' });
            clearUnitChoices();
          }}
        >
          <Group gap="lg">
            <Radio value="count" label={`Numbered 1–${count}`} />
            <Radio value="csv" label="From a CSV file" />
          </Group>
        </Radio.Group>
        {source === 'count' ? (
          <Text size="sm" c="dimmed">
            The property gets {count} units labelled 1 to {count}. You can relabel them, or import a file, on
            the property&apos;s Units tab later.
          </Text>
        ) : (
          <Stack gap="sm">
            <ImportColumnsHelp />
            <FileInput
              label="Units file (CSV)"
              placeholder={draft.units.fileName ?? 'Choose a .csv file'}
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => void choose(chosen)}
              clearable
              error={readError}
            />
            {preview.isPending ? (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm">Checking every row…</Text>
              </Group>
            ) : null}
            {preview.isError ? (
              <Alert color="red" title="The file could not be checked">
                {getErrorMessage(preview.error)}
              </Alert>
            ) : null}
            {preview.data ? <ImportPreviewTable preview={preview.data} /> : null}
            {draft.units.csv && !preview.data ? (
              <Text size="sm">
                {draft.units.fileName}: {draft.units.labels.length} units, checked.
              </Text>
            ) : null}
            {preview.data && !preview.data.canCommit ? (
              <Alert color="red" role="alert">
                Fix the rows with errors in your spreadsheet and choose the file again.
              </Alert>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
