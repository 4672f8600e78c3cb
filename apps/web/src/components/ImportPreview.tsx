import { useMemo, useState } from 'react';
import {
  unitsImportActionLabels,
  unitsImportColumns,
  unitsImportMaxBytes,
  unitsImportTemplate,
  type UnitsImportPreview,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Code,
  Group,
  List,
  Pagination,
  SegmentedControl,
  Spoiler,
  Stack,
  Table,
  Text,
} from '@mantine/core';

/*
 * The units import's file help and preview (docs/units-import.md), shared by the Units tab's Import
 * units dialog (features/units) and the onboarding wizard's units (features/properties).
 */

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
    <Stack gap={4}>
      <Text size="sm">
        One row per unit and person; a unit without people on a row of its own. Only <Code>unit_label</Code>{' '}
        is required.{' '}
        <Anchor href={templateHref} download="units-import-template.csv" size="sm">
          Download a template
        </Anchor>
      </Text>
      <Spoiler maxHeight={0} showLabel="Show the columns" hideLabel="Hide the columns">
        <List size="sm" spacing={2}>
          {unitsImportColumns.map((column) => (
            <List.Item key={column.name}>
              <Code>{column.name}</Code> — {column.description}
            </List.Item>
          ))}
        </List>
      </Spoiler>
    </Stack>
  );
}

/** What an import would do, in numbers. */
export function ImportCounts({ counts }: { counts: UnitsImportPreview['counts'] }) {
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
      {parts
        .filter(([value]) => value > 0)
        .map(([value, label]) => (
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
            fullWidth
            size="xs"
            value={show}
            onChange={(value) => {
              setShow(value as 'all' | 'errors');
              setPage(1);
            }}
            data={[
              { value: 'all', label: `All rows (${preview.rows.length})` },
              { value: 'errors', label: `With errors (${preview.counts.rowsWithErrors})` },
            ]}
            aria-label="Rows to show"
          />
          <Table
            striped
            verticalSpacing={4}
            horizontalSpacing="xs"
            fz="sm"
            layout="fixed"
            style={{ overflowWrap: 'anywhere' }}
            aria-label="Import preview"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="3.5rem" style={{ overflowWrap: 'normal' }}>
                  Row
                </Table.Th>
                <Table.Th w="18%">Unit</Table.Th>
                <Table.Th w="27%">Person</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.unitLabel || '—'}</Table.Td>
                  <Table.Td>{row.personEmail ?? '—'}</Table.Td>
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
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Preview pages" />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
