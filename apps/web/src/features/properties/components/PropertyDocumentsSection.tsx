import { EmptyState, Paper, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';

/**
 * The place for the property documents panel (SPEC §2 Property documents panel). The documents
 * issue replaces this component with the real panel; the detail page only renders it.
 */
export function PropertyDocumentsSection({ propertyId }: { propertyId: string }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="property-documents-title"
      data-property-id={propertyId}
    >
      <Title order={2} size="h4" mb="md" id="property-documents-title">
        Property documents
      </Title>
      <EmptyState
        icon={<IconFileText size={28} aria-hidden />}
        withIndicatorBackground
        title="Documents arrive with the documents release"
        description="Uploading this property's governing documents (CC&Rs, bylaws, rules) and tracking the required ones will be available here."
      />
    </Paper>
  );
}
