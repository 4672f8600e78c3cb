import { Button, Group, Select, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';

/** Months offered: this one (so far) and the eleven before it. */
const monthsOffered = 12;

/**
 * The months a statement can be asked for, newest first: "2026-11", labelled "November 2026", from the
 * association's date (`today`, YYYY-MM-DD on its clock; the browser's when not known). On the evening of
 * November 30 in Austin a browser on UTC is already in December, which has not begun there.
 */
export function recentMonths(today?: string, count = monthsOffered) {
  const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const now = new Date();
  const [year, month] = today
    ? [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1]
    : [now.getFullYear(), now.getMonth()];
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, month - back, 1));
    return { value: first.toISOString().slice(0, 7), label: label.format(first) };
  });
}

/**
 * A month's statement of a unit as a PDF (issue 20, item 8): the month is chosen, the file is fetched
 * and saved; a refusal is said here. Owners use it on Billing; the books' readers on a unit's account.
 */
export function StatementDownload({
  download,
  today,
  label = 'Statement month',
}: {
  download: (month: string) => Promise<string>;
  /** The association's date, when known: its months are offered. */
  today?: string;
  label?: string;
}) {
  const months = recentMonths(today);
  const [chosen, setMonth] = useState<string | null>(null);
  const month = chosen ?? months[0]!.value;
  const errorId = useId();
  const fetchStatement = useMutation({ mutationFn: (month: string) => download(month) });
  return (
    <div>
      <Group align="end" gap="sm" wrap="wrap">
        <Select
          label={label}
          data={months}
          value={month}
          onChange={(value) => {
            if (value) setMonth(value);
            fetchStatement.reset();
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          aria-describedby={fetchStatement.isError ? errorId : undefined}
        />
        <Button
          variant="default"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          loading={fetchStatement.isPending}
          onClick={() => fetchStatement.mutate(month)}
        >
          Download statement
        </Button>
      </Group>
      {fetchStatement.isError ? (
        <Text id={errorId} size="sm" c="red.9" mt="xs" role="alert">
          {isApiRequestError(fetchStatement.error)
            ? fetchStatement.error.message
            : 'Failed to download the statement. Please try again.'}
        </Text>
      ) : null}
    </div>
  );
}
