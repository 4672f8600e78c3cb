import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconFileSearch,
  IconFileText,
  IconPlayerPlay,
  IconUserPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { propertyDetailPath } from '../../components/PropertiesPage.tsx';
import { propertiesPath } from '../../components/CreatePropertyPage.tsx';
import { stepPath } from '../draft.ts';
import { useOnboarding } from '../use-onboarding.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Step 7: the property exists; what to do next. */
export function CompleteStep() {
  const { completion, draft, clearDraft } = useOnboarding();
  const navigate = useNavigate();
  const isCompletedDraft = completion !== null && completion.draftKey === draft.idempotencyKey;

  // SPEC §4: on success the draft is reset. Done here, once step 7 shows, so that no earlier step
  // sees the empty draft while the navigation is still on its way.
  useEffect(() => {
    if (isCompletedDraft) clearDraft();
  }, [isCompletedDraft, clearDraft]);

  if (!completion) return null;
  const detailPath = propertyDetailPath(completion.propertyId);

  const nextSteps: { title: string; text: string; icon: TablerIcon; to: string }[] = [
    {
      title: 'Check the documents',
      text:
        completion.uploadedCount > 0
          ? "The uploaded documents are read in the background so the AI assistant can answer from them; the property's page shows when each is processed."
          : "Upload the property's governing documents on its page so the AI assistant can answer from them.",
      icon: IconFileSearch,
      to: detailPath,
    },
    {
      title: 'Complete the required documents',
      text: "CC&Rs, Bylaws, Articles of Incorporation and Rules & Regulations complete the property's records.",
      icon: IconFileText,
      to: detailPath,
    },
    {
      title: 'Invite the people still missing',
      text: 'Managers and residents need an account before they can be assigned to the property.',
      icon: IconUserPlus,
      to: '/admin-portal/users',
    },
    {
      title: completion.status === 'active' ? 'The property is active' : 'Activate the property',
      text:
        completion.status === 'active'
          ? 'It is live for its managers and residents.'
          : "It starts as Pending Setup: set it to Active on the property's page when everything is in place.",
      icon: IconPlayerPlay,
      to: detailPath,
    },
  ];

  return (
    <Stack gap="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={72} radius="xl" color="green" variant="light">
          <IconCircleCheck size={42} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          Property Created Successfully!
        </Title>
        <Text c="dimmed" maw={560}>
          {completion.propertyName} is set up with {plural(completion.managerCount, 'manager', 'managers')},{' '}
          {plural(completion.residentCount, 'resident', 'residents')} and{' '}
          {plural(completion.uploadedCount, 'document', 'documents')}.
        </Text>
        {completion.skippedFiles.length > 0 ? (
          <Text size="sm" c="orange.8" maw={560}>
            Not uploaded: {completion.skippedFiles.join(', ')}. Upload{' '}
            {completion.skippedFiles.length === 1 ? 'it' : 'them'} on the property&apos;s page.
          </Text>
        ) : null}
      </Stack>

      <Stack gap="sm">
        <Title order={3} size="h5">
          Next steps
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {nextSteps.map(({ title, text, icon: Icon, to }) => (
            <Card key={title} withBorder radius="md" padding="md" component={Link} to={to}>
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <ThemeIcon variant="light" size={36} radius="md">
                  <Icon size={20} aria-hidden />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Group justify="center" gap="sm" wrap="wrap">
        <Button component={Link} to={detailPath}>
          View Property Details
        </Button>
        <Button component={Link} to={propertiesPath} variant="default">
          View All Properties
        </Button>
        <Button
          variant="default"
          onClick={() => {
            clearDraft();
            void navigate(stepPath('start'));
          }}
        >
          Add Another Property
        </Button>
        <Button component={Link} to="/dashboard" variant="subtle">
          Go to Dashboard
        </Button>
      </Group>
    </Stack>
  );
}
