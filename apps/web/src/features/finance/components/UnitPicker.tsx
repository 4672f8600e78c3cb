import type { Unit } from '@commonwise/contracts';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unitsQueryOptions } from '../../units/api.ts';

export type PickedUnit = { id: string; label: string };

const optionOf = (unit: Unit) => ({
  value: unit.id,
  label: unit.owners.length
    ? `${unit.label} · ${unit.owners.map((owner) => owner.fullName).join(', ')}`
    : unit.label,
});

/**
 * Chooses one of the association's units. The list is paged on the server, so what is typed is searched
 * there (by label and owner); the first units show before anything is typed.
 */
export function UnitPicker({
  propertyId,
  label,
  value,
  onChange,
  error,
  w,
}: {
  propertyId: string;
  label: string;
  value: PickedUnit | null;
  onChange: (unit: PickedUnit | null) => void;
  error?: string | undefined;
  w?: number | string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // While a unit is chosen the box shows its option's label: that is not a new search.
  const isChosenLabel = value !== null && search.startsWith(value.label);
  const { data, isFetching } = useQuery(
    unitsQueryOptions(propertyId, { q: isChosenLabel ? '' : debounced, page: 1, archived: false, limit: 20 }),
  );
  const options = (data?.units ?? []).map(optionOf);
  if (value && !options.some((option) => option.value === value.id))
    options.unshift({ value: value.id, label: value.label });
  return (
    <Select
      label={label}
      placeholder="Type a unit or an owner’s name"
      searchable
      data={options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already, by owner names the label may not show in full.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Searching...' : 'No unit matches'}
      rightSection={isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(id) => {
        const unit = data?.units.find((candidate) => candidate.id === id);
        onChange(id ? { id, label: unit?.label ?? value?.label ?? '' } : null);
      }}
      error={error}
      w={w}
      clearable
    />
  );
}
