import { Alert, Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconRoute } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { propertyDefaultsQueryOptions, useCreateProperty } from '../api.ts';
import { onboardingBasePath } from '../onboarding/draft.ts';
import { emptyPropertyFormValues } from '../property-form.ts';
import { propertyDetailPath } from './PropertiesPage.tsx';
import { PropertyForm } from './PropertyForm.tsx';

export const propertiesPath = '/admin-portal/properties';

/** /admin-portal/properties/new (SPEC §2 Create property, the quick add). */
export function CreatePropertyPage() {
  const navigate = useNavigate();
  const createProperty = useCreateProperty();
  // The installation's defaults for a new association (System Settings); if they cannot be read, the
  // form starts from the product's own and the admin chooses as before.
  const defaults = useQuery(propertyDefaultsQueryOptions);

  return (
    <>
      <BackToProperties />
      <PageHeader
        title="Create New Property"
        description="The essentials now; managers and residents are added on the property's page."
      />
      {/* Issue 26: the guided set-up is offered here too, beside the quick form. */}
      <Alert
        variant="light"
        icon={<IconRoute size={18} aria-hidden />}
        title="Setting up a whole association?"
        maw={760}
        mb="md"
      >
        <Text size="sm">
          The onboarding wizard walks through the property, its governing documents, managers and residents
          step by step.{' '}
          <Anchor component={Link} to={`${onboardingBasePath}/start`} fw={600}>
            Use guided setup
          </Anchor>
        </Text>
      </Alert>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
        {defaults.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading the form">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={120} />
          </Stack>
        ) : (
          <PropertyForm
            initialValues={
              defaults.data
                ? {
                    ...emptyPropertyFormValues,
                    jurisdiction: defaults.data.jurisdiction,
                    timeZone: defaults.data.timeZone,
                  }
                : emptyPropertyFormValues
            }
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
        )}
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
