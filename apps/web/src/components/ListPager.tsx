import { Group, Pagination, Text } from '@mantine/core';

interface ListPagerProps {
  /** What the list holds, for the controls' names: "units" gives "Next page of units". */
  noun: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The foot of a list paged on the server: which rows are shown of how many, and the page controls.
 * Nothing when everything fits on one page.
 */
export function ListPager({ noun, page, pageSize, total, onChange }: ListPagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? `Previous page of ${noun}` : `Next page of ${noun}`,
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item} of ${noun}` })}
      />
    </Group>
  );
}
