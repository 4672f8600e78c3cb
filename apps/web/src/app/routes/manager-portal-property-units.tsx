import { Anchor, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconHome, IconMapPinQuestion, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { propertyQueryOptions } from '../../features/properties/api.ts';
import { PropertyPeople, PropertyUnits } from '../../features/units/components/PropertyUnitsSections.tsx';
import { isApiRequestError } from '../../lib/api.ts';

/**
 * A managed property's units and people, for its managers (admins have them on the property page). The
 * server decides which properties the caller may see and change; two features meet here.
 */
export function Component() {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
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
  const tab = searchParams.get('tab') === 'people' ? 'people' : 'units';
  return (
    <Stack gap="lg" maw={1280}>
      <Anchor component={Link} to="/manager-portal" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Manager Portal
        </Group>
      </Anchor>
      <PageHeader title={`${property.data.name}: units & people`} description={property.data.address} />
      <Tabs
        value={tab}
        onChange={(next) => setSearchParams(next === 'people' ? { tab: 'people' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="units" leftSection={<IconHome size={16} aria-hidden />}>
            Units
          </Tabs.Tab>
          <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
            People
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="units">
          <PropertyUnits propertyId={property.data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="people">
          <PropertyPeople propertyId={property.data.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
