import { useMemo, useState } from 'react';
import {
  unitsImportActionLabels,
  unitsImportColumns,
  unitsImportMaxBytes,
  unitsImportTemplate,
  type UnitsImportPreview,
  type UnitsImportResult,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Loader,
  Modal,
  Pagination,
  SegmentedControl,
  Spoiler,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { getErrorMessage } from '../../../lib/api.ts';
import { useCommitUnitsImport, usePreviewUnitsImport } from '../import-api.ts';

const rowsPerPage = 50;
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`${unitsImportTemplate}\n`)}`;

/** Reads a chosen file as text, refusing one over the import's limit before sending it. */
export async function readImportFile(file: File): Promise<string> {
  if (file.size > unitsImportMaxBytes)
    throw new Error('The file is larger than 5 MB: split it into smaller files.');
  return file.text();
}

/** The columns of the import file and a template to start from. */
export function ImportColumnsHelp() {
  return (
    <Spoiler maxHeight={48} showLabel="Show the columns" hideLabel="Hide the columns">
      <Stack gap={4}>
        <Text size="sm">
          One row per unit and person; a unit without people on a row of its own. Only <Code>unit_label</Code>{' '}
          is required.{' '}
          <Anchor href={templateHref} download="units-import-template.csv" size="sm">
            Download a template
          </Anchor>
        </Text>
        <List size="sm" spacing={2}>
          {unitsImportColumns.map((column) => (
            <List.Item key={column.name}>
              <Code>{column.name}</Code> — {column.description}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Spoiler>
  );
}

/** What an import would do, in numbers. */
function ImportCounts({ counts }: { counts: UnitsImportPreview['counts'] }) {
  const parts = [
    [counts.unitsCreated, 'units to create'],
    [counts.unitsUpdated, 'units to update'],
    [counts.ownersAdded, 'owners to add'],
    [counts.occupantsAdded, 'occupants to add'],
    [counts.peopleInvited, 'people to invite'],
  ] as const;
  return (
    <Group gap="xs" aria-label="Import summary">
      <Badge variant="light" color="gray">
        {counts.rows} rows
      </Badge>
      {parts.map(([value, label]) => (
        <Badge key={label} variant="light" color="blue">
          {value} {label}
        </Badge>
      ))}
      {counts.rowsWithErrors > 0 ? (
        <Badge variant="filled" color="red">
          {counts.rowsWithErrors} rows with errors
        </Badge>
      ) : null}
    </Group>
  );
}

/** A preview of an import: the file's problems, the counts and each row's result or errors. */
export function ImportPreviewTable({ preview }: { preview: UnitsImportPreview }) {
  const [show, setShow] = useState<'all' | 'errors'>(preview.counts.rowsWithErrors > 0 ? 'errors' : 'all');
  const [page, setPage] = useState(1);
  const rows = useMemo(
    () => (show === 'errors' ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows),
    [preview, show],
  );
  const pages = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  const shown = rows.slice((page - 1) * rowsPerPage, page * rowsPerPage);
  return (
    <Stack gap="sm">
      {preview.problems.map((problem) => (
        <Alert key={problem} color="red" title="The file cannot be imported">
          {problem}
        </Alert>
      ))}
      {preview.rows.length > 0 ? (
        <>
          <ImportCounts counts={preview.counts} />
          <SegmentedControl
            value={show}
            onChange={(value) => {
              setShow(value as 'all' | 'errors');
              setPage(1);
            }}
            data={[
              { value: 'all', label: `All rows (${preview.rows.length})` },
              { value: 'errors', label: `Rows with errors (${preview.counts.rowsWithErrors})` },
            ]}
            aria-label="Rows to show"
          />
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing={4} fz="sm" aria-label="Import preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Unit</Table.Th>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.unitLabel || '—'}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{row.personEmail ?? '—'}</Table.Td>
                    <Table.Td>
                      {row.errors.length > 0 ? (
                        <Stack gap={2}>
                          {row.errors.map((error) => (
                            <Text key={`${error.column}:${error.message}`} size="sm" c="red.8">
                              {error.column ? <Code>{error.column}</Code> : null} {error.message}
                            </Text>
                          ))}
                        </Stack>
                      ) : (
                        <Group gap={4}>
                          {row.actions.map((action) => (
                            <Badge
                              key={action}
                              variant="light"
                              size="sm"
                              color={action === 'unchanged' ? 'gray' : 'teal'}
                            >
                              {unitsImportActionLabels[action]}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {shown.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed">
                        No rows with errors.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Preview pages" />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

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
