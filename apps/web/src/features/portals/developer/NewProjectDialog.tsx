import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PortalInfoDialog } from '../components/PortalInfoDialog.tsx';

interface NewProjectDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Admins can start the real thing: a property, through Property Onboarding. */
  canOnboard: boolean;
}

/**
 * New Project explains itself rather than doing nothing: projects here are sample content, and a
 * real community starts as a property that an administrator sets up.
 */
export function NewProjectDialog({ opened, onClose, canOnboard }: NewProjectDialogProps) {
  return (
    <PortalInfoDialog opened={opened} onClose={onClose} title="New Project">
      <Stack gap="md">
        <Text>
          Projects, sales and milestones in this portal are sample content for now: there is nowhere to save a
          project yet.
        </Text>
        <Text>
          A real community starts as a property. An administrator creates it with Property Onboarding, and its
          setup checklist then appears under Community Setup Checklist.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {canOnboard ? (
            <Button
              component={Link}
              to="/admin-portal/property-onboarding/start"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              Start Property Onboarding
            </Button>
          ) : null}
        </Group>
      </Stack>
    </PortalInfoDialog>
  );
}
