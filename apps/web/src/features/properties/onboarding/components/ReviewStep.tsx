import {
  documentCategories,
  documentCategoryLabels,
  occupantKindLabels,
  type DocumentCategory,
  type OnboardingStep,
  type User,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFile, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiRequestError } from '../../../../lib/api.ts';
import { usersWithRoleQueryOptions } from '../../api.ts';
import { onboardingStatusOptions } from '../../property-form.ts';
import { propertyJurisdictionLabels, propertyTypeLabels } from '../../property-labels.ts';
import { formatMegabytes, missingCategoryReason } from '../documents.ts';
import { findDraftProblems, isCompleteResident, stepPath, totalUnitsOf, type DraftFile } from '../draft.ts';
import { useCreateProperty, type FileUpload } from '../use-create-property.ts';
import { useOnboarding } from '../use-onboarding.ts';
import { BackButton, StepFrame, useStepNavigation } from './StepFrame.tsx';

const categoryOptions = documentCategories.map((value) => ({ value, label: documentCategoryLabels[value] }));

/** Which step a field of the server's answer belongs to, in words. */
export function describeField(path: string): { step: OnboardingStep; label: string } {
  const [section, second, third] = path.split('.');
  if (section === 'property') return { step: 'basic-info', label: 'Basic Info' };
  if (section === 'managers')
    return { step: 'managers', label: second === 'primaryUserId' ? 'Primary manager' : 'Managers' };
  if (section === 'residents') {
    const row = Number(second);
    return {
      step: 'residents',
      label: Number.isInteger(row) && third ? `Residents, row ${row + 1}` : 'Residents',
    };
  }
  return { step: 'review', label: 'Onboarding' };
}

/** Step 6: everything at a glance, the documents' categories, and Create Property. */
export function ReviewStep() {
  const { draft, files, isRestoringFiles, setFileCategory, removeFile } = useOnboarding();
  const { goBack } = useStepNavigation('review');
  const { create, finishWithoutFailedFiles, isBusy, failure, uploads } = useCreateProperty();
  const managers = useQuery(usersWithRoleQueryOptions('manager'));
  const residents = useQuery(usersWithRoleQueryOptions('resident'));

  const people = new Map<string, User>(
    [...(managers.data ?? []), ...(residents.data ?? [])].map((user) => [user.id, user]),
  );
  const nameOf = (userId: string) => {
    const user = people.get(userId);
    if (user) return user.fullName || user.email;
    return managers.isPending || residents.isPending ? 'Loading...' : 'Unknown user';
  };
  const isCreated = draft.created !== null;
  const pendingFiles = draft.documents.uploadedFiles.filter((file) => !draft.uploaded[file.id]);

  // What must change before the property can be created (the server would refuse it otherwise).
  const blockers: ReactNode[] = [];
  if (!isCreated) {
    for (const [field, message] of Object.entries(findDraftProblems(draft, nameOf))) {
      const { step, label } = describeField(field);
      blockers.push(
        <>
          {label}: {message}{' '}
          <Anchor component={Link} to={`${stepPath(step)}?return=review`} size="sm">
            Edit
          </Anchor>
        </>,
      );
    }
  }
  const uncategorised = pendingFiles.filter((file) => !file.category);
  if (uncategorised.length > 0)
    blockers.push(`Choose a category for ${uncategorised.map((file) => file.name).join(', ')}.`);
  const missing = isRestoringFiles ? [] : pendingFiles.filter((file) => !files.has(file.id));
  if (missing.length > 0)
    blockers.push(
      <>
        {missing.map((file) => file.name).join(', ')}: not kept after the reload. Remove{' '}
        {missing.length === 1 ? 'it' : 'them'} below, or choose {missing.length === 1 ? 'it' : 'them'} again
        on the{' '}
        <Anchor component={Link} to={`${stepPath('documents')}?return=review`} size="sm">
          Documents step
        </Anchor>
        .
      </>,
    );
  const canSubmit = !isBusy && !isRestoringFiles && blockers.length === 0;

  const buttonLabel = isCreated
    ? isBusy
      ? 'Uploading Documents...'
      : 'Retry Uploads'
    : isBusy
      ? 'Creating Property...'
      : 'Create Property';

  return (
    <StepFrame
      title="Review & Confirm"
      description={
        isCreated
          ? undefined
          : 'Check everything before creating the property. The property, its managers and its residents are created together; then the documents are uploaded.'
      }
      actions={
        <>
          {isCreated ? <span /> : <BackButton onClick={goBack} />}
          <Group gap="sm">
            {isCreated && !isBusy ? (
              <Button variant="default" onClick={() => void finishWithoutFailedFiles()}>
                Finish Without Them
              </Button>
            ) : null}
            <Button
              onClick={() => void create()}
              disabled={!canSubmit}
              leftSection={isBusy ? <Loader size={14} color="white" aria-hidden /> : undefined}
              aria-describedby={blockers.length > 0 ? 'onboarding-blockers' : undefined}
            >
              {buttonLabel}
            </Button>
          </Group>
        </>
      }
    >
      <Section title="Basic Information" editStep={isCreated ? null : 'basic-info'}>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Row label="Name">{draft.basicInfo.name.trim()}</Row>
            <Row label="Address">{draft.basicInfo.address.trim()}</Row>
            <Row label="Type">{propertyTypeLabels[draft.basicInfo.type]}</Row>
            <Row label="Units">
              {draft.units.source === 'csv' && draft.units.csv
                ? `${totalUnitsOf(draft)} from ${draft.units.fileName ?? 'the CSV file'}`
                : `${totalUnitsOf(draft)}, labelled 1 to ${totalUnitsOf(draft)}`}
            </Row>
            <Row label="Initial Status">
              {onboardingStatusOptions.find((option) => option.value === draft.basicInfo.status)?.label}
            </Row>
            <Row label="State law">{propertyJurisdictionLabels[draft.basicInfo.jurisdiction]}</Row>
            <Row label="Time zone">{draft.basicInfo.timeZone}</Row>
            <Row label="Description">
              {draft.basicInfo.description.trim() || (
                <Text span size="sm" c="dimmed">
                  None
                </Text>
              )}
            </Row>
          </Table.Tbody>
        </Table>
      </Section>

      <Section
        title={`Documents (${draft.documents.uploadedFiles.length})`}
        editStep={isCreated ? null : 'documents'}
      >
        {draft.documents.uploadedFiles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No documents chosen: they can be uploaded later on the property&apos;s page.
          </Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Each file is uploaded as a document of the property, under the category chosen here.
            </Text>
            {draft.documents.uploadedFiles.map((file) => (
              <FileRow
                key={file.id}
                file={file}
                upload={draft.uploaded[file.id] ? { status: 'uploaded' } : uploads[file.id]}
                isBusy={isBusy}
                isMissing={!isRestoringFiles && !files.has(file.id) && !draft.uploaded[file.id]}
                onCategoryChange={(category) => setFileCategory(file.id, category)}
                onRemove={() => removeFile(file.id)}
              />
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Managers" editStep={isCreated ? null : 'managers'}>
        {draft.managers.selectedManagers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No managers selected: they can be assigned later on the property&apos;s page.
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {draft.managers.selectedManagers.map((userId) => (
              <List.Item key={userId}>
                <Group gap={6}>
                  <Text size="sm">{nameOf(userId)}</Text>
                  {people.get(userId) ? (
                    <Text size="xs" c="dimmed">
                      {people.get(userId)!.email}
                    </Text>
                  ) : null}
                  {draft.managers.primaryManager === userId ? (
                    <Badge size="xs" variant="light">
                      Primary
                    </Badge>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="Residents" editStep={isCreated ? null : 'residents'}>
        {draft.residents.initialResidents.filter(isCompleteResident).length === 0 ? (
          <Text size="sm" c="dimmed">
            No residents added: they can be added later on the property&apos;s page.
          </Text>
        ) : (
          <Table withTableBorder={false} striped="even">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Resident</Table.Th>
                <Table.Th>Unit</Table.Th>
                <Table.Th>Lives there as</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.residents.initialResidents.filter(isCompleteResident).map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>{nameOf(row.userId)}</Table.Td>
                  <Table.Td>{row.unitNumber.trim()}</Table.Td>
                  <Table.Td>{occupantKindLabels[row.kind]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      {/* Beside the button, where the admin is looking when it is refused or disabled. */}
      {isCreated ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="The property is created; some documents are not uploaded yet"
        >
          {draft.created!.propertyName} has been created with its managers and residents. The files above that
          did not upload can be tried again, or left out and uploaded later on the property&apos;s page.
        </Alert>
      ) : null}

      {failure ? <FailureAlert error={failure} /> : null}

      {blockers.length > 0 ? (
        <Alert color="yellow" title="Before creating the property" id="onboarding-blockers">
          <List size="sm" spacing={4}>
            {blockers.map((blocker, index) => (
              <List.Item key={index}>{blocker}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </StepFrame>
  );
}

function Section({
  title,
  editStep,
  children,
}: {
  title: string;
  editStep: OnboardingStep | null;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {editStep ? (
          <Button
            component={Link}
            to={`${stepPath(editStep)}?return=review`}
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Edit ${title.replace(/ \(\d+\)$/, '')}`}
          >
            Edit
          </Button>
        ) : null}
      </Group>
      {children}
      <Divider mt="md" />
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 110, sm: 160 }}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function FileRow({
  file,
  upload,
  isBusy,
  isMissing,
  onCategoryChange,
  onRemove,
}: {
  file: DraftFile;
  upload: FileUpload | undefined;
  isBusy: boolean;
  isMissing: boolean;
  onCategoryChange: (category: DocumentCategory | null) => void;
  onRemove: () => void;
}) {
  const isUploaded = upload?.status === 'uploaded';
  return (
    <Paper withBorder radius="md" p="sm" aria-label={file.name} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatMegabytes(file.size)}
              </Text>
            </Box>
          </Group>
          {!isUploaded && !isBusy ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`Remove ${file.name}`}
              onClick={onRemove}
              style={{ flexShrink: 0 }}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <Select
          label={`Category of ${file.name}`}
          placeholder="Choose a category"
          data={categoryOptions}
          value={file.category}
          onChange={(value) => onCategoryChange((value as DocumentCategory | null) ?? null)}
          allowDeselect={false}
          disabled={isUploaded || isBusy}
          error={!file.category && !isUploaded ? missingCategoryReason(file.name) : undefined}
          size="sm"
          styles={{ label: { fontSize: 'var(--mantine-font-size-xs)' } }}
        />
        <UploadStatus upload={upload} isMissing={isMissing} isBusy={isBusy} />
      </Stack>
    </Paper>
  );
}

function UploadStatus({
  upload,
  isMissing,
  isBusy,
}: {
  upload: FileUpload | undefined;
  isMissing: boolean;
  isBusy: boolean;
}) {
  if (upload?.status === 'uploaded')
    return (
      <Group gap={4} c="green.8">
        <IconCheck size={14} aria-hidden />
        <Text size="xs">Uploaded</Text>
      </Group>
    );
  if (upload?.status === 'uploading') {
    const percent = Math.round(upload.progress * 100);
    return (
      <Stack gap={4}>
        <Progress value={percent} size="sm" aria-label="Upload progress" />
        <Text size="xs" c="dimmed">
          Uploading... {percent}%
        </Text>
      </Stack>
    );
  }
  if (upload?.status === 'failed')
    return (
      <Text size="xs" c="red.8" role="alert">
        Not uploaded: {upload.reason}
      </Text>
    );
  if (isMissing)
    return (
      <Text size="xs" c="red.8">
        Not kept after the reload: remove it, or choose it again on the Documents step.
      </Text>
    );
  return isBusy ? (
    <Text size="xs" c="dimmed">
      Waiting to upload
    </Text>
  ) : null;
}

function FailureAlert({ error }: { error: unknown }) {
  const message = isApiRequestError(error) ? error.message : 'Something went wrong. Please try again.';
  const fields = isApiRequestError(error) && error.fields ? Object.entries(error.fields) : [];
  const showFields = fields.length > 1 || (fields.length === 1 && fields[0]![1] !== message);
  return (
    <Alert color="red" title="Failed to create property" role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {showFields ? (
          <List size="sm" spacing={4}>
            {fields.map(([field, fieldMessage]) => {
              const { step, label } = describeField(field);
              return (
                <List.Item key={field}>
                  {label}: {fieldMessage}{' '}
                  {step !== 'review' ? (
                    <Anchor component={Link} to={`${stepPath(step)}?return=review`} size="sm">
                      Edit
                    </Anchor>
                  ) : null}
                </List.Item>
              );
            })}
          </List>
        ) : null}
        <Text size="xs" c="dimmed">
          {isApiRequestError(error) && error.status >= 400 && error.status < 500
            ? 'Nothing was created. Your answers are kept: fix what is listed, then try again.'
            : 'Your answers are kept. Trying again is safe: it never creates a second property.'}
        </Text>
      </Stack>
    </Alert>
  );
}
