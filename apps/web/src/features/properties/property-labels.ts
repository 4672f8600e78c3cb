import { jurisdictionLabels, type Property } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

export const propertyTypeLabels: Record<Property['type'], string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  industrial: 'Industrial',
};

export const propertyStatusLabels: Record<Property['status'], string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
};

export const propertyStatusColors: Record<Property['status'], MantineColor> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

export const propertyJurisdictionLabels: Record<Property['jurisdiction'], string> = jurisdictionLabels;
