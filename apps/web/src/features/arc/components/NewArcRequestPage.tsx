import type { ArcProjectType } from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconHomeQuestion, IconTools } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { ownerAccountsQueryOptions } from '../../finance/api.ts';
import { myArcRequestPagePath, ownerProjectTypesQueryOptions, useCreateArcRequest } from '../api.ts';
import { formatFee, listInWords, reviewWindowText } from '../labels.ts';
import {
  ArcAnswerFields,
  answersToSend,
  initialAnswers,
  validateAnswers,
  type AnswerValues,
} from './ArcAnswerFields.tsx';
import { FormError } from './ArcRequestParts.tsx';

const loading = (what: string) => (
  <Group gap="sm" py="md" role="status">
    <Loader size="sm" aria-hidden />
    <Text c="dimmed">Loading {what}...</Text>
  </Group>
);

/**
 * /resident-portal/arc/new (issue 22 item 1): an owner asks the architectural review committee before
 * changing the outside of their home. They choose the unit (when they own more than one), the kind of
 * project (each with its fee and review window), answer that project type's questions, and send it;
 * the request's page then takes the files it needs and says what is still missing.
 */
export function NewArcRequestPage() {
  const [params, setParams] = useSearchParams();
  const accounts = useQuery(ownerAccountsQueryOptions);
  const units = (accounts.data?.accounts ?? []).map((account) => ({
    id: account.unit.id,
    label: `Unit ${account.unit.label}, ${account.propertyName}`,
  }));
  const unitId =
    units.find((unit) => unit.id === params.get('unit'))?.id ?? (units.length === 1 ? units[0]!.id : null);

  const back = (
    <Anchor component={Link} to="/resident-portal" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Resident Portal
      </Group>
    </Anchor>
  );

  let body: ReactNode;
  if (accounts.isPending) body = loading('your homes');
  else if (accounts.isError)
    body = (
      <ErrorState
        title="Failed to load your homes"
        description={getErrorMessage(accounts.error)}
        onRetry={() => void accounts.refetch()}
        isRetrying={accounts.isFetching}
      />
    );
  else if (units.length === 0)
    body = (
      <StatusMessage
        icon={<IconHomeQuestion size={32} aria-hidden />}
        title="No home of yours on file"
        description="An architectural request is made by a unit’s owner. If you own a home here, ask your association’s manager to add you as its owner."
      />
    );
  else
    body = (
      <Stack gap="lg">
        {units.length > 1 ? (
          <Select
            label="Which home is it for?"
            required
            placeholder="Choose your home"
            data={units.map((unit) => ({ value: unit.id, label: unit.label }))}
            value={unitId}
            onChange={(value) => {
              if (value) setParams({ unit: value }, { replace: true });
            }}
            allowDeselect={false}
            maw={{ base: '100%', sm: 480 }}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Text size="sm">
            For{' '}
            <Text span fw={600}>
              {units[0]!.label}
            </Text>
          </Text>
        )}
        {unitId ? <RequestForm key={unitId} unitId={unitId} /> : null}
      </Stack>
    );

  return (
    <Stack gap="md" maw={880}>
      {back}
      <PageHeader
        title="New architectural request"
        description="Ask the architectural review committee before you change the outside of your home: a fence, a paint colour, a roof, solar panels…"
      />
      {body}
    </Stack>
  );
}

type FormErrors = Record<string, string | undefined>;

function RequestForm({ unitId }: { unitId: string }) {
  const navigate = useNavigate();
  const types = useQuery(ownerProjectTypesQueryOptions(unitId));
  const create = useCreateArcRequest();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [values, setValues] = useState<AnswerValues>({});
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const active = (types.data?.projectTypes ?? []).filter((type) => type.active);
  const type = active.find((one) => one.id === typeId) ?? null;

  const choose = (id: string) => {
    const next = active.find((one) => one.id === id);
    if (!next) return;
    setTypeId(id);
    // Keep what was typed for a field of the same key; the new type's other fields start blank.
    setValues((current) => ({ ...initialAnswers(next.fields), ...pickKeys(current, next) }));
    setErrors({});
  };

  const submit = () => {
    if (!type) {
      setErrors({ projectTypeId: 'Choose the kind of project' });
      return;
    }
    const found: FormErrors = { ...validateAnswers(type.fields, values) };
    if (!title.trim()) found.title = 'Title is required';
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(
      {
        unitId,
        projectTypeId: type.id,
        title: title.trim(),
        description: description.trim(),
        answers: answersToSend(type.fields, values),
      },
      {
        onSuccess: (request) => {
          showSuccessToast(
            request.missing.length > 0
              ? 'Request sent: add the files it still needs'
              : 'Request sent: it is complete and with the committee',
          );
          void navigate(myArcRequestPagePath(request.id));
        },
        onError: (failure) => {
          const fields = isApiRequestError(failure) ? (failure.fields ?? {}) : {};
          if (Object.keys(fields).length > 0) {
            setErrors(fields);
            // A field the form does not show (the unit, say): its words go above the button.
            const shown = new Set([
              'title',
              'description',
              'projectTypeId',
              ...type.fields.map((f) => `answers.${f.key}`),
            ]);
            const hidden = Object.entries(fields).filter(([key]) => !shown.has(key));
            setFormError(hidden.length > 0 ? hidden.map(([, message]) => message).join(' ') : null);
          } else setFormError(failure);
        },
      },
    );
  };

  if (types.isPending) return loading('project types');
  if (types.isError)
    return (
      <ErrorState
        title="Failed to load the project types"
        description={getErrorMessage(types.error)}
        onRetry={() => void types.refetch()}
        isRetrying={types.isFetching}
      />
    );
  if (active.length === 0)
    return (
      <StatusMessage
        icon={<IconTools size={32} aria-hidden />}
        title="Architectural review is not set up yet"
        description="Your association has not set up its project types. Ask its manager how to ask for approval."
      />
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xl">
        <Radio.Group
          label={
            <Title order={2} size="h4" component="span">
              What is the project?
            </Title>
          }
          value={typeId}
          onChange={choose}
          error={errors.projectTypeId}
          required
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
            {active.map((one) => (
              <ProjectTypeCard key={one.id} type={one} />
            ))}
          </SimpleGrid>
        </Radio.Group>

        {type ? (
          <Stack gap="md" component="section" aria-labelledby="arc-about">
            <Title order={2} size="h4" id="arc-about">
              About your {type.name.toLowerCase()} project
            </Title>
            <ArcAnswerFields
              fields={type.fields}
              values={values}
              errors={errors}
              onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
            />
            <TextInput
              label="Title"
              description="A few words the committee will know it by, like “Back yard cedar fence”."
              required
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title}
              maxLength={200}
            />
            <Textarea
              label="Description"
              description="What you plan to do, where, and with what materials."
              autosize
              minRows={3}
              maxRows={12}
              maxLength={5000}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={errors.description}
            />
            {type.files.length > 0 ? (
              <Text size="sm">
                <Text span fw={600}>
                  Next, add the files:{' '}
                </Text>
                {listInWords(type.files.map((file) => file.label))}. You add them on the request’s page once
                it is sent.
              </Text>
            ) : null}
            <FormError error={formError} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Send request
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a project to see its questions.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** The answers typed so far that the next project type also asks for. */
function pickKeys(values: AnswerValues, type: ArcProjectType): AnswerValues {
  const keys = new Set(type.fields.map((field) => field.key));
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
}

/** A project type as a choice: its name, description, fee and review window with its source. */
function ProjectTypeCard({ type }: { type: ArcProjectType }) {
  return (
    <Radio.Card value={type.id} radius="md" p="md" withBorder style={{ height: '100%' }}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{type.name}</Text>
          {type.description ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {type.description}
            </Text>
          ) : null}
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color={type.feeCents > 0 ? 'blue' : 'gray'}>
              {type.feeCents > 0 ? `Fee ${formatFee(type.feeCents)}` : 'No fee'}
            </Badge>
          </Group>
          <Text size="xs">{reviewWindowText(type.reviewDays, type.reviewDaysSource)}</Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
