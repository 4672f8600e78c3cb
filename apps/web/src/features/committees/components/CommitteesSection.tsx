import type { Committee, CommitteeMember } from '@commonwise/contracts';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { profilePathFor } from '../../../lib/profile-path.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { committeesQueryOptions, useDeleteCommittee } from '../api.ts';
import { AddMemberDialog, CommitteeDialog, EndTermDialog } from './CommitteeDialogs.tsx';
import { CommitteeRoster, hasEnded } from './CommitteeRoster.tsx';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; committee: Committee }
  | { kind: 'add-member'; committee: Committee }
  | { kind: 'delete'; committee: Committee }
  | null;

/**
 * The property page's Board & Committees section (issue 17): the board's officers and terms, each
 * committee with its kind, decision rule and members. Admins and the property's managers keep them
 * here; anyone else sees the roster read-only (the server decides, this only hides the controls).
 */
export function CommitteesSection({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const canEdit = user.role === 'admin' || user.role === 'manager';
  const [includePast, setIncludePast] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [ending, setEnding] = useState<CommitteeMember | null>(null);
  const rosters = useQuery(committeesQueryOptions(propertyId, includePast));
  const deleteCommittee = useDeleteCommittee(propertyId);
  const committees = rosters.data?.committees ?? [];
  const hasBoard = committees.some((committee) => committee.kind === 'board');
  const close = () => setDialog(null);

  let body;
  if (rosters.isPending) {
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading board and committees...
        </Text>
      </Group>
    );
  } else if (rosters.isError) {
    body = (
      <ErrorState
        headingOrder={3}
        title="Failed to load board and committees"
        onRetry={() => void rosters.refetch()}
        isRetrying={rosters.isFetching}
      />
    );
  } else if (committees.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="md">
        {canEdit
          ? 'No board or committees yet. Add the board first, then any committees.'
          : 'No board or committees have been recorded for this association.'}
      </Text>
    );
  } else {
    body = (
      <Stack gap="lg">
        {committees.map((committee, index) => (
          <Fragment key={committee.id}>
            {index > 0 && <Divider />}
            <CommitteeRoster
              committee={committee}
              profilePath={(userId) => profilePathFor(user.role, userId)}
              actions={
                canEdit && (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconUserPlus size={14} aria-hidden />}
                      onClick={() => setDialog({ kind: 'add-member', committee })}
                      aria-label={`Add member to ${committee.name}`}
                    >
                      Add Member
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`More actions for ${committee.name}`}>
                          <IconDots size={16} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconPencil size={14} aria-hidden />}
                          onClick={() => setDialog({ kind: 'edit', committee })}
                        >
                          Edit
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => setDialog({ kind: 'delete', committee })}
                        >
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                )
              }
              memberActions={
                canEdit
                  ? (member) =>
                      hasEnded(member) ? null : (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setEnding(member)}
                          aria-label={`End term of ${member.fullName}`}
                        >
                          End term
                        </Button>
                      )
                  : undefined
              }
            />
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="committees-title"
    >
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} size="h4" id="committees-title">
          Board &amp; Committees
        </Title>
        <Group gap="sm">
          <Switch
            label="Show past terms"
            checked={includePast}
            onChange={(event) => setIncludePast(event.currentTarget.checked)}
          />
          {canEdit && (
            <Button
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'create' })}
              disabled={rosters.isPending}
            >
              Add Committee
            </Button>
          )}
        </Group>
      </Group>
      {body}
      {canEdit && (
        <>
          <CommitteeDialog
            propertyId={propertyId}
            hasBoard={hasBoard}
            committee={dialog?.kind === 'edit' ? dialog.committee : undefined}
            opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
            onClose={close}
          />
          {dialog?.kind === 'add-member' && (
            <AddMemberDialog propertyId={propertyId} committee={dialog.committee} opened onClose={close} />
          )}
          <EndTermDialog propertyId={propertyId} member={ending} onClose={() => setEnding(null)} />
          <ConfirmDialog
            opened={dialog?.kind === 'delete'}
            title="Delete Committee"
            confirmLabel="Delete"
            isConfirming={deleteCommittee.isPending}
            onClose={close}
            onConfirm={() => {
              if (dialog?.kind !== 'delete') return;
              deleteCommittee.mutate(dialog.committee.id, {
                onSuccess: () => {
                  showSuccessToast('Committee deleted');
                  close();
                },
                onError: (error) => showFailureToast('Failed to delete committee', error),
              });
            }}
          >
            {dialog?.kind === 'delete'
              ? `Delete ${dialog.committee.name}? Only a committee that has never had members can be deleted.`
              : ''}
          </ConfirmDialog>
        </>
      )}
    </Paper>
  );
}
