import type { Property } from '@commonwise/contracts';
import { propertyStatusLabels, propertyTypeLabels } from './property-labels.ts';

export type PropertySortKey = 'name' | 'type' | 'address' | 'units' | 'status';
export interface PropertySort {
  key: PropertySortKey;
  direction: 'asc' | 'desc';
}

export const defaultPropertySort: PropertySort = { key: 'name', direction: 'asc' };

/** Properties whose name, address, type or status contains the search text (any case). */
export function filterProperties(properties: readonly Property[], search: string): Property[] {
  const term = search.trim().toLocaleLowerCase();
  if (!term) return [...properties];
  return properties.filter((property) =>
    [
      property.name,
      property.address,
      propertyTypeLabels[property.type],
      propertyStatusLabels[property.status],
    ]
      .join('\n')
      .toLocaleLowerCase()
      .includes(term),
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: Property, b: Property, key: PropertySortKey): number {
  switch (key) {
    case 'units':
      return a.units - b.units;
    case 'type':
      return collator.compare(propertyTypeLabels[a.type], propertyTypeLabels[b.type]);
    case 'status':
      return collator.compare(propertyStatusLabels[a.status], propertyStatusLabels[b.status]);
    default:
      return collator.compare(a[key], b[key]);
  }
}

/** Sorted by the chosen column, then by name so equal values keep a stable, readable order. */
export function sortProperties(properties: readonly Property[], sort: PropertySort): Property[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...properties].sort((a, b) => sign * compare(a, b, sort.key) || collator.compare(a.name, b.name));
}
