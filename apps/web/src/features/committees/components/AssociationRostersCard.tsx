import { Card, Divider, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Fragment, useId, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { committeesQueryOptions, myPropertiesQueryOptions } from '../api.ts';
import { CommitteeRoster } from './CommitteeRoster.tsx';

/**
 * The resident portal's Board & Committees card (issue 17): the current board and committee rosters
 * of the associations the person owns in, read-only. The server shows rosters to owners (and to those
 * serving, and managers); for a tenant it answers 404, and the card says rosters are for owners.
 */
export function AssociationRostersCard() {
  const titleId = useId();
  const properties = useQuery(myPropertiesQueryOptions);
  const rosters = useQueries({
    queries: (properties.data ?? []).map((property) => ({
      ...committeesQueryOptions(property.id),
      // Not an owner there: no roster to show, and nothing to retry.
      retry: (count: number, error: unknown) =>
        !(isApiRequestError(error) && error.status === 404) && count < 2,
    })),
  });

  const isHidden = (error: unknown) => isApiRequestError(error) && error.status === 404;
  const visible = (properties.data ?? [])
    .map((property, index) => ({ property, roster: rosters[index]! }))
    .filter(({ roster }) => !(roster.isError && isHidden(roster.error)));
  const failed = visible.find(({ roster }) => roster.isError);

  let body: ReactNode;
  if (properties.isPending || rosters.some((roster) => roster.isPending)) {
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading board and committees...</Text>
      </Group>
    );
  } else if (properties.isError || failed) {
    body = (
      <ErrorState
        headingOrder={3}
        title="Failed to load board and committees"
        onRetry={() => {
          void properties.refetch();
          failed?.roster.refetch();
        }}
        isRetrying={properties.isFetching || Boolean(failed?.roster.isFetching)}
      />
    );
  } else if (visible.length === 0) {
    body = (
      <Text c="dimmed">
        Your association&apos;s board and committees are shown to its owners. They appear here once you are
        recorded as the owner of a unit.
      </Text>
    );
  } else {
    const showPropertyNames = visible.length > 1;
    body = (
      <Stack gap="lg">
        {visible.map(({ property, roster }) => {
          const committees = roster.data?.committees ?? [];
          return (
            <Stack key={property.id} gap="md">
              {showPropertyNames && (
                <Title order={3} size="h5">
                  {property.name}
                </Title>
              )}
              {committees.length === 0 ? (
                <Text c="dimmed">No board or committees have been recorded yet.</Text>
              ) : (
                committees.map((committee, index) => (
                  <Fragment key={committee.id}>
                    {index > 0 && <Divider />}
                    <CommitteeRoster committee={committee} headingOrder={showPropertyNames ? 4 : 3} />
                  </Fragment>
                ))
              )}
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      component="section"
      aria-labelledby={titleId}
      style={{ minWidth: 0 }}
    >
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" radius="md" size="lg" color="grape" style={{ flexShrink: 0 }}>
          <IconUsersGroup size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4" id={titleId}>
          Board &amp; Committees
        </Title>
      </Group>
      {body}
    </Card>
  );
}
