import type { PropertyInput } from '@commonwise/contracts';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import {
  emptyPropertyFormValues,
  jurisdictionOptions,
  normalizeUnits,
  onboardingStatusOptions,
  propertyStatusOptions,
  propertyUnitsMessage,
  propertyTypeOptions,
  timeZoneOptions,
  toPropertyInput,
  validatePropertyForm,
  type PropertyFormValues,
} from '../property-form.ts';

interface PropertyFormProps {
  initialValues?: PropertyFormValues;
  submitLabel: string;
  /** Saves the property. A rejection carrying the server's field errors puts them on the fields. */
  onSubmit: (input: PropertyInput) => Promise<unknown>;
  onCancel: () => void;
  cancelLabel?: string;
  /** Called on every change, with what the form holds (the onboarding draft keeps it). */
  onValuesChange?: (values: PropertyFormValues) => void;
  /** Onboarding's wording: 'Initial Status' (Pending Setup, Active, Inactive), 'Must have at least 1 unit'. */
  variant?: 'default' | 'onboarding';
}

const onboardingUnitsMessage = 'Must have at least 1 unit';

/** The property form (SPEC §5), shared by Create New Property and the Edit Property dialog. */
export function PropertyForm({
  initialValues = emptyPropertyFormValues,
  submitLabel,
  onSubmit,
  onCancel,
  cancelLabel = 'Cancel',
  onValuesChange,
  variant = 'default',
}: PropertyFormProps) {
  const isOnboarding = variant === 'onboarding';
  const { form, onSubmit: handleValidated } = useSubmitValidatedForm<PropertyFormValues>({
    initialValues,
    validate: (values) => {
      const errors = validatePropertyForm(values);
      if (isOnboarding && errors.units === propertyUnitsMessage) errors.units = onboardingUnitsMessage;
      return errors;
    },
    onValuesChange,
  });

  const handleSubmit = handleValidated(async (values) => {
    try {
      await onSubmit(toPropertyInput(values));
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
    }
  });

  const unitsProps = form.getInputProps('units');
  const zones = useMemo(() => timeZoneOptions(initialValues.timeZone), [initialValues.timeZone]);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Property name"
          withAsterisk
          maxLength={200}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Address"
          placeholder="Street, city, state and ZIP code"
          autoComplete="street-address"
          withAsterisk
          maxLength={300}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Select
            label="Type"
            data={propertyTypeOptions}
            allowDeselect={false}
            withAsterisk
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          <NumberInput
            label="Units"
            min={1}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            // Keep what was typed: 0 gets the form's message instead of silently becoming 1.
            clampBehavior="none"
            withAsterisk
            key={form.key('units')}
            {...unitsProps}
            onBlur={(event) => {
              // An empty entry means 1 (SPEC §5): show it rather than only sending it.
              const units = form.getValues().units;
              if (normalizeUnits(units) === 1 && units !== 1) form.setFieldValue('units', 1);
              (unitsProps.onBlur as ((event: unknown) => void) | undefined)?.(event);
            }}
          />
          <Select
            label={isOnboarding ? 'Initial Status' : 'Status'}
            data={isOnboarding ? onboardingStatusOptions : propertyStatusOptions}
            allowDeselect={false}
            withAsterisk
            key={form.key('status')}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="State law"
            description="The state rules that apply: fee caps, notice periods, hearings"
            data={jurisdictionOptions}
            allowDeselect={false}
            withAsterisk
            key={form.key('jurisdiction')}
            {...form.getInputProps('jurisdiction')}
          />
          <Select
            label="Time zone"
            description="When the association's days begin, for deadlines and scheduled jobs"
            data={zones}
            searchable
            nothingFoundMessage="No time zone matches"
            allowDeselect={false}
            withAsterisk
            limit={100}
            key={form.key('timeZone')}
            {...form.getInputProps('timeZone')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          description="Optional"
          rows={4}
          resize="vertical"
          maxLength={2000}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Group justify={isOnboarding ? 'space-between' : 'flex-end'} gap="sm" mt="xs">
          <Button
            variant="default"
            onClick={onCancel}
            disabled={form.submitting}
            leftSection={isOnboarding ? <IconArrowLeft size={16} aria-hidden /> : undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            loading={form.submitting}
            rightSection={isOnboarding ? <IconArrowRight size={16} aria-hidden /> : undefined}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
