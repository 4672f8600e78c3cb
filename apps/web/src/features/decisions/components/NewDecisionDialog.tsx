import {
  createDecisionItemSchema,
  hasPermission,
  type CreateDecisionItemInput,
  type Role,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { propertyDocumentsQueryOptions } from '../../documents/api.ts';
import { boardAssociationsQueryOptions } from '../../portals/index.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { useCreateDecision } from '../api.ts';
import { manualDecisionKindOptions } from '../labels.ts';

const minOptions = 2;
const maxOptions = 6;

/** Board members and managers put items to the board (the server checks each association). */
export const canPutDecisions = (role: Role) => hasPermission(role, 'decisions:write');

/**
 * The associations a person may put an item to: a board member's boards (not every association whose
 * documents they may read), a manager's properties, an admin's every one.
 */
function useDecisionAssociations(role: Role) {
  const isBoard = role === 'board';
  const boards = useQuery({ ...boardAssociationsQueryOptions, enabled: isBoard });
  const properties = useQuery({ ...propertiesQueryOptions({ limit: 100 }), enabled: !isBoard });
  if (isBoard)
    return {
      isPending: boards.isPending,
      isError: boards.isError,
      refetch: boards.refetch,
      associations: boards.data?.associations ?? [],
    };
  return {
    isPending: properties.isPending,
    isError: properties.isError,
    refetch: properties.refetch,
    associations: (properties.data?.properties ?? []).map(({ id, name }) => ({ id, name })),
  };
}

type Errors = Record<string, string>;

/** A refusal's field names as this form shows them: every document's error goes on the one picker. */
function fieldOf(path: string): string {
  if (path.startsWith('documentIds')) return 'documentIds';
  return path;
}
const formFields = [
  'propertyId',
  'kind',
  'title',
  'background',
  'options',
  'dueOn',
  'documentIds',
  'published',
];
const isFormField = (field: string) => formFields.includes(field) || /^options\.\d+$/.test(field);

/**
 * Puts a decision to an association's board (issue 22 item 5): what kind it is, its title, background,
 * two to six options, the due date, documents of that association to read, and whether the outcome is
 * published to residents. The same rules as the server (the contract's schema) check it first.
 */
export function NewDecisionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <PortalModal
      opened={opened}
      onClose={onClose}
      title="New decision"
      size="lg"
      fullScreen={isNarrow}
      centered
    >
      {opened ? <NewDecisionForm role={user.role} onClose={onClose} /> : null}
    </PortalModal>
  );
}

function NewDecisionForm({ role, onClose }: { role: Role; onClose: () => void }) {
  const associations = useDecisionAssociations(role);
  const [chosenPropertyId, setChosenPropertyId] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [background, setBackground] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [dueOn, setDueOn] = useState('');
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const [published, setPublished] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateDecision();

  const only = associations.associations.length === 1 ? associations.associations[0]! : null;
  const propertyId = only?.id ?? chosenPropertyId;
  const documents = useQuery({
    ...propertyDocumentsQueryOptions(propertyId ?? ''),
    enabled: propertyId !== null,
  });

  if (associations.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading your associations...
        </Text>
      </Group>
    );
  if (associations.isError)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="red.8" role="alert">
          Failed to load your associations.
        </Text>
        <Button variant="light" onClick={() => void associations.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  if (associations.associations.length === 0)
    return (
      <Text size="sm">
        You do not sit on the board of any association, so there is no board to put a decision to.
      </Text>
    );

  const setOption = (index: number, value: string) =>
    setOptions((current) => current.map((option, at) => (at === index ? value : option)));
  const removeOption = (index: number) => {
    setOptions((current) => current.filter((_, at) => at !== index));
    // Errors of the options after it would now sit on the wrong one.
    setErrors(({ ...rest }) => {
      for (const key of Object.keys(rest)) if (key.startsWith('options')) delete rest[key];
      return rest;
    });
  };

  const onFailure = (failure: unknown) => {
    if (!isApiRequestError(failure)) {
      setErrors({ form: 'Something went wrong. Please try again.' });
      return;
    }
    const found: Errors = {};
    for (const [key, message] of Object.entries(failure.fields ?? {})) {
      const field = fieldOf(key);
      if (isFormField(field)) found[field] ??= message;
    }
    if (Object.keys(found).length === 0) found.form = failure.message;
    setErrors(found);
  };

  const submit = () => {
    const found: Errors = {};
    if (!propertyId) found.propertyId = 'Choose an association';
    if (!title.trim()) found.title = 'Title is required';
    const parsed = createDecisionItemSchema.safeParse({
      kind: kind ?? undefined,
      title,
      background,
      options,
      dueOn,
      documentIds,
      published,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        found[fieldOf(issue.path.map(String).join('.'))] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success || !propertyId) return;
    const input: CreateDecisionItemInput = parsed.data;
    create.mutate(
      { propertyId, input },
      {
        onSuccess: (item) => {
          showSuccessToast(`“${item.title}” is before the board`);
          onClose();
        },
        onError: onFailure,
      },
    );
  };

  const documentData = (documents.data ?? []).map((document) => ({
    value: document.id,
    label: document.name,
  }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {only ? `The board of ${only.name} decides it. ` : 'The association’s board decides it. '}
          Its members vote here, or you record a vote taken at a meeting.
        </Text>
        {only ? null : (
          <Select
            label="Association"
            required
            placeholder="Choose an association"
            data={associations.associations.map(({ id, name }) => ({ value: id, label: name }))}
            value={chosenPropertyId}
            onChange={(value) => {
              setChosenPropertyId(value);
              setDocumentIds([]);
            }}
            error={errors.propertyId}
            searchable
            nothingFoundMessage="No association matches"
            allowDeselect={false}
          />
        )}
        <Select
          label="Kind of decision"
          required
          placeholder="Choose what kind of decision this is"
          data={manualDecisionKindOptions}
          value={kind}
          onChange={setKind}
          error={errors.kind}
          allowDeselect={false}
        />
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label="Background"
          description="What the board needs to know to decide: the facts, the figures, what each option means."
          required
          autosize
          minRows={3}
          maxRows={12}
          value={background}
          onChange={(event) => setBackground(event.currentTarget.value)}
          error={errors.background}
          maxLength={5000}
        />
        <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            Options
          </Text>
          <Text size="xs" c="dimmed">
            Two to six choices the members vote between; every member may also abstain.
          </Text>
          {options.map((option, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={`Option ${index + 1}`}
                required
                value={option}
                onChange={(event) => setOption(index, event.currentTarget.value)}
                error={errors[`options.${index}`]}
                maxLength={200}
                style={{ flex: 1, minWidth: 0 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove option ${index + 1}`}
                onClick={() => removeOption(index)}
                disabled={options.length <= minOptions}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {errors.options ? (
            <Text size="xs" c="red.8" role="alert">
              {errors.options}
            </Text>
          ) : null}
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setOptions((current) => [...current, ''])}
              disabled={options.length >= maxOptions}
            >
              Add an option
            </Button>
          </div>
        </Stack>
        <TextInput
          type="date"
          label="Due date"
          description="When the board should have decided."
          required
          value={dueOn}
          onChange={(event) => setDueOn(event.currentTarget.value)}
          error={errors.dueOn}
          maw={220}
        />
        <MultiSelect
          label="Documents to attach"
          description="Documents of the association for the members to read (up to 10)."
          placeholder={
            !propertyId
              ? 'Choose the association first'
              : documents.isError
                ? 'Failed to load the documents'
                : documents.isPending
                  ? 'Loading documents...'
                  : documentData.length === 0
                    ? 'The association has no documents'
                    : 'Choose documents'
          }
          data={documentData}
          value={documentIds}
          onChange={setDocumentIds}
          disabled={!propertyId || documentData.length === 0}
          error={errors.documentIds}
          searchable
          nothingFoundMessage="No document matches"
          maxValues={10}
          clearable
        />
        <Checkbox
          label="Publish the outcome to residents"
          description="Once decided, the association’s residents see the outcome and its background, not who voted how."
          checked={published}
          onChange={(event) => setPublished(event.currentTarget.checked)}
          error={errors.published}
        />
        {errors.form ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Put to the board
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
