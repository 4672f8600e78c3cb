import { Anchor, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useCreateProperty } from '../api.ts';
import { propertyDetailPath } from './PropertiesPage.tsx';
import { PropertyForm } from './PropertyForm.tsx';

export const propertiesPath = '/admin-portal/properties';

/** /admin-portal/properties/new (SPEC §2 Create property, the quick add). */
export function CreatePropertyPage() {
  const navigate = useNavigate();
  const createProperty = useCreateProperty();

  return (
    <>
      <BackToProperties />
      <PageHeader
        title="Create New Property"
        description="The essentials now; managers and residents are added on the property's page."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <PropertyForm
          submitLabel="Create Property"
          onCancel={() => void navigate(propertiesPath)}
          onSubmit={async (input) => {
            try {
              const property = await createProperty.mutateAsync(input);
              showSuccessToast('Property created successfully');
              await navigate(propertyDetailPath(property.id));
            } catch (error) {
              showFailureToast('Failed to create property', error);
              throw error;
            }
          }}
        />
      </Paper>
    </>
  );
}

export function BackToProperties() {
  return (
    <Anchor
      component={Link}
      to={propertiesPath}
      size="sm"
      mb="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={14} aria-hidden />
      Properties
    </Anchor>
  );
}
