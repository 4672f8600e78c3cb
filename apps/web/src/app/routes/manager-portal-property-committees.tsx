import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMapPinQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { CommitteesSection } from '../../features/committees/components/CommitteesSection.tsx';
import { propertyQueryOptions } from '../../features/properties/api.ts';
import { isApiRequestError } from '../../lib/api.ts';

/**
 * A managed property's board and committees, for its managers (admins have them on the property page):
 * where a manager keeps the rosters (issue 17). The server decides which properties the caller may
 * see and change; two features meet here, not in each other.
 */
export function Component() {
  const { id = '' } = useParams();
  const property = useQuery(propertyQueryOptions(id));
  if (property.isPending) {
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading property...</Text>
      </Group>
    );
  }
  if (property.isError) {
    if (isApiRequestError(property.error) && [400, 404].includes(property.error.status)) {
      return (
        <StatusMessage
          headingOrder={1}
          icon={<IconMapPinQuestion size={32} aria-hidden />}
          title="Property not found"
          description="Property not found or you don't have permission to view it."
        />
      );
    }
    return (
      <ErrorState
        headingOrder={1}
        title="Failed to load property details"
        description="There was a problem fetching this property. Please try again."
        onRetry={() => void property.refetch()}
        isRetrying={property.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg" maw={1280}>
      <Anchor component={Link} to="/manager-portal" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Manager Portal
        </Group>
      </Anchor>
      <PageHeader title={`${property.data.name}: board & committees`} description={property.data.address} />
      <CommitteesSection propertyId={property.data.id} />
    </Stack>
  );
}
