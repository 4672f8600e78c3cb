import { Badge, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconBuildingEstate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { propertiesQueryOptions } from '../api.ts';
import { propertyStatusColors, propertyStatusLabels, propertyTypeLabels } from '../property-labels.ts';

/** /admin-portal/properties: read-only for now; adding and editing arrive with a later issue. */
export function PropertiesPage() {
  const { data: properties, isPending, isError, isFetching, refetch } = useQuery(propertiesQueryOptions);

  return (
    <>
      <PageHeader title="Properties" description="Every property Commonwise manages." />
      <Paper withBorder radius="lg" maw={1100} style={{ overflow: 'hidden' }}>
        {isPending ? (
          <Group justify="center" gap="sm" p="xl" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading properties...</Text>
          </Group>
        ) : isError ? (
          <ErrorState
            title="Failed to load properties"
            onRetry={() => void refetch()}
            isRetrying={isFetching}
          />
        ) : properties.length === 0 ? (
          <StatusMessage
            icon={<IconBuildingEstate size={32} aria-hidden />}
            title="No properties yet"
            description="Properties appear here once they are set up."
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {properties.map((property) => (
                  <Table.Tr key={property.id}>
                    <Table.Td fw={500}>{property.name}</Table.Td>
                    <Table.Td>{propertyTypeLabels[property.type] ?? property.type}</Table.Td>
                    <Table.Td>{property.address}</Table.Td>
                    <Table.Td ta="right">{property.units}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={propertyStatusColors[property.status] ?? 'gray'}>
                        {propertyStatusLabels[property.status] ?? property.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}
