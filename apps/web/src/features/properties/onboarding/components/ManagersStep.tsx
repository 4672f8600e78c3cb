import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getAvailableUsers, usersWithRoleQueryOptions } from '../../api.ts';
import { useOnboarding } from '../use-onboarding.ts';
import { NoPeople, PeopleError, PeopleLoading } from './people-state.tsx';
import { BackButton, NextButton, SkipButton, StepFrame, useStepNavigation } from './StepFrame.tsx';

/** Step 4: who manages the property, one of them primary. */
export function ManagersStep() {
  const { draft, updateManagers } = useOnboarding();
  const { goBack, goNext, skip } = useStepNavigation('managers');
  const managers = useQuery(usersWithRoleQueryOptions('manager'));
  const { selectedManagers, primaryManager } = draft.managers;
  // Deactivated people cannot be assigned (the server refuses them too).
  const candidates = managers.data ? getAvailableUsers(managers.data, []) : [];

  const toggle = (userId: string, isChecked: boolean) => {
    const selected = isChecked
      ? [...selectedManagers, userId]
      : selectedManagers.filter((candidate) => candidate !== userId);
    // The first manager chosen becomes primary; unticking the primary leaves the choice to the admin.
    const primary = isChecked
      ? (primaryManager ?? userId)
      : primaryManager === userId
        ? null
        : primaryManager;
    updateManagers({ selectedManagers: selected, primaryManager: primary });
  };

  return (
    <StepFrame
      title="Managers"
      description="Choose who manages this property. The primary manager is the main contact and has extra administrative privileges for it."
      actions={
        <>
          <BackButton onClick={goBack} />
          <Group gap="sm">
            <SkipButton onClick={() => skip('managers')} />
            <NextButton onClick={goNext} />
          </Group>
        </>
      }
    >
      {managers.isPending ? (
        <PeopleLoading text="Loading managers..." />
      ) : managers.isError ? (
        <PeopleError
          title="Failed to load managers"
          onRetry={() => void managers.refetch()}
          isRetrying={managers.isFetching}
        />
      ) : candidates.length === 0 ? (
        <NoPeople title="No managers yet" role="manager" />
      ) : (
        <Stack gap="xs" role="group" aria-label="Managers">
          <Text size="sm" c="dimmed">
            {selectedManagers.length === 0 ? 'No managers selected.' : `${selectedManagers.length} selected.`}
          </Text>
          {candidates.map((manager) => {
            const isSelected = selectedManagers.includes(manager.id);
            const isPrimary = primaryManager === manager.id;
            const name = manager.fullName || manager.email;
            return (
              <Paper key={manager.id} withBorder radius="md" px="sm" py="xs">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Checkbox
                    checked={isSelected}
                    onChange={(event) => toggle(manager.id, event.currentTarget.checked)}
                    label={name}
                    description={manager.email}
                    styles={{ label: { fontWeight: 500 } }}
                  />
                  {isPrimary ? (
                    <Badge leftSection={<IconStar size={12} aria-hidden />} variant="light">
                      Primary
                    </Badge>
                  ) : isSelected ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Set ${name} as Primary`}
                      onClick={() => updateManagers({ selectedManagers, primaryManager: manager.id })}
                    >
                      Set as Primary
                    </Button>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </StepFrame>
  );
}
