import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingEstate,
  IconFileText,
  IconHomeHeart,
  IconUserShield,
  type TablerIcon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { firstIncompleteStep, stepPath } from '../draft.ts';
import { useOnboarding } from '../use-onboarding.ts';
import { StepFrame } from './StepFrame.tsx';

const areas: { title: string; description: string; icon: TablerIcon }[] = [
  {
    title: 'Basic Information',
    description: 'Name, address, type, number of units and the status it starts in.',
    icon: IconBuildingEstate,
  },
  {
    title: 'Documents',
    description: 'Deed, insurance certificate, bylaws, CC&Rs and survey, filed under the property.',
    icon: IconFileText,
  },
  {
    title: 'Property Managers',
    description: 'Who manages the property, and which of them is the primary manager.',
    icon: IconUserShield,
  },
  {
    title: 'Residents',
    description: 'Who lives there, with their unit numbers.',
    icon: IconHomeHeart,
  },
];

/** Step 1: what the wizard sets up and what to have ready. */
export function WelcomeStep() {
  const { draft, start, reset } = useOnboarding();
  const navigate = useNavigate();
  const hasDraft = draft.hasStarted;
  const [isConfirmingReset, setIsConfirmingReset] = useState(false);

  return (
    <StepFrame
      title="Welcome to Property Onboarding"
      description="A guided setup in four parts. Nothing is created until you confirm on the Review step; your progress is kept in this tab if you reload."
      actions={
        <>
          <Button variant="default" component={Link} to="/admin-portal">
            Cancel
          </Button>
          <Button
            onClick={() => {
              if (hasDraft) return void navigate(stepPath(firstIncompleteStep(draft)));
              start();
              void navigate(stepPath('basic-info'));
            }}
          >
            {hasDraft ? 'Continue Onboarding' : 'Start Onboarding'}
          </Button>
        </>
      }
    >
      {hasDraft ? (
        <Alert color="blue" title="An onboarding is in progress">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {draft.basicInfo.name.trim()
                ? `You were setting up ${draft.basicInfo.name.trim()}.`
                : 'You started an onboarding in this tab.'}{' '}
              Continue where you left off, or start over with an empty form.
            </Text>
            <Button size="xs" variant="default" onClick={() => setIsConfirmingReset(true)}>
              Start Over
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {areas.map(({ title, description, icon: Icon }) => (
          <Group key={title} align="flex-start" wrap="nowrap" gap="sm">
            <ThemeIcon variant="light" size={40} radius="md">
              <Icon size={22} aria-hidden />
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={3} size="h5">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h5">
          What to have ready
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>The property&apos;s name, full address and number of units.</List.Item>
          <List.Item>
            Its documents as PDF, Word (DOC, DOCX), JPG or PNG files: deed, insurance certificate, HOA bylaws,
            CC&amp;Rs and survey.
          </List.Item>
          <List.Item>
            The managers and residents, each with an account (invite them first in{' '}
            <Anchor component={Link} to="/admin-portal/users" size="sm">
              User Management
            </Anchor>
            ), and each resident&apos;s unit number.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Documents, managers and residents can be skipped now and added later on the property&apos;s page.
        </Text>
      </Stack>
      <ConfirmDialog
        opened={isConfirmingReset}
        title="Start over?"
        confirmLabel="Start Over"
        onConfirm={() => {
          reset();
          setIsConfirmingReset(false);
        }}
        onClose={() => setIsConfirmingReset(false)}
      >
        Everything entered in this onboarding, and the files chosen for it, will be cleared.
      </ConfirmDialog>
    </StepFrame>
  );
}
