import type { VendorCompany } from '@commonwise/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { useAddServiceArea, useRemoveServiceArea } from '../api.ts';
import { Section } from './Section.tsx';

type Area = VendorCompany['serviceAreas'][number];

/**
 * The associations the company works for. A manager takes it on for an association they run ("Add to …")
 * or stops it working for one of theirs; the association that keeps its record cannot be removed (the
 * server says why). Board members read the list.
 */
export function ServiceAreasSection({ company }: { company: VendorCompany }) {
  const user = useSignedInUser();
  const isStaff = user.role === 'manager' || user.role === 'admin';
  // The associations the person runs: a manager's own (the server lists only those), every one for admins.
  const mine = useQuery({ ...propertiesQueryOptions({ limit: 100 }), enabled: isStaff });
  const runs = new Set((mine.data?.properties ?? []).map((property) => property.id));
  const add = useAddServiceArea(company.id);
  const remove = useRemoveServiceArea(company.id);
  const [removing, setRemoving] = useState<Area | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const addTo = (area: Area) => {
    setFailure(null);
    add.mutate(area.propertyId, {
      onSuccess: () => showSuccessToast(`${company.name} now works for ${area.propertyName}`),
      onError: (error) => setFailure(getErrorMessage(error)),
    });
  };

  return (
    <Section
      title="Associations served"
      description={
        company.homeProperty
          ? `${company.homeProperty.propertyName}’s managers keep this record.`
          : 'Only administrators keep this record: no association does.'
      }
    >
      {company.serviceAreas.length === 0 ? (
        <Text size="sm" c="dimmed">
          It works for none of {isStaff ? 'your' : 'the'} associations yet.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Associations served"
        >
          {company.serviceAreas.map((area) => (
            <Group component="li" key={area.propertyId} justify="space-between" gap="sm" wrap="nowrap">
              <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {area.propertyName}
                </Text>
                {company.homeProperty?.propertyId === area.propertyId ? (
                  <ToneBadge color="indigo" size="sm">
                    Home association
                  </ToneBadge>
                ) : null}
              </Group>
              {runs.has(area.propertyId) ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  style={{ flexShrink: 0 }}
                  aria-label={`Remove ${area.propertyName}`}
                  onClick={() => {
                    setFailure(null);
                    setRemoving(area);
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {company.canServe.length > 0 ? (
        <Group gap="xs" wrap="wrap">
          {company.canServe.map((area) => (
            <Button
              key={area.propertyId}
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              loading={add.isPending && add.variables === area.propertyId}
              onClick={() => addTo(area)}
            >
              Add to {area.propertyName}
            </Button>
          ))}
        </Group>
      ) : null}
      {failure ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          p="xs"
          withCloseButton
          onClose={() => setFailure(null)}
          closeButtonLabel="Dismiss"
        >
          {failure}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? `Stop working for ${removing.propertyName}?` : 'Remove association'}
        confirmLabel="Remove association"
        isConfirming={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.propertyId, {
            onSuccess: () => {
              showSuccessToast(`${company.name} no longer works for ${removing.propertyName}`);
              setRemoving(null);
            },
            onError: (error) => {
              setFailure(getErrorMessage(error));
              setRemoving(null);
            },
          })
        }
      >
        {removing
          ? `${company.name} is no longer listed first for ${removing.propertyName}’s work orders, and its board no longer sees it. Work orders already assigned stay as they are.`
          : ''}
      </ConfirmDialog>
    </Section>
  );
}
