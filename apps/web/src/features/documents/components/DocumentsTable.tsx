import type { PropertyDocument } from '@commonwise/contracts';
import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { LocalStatus } from '../hooks/use-processing-watch.ts';
import {
  categoryLabel,
  formatUploadDate,
  shownStatus,
  statusColors,
  statusLabel,
  type ShownStatus,
} from '../document-labels.ts';

interface DocumentsTableProps {
  documents: PropertyDocument[];
  localStatus: Record<string, LocalStatus>;
  canProcess: boolean;
  canDelete: boolean;
  /** The document whose processing request is in flight. */
  startingId: string | null;
  onProcess: (document: PropertyDocument) => void;
  onView: (document: PropertyDocument) => void;
  onDelete: (document: PropertyDocument) => void;
}

/** SPEC §2: Document Name, Description, Processing Status, Uploaded, Actions; cards on a phone. */
export function DocumentsTable(props: DocumentsTableProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)');
  const { documents, localStatus } = props;
  if (isMobile)
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Documents">
        {documents.map((document) => {
          const status = shownStatus(document.status, localStatus[document.id]);
          return (
            <Paper key={document.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {document.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {categoryLabel(document.category)} · {formatUploadDate(document.uploadedAt)}
                  </Text>
                </div>
                <StatusBadge status={status} reason={document.statusReason} />
              </Group>
              {document.description ? (
                <Text size="sm" mt={6} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {document.description}
                </Text>
              ) : null}
              <Group justify="flex-end" mt={4}>
                <DocumentActions {...props} document={document} status={status} />
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Processing Status</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((document) => {
            const status = shownStatus(document.status, localStatus[document.id]);
            return (
              <Table.Tr key={document.id}>
                <Table.Td maw={280}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {document.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {categoryLabel(document.category)}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  {document.description ? (
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {document.description}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={status} reason={document.statusReason} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatUploadDate(document.uploadedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <DocumentActions {...props} document={document} status={status} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatusBadge({ status, reason }: { status: ShownStatus; reason: string | null }) {
  return (
    <Tooltip label={reason} disabled={!reason || status !== 'failed'} multiline w={280}>
      <Badge variant="light" color={statusColors[status]} tt="none" fw={500} style={{ flexShrink: 0 }}>
        {statusLabel(status)}
      </Badge>
    </Tooltip>
  );
}

function DocumentActions({
  document,
  status,
  canProcess,
  canDelete,
  startingId,
  onProcess,
  onView,
  onDelete,
}: DocumentsTableProps & { document: PropertyDocument; status: ShownStatus }) {
  const isProcessing = status === 'processing' || startingId === document.id;
  const processLabel = document.status === 'completed' ? 'Reprocess' : 'Process';
  return (
    <>
      {canProcess ? (
        <Tooltip label={isProcessing ? 'Processing...' : processLabel}>
          <ActionIcon
            variant="subtle"
            color="blue"
            size="lg"
            aria-label={`${processLabel} ${document.name}`}
            disabled={isProcessing}
            loading={startingId === document.id}
            onClick={() => onProcess(document)}
          >
            {document.status === 'completed' ? (
              <IconRefresh size={18} aria-hidden />
            ) : (
              <IconPlayerPlay size={18} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label="View">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`View ${document.name}`}
          onClick={() => onView(document)}
        >
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {canDelete ? (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Delete ${document.name}`}
            onClick={() => onDelete(document)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </>
  );
}
