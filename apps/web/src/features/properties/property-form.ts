import {
  defaultJurisdiction,
  defaultPropertyTimeZone,
  jurisdictionIds,
  jurisdictionLabels,
  propertyInputSchema,
  propertyStatuses,
  propertyTypes,
  type Property,
  type PropertyInput,
} from '@commonwise/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { propertyStatusLabels, propertyTypeLabels } from './property-labels.ts';

/** What the property form holds while someone types: units may be '' or text until submitted. */
export type PropertyFormValues = {
  name: string;
  address: string;
  type: Property['type'];
  description: string;
  units: number | string;
  status: Property['status'];
  jurisdiction: Property['jurisdiction'];
  timeZone: string;
};

export const emptyPropertyFormValues: PropertyFormValues = {
  name: '',
  address: '',
  type: 'residential',
  description: '',
  units: 1,
  status: 'pending',
  jurisdiction: defaultJurisdiction,
  timeZone: defaultPropertyTimeZone,
};

export function toPropertyFormValues(property: Property): PropertyFormValues {
  return {
    name: property.name,
    address: property.address,
    type: property.type,
    description: property.description ?? '',
    units: property.units,
    status: property.status,
    jurisdiction: property.jurisdiction,
    timeZone: property.timeZone,
  };
}

/** SPEC §5: the unit count falls back to 1 when it is empty or not a number. */
export function normalizeUnits(units: number | string): number {
  if (typeof units === 'number') return Number.isFinite(units) ? units : 1;
  const text = units.trim();
  const parsed = Number(text);
  return text === '' || !Number.isFinite(parsed) ? 1 : parsed;
}

/** The request body: trimmed text, no description becomes null, units after the fallback. */
export function toPropertyInput(values: PropertyFormValues): PropertyInput {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    type: values.type,
    description: description === '' ? null : description,
    units: normalizeUnits(values.units),
    status: values.status,
    jurisdiction: values.jurisdiction,
    timeZone: values.timeZone,
  };
}

const resolve = zod4Resolver(propertyInputSchema);

/** The contract's rules and messages, checked on the values the server would receive. */
export function validatePropertyForm(values: PropertyFormValues): FormErrors {
  return resolve(toPropertyInput(values));
}

export const propertyTypeOptions = propertyTypes.map((value) => ({
  value,
  label: propertyTypeLabels[value],
}));

// Pending first: it is the default and where a new property starts.
export const propertyStatusOptions = (['pending', 'active', 'inactive'] as const)
  .filter((value) => (propertyStatuses as readonly string[]).includes(value))
  .map((value) => ({ value, label: propertyStatusLabels[value] }));

/** 'None / not listed' last: a state profile is the usual choice, none the fallback. */
export const jurisdictionOptions = jurisdictionIds.map((value) => ({
  value,
  label: jurisdictionLabels[value],
}));

/**
 * Every IANA zone this browser knows, for a searchable list. 'UTC' is not in Intl's list but is a
 * valid choice; a property's current zone stays choosable even if this browser does not list it.
 */
export function timeZoneOptions(current?: string): string[] {
  const zones = new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  zones.add('UTC');
  zones.add(defaultPropertyTimeZone);
  if (current) zones.add(current);
  return [...zones].sort();
}

/** SPEC §2 Onboarding 'Initial Status': a new property waits in 'Pending Setup'. */
export const onboardingStatusOptions = propertyStatusOptions.map((option) =>
  option.value === 'pending' ? { ...option, label: 'Pending Setup' } : option,
);

/** The contract's message for too few units, which onboarding words differently (SPEC §5). */
export const propertyUnitsMessage = 'Property must have at least 1 unit';
