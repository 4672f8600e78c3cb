import {
  documentCategories,
  documentCategoryLabels,
  hasPermission,
  type DocumentCategory,
  type PropertyDocument,
} from '@commonwise/contracts';
import { Button, EmptyState, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import {
  propertyDocumentsQueryOptions,
  requiredDocumentsQueryOptions,
  useDeleteDocument,
  useProcessDocument,
} from '../api.ts';
import { useProcessingWatch } from '../hooks/use-processing-watch.ts';
import { DocumentSearch } from './DocumentSearch.tsx';
import { DocumentsTable } from './DocumentsTable.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { RequiredDocumentsCard } from './RequiredDocumentsCard.tsx';
import { UploadDocumentDialog } from './UploadDocumentDialog.tsx';

const allCategories = 'all';

/**
 * The property documents panel (SPEC §2): required-documents progress, a category filter with
 * counts, the documents table with process / view / delete, upload, preview, and a text search.
 */
export function DocumentsPanel({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const canUpload = hasPermission(user.role, 'documents:write');
  const canProcess = hasPermission(user.role, 'documents:process');
  const documentsQuery = useQuery(propertyDocumentsQueryOptions(propertyId));
  const required = useQuery(requiredDocumentsQueryOptions(propertyId));
  const documents = documentsQuery.data;
  const { watch, localStatus } = useProcessingWatch(propertyId, documents);

  const [category, setCategory] = useState<string>(allCategories);
  const [isUploading, setIsUploading] = useState(false);
  const [previewing, setPreviewing] = useState<PropertyDocument | null>(null);
  const [toDelete, setToDelete] = useState<PropertyDocument | null>(null);
  const deleteDocument = useDeleteDocument(propertyId);
  const processDocument = useProcessDocument();

  const counts = useMemo(() => {
    const byCategory = new Map<string, number>();
    for (const document of documents ?? [])
      byCategory.set(document.category, (byCategory.get(document.category) ?? 0) + 1);
    return byCategory;
  }, [documents]);
  const filterOptions = [
    { value: allCategories, label: `All categories (${documents?.length ?? 0})` },
    ...documentCategories.map((value) => ({
      value,
      label: `${documentCategoryLabels[value]} (${counts.get(value) ?? 0})`,
    })),
  ];
  const shown = (documents ?? []).filter(
    (document) => category === allCategories || document.category === category,
  );

  const startProcessing = (document: PropertyDocument) => {
    notifications.show({
      color: 'blue',
      message:
        document.status === 'completed' ? 'Reprocessing document...' : 'Starting document processing...',
    });
    processDocument.mutate(document.id, {
      onSuccess: (result) => {
        showSuccessToast(result.message || 'Document processing started');
        watch(document.id);
      },
      onError: (error) => showFailureToast('Failed to start document processing', error),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteDocument.mutate(toDelete.id, {
      onSuccess: () => {
        showSuccessToast('Document deleted successfully');
        setToDelete(null);
      },
      onError: (error) => showFailureToast('Failed to delete document', error),
    });
  };

  const addButton = canUpload ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsUploading(true)}>
      Add Document
    </Button>
  ) : null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="property-documents-title"
    >
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="property-documents-title">
          Property documents
        </Title>
        {documents && documents.length > 0 ? addButton : null}
      </Group>
      <Stack gap="md">
        <RequiredDocumentsCard status={required.data} />
        {documentsQuery.isPending ? (
          <Group justify="center" gap="sm" p="lg" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading documents...</Text>
          </Group>
        ) : documentsQuery.isError ? (
          <ErrorState
            title="Failed to load documents"
            description="There was a problem fetching this property's documents. Please try again."
            onRetry={() => void documentsQuery.refetch()}
            isRetrying={documentsQuery.isFetching}
          />
        ) : documents && documents.length === 0 ? (
          <EmptyState
            icon={<IconFileText size={28} aria-hidden />}
            withIndicatorBackground
            title="No documents yet"
            description={
              canUpload
                ? "Upload this property's governing documents: CC&Rs, bylaws, articles and rules are required."
                : 'Documents appear here once the property manager uploads them.'
            }
          >
            {addButton}
          </EmptyState>
        ) : (
          <>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Select
                label="Category"
                data={filterOptions}
                value={category}
                onChange={(value) => setCategory(value ?? allCategories)}
                allowDeselect={false}
                w={{ base: '100%', sm: 320 }}
              />
              <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <DocumentSearch
                  propertyId={propertyId}
                  onOpenDocument={(id) =>
                    setPreviewing(documents?.find((document) => document.id === id) ?? null)
                  }
                />
              </div>
            </Group>
            {shown.length === 0 ? (
              <Text c="dimmed" size="sm" py="md" ta="center">
                No documents in this category yet.
              </Text>
            ) : (
              <DocumentsTable
                documents={shown}
                localStatus={localStatus}
                canProcess={canProcess}
                canDelete={canUpload}
                startingId={processDocument.isPending ? (processDocument.variables ?? null) : null}
                onProcess={startProcessing}
                onView={setPreviewing}
                onDelete={setToDelete}
              />
            )}
          </>
        )}
      </Stack>
      {canUpload ? (
        <UploadDocumentDialog
          propertyId={propertyId}
          opened={isUploading}
          onClose={() => setIsUploading(false)}
          onUploaded={watch}
          initialCategory={category === allCategories ? undefined : (category as DocumentCategory)}
        />
      ) : null}
      <PreviewDialog document={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete document"
        confirmLabel="Delete"
        isConfirming={deleteDocument.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        Are you sure you want to delete this document?
      </ConfirmDialog>
    </Paper>
  );
}
