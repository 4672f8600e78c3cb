import { arcUnitLabels, type ArcField } from '@commonwise/contracts';
import { NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { arcUnitWords } from '../labels.ts';

/** What is typed in the form, per field key: a number field holds a number or '' (blank). */
export type AnswerValues = Record<string, string | number>;

/** The answers as the form starts: the request's own, or blanks. */
export function initialAnswers(
  fields: ArcField[],
  answers: Record<string, string | number> = {},
): AnswerValues {
  return Object.fromEntries(fields.map((field) => [field.key, answers[field.key] ?? '']));
}

/** The answers to send: blanks left out, numbers as numbers, text trimmed. */
export function answersToSend(fields: ArcField[], values: AnswerValues): Record<string, string | number> {
  const answers: Record<string, string | number> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === '') continue;
    if (field.kind === 'number') {
      const number = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(number)) answers[field.key] = number;
    } else if (String(value).trim()) answers[field.key] = String(value).trim();
  }
  return answers;
}

/** A required answer left blank, or a number that is not one: the message per field key. */
export function validateAnswers(fields: ArcField[], values: AnswerValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    const isBlank = value === undefined || String(value).trim() === '';
    if (isBlank) {
      if (field.required)
        errors[field.key] =
          field.kind === 'choice' ? `Choose the ${field.label.toLowerCase()}` : `${field.label} is required`;
      continue;
    }
    if (field.kind === 'number' && !Number.isFinite(typeof value === 'number' ? value : Number(value)))
      errors[field.key] = `${field.label} must be a number`;
  }
  return errors;
}

/**
 * The project type's form, generated from its fields: a number with its unit beside it (and in words
 * in its description), a text, a choice as a select; required ones marked.
 */
export function ArcAnswerFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: ArcField[];
  values: AnswerValues;
  errors: Record<string, string | undefined>;
  onChange: (key: string, value: string | number) => void;
}) {
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This project type asks no questions: describe the project below.
      </Text>
    );
  return (
    <Stack gap="sm">
      {fields.map((field) => {
        const common = {
          label: field.label,
          required: field.required,
          error: errors[`answers.${field.key}`] ?? errors[field.key],
        };
        if (field.kind === 'number') {
          const unit = field.unit;
          const description = [field.help, unit ? `In ${arcUnitWords[unit]}.` : null]
            .filter(Boolean)
            .join(' ');
          return (
            <NumberInput
              key={field.key}
              {...common}
              description={description || undefined}
              value={values[field.key] ?? ''}
              onChange={(value) => onChange(field.key, value)}
              min={0}
              decimalScale={2}
              hideControls
              inputMode="decimal"
              rightSection={
                unit ? (
                  <Text size="sm" c="dimmed" aria-hidden>
                    {arcUnitLabels[unit]}
                  </Text>
                ) : undefined
              }
              rightSectionWidth={unit ? 48 : undefined}
              rightSectionPointerEvents="none"
            />
          );
        }
        if (field.kind === 'choice')
          return (
            <Select
              key={field.key}
              {...common}
              description={field.help ?? undefined}
              placeholder="Choose one"
              data={field.options}
              value={
                values[field.key] === '' || values[field.key] === undefined ? null : String(values[field.key])
              }
              onChange={(value) => onChange(field.key, value ?? '')}
              clearable={!field.required}
              allowDeselect={!field.required}
              comboboxProps={{ withinPortal: true }}
            />
          );
        return (
          <TextInput
            key={field.key}
            {...common}
            description={field.help ?? undefined}
            value={String(values[field.key] ?? '')}
            onChange={(event) => onChange(field.key, event.currentTarget.value)}
            maxLength={2000}
          />
        );
      })}
    </Stack>
  );
}
