import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { acceptAttribute, documentChecklist, formatMegabytes, normaliseFileName } from '../documents.ts';
import { useOnboarding, type AddFilesResult } from '../use-onboarding.ts';
import { BackButton, NextButton, SkipButton, StepFrame, useStepNavigation } from './StepFrame.tsx';

/** Step 3: choose the property's documents; they are uploaded once the property exists. */
export function DocumentsStep() {
  const { draft, files, isRestoringFiles, addFiles, removeFile } = useOnboarding();
  const { goBack, goNext, skip } = useStepNavigation('documents');
  const [lastAdd, setLastAdd] = useState<AddFilesResult | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const chosen = draft.documents.uploadedFiles;
  const missingRequired = documentChecklist.filter(
    (item) => item.required && !draft.documents.requiredDocs[item.id],
  );

  const add = (list: readonly File[]) => {
    if (list.length > 0) setLastAdd(addFiles(list));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <StepFrame
      title="Documents"
      description="Choose the property's documents. They are uploaded to the property when you create it on the Review step, where you also confirm each one's category."
      actions={
        <>
          <BackButton onClick={goBack} />
          <Group gap="sm">
            <SkipButton onClick={() => skip('documents')} />
            <NextButton onClick={goNext} />
          </Group>
        </>
      }
    >
      <Paper
        withBorder
        radius="md"
        p="lg"
        bg={isDragging ? 'var(--mantine-color-blue-light)' : undefined}
        style={{ borderStyle: 'dashed', borderWidth: 2 }}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon variant="light" size={48} radius="xl">
            <IconUpload size={26} aria-hidden />
          </ThemeIcon>
          <Text fw={500}>Drag files here, or choose them</Text>
          <Text size="sm" c="dimmed">
            PDF, DOC, DOCX, JPG, JPEG or PNG; several at once.
          </Text>
          <FileButton onChange={(list) => add(list)} accept={acceptAttribute} multiple>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconFile size={16} aria-hidden />}>
                Choose Files
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>

      {lastAdd && (lastAdd.rejected.length > 0 || lastAdd.duplicates.length > 0) ? (
        <Alert
          color="orange"
          title="Some files were not added"
          withCloseButton
          onClose={() => setLastAdd(null)}
        >
          {lastAdd.rejected.length > 0 ? (
            <Text size="sm">Not a PDF, DOC, DOCX, JPG, JPEG or PNG file: {lastAdd.rejected.join(', ')}.</Text>
          ) : null}
          {lastAdd.duplicates.length > 0 ? (
            <Text size="sm">Already chosen: {lastAdd.duplicates.join(', ')}.</Text>
          ) : null}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Chosen files ({chosen.length})
          </Title>
          {isRestoringFiles ? (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Restoring chosen files...
              </Text>
            </Group>
          ) : null}
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              No files chosen yet.
            </Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Chosen files">
              {chosen.map((file) => {
                const isMissing = !isRestoringFiles && !files.has(file.id);
                return (
                  <Paper component="li" key={file.id} withBorder radius="md" px="sm" py={8}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
                        <Box style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate title={file.name}>
                            {file.name}
                          </Text>
                          <Group gap={6}>
                            <Text size="xs" c="dimmed">
                              {formatMegabytes(file.size)}
                            </Text>
                            {isMissing ? (
                              <Badge size="xs" color="red" variant="light">
                                Choose again: not kept after the reload
                              </Badge>
                            ) : null}
                          </Group>
                        </Box>
                      </Group>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${file.name}`}
                        title="Remove"
                        onClick={() => removeFile(file.id)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h5">
            Document checklist
          </Title>
          <Text size="xs" c="dimmed">
            An item is ticked when a chosen file&apos;s name contains its id: <b>deed</b>, <b>insurance</b>,{' '}
            <b>bylaws</b>, <b>ccr</b> or <b>survey</b> (for example Maple-CCR.pdf). Letter case, spaces and
            punctuation do not matter.
          </Text>
          <List spacing={6} size="sm" center aria-label="Document checklist">
            {documentChecklist.map((item) => {
              const match = chosen.find((file) => normaliseFileName(file.name).includes(item.id));
              return (
                <List.Item
                  key={item.id}
                  icon={
                    match ? (
                      <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
                    ) : (
                      <IconCircleDashed size={20} color="var(--mantine-color-gray-5)" aria-hidden />
                    )
                  }
                >
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500}>
                      {item.label}
                    </Text>
                    {item.required ? (
                      <Badge size="xs" variant="light" color="red">
                        Required
                      </Badge>
                    ) : null}
                    <Text size="xs" c={match ? 'green.8' : 'dimmed'}>
                      {match ? `Added: ${match.name}` : 'Not added yet'}
                    </Text>
                  </Group>
                </List.Item>
              );
            })}
          </List>
          {missingRequired.length > 0 ? (
            <Text size="xs" c="dimmed">
              {missingRequired.map((item) => item.label).join(' and ')}{' '}
              {missingRequired.length === 1 ? 'is' : 'are'} required for the property&apos;s records; if you
              do not have {missingRequired.length === 1 ? 'it' : 'them'} now, add{' '}
              {missingRequired.length === 1 ? 'it' : 'them'} later on the property&apos;s page.
            </Text>
          ) : null}
        </Stack>
      </SimpleGrid>
    </StepFrame>
  );
}
