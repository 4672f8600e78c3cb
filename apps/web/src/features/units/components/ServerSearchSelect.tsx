import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export type Option = { value: string; label: string };

interface ServerSearchSelectProps extends Omit<SelectProps, 'data' | 'onChange' | 'searchValue'> {
  /** The options matching what was typed, searched on the server (lists are paged there). */
  useOptions: (search: string) => { options: Option[] | undefined; isFetching: boolean };
  onChange: (value: string | null) => void;
  /** Shown before anything is typed, when the server only searches typed text. */
  hint?: string;
}

/** A Select whose options come from a server search as the person types. */
export function ServerSearchSelect({ useOptions, onChange, hint, ...props }: ServerSearchSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<Option | null>(null);
  const { options: found, isFetching } = useOptions(debounced);
  const options = [...(found ?? [])];
  // The chosen option stays an option while the search moves on (its label is the search text then).
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      {...props}
      searchable
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already, by more than the label shows (an e-mail address, a name).
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced ? (isFetching ? 'Searching...' : 'Nothing found') : hint}
      rightSection={isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(value, option) => {
        setChosen(value ? option : null);
        onChange(value);
      }}
    />
  );
}
