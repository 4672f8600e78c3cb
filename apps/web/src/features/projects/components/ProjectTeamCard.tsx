import { projectMemberInputSchema, type Project, type ProjectTeamMember } from '@commonwise/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useAddProjectMember, useRemoveProjectMember } from '../api.ts';

/**
 * Who works on the project: the developer's people (who see and run it; one is added by the e-mail of
 * their developer account, and taken off again — their access ends at once) and the community's managers,
 * who may own milestones. A project keeps at least one of the developer's people.
 */
export function ProjectTeamCard({ project }: { project: Project }) {
  const me = useSignedInUser();
  const add = useAddProjectMember(project.id);
  const remove = useRemoveProjectMember(project.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<ProjectTeamMember | null>(null);
  const [, setParams] = useSearchParams();
  const developers = project.team.filter((member) => member.role === 'developer');

  const submit = async () => {
    const parsed = projectMemberInputSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email');
      return;
    }
    setError(null);
    try {
      const saved = await add.mutateAsync(parsed.data);
      const added = saved.team.find((member) => member.email.toLowerCase() === email.trim().toLowerCase());
      showSuccessToast(`${added?.fullName ?? email.trim()} is on ${project.name} now`);
      setEmail('');
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <PortalSectionCard title="Project team" icon={<IconUsersGroup size={20} aria-hidden />}>
      <Stack gap="md">
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Project team">
          {project.team.map((member) => (
            <Group component="li" key={member.id} justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {member.fullName}
                  </Text>
                  <ToneBadge color={member.role === 'developer' ? 'indigo' : 'gray'}>
                    {member.role === 'developer' ? 'Developer' : 'Manager'}
                  </ToneBadge>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Text>
              </div>
              {member.role === 'developer' && developers.length > 1 ? (
                <Button
                  variant="subtle"
                  color="red.9"
                  size="compact-sm"
                  onClick={() => setLeaving(member)}
                  aria-label={`Take ${member.fullName} off the project`}
                >
                  {member.id === me.id ? 'Leave' : 'Remove'}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Add a developer by e-mail"
              description="Someone of yours with a developer account: they see and run this project."
              placeholder="name@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error}
              style={{ flex: '1 1 260px' }}
              autoComplete="off"
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 46 }}
              loading={add.isPending}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              Add
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmDialog
        opened={leaving !== null}
        title={leaving?.id === me.id ? 'Leave the project?' : 'Take them off the project?'}
        confirmLabel={leaving?.id === me.id ? 'Leave' : 'Remove'}
        isConfirming={remove.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={() => {
          const person = leaving;
          if (!person) return;
          remove.mutate(person.id, {
            onSuccess: () => {
              showSuccessToast(
                person.id === me.id
                  ? `You left ${project.name}`
                  : `${person.fullName} is off ${project.name}`,
              );
              setLeaving(null);
              // Off the project, they no longer see it: the picker goes back to their first project.
              if (person.id === me.id)
                setParams((params) => {
                  params.delete('project');
                  params.delete('community');
                  return params;
                });
            },
            onError: (failure) => {
              setError(getErrorMessage(failure));
              setLeaving(null);
            },
          });
        }}
      >
        {leaving?.id === me.id
          ? `You will no longer see ${project.name} or its community.`
          : `${leaving?.fullName ?? ''} will no longer see ${project.name} or its community, from now on.`}
      </ConfirmDialog>
    </PortalSectionCard>
  );
}
