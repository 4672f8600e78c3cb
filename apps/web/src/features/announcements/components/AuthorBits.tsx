import { announcementStatusLabels, type AnnouncementDisplayStatus } from '@commonwise/contracts';
import { Anchor, Badge, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { announcementAuthoringQueryOptions, manageAnnouncementsPagePath } from '../api.ts';
import { announcementStatusColors } from '../labels.ts';

export function AnnouncementStatusBadge({ status }: { status: AnnouncementDisplayStatus }) {
  return (
    // Its whole word even in a narrow table column.
    <Badge color={announcementStatusColors[status]} variant="light" miw="max-content">
      {announcementStatusLabels[status]}
    </Badge>
  );
}

/** Back to the author's list (of the association the page is about). */
export function BackToAnnouncements({ propertyId }: { propertyId?: string | null }) {
  return (
    <Anchor component={Link} to={manageAnnouncementsPagePath({ propertyId })} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Announcements you manage
      </Group>
    </Anchor>
  );
}

export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <Group justify="center" gap="sm" p="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed">{children}</Text>
    </Group>
  );
}

/**
 * The associations the person may write announcements for, loaded, failed or empty; `children` gets
 * them once there is at least one.
 */
export function WithAuthorProperties({
  children,
}: {
  children: (properties: { id: string; name: string }[]) => ReactNode;
}) {
  const authoring = useQuery(announcementAuthoringQueryOptions);
  if (authoring.isPending) return <LoadingLine>Loading your associations...</LoadingLine>;
  if (authoring.isError)
    return (
      <ErrorState
        title="Failed to load your associations"
        description={getErrorMessage(authoring.error)}
        onRetry={() => void authoring.refetch()}
        isRetrying={authoring.isFetching}
      />
    );
  if (authoring.data.properties.length === 0)
    return (
      <Stack gap="xs" py="md">
        <Text>You do not manage an association or sit on its board, so there is nowhere to post to.</Text>
        <div>
          <Button component={Link} to="/announcements" variant="light">
            Read your announcements
          </Button>
        </div>
      </Stack>
    );
  return <>{children(authoring.data.properties)}</>;
}

/** The association picker of the author pages; nothing when the person writes for one association only. */
export function AssociationPicker({
  properties,
  value,
  onChange,
  error,
  label = 'Association',
}: {
  properties: { id: string; name: string }[];
  value: string | null;
  onChange: (propertyId: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  if (properties.length <= 1) return null;
  return (
    <Select
      label={label}
      required
      placeholder="Choose an association"
      data={properties.map(({ id, name }) => ({ value: id, label: name }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      error={error}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No association matches"
      maw={{ base: '100%', sm: 360 }}
    />
  );
}
