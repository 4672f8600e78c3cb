import type { PropertyResident } from '@commonwise/contracts';
import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { propertyResidentsQueryOptions, useRemoveResident } from '../api.ts';
import { AddResidentDialog } from './AddResidentDialog.tsx';
import { AssignmentCard, AssignmentItem } from './AssignmentCard.tsx';

const unitCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The Residents card (SPEC §2): list with units, Add Resident, remove. Since issue 17 a resident is a
 * current occupant of one of the property's units: adding places them in the unit with that label,
 * removing records their move-out today, so the Units and People tabs are refreshed after either.
 */
export function PropertyResidentsCard({ propertyId }: { propertyId: string }) {
  const {
    data: residents,
    isPending,
    isError,
    isFetching,
    refetch,
  } = useQuery(propertyResidentsQueryOptions(propertyId));
  const [isAdding, setIsAdding] = useState(false);
  const [toRemove, setToRemove] = useState<PropertyResident | null>(null);
  const removeResident = useRemoveResident(propertyId);
  const queryClient = useQueryClient();
  // Everything about the property is keyed under it (the units feature's tables too).
  const refreshUnitsAndPeople = () => queryClient.invalidateQueries({ queryKey: ['properties', propertyId] });

  const sorted = [...(residents ?? [])].sort(
    (a, b) => unitCollator.compare(a.unitNumber, b.unitNumber) || a.fullName.localeCompare(b.fullName),
  );

  return (
    <>
      <AssignmentCard
        id="property-residents-title"
        title="Residents"
        action={
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setIsAdding(true)}
            disabled={isPending || isError}
          >
            Add Resident
          </Button>
        }
        isPending={isPending}
        loadingText="Loading residents..."
        isError={isError}
        errorText="Failed to load property residents"
        onRetry={() => void refetch()}
        isRetrying={isFetching}
        isEmpty={sorted.length === 0}
        emptyText="No residents added yet."
      >
        {sorted.map((resident) => (
          <AssignmentItem
            key={resident.id}
            name={resident.fullName}
            email={resident.email}
            badges={
              <Badge size="sm" variant="outline" color="gray">
                Unit {resident.unitNumber}
              </Badge>
            }
            removeLabel={`Remove ${resident.fullName || resident.email}`}
            onRemove={() => setToRemove(resident)}
          />
        ))}
      </AssignmentCard>
      {residents ? (
        <AddResidentDialog
          propertyId={propertyId}
          residents={residents}
          opened={isAdding}
          onClose={() => {
            setIsAdding(false);
            void refreshUnitsAndPeople();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove resident"
        confirmLabel="Remove"
        isConfirming={removeResident.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          removeResident.mutate(toRemove.id, {
            onSuccess: () => {
              showSuccessToast('Resident removed successfully');
              setToRemove(null);
              void refreshUnitsAndPeople();
            },
            onError: (error) => showFailureToast('Failed to remove resident', error),
          });
        }}
      >
        Are you sure you want to remove this resident?
      </ConfirmDialog>
    </>
  );
}
