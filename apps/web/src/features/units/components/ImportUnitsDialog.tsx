import { useState } from 'react';
import type { UnitsImportResult } from '@commonwise/contracts';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { ImportColumnsHelp, ImportPreviewTable, readImportFile } from '../../../components/ImportPreview.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useCommitUnitsImport, usePreviewUnitsImport } from '../import-api.ts';

interface ImportUnitsDialogProps {
  propertyId: string;
  opened: boolean;
  onClose: () => void;
}

/** Import units and people: choose a CSV file, see its preview, confirm; nothing is written before. */
export function ImportUnitsDialog({ propertyId, opened, onClose }: ImportUnitsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import units" size="xl">
      {opened ? <ImportUnits propertyId={propertyId} onClose={onClose} /> : null}
    </Modal>
  );
}

function ImportUnits({ propertyId, onClose }: { propertyId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [result, setResult] = useState<UnitsImportResult | null>(null);
  const previewImport = usePreviewUnitsImport(propertyId);
  const commitImport = useCommitUnitsImport(propertyId);
  const preview = previewImport.data;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setReadError(null);
    previewImport.reset();
    commitImport.reset();
    if (!chosen) return;
    try {
      const text = await readImportFile(chosen);
      setCsv(text);
      previewImport.mutate(text);
    } catch (error) {
      setReadError(error instanceof Error ? error.message : 'The file could not be read.');
    }
  };

  if (result)
    return (
      <Stack>
        <Alert color="green" title="Import complete" role="status">
          {result.counts.unitsCreated} units created, {result.counts.unitsUpdated} updated,{' '}
          {result.counts.ownersAdded} owners and {result.counts.occupantsAdded} occupants added,{' '}
          {result.counts.peopleInvited} people invited by e-mail. The property now has {result.propertyUnits}{' '}
          units.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );

  return (
    <Stack>
      <ImportColumnsHelp />
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable
        error={readError}
        disabled={commitImport.isPending}
      />
      {previewImport.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Checking every row…</Text>
        </Group>
      ) : null}
      {previewImport.isError ? (
        <Alert color="red" title="The file could not be checked">
          {getErrorMessage(previewImport.error)}
        </Alert>
      ) : null}
      {preview ? <ImportPreviewTable key={preview.counts.rows} preview={preview} /> : null}
      {commitImport.isError ? (
        <Alert color="red" title="Nothing was imported">
          {getErrorMessage(commitImport.error)}
        </Alert>
      ) : null}
      {commitImport.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Importing {preview?.counts.rows ?? ''} rows…</Text>
        </Group>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={commitImport.isPending}>
          Cancel
        </Button>
        <Button
          disabled={!csv || !preview?.canCommit || previewImport.isPending}
          loading={commitImport.isPending}
          onClick={() => {
            if (!csv) return;
            commitImport.mutate(csv, { onSuccess: setResult });
          }}
        >
          Confirm import
        </Button>
      </Group>
    </Stack>
  );
}

/** The Units tab's "Import units" button and its dialog (the entry point of the import). */
export function ImportUnitsButton({ propertyId }: { propertyId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Import units
      </Button>
      <ImportUnitsDialog propertyId={propertyId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
