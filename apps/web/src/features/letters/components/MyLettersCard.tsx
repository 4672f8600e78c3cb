import { deliveryMethodLabels } from '@commonwise/contracts';
import { Anchor, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { formatDate } from '../../../lib/format.ts';
import { myLetterPdfUrl, myLettersPageSize, myLettersQueryOptions } from '../api.ts';

/**
 * The resident portal's letters (issue 18): every letter the association sent this owner, newest
 * first, however it was delivered, each opening its PDF as stored.
 */
export function MyLettersCard() {
  const [page, setPage] = useState(1);
  const query = useQuery(myLettersQueryOptions(page));
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading letters...</Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title="Failed to load your letters"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingOrder={3}
      />
    );
  else if (query.data.letters.length === 0)
    body = <Text c="dimmed">No letters yet. Letters and notices from your association appear here.</Text>;
  else
    body = (
      <Stack gap="sm">
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {query.data.letters.map((letter) => (
            <Stack key={letter.id} component="li" gap={2}>
              <Anchor
                href={myLetterPdfUrl(letter.id)}
                target="_blank"
                rel="noopener"
                fw={500}
                style={{ overflowWrap: 'anywhere' }}
              >
                <Group gap={6} component="span" wrap="nowrap">
                  {letter.title}
                  <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
                  <VisuallyHidden>(PDF, opens in a new tab)</VisuallyHidden>
                </Group>
              </Anchor>
              <Text size="sm" c="dimmed">
                {letter.propertyName}, unit {letter.unitLabel} · sent {formatDate(letter.sentAt)}
                {letter.methods.length > 0
                  ? ` · ${letter.methods.map((method) => deliveryMethodLabels[method]).join(', ')}`
                  : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
        <ListPager
          noun="letters"
          page={page}
          pageSize={myLettersPageSize}
          total={query.data.total}
          onChange={setPage}
        />
      </Stack>
    );
  return (
    <PortalSectionCard title="Letters" icon={<IconMail size={20} aria-hidden />} color="grape">
      {body}
    </PortalSectionCard>
  );
}
