import {
  documentCategoryLabels,
  healthOpenPerUnitLimit,
  requiredDocumentCategories,
  type DocumentCategory,
  type ManagerPropertyHealth,
} from '@commonwise/contracts';
import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

function healthColor(score: number): string {
  if (score >= 75) return 'green';
  if (score >= 50) return 'yellow';
  return 'red';
}

const documentName = (category: DocumentCategory) =>
  category === 'ccr' ? 'CC&Rs' : documentCategoryLabels[category];
const requiredNames = requiredDocumentCategories.map(documentName).join(', ');
const unitsPerOpen = Math.round(1 / healthOpenPerUnitLimit);

/** Health per property, computed on the server from its documents and work orders (formula below). */
export function PropertyHealthCard({ properties }: { properties: ManagerPropertyHealth[] }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="manager-health">
      <Title order={2} size="h4" id="manager-health" mb="md">
        Property Health
      </Title>
      {properties.length === 0 ? (
        <Text c="dimmed" size="sm">
          No properties to show.
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="lg"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {properties.map((property) => (
            <Stack key={property.propertyId} gap={6} component="li" data-testid="property-health">
              <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
                <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {property.name}
                </Text>
                {property.score === null ? (
                  <Text c="dimmed" size="sm">
                    Not scored yet
                  </Text>
                ) : (
                  <Text fw={700}>{property.score}%</Text>
                )}
              </Group>
              {property.score === null ? (
                // Issue 26: no alarming 0% for a property with nothing on file; say what is missing.
                <Text size="sm">
                  No score until the required documents are on file. Missing:{' '}
                  {property.missingDocuments.map(documentName).join(', ')}.
                </Text>
              ) : (
                <Progress
                  value={property.score}
                  color={healthColor(property.score)}
                  size="lg"
                  radius="xl"
                  aria-label={`${property.name} health ${property.score}%`}
                />
              )}
              <Text size="sm" c="dimmed">
                Required documents {property.requiredDocuments.present} of {property.requiredDocuments.total}{' '}
                · {property.openWorkOrders} open work {property.openWorkOrders === 1 ? 'order' : 'orders'}{' '}
                over {property.units} {property.units === 1 ? 'unit' : 'units'}
                {property.score !== null && property.missingDocuments.length > 0
                  ? ` · missing: ${property.missingDocuments.map(documentName).join(', ')}`
                  : ''}
              </Text>
              <Group gap="md">
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/documents`}
                  size="sm"
                  aria-label={`Documents of ${property.name}`}
                >
                  Documents
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/units`}
                  size="sm"
                  aria-label={`Units & people of ${property.name}`}
                >
                  Units &amp; people
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/committees`}
                  size="sm"
                  aria-label={`Board & committees of ${property.name}`}
                >
                  Board &amp; committees
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/letters`}
                  size="sm"
                  aria-label={`Letters of ${property.name}`}
                >
                  Letters
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/books`}
                  size="sm"
                  aria-label={`Books of ${property.name}`}
                >
                  Books
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/violation-rules`}
                  size="sm"
                  aria-label={`Rules of ${property.name}`}
                >
                  Rules
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/manager-portal/properties/${encodeURIComponent(property.propertyId)}/inspection`}
                  size="sm"
                  aria-label={`Inspection of ${property.name}`}
                >
                  Inspection
                </Anchor>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed" mt="lg">
        How health is computed: the average of two parts. Documents: the share of the{' '}
        {requiredDocumentCategories.length} required documents on file ({requiredNames}). Work orders: 1 −
        (open work orders per unit × {unitsPerOpen}), never below 0, so one open work order per {unitsPerOpen}{' '}
        units or more scores 0.
      </Text>
    </Card>
  );
}
