import {
  fillPlaceholders,
  letterKindLabels,
  letterKinds,
  letterPlaceholderNames,
  letterPlaceholders,
  letterTemplateKeySchema,
  placeholderProblem,
  samplePlaceholderValues,
  type LetterKind,
  type LetterTemplate,
} from '@commonwise/contracts';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileText, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { templatesQueryOptions, usePublishTemplate } from '../api.ts';
import { paragraphsOf } from '../labels.ts';

const kindOptions = letterKinds.map((kind) => ({ value: kind, label: letterKindLabels[kind] }));

/** The templates in use for this association: its own versions, or the installation's defaults. */
export function TemplatesSection({ propertyId, canWrite }: { propertyId: string; canWrite: boolean }) {
  const templates = useQuery(templatesQueryOptions(propertyId));
  // null: closed; 'new': a new template; otherwise the template to publish a new version of.
  const [editing, setEditing] = useState<LetterTemplate | 'new' | null>(null);

  if (templates.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading templates...</Text>
      </Group>
    );
  if (templates.isError)
    return (
      <ErrorState
        title="Failed to load templates"
        onRetry={() => void templates.refetch()}
        isRetrying={templates.isFetching}
      />
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 20rem' }}>
          Publishing a change makes a new version: letters already made keep the words they were made with.
        </Text>
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New template
          </Button>
        ) : null}
      </Group>
      {templates.data.templates.length === 0 ? (
        <StatusMessage
          icon={<IconFileText size={32} aria-hidden />}
          title="No templates yet"
          description="Make one: a title and a body with placeholders such as {{owner.name}}."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {templates.data.templates.map((template) => (
            <Card key={template.id} withBorder radius="lg" padding="lg">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                    {template.title}
                  </Title>
                  {canWrite ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={() => setEditing(template)}
                      aria-label={`Edit ${template.key}`}
                    >
                      Edit
                    </Button>
                  ) : null}
                </Group>
                <Group gap={6}>
                  <Badge variant="light">{template.key}</Badge>
                  <Badge variant="outline" color="gray">
                    Version {template.version}
                  </Badge>
                  <Badge variant="outline" color={template.propertyId ? 'indigo' : 'gray'}>
                    {template.propertyId ? 'This association' : 'Installation default'}
                  </Badge>
                  {template.requiresApproval ? (
                    <Badge variant="outline" color="yellow">
                      Needs approval
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {letterKindLabels[template.kind]} · published {formatDate(template.createdAt)}
                  {template.createdBy ? ` by ${template.createdBy.fullName}` : ''}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <TemplateEditorDialog propertyId={propertyId} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function TemplateEditorDialog({
  propertyId,
  editing,
  onClose,
}: {
  propertyId: string;
  editing: LetterTemplate | 'new' | null;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const title = editing === 'new' ? 'New template' : editing ? `New version of “${editing.key}”` : 'Template';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="90rem" fullScreen={isNarrow}>
      {editing ? (
        <TemplateEditor propertyId={propertyId} from={editing === 'new' ? null : editing} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

/**
 * The template editor: the fields, the placeholders to insert (at the cursor), and a live preview with
 * sample values. Unknown placeholders are named as they are typed, and refused by the server on save.
 */
export function TemplateEditor({
  propertyId,
  from,
  onClose,
}: {
  propertyId: string;
  from: LetterTemplate | null;
  onClose: () => void;
}) {
  const publish = usePublishTemplate(propertyId);
  const [key, setKey] = useState(from?.key ?? '');
  const [kind, setKind] = useState<LetterKind>(from?.kind ?? 'correspondence');
  const [requiresApproval, setRequiresApproval] = useState(from?.requiresApproval ?? false);
  const [title, setTitle] = useState(from?.title ?? '');
  const [body, setBody] = useState(from?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const titleProblem = placeholderProblem(title);
  const bodyProblem = placeholderProblem(body);

  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const area = bodyRef.current;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = async () => {
    const problems: Record<string, string> = {};
    const keyResult = letterTemplateKeySchema.safeParse(key);
    if (!keyResult.success) problems.key = keyResult.error.issues[0]!.message;
    if (!title.trim()) problems.title = 'Title is required';
    if (!body.trim()) problems.body = 'Body is required';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || titleProblem || bodyProblem) return;
    try {
      const saved = await publish.mutateAsync({ key, kind, title, body, requiresApproval });
      showSuccessToast(`Published “${saved.key}”, version ${saved.version}`);
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) setErrors(error.fields);
      showFailureToast('Failed to publish the template', error);
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label="Key"
              description="Names the template; a new version keeps it"
              value={key}
              onChange={(event) => setKey(event.currentTarget.value)}
              disabled={from !== null}
              required
              error={errors.key}
              style={{ flex: '1 1 10rem' }}
              data-autofocus={from === null || undefined}
            />
            <Select
              label="Kind"
              description="Decides which law governs its delivery"
              data={kindOptions}
              value={kind}
              allowDeselect={false}
              onChange={(value) => setKind(value as LetterKind)}
              error={errors.kind}
              style={{ flex: '1 1 14rem' }}
            />
          </Group>
          <Checkbox
            label="Needs approval (by another manager, a board member or an admin) before it is sent"
            checked={requiresApproval}
            onChange={(event) => setRequiresApproval(event.currentTarget.checked)}
          />
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            required
            maxLength={200}
            error={titleProblem ?? errors.title}
            data-autofocus={from !== null || undefined}
          />
          <Textarea
            ref={bodyRef}
            label="Body"
            description="A blank line starts a new paragraph"
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            required
            autosize
            minRows={10}
            maxRows={24}
            maxLength={20_000}
            error={bodyProblem ?? errors.body}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="placeholder-list">
              Placeholders (insert at the cursor)
            </Text>
            <Group gap={6} role="list" aria-labelledby="placeholder-list">
              {letterPlaceholderNames.map((name) => (
                <UnstyledButton
                  key={name}
                  role="listitem"
                  onClick={() => insert(name)}
                  title={`${letterPlaceholders[name].label}${letterPlaceholders[name].from === 'input' ? ' (given when the letter is made)' : ''}`}
                  aria-label={`Insert {{${name}}}: ${letterPlaceholders[name].label}`}
                >
                  <Badge
                    variant={letterPlaceholders[name].from === 'input' ? 'outline' : 'light'}
                    style={{ textTransform: 'none', cursor: 'pointer' }}
                  >
                    {`{{${name}}}`}
                  </Badge>
                </UnstyledButton>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              Outlined ones are given by the person making the letter; the others come from the records.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={publish.isPending}>
              {from ? `Publish version ${from.propertyId ? from.version + 1 : 1}` : 'Publish'}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Preview title={title} body={body} />
      </Grid.Col>
    </Grid>
  );
}

/** The letter as it would read, with sample values in place of the placeholders. */
function Preview({ title, body }: { title: string; body: string }) {
  return (
    <Paper withBorder radius="md" p="lg" aria-label="Preview with sample values" component="section">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="sm">
        Preview with sample values
      </Text>
      <Text fw={700} size="md">
        {samplePlaceholderValues['association.name']}
      </Text>
      <Text size="xs" c="dimmed" mb="md">
        {samplePlaceholderValues['association.address']}
      </Text>
      <Text size="sm" mb="sm">
        {samplePlaceholderValues['letter.date']}
      </Text>
      <Text size="sm" fw={600}>
        {samplePlaceholderValues['owner.name']}
      </Text>
      <Text size="sm" mb="md">
        {samplePlaceholderValues['unit.address']}
      </Text>
      <Text fw={600} mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {fillPlaceholders(title, samplePlaceholderValues) || 'Title'}
      </Text>
      <Stack gap="xs" aria-live="polite">
        {paragraphsOf(fillPlaceholders(body, samplePlaceholderValues)).map((paragraph, index) => (
          <Text key={index} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {paragraph}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
