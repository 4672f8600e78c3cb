import {
  letterStatuses,
  letterStatusLabels,
  type LetterStatus,
  type LetterSummary,
} from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconMailPlus, IconPrinter, IconSearch, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { letterPagePath, lettersPageSize, lettersQueryOptions, printLettersUrl } from '../api.ts';
import { letterStatusColors } from '../labels.ts';
import { NewLetterDialog } from './NewLetterDialog.tsx';

const statusOptions = letterStatuses.map((status) => ({ value: status, label: letterStatusLabels[status] }));

/** Letters can be printed for mailing once they need no more approval, and until they are cancelled. */
const isPrintable = (letter: LetterSummary) =>
  letter.status === 'sent' ||
  letter.status === 'approved' ||
  (letter.status === 'draft' && !letter.requiresApproval);

/** A property's letters: search, filter by status, page, pick some to print, and make a new one. */
export function LettersSection({ propertyId, canWrite }: { propertyId: string; canWrite: boolean }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [searchParams] = useSearchParams();
  // A link may open the list filtered ("?status=awaiting_approval" from the board portal).
  const [status, setStatus] = useState<LetterStatus | null>(() => {
    const asked = searchParams.get('status');
    return letterStatuses.find((candidate) => candidate === asked) ?? null;
  });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [isCreating, setIsCreating] = useState(false);
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    lettersQueryOptions(propertyId, { q, status, page }),
  );
  const filtered = Boolean(q || status);
  const toggle = (id: string) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading letters...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState title="Failed to load letters" onRetry={() => void refetch()} isRetrying={isFetching} />
    );
  } else if (data.letters.length === 0) {
    content = (
      <StatusMessage
        icon={<IconMail size={32} aria-hidden />}
        title={filtered ? 'No letters match' : 'No letters yet'}
        description={
          filtered
            ? 'Try another search or status.'
            : 'Make one from a template, or from a new owner’s row on the Units tab (Welcome letter).'
        }
        actions={
          !filtered && canWrite ? (
            <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={() => setIsCreating(true)}>
              New letter
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    const rows = data.letters.map((letter) => ({
      letter,
      select: canWrite ? (
        <Checkbox
          aria-label={`Select ${letter.title} for printing`}
          checked={selected.includes(letter.id)}
          disabled={!isPrintable(letter)}
          title={isPrintable(letter) ? undefined : 'Only approved, sent or ready drafts are printed'}
          onChange={() => toggle(letter.id)}
        />
      ) : null,
    }));
    content = isNarrow ? (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Letters">
        {rows.map(({ letter, select }, index) => (
          <Group
            key={letter.id}
            component="li"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            p="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            {select}
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <LetterLink propertyId={propertyId} letter={letter} />
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Unit {letter.unit.label} · {letter.recipients.map((recipient) => recipient.name).join(', ')}
              </Text>
              <Group gap="xs">
                <StatusBadge status={letter.status} />
                <Text size="xs" c="dimmed">
                  {formatDate(letter.createdAt)}
                </Text>
              </Group>
            </Stack>
          </Group>
        ))}
      </Stack>
    ) : (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Letters">
          <Table.Thead>
            <Table.Tr>
              {canWrite ? (
                <Table.Th w={40}>
                  <VisuallyHidden>Select for printing</VisuallyHidden>
                </Table.Th>
              ) : null}
              <Table.Th>Letter</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Made</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ letter, select }) => (
              <Table.Tr key={letter.id}>
                {canWrite ? <Table.Td>{select}</Table.Td> : null}
                <Table.Td>
                  <LetterLink propertyId={propertyId} letter={letter} />
                </Table.Td>
                <Table.Td>{letter.recipients.map((recipient) => recipient.name).join(', ')}</Table.Td>
                <Table.Td>{letter.unit.label}</Table.Td>
                <Table.Td>
                  <StatusBadge status={letter.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(letter.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Title, owner or unit"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={status}
          onChange={(value) => {
            setStatus(value as LetterStatus | null);
            setPage(1);
          }}
          clearable
          style={{ flex: '0 1 12rem' }}
        />
        {canWrite ? (
          <Group gap="sm">
            <Button
              component="a"
              href={selected.length > 0 ? printLettersUrl(propertyId, selected) : undefined}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              disabled={selected.length === 0}
              data-disabled={selected.length === 0 || undefined}
              onClick={(event) => {
                if (selected.length === 0) event.preventDefault();
              }}
            >
              Print selected{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
            <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={() => setIsCreating(true)}>
              New letter
            </Button>
          </Group>
        ) : null}
      </Group>
      {selected.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {selected.length} selected: one PDF with an address sheet first, then each letter as stored.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setSelected([])}>
            Clear
          </Anchor>
        </Text>
      ) : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {data && !isError ? (
        <ListPager
          noun="letters"
          page={page}
          pageSize={lettersPageSize}
          total={data.total}
          onChange={setPage}
        />
      ) : null}
      <NewLetterDialog propertyId={propertyId} opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}

export function StatusBadge({ status }: { status: LetterStatus }) {
  return (
    <Badge variant="light" color={letterStatusColors[status]}>
      {letterStatusLabels[status]}
    </Badge>
  );
}

function LetterLink({ propertyId, letter }: { propertyId: string; letter: LetterSummary }) {
  return (
    <Anchor
      component={Link}
      to={letterPagePath(propertyId, letter.id)}
      fw={500}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {letter.title}
    </Anchor>
  );
}
