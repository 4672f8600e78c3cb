import type { Property } from '@commonwise/contracts';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  DataList,
} from '@mantine/core';
import { IconBuildingEstate, IconHome, IconInfoCircle, IconPencil, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { propertyQueryOptions, useUpdateProperty } from '../api.ts';
import { toPropertyFormValues } from '../property-form.ts';
import {
  propertyJurisdictionLabels,
  propertyStatusColors,
  propertyStatusLabels,
  propertyTypeLabels,
} from '../property-labels.ts';
import { BackToProperties, propertiesPath } from './CreatePropertyPage.tsx';
import { PropertyForm } from './PropertyForm.tsx';
import { PropertyManagersCard } from './PropertyManagersCard.tsx';
import { PropertyResidentsCard } from './PropertyResidentsCard.tsx';

/** 'MMM d, yyyy' (SPEC §9), e.g. Jan 5, 2025. */
export function formatDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}

interface PropertyDetailPageProps {
  /** The documents panel, from the documents feature (the route file composes the two). */
  renderDocuments?: (propertyId: string) => ReactNode;
  /** The Board & Committees section, from the committees feature (composed by the route file too). */
  renderCommittees?: (propertyId: string) => ReactNode;
  /** The Units tab's table, from the units feature. */
  renderUnits?: (propertyId: string) => ReactNode;
  /** The People tab: owners and occupants with their units, from the units feature. */
  renderPeople?: (propertyId: string) => ReactNode;
}

/** /admin-portal/properties/{id} (SPEC §2 Property detail). */
export function PropertyDetailPage(sections: PropertyDetailPageProps = {}) {
  const { id = '' } = useParams();
  const {
    data: property,
    isPending,
    isError,
    error,
    isFetching,
    refetch,
  } = useQuery(propertyQueryOptions(id));

  if (isPending) {
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading property...</Text>
      </Group>
    );
  }
  if (isError) {
    // The server answers 404 both for a missing property and for one the caller may not see;
    // a malformed id in the URL (400) is just as missing.
    if (isApiRequestError(error) && (error.status === 404 || error.status === 400))
      return <PropertyNotFound />;
    return (
      <ErrorState
        headingOrder={1}
        title="Failed to load property details"
        description="There was a problem fetching this property. Please try again."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }
  return <PropertyDetail property={property} sections={sections} />;
}

function PropertyNotFound() {
  usePageTitle('Property not found');
  return (
    <StatusMessage
      headingOrder={1}
      icon={<IconBuildingEstate size={32} aria-hidden />}
      title="Property not found"
      description="Property not found or you don't have permission to view it."
      actions={
        <Button component={Link} to={propertiesPath}>
          Back to Properties
        </Button>
      }
    />
  );
}

const propertyTabs = ['overview', 'units', 'people'] as const;
type PropertyTab = (typeof propertyTabs)[number];

function PropertyDetail({ property, sections }: { property: Property; sections: PropertyDetailPageProps }) {
  const { renderDocuments, renderCommittees, renderUnits, renderPeople } = sections;
  const [isEditing, setIsEditing] = useState(false);
  // The tab is in the URL (?tab=units), so a reload or a shared link opens the same one.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: PropertyTab = propertyTabs.includes(requested as PropertyTab)
    ? (requested as PropertyTab)
    : 'overview';
  const selectTab = (next: string | null) =>
    setSearchParams(
      (params) => {
        if (!next || next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  const overview = (
    <Stack gap="lg">
      <PropertyDetailsCard property={property} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <PropertyManagersCard propertyId={property.id} />
        <PropertyResidentsCard propertyId={property.id} />
      </SimpleGrid>
      {renderCommittees?.(property.id)}
      {renderDocuments?.(property.id)}
    </Stack>
  );

  return (
    <>
      <BackToProperties />
      <PageHeader
        title={property.name}
        description={property.address}
        actions={
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setIsEditing(true)}>
            Edit Property
          </Button>
        }
      />
      {renderUnits || renderPeople ? (
        <Tabs value={tab} onChange={selectTab} keepMounted={false} maw={1100}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={16} aria-hidden />}>
              Overview
            </Tabs.Tab>
            {renderUnits ? (
              <Tabs.Tab value="units" leftSection={<IconHome size={16} aria-hidden />}>
                Units
              </Tabs.Tab>
            ) : null}
            {renderPeople ? (
              <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
                People
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
          <Tabs.Panel value="overview">{overview}</Tabs.Panel>
          {renderUnits ? <Tabs.Panel value="units">{renderUnits(property.id)}</Tabs.Panel> : null}
          {renderPeople ? <Tabs.Panel value="people">{renderPeople(property.id)}</Tabs.Panel> : null}
        </Tabs>
      ) : (
        <Stack maw={1100}>{overview}</Stack>
      )}
      <EditPropertyDialog property={property} opened={isEditing} onClose={() => setIsEditing(false)} />
    </>
  );
}

function PropertyDetailsCard({ property }: { property: Property }) {
  const items: { label: string; value: ReactNode }[] = [
    { label: 'Name', value: property.name },
    { label: 'Type', value: propertyTypeLabels[property.type] ?? property.type },
    { label: 'Address', value: property.address },
    {
      label: 'Description',
      value: property.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {property.description}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No description
        </Text>
      ),
    },
    { label: 'Units', value: property.units },
    {
      label: 'Status',
      value: (
        <Badge variant="light" color={propertyStatusColors[property.status] ?? 'gray'}>
          {propertyStatusLabels[property.status] ?? property.status}
        </Badge>
      ),
    },
    { label: 'State law', value: propertyJurisdictionLabels[property.jurisdiction] ?? property.jurisdiction },
    { label: 'Time zone', value: property.timeZone },
    { label: 'Created', value: formatDate(property.createdAt) },
    { label: 'Last updated', value: formatDate(property.updatedAt) },
  ];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="property-details-title"
    >
      <Title order={2} size="h4" mb="md" id="property-details-title">
        Property details
      </Title>
      <DataList withDivider labelWidth="7rem">
        {items.map((item) => (
          <DataList.Item key={item.label}>
            <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{item.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}

interface EditPropertyDialogProps {
  property: Property;
  opened: boolean;
  onClose: () => void;
}

function EditPropertyDialog({ property, opened, onClose }: EditPropertyDialogProps) {
  const updateProperty = useUpdateProperty(property.id);
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Property" size="lg">
      <PropertyForm
        initialValues={toPropertyFormValues(property)}
        submitLabel="Save Changes"
        onCancel={onClose}
        onSubmit={async (input) => {
          try {
            await updateProperty.mutateAsync(input);
            showSuccessToast('Property updated successfully');
            onClose();
          } catch (error) {
            showFailureToast('Failed to update property', error);
            throw error;
          }
        }}
      />
    </Modal>
  );
}
