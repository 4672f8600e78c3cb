import {
  isLetterPlaceholder,
  letterKindLabels,
  letterPlaceholders,
  placeholdersIn,
  type LetterInputValues,
  type LetterTemplate,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { ownershipsQueryOptions, unitsQueryOptions } from '../../units/api.ts';
import { letterPagePath, templatesQueryOptions, useCreateLetter } from '../api.ts';
import { dollarsToCentsOrUndefined } from '../labels.ts';

type InputName = keyof LetterInputValues;
const inputNames: InputName[] = [
  'amount.due',
  'amount.fine',
  'date.due',
  'date.observed',
  'rule.text',
  'rule.source',
  'hearing.when',
  'hearing.place',
  'decision.text',
];

/** A new draft letter: a template, a unit, which of its owners, and the values the records cannot give. */
export function NewLetterDialog({
  propertyId,
  opened,
  onClose,
}: {
  propertyId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title="New letter" size="lg" fullScreen={isNarrow}>
      {opened ? <NewLetterForm propertyId={propertyId} onClose={onClose} /> : null}
    </Modal>
  );
}

function NewLetterForm({ propertyId, onClose }: { propertyId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const templates = useQuery(templatesQueryOptions(propertyId));
  const createLetter = useCreateLetter(propertyId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [unitSearch, setUnitSearch] = useState('');
  const [debouncedUnitSearch] = useDebouncedValue(unitSearch, 250);
  const [recipientIds, setRecipientIds] = useState<string[]>([]);
  const [values, setValues] = useState<Partial<Record<InputName, string | number>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const units = useQuery({
    ...unitsQueryOptions(propertyId, { q: debouncedUnitSearch, page: 1, archived: false, limit: 50 }),
    placeholderData: undefined,
  });
  const ownerships = useQuery({
    ...ownershipsQueryOptions(propertyId, unitId ?? ''),
    enabled: Boolean(unitId),
  });
  const today = new Date().toISOString().slice(0, 10);
  const owners = (ownerships.data ?? []).filter((row) => row.endsOn === null || row.endsOn > today);
  const template: LetterTemplate | undefined = templates.data?.templates.find(
    (candidate) => candidate.id === templateId,
  );
  const needed = template
    ? inputNames.filter((name) =>
        placeholdersIn(`${template.title}\n${template.body}`).filter(isLetterPlaceholder).includes(name),
      )
    : [];

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!templateId) problems.templateId = 'Choose a template';
    if (!unitId) problems.unitId = 'Choose a unit';
    if (recipientIds.length === 0) problems.recipientIds = 'Choose at least one owner';
    for (const name of needed)
      if (values[name] === undefined || values[name] === '')
        problems[`values.${name}`] = 'Required by this template';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const given: LetterInputValues = {};
    for (const name of needed) {
      const value = values[name]!;
      if (name === 'amount.due' || name === 'amount.fine') given[name] = dollarsToCentsOrUndefined(value);
      else given[name] = String(value);
    }
    try {
      const letter = await createLetter.mutateAsync({
        templateId: templateId!,
        unitId: unitId!,
        recipientIds,
        values: given,
      });
      showSuccessToast('Draft letter made. Nothing is sent until you send it.');
      onClose();
      void navigate(letterPagePath(propertyId, letter.id));
    } catch (error) {
      if (isApiRequestError(error) && error.fields) setErrors(error.fields);
      showFailureToast('Failed to make the letter', error);
    }
  };

  return (
    <Stack gap="md">
      <Select
        label="Template"
        placeholder={templates.isPending ? 'Loading templates...' : 'Choose a template'}
        data={(templates.data?.templates ?? []).map((candidate) => ({
          value: candidate.id,
          label: `${candidate.title} (${candidate.key}, version ${candidate.version})`,
        }))}
        value={templateId}
        onChange={(value) => {
          setTemplateId(value);
          setValues({});
        }}
        error={errors.templateId ?? (templates.isError ? 'Failed to load templates' : undefined)}
        required
        searchable
        data-autofocus
      />
      {template ? (
        <Text size="sm" c="dimmed">
          {letterKindLabels[template.kind]}
          {template.requiresApproval ? ' · needs approval before it is sent' : ''}
        </Text>
      ) : null}
      <Select
        label="Unit"
        placeholder="Type a unit label"
        data={(units.data?.units ?? []).map((unit) => ({ value: unit.id, label: `Unit ${unit.label}` }))}
        searchable
        searchValue={unitSearch}
        onSearchChange={setUnitSearch}
        filter={({ options }) => options}
        nothingFoundMessage={units.isFetching ? 'Searching...' : 'No unit found'}
        rightSection={units.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
        value={unitId}
        onChange={(value) => {
          setUnitId(value);
          setRecipientIds([]);
        }}
        error={errors.unitId}
        required
      />
      {unitId ? (
        <Checkbox.Group
          label="Owners it is addressed to"
          value={recipientIds}
          onChange={setRecipientIds}
          error={errors.recipientIds}
          required
        >
          <Stack gap="xs" mt="xs">
            {ownerships.isPending ? (
              <Text size="sm" c="dimmed" role="status">
                Loading owners...
              </Text>
            ) : owners.length === 0 ? (
              <Text size="sm" c="dimmed">
                This unit has no current owner.
              </Text>
            ) : (
              owners.map((owner) => (
                <Checkbox
                  key={owner.id}
                  value={owner.userId}
                  label={`${owner.fullName}${owner.isPrimary ? ' (primary contact)' : ''}`}
                />
              ))
            )}
          </Stack>
        </Checkbox.Group>
      ) : null}
      {needed.map((name) => {
        const common = {
          label: letterPlaceholders[name].label,
          required: true,
          error: errors[`values.${name}`],
        };
        const set = (value: string | number) => setValues((current) => ({ ...current, [name]: value }));
        if (name === 'amount.due' || name === 'amount.fine')
          return (
            <NumberInput
              key={name}
              {...common}
              prefix="$"
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              min={0}
              value={values[name] ?? ''}
              onChange={set}
            />
          );
        if (name === 'date.due' || name === 'date.observed')
          return (
            <TextInput
              key={name}
              {...common}
              type="date"
              value={String(values[name] ?? '')}
              onChange={(event) => set(event.currentTarget.value)}
            />
          );
        if (name === 'rule.text' || name === 'decision.text')
          return (
            <Textarea
              key={name}
              {...common}
              autosize
              minRows={2}
              maxLength={4000}
              description={
                name === 'rule.text' ? 'Quote the rule as the governing document states it' : undefined
              }
              value={String(values[name] ?? '')}
              onChange={(event) => set(event.currentTarget.value)}
            />
          );
        return (
          <TextInput
            key={name}
            {...common}
            maxLength={200}
            placeholder={letterPlaceholders[name].example}
            value={String(values[name] ?? '')}
            onChange={(event) => set(event.currentTarget.value)}
          />
        );
      })}
      {Object.keys(errors).some(
        (field) => !['templateId', 'unitId', 'recipientIds'].includes(field) && !field.startsWith('values.'),
      ) ? (
        <Alert color="red" variant="light">
          {Object.values(errors).join(' ')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={createLetter.isPending}>
          Make draft
        </Button>
      </Group>
    </Stack>
  );
}
