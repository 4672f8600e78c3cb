import { documentCategoryLabels, type HandoverItem } from '@commonwise/contracts';
import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { propertyDocumentsQueryOptions } from '../../documents/api.ts';
import { useAttachHandoverDocuments } from '../api.ts';
import { Loading } from './ProjectBits.tsx';

const maxAttached = 20;

/**
 * The community's own documents (the documents panel's) attached to a hand-over item as its evidence:
 * a reserve study, vendor contracts, the plans. Ticking replaces the item's attachments as a whole.
 */
export function AttachDocumentsDialog({
  projectId,
  propertyId,
  item,
  onClose,
}: {
  projectId: string;
  propertyId: string;
  item: HandoverItem | null;
  onClose: () => void;
}) {
  return (
    <PortalModal
      opened={item !== null}
      onClose={onClose}
      title={item ? `Attach documents: ${item.label}` : ''}
      size="lg"
    >
      {item ? (
        <AttachForm projectId={projectId} propertyId={propertyId} item={item} onDone={onClose} />
      ) : null}
    </PortalModal>
  );
}

function AttachForm({
  projectId,
  propertyId,
  item,
  onDone,
}: {
  projectId: string;
  propertyId: string;
  item: HandoverItem;
  onDone: () => void;
}) {
  const documents = useQuery(propertyDocumentsQueryOptions(propertyId));
  const attach = useAttachHandoverDocuments(projectId);
  const [chosen, setChosen] = useState<string[]>(item.attachedDocumentIds);
  const [failure, setFailure] = useState<string | null>(null);
  const isTooMany = chosen.length > maxAttached;

  const save = () => {
    setFailure(null);
    attach.mutate(
      { key: item.key, documentIds: chosen },
      {
        onSuccess: () => {
          showSuccessToast(
            chosen.length === 0
              ? `No documents attached to ${item.label}`
              : `${chosen.length} ${chosen.length === 1 ? 'document' : 'documents'} attached to ${item.label}`,
          );
          onDone();
        },
        onError: (error) => setFailure(getErrorMessage(error)),
      },
    );
  };

  if (documents.isPending) return <Loading text="Loading documents..." />;
  if (documents.isError)
    return (
      <ErrorState
        headingOrder={3}
        title="Failed to load documents"
        description={getErrorMessage(documents.error)}
        onRetry={() => void documents.refetch()}
        isRetrying={documents.isFetching}
      />
    );

  return (
    <Stack gap="md">
      {documents.data.length === 0 ? (
        <Text size="sm">
          No documents on file for this community yet. Upload them in the community&apos;s documents below the
          hand-over checklist, then attach them here.
        </Text>
      ) : (
        <Checkbox.Group
          label="The community's documents"
          description={`Tick the ones that show this item (at most ${maxAttached}).`}
          value={chosen}
          onChange={setChosen}
          error={isTooMany ? `At most ${maxAttached} documents` : undefined}
        >
          <ScrollArea.Autosize mah={360} type="auto" mt="xs">
            <Stack gap="xs" pr="sm">
              {documents.data.map((document) => (
                <Checkbox
                  key={document.id}
                  value={document.id}
                  label={document.name}
                  description={`${documentCategoryLabels[document.category] ?? document.category}, uploaded ${formatDate(document.uploadedAt)}`}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
      {failure ? (
        <Alert color="red" variant="light" role="alert" p="sm">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={attach.isPending}>
          Cancel
        </Button>
        <Button onClick={save} loading={attach.isPending} disabled={isTooMany || documents.data.length === 0}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
