import type { PropertyManager } from '@commonwise/contracts';
import { Badge, Button } from '@mantine/core';
import { IconPlus, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { propertyManagersQueryOptions, useMakePrimaryManager, useRemoveManager } from '../api.ts';
import { AssignManagerDialog } from './AssignManagerDialog.tsx';
import { AssignmentCard, AssignmentItem } from './AssignmentCard.tsx';

/** The Property managers card (SPEC §2): list, Assign Manager, make primary, remove. */
export function PropertyManagersCard({ propertyId }: { propertyId: string }) {
  const {
    data: managers,
    isPending,
    isError,
    isFetching,
    refetch,
  } = useQuery(propertyManagersQueryOptions(propertyId));
  const [isAssigning, setIsAssigning] = useState(false);
  const [toRemove, setToRemove] = useState<PropertyManager | null>(null);
  const makePrimary = useMakePrimaryManager(propertyId);
  const removeManager = useRemoveManager(propertyId);

  // Primary first, then by name.
  const sorted = [...(managers ?? [])].sort(
    (a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.fullName.localeCompare(b.fullName),
  );

  return (
    <>
      <AssignmentCard
        id="property-managers-title"
        title="Property managers"
        action={
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setIsAssigning(true)}
            disabled={isPending || isError}
          >
            Assign Manager
          </Button>
        }
        isPending={isPending}
        loadingText="Loading managers..."
        isError={isError}
        errorText="Failed to load property managers"
        onRetry={() => void refetch()}
        isRetrying={isFetching}
        isEmpty={sorted.length === 0}
        emptyText="No managers assigned yet."
      >
        {sorted.map((manager) => (
          <AssignmentItem
            key={manager.id}
            name={manager.fullName}
            email={manager.email}
            badges={
              manager.isPrimary ? (
                <Badge
                  size="sm"
                  variant="light"
                  color="indigo"
                  leftSection={<IconStar size={10} aria-hidden />}
                >
                  Primary
                </Badge>
              ) : null
            }
            actions={
              manager.isPrimary ? null : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Make ${manager.fullName || manager.email} the primary manager`}
                  loading={makePrimary.isPending && makePrimary.variables === manager.id}
                  disabled={makePrimary.isPending}
                  onClick={() =>
                    makePrimary.mutate(manager.id, {
                      onSuccess: () =>
                        showSuccessToast(`${manager.fullName || manager.email} is now the primary manager`),
                      onError: (error) => showFailureToast('Failed to change the primary manager', error),
                    })
                  }
                >
                  Make primary
                </Button>
              )
            }
            removeLabel={`Remove ${manager.fullName || manager.email}`}
            onRemove={() => setToRemove(manager)}
          />
        ))}
      </AssignmentCard>
      {managers ? (
        <AssignManagerDialog
          propertyId={propertyId}
          managers={managers}
          opened={isAssigning}
          onClose={() => setIsAssigning(false)}
        />
      ) : null}
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove manager"
        confirmLabel="Remove"
        isConfirming={removeManager.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          removeManager.mutate(toRemove.id, {
            onSuccess: () => {
              showSuccessToast('Manager removed successfully');
              setToRemove(null);
            },
            onError: (error) => showFailureToast('Failed to remove manager', error),
          });
        }}
      >
        Are you sure you want to remove this manager?
      </ConfirmDialog>
    </>
  );
}
