import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMapPinQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Property } from '@commonwise/contracts';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { propertyQueryOptions } from '../api.ts';

/**
 * A page about one part of a property, outside the admin's property page (a manager's units, committees
 * or documents): it loads the property, says so while it does, says "not found" for one the caller may
 * not see, and otherwise shows a link back, the property's name with `title`, and `children`.
 */
export function PropertySubpage({
  propertyId,
  back,
  title,
  children,
}: {
  propertyId: string;
  back: { to: string; label: string };
  title: string;
  children: (property: Property) => ReactNode;
}) {
  const property = useQuery(propertyQueryOptions(propertyId));
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
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <PageHeader title={`${property.data.name}: ${title}`} description={property.data.address} />
      {children(property.data)}
    </Stack>
  );
}
