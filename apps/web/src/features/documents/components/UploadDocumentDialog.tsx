import {
  documentCategories,
  documentCategoryLabels,
  documentFileExtensions,
  documentNameFromFileName,
  requiredDocumentCategories,
  type DocumentCategory,
} from '@commonwise/contracts';
import {
  Button,
  Drawer,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useUploadDocument } from '../api.ts';
import { formatFileSize } from '../document-labels.ts';

const accept = documentFileExtensions.map((extension) => `.${extension}`).join(',');
const categoryOptions = documentCategories.map((category) => ({
  value: category,
  label: `${documentCategoryLabels[category]}${(requiredDocumentCategories as readonly string[]).includes(category) ? ' (required)' : ''}`,
}));

interface UploadDocumentDialogProps {
  propertyId: string;
  opened: boolean;
  onClose: () => void;
  /** Called with the new document's id once it is uploaded (its processing has been queued). */
  onUploaded: (documentId: string) => void;
  /** The category to start with (the panel's filter, when one is chosen). */
  initialCategory?: DocumentCategory | undefined;
}

/** SPEC §2/§5: a dialog on desktop, a bottom drawer under 768px. */
export function UploadDocumentDialog(props: UploadDocumentDialogProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)');
  const title = 'Upload Document';
  const form = <UploadForm {...props} />;
  if (isMobile)
    return (
      <Drawer
        opened={props.opened}
        onClose={props.onClose}
        title={title}
        position="bottom"
        size="auto"
        radius="md"
        styles={{ content: { maxHeight: '92dvh' } }}
      >
        {form}
      </Drawer>
    );
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="lg" centered>
      {form}
    </Modal>
  );
}

function UploadForm({ propertyId, onClose, onUploaded, initialCategory }: UploadDocumentDialogProps) {
  const upload = useUploadDocument(propertyId);
  const [category, setCategory] = useState<DocumentCategory>(initialCategory ?? 'ccr');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    // SPEC §4: the name is prefilled from the file name without its extension.
    if (chosen) {
      setName(documentNameFromFileName(chosen.name));
      setNameError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    // SPEC §5: the name falls back to the file name.
    const documentName = name.trim() || documentNameFromFileName(file.name);
    if (documentName.length > 200) {
      setNameError('Document name must be at most 200 characters');
      return;
    }
    try {
      const document = await upload.mutateAsync({ category, name: documentName, description, file });
      showSuccessToast('Document uploaded successfully');
      setFile(null);
      setName('');
      setDescription('');
      onUploaded(document.id);
      onClose();
    } catch (error) {
      showFailureToast('Failed to upload document', error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Select
          label="Category"
          data={categoryOptions}
          value={category}
          onChange={(value) => value && setCategory(value as DocumentCategory)}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <FileInput
          label="Select File"
          placeholder="Choose a file"
          description="PDF, Word (.doc, .docx), image (.jpg, .png, .gif) or text (.txt)"
          accept={accept}
          value={file}
          onChange={chooseFile}
          leftSection={<IconFileUpload size={16} aria-hidden />}
          clearable
          required
        />
        {file ? (
          <Text size="xs" c="dimmed" mt={-8}>
            {formatFileSize(file.size)}
          </Text>
        ) : null}
        <TextInput
          label="Document Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          maxLength={200}
          required
        />
        <Textarea
          label="Description (Optional)"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          rows={3}
          maxLength={2000}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!file || upload.isPending} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
