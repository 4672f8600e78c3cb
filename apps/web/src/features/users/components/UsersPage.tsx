import type { User } from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconDots,
  IconInfoCircle,
  IconMailForward,
  IconSearch,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { usersPageSize, usersQueryOptions, useResendInvitation } from '../api.ts';
import { ListPager } from '../../../components/ListPager.tsx';
import { getUserStatus, userStatusColors, userStatusLabels } from '../user-status.ts';
import { ChangeRoleDialog } from './ChangeRoleDialog.tsx';
import { SetActiveDialog } from './UserStatusDialogs.tsx';
import { InviteUserDialog } from './InviteUserDialog.tsx';
import { EmailAddress } from '../../../components/EmailAddress.tsx';

/** Which dialog is open, and for whom. */
type Dialog = { kind: 'invite' } | { kind: 'role' | 'deactivate' | 'reactivate'; user: User } | null;

export type UserAction = 'role' | 'resend' | 'deactivate' | 'reactivate';

/** /admin-portal/users (SPEC §2 User Management; issue 4: invitations and deactivation live here). */
export function UsersPage() {
  const me = useSignedInUser();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useQuery(
    usersQueryOptions(debouncedSearch, page, usersPageSize),
  );
  const hasSearch = debouncedSearch.trim().length > 0;
  const [dialog, setDialog] = useState<Dialog>(null);
  const resendInvitation = useResendInvitation();
  // Below Mantine's 'sm' the rows become cards: five columns do not fit a phone.
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  const onAction = (user: User, action: UserAction) => {
    if (action !== 'resend') {
      setDialog({ kind: action, user });
      return;
    }
    resendInvitation.mutate(user.id, {
      onSuccess: () => showSuccessToast(`Invitation sent to ${user.email}`),
      onError: (error) => showFailureToast('Failed to resend invitation', error),
    });
  };
  const closeDialog = () => setDialog(null);

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading users...</Text>
      </Group>
    );
  } else if (isError) {
    content = (
      <ErrorState
        title="Error loading users"
        description="There was a problem fetching the user data. Please try again."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  } else if (data.users.length === 0) {
    content = (
      <Text c="dimmed" ta="center" p="xl">
        {hasSearch ? 'No users match your search' : 'No users found'}
      </Text>
    );
  } else {
    const caption = `${data.total} ${data.total === 1 ? 'user' : 'users'}`;
    content = isNarrow ? (
      <UserCards users={data.users} meId={me.id} caption={caption} onAction={onAction} />
    ) : (
      <UserTable users={data.users} meId={me.id} caption={caption} onAction={onAction} />
    );
  }

  return (
    <>
      <PageHeader
        title="User Management"
        description="Everyone who can sign in to Commonwise, with their role."
        actions={
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            Invite User
          </Button>
        }
      />
      <Stack gap="md" maw={1100}>
        <Alert
          variant="light"
          color="indigo"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="How people join"
        >
          People join by invitation: invite them here with their role, and they set their own password from
          the link they receive by e-mail. Users are deactivated rather than deleted, so their history stays
          intact. Change a role, resend an invitation or deactivate someone from the menu on their row.
        </Alert>
        <TextInput
          aria-label="Search users"
          placeholder="Search users by email or name..."
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            isFetching && !isPending ? <Loader size={14} role="status" aria-label="Searching" /> : null
          }
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={{ sm: 420 }}
          maxLength={200}
          type="search"
        />
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
        {data ? (
          <ListPager
            noun="users"
            page={page}
            pageSize={usersPageSize}
            total={data.total}
            onChange={setPage}
          />
        ) : null}
      </Stack>
      <InviteUserDialog opened={dialog?.kind === 'invite'} onClose={closeDialog} />
      {dialog && dialog.kind !== 'invite' ? (
        <>
          <ChangeRoleDialog user={dialog.user} opened={dialog.kind === 'role'} onClose={closeDialog} />
          <SetActiveDialog
            user={dialog.user}
            isActive={dialog.kind === 'reactivate'}
            opened={dialog.kind === 'deactivate' || dialog.kind === 'reactivate'}
            onClose={closeDialog}
          />
        </>
      ) : null}
    </>
  );
}

interface UserListProps {
  users: User[];
  meId: string;
  caption: string;
  onAction: (user: User, action: UserAction) => void;
}

function displayName(user: User): string {
  return user.fullName || user.email;
}

function StatusBadge({ user }: { user: User }) {
  const status = getUserStatus(user);
  return (
    <Badge variant="dot" color={userStatusColors[status]} data-status={status}>
      {userStatusLabels[status]}
    </Badge>
  );
}

function NameCell({ user, isMe }: { user: User; isMe: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      {/* The person's profile: their units and memberships across associations (issue 17). */}
      <Anchor component={Link} to={`/admin-portal/users/${encodeURIComponent(user.id)}`} fw={500} size="sm">
        {user.fullName || <EmailAddress email={user.email} />}
      </Anchor>
      {isMe ? (
        <Text size="xs" c="dimmed">
          (you)
        </Text>
      ) : null}
    </Group>
  );
}

function UserTable({ users, meId, caption, onAction }: UserListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover captionSide="bottom">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={80}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <NameCell user={user} isMe={user.id === meId} />
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <StatusBadge user={user} />
              </Table.Td>
              <Table.Td>
                <UserActionsMenu user={user} isMe={user.id === meId} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({ users, meId, caption, onAction }: UserListProps) {
  return (
    <>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Users">
        {users.map((user, index) => (
          <Group
            key={user.id}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            p="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Stack gap={6} style={{ minWidth: 0 }}>
              <NameCell user={user} isMe={user.id === meId} />
              <Text size="sm" c="dimmed">
                <EmailAddress email={user.email} />
              </Text>
              <Group gap={6}>
                <RoleBadge role={user.role} />
                <StatusBadge user={user} />
              </Group>
            </Stack>
            <UserActionsMenu user={user} isMe={user.id === meId} onAction={onAction} />
          </Group>
        ))}
      </Stack>
      <Text size="sm" c="dimmed" ta="center" p="sm">
        {caption}
      </Text>
    </>
  );
}

interface UserActionsMenuProps {
  user: User;
  isMe: boolean;
  onAction: (user: User, action: UserAction) => void;
}

function UserActionsMenu({ user, isMe, onAction }: UserActionsMenuProps) {
  const status = getUserStatus(user);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${displayName(user)}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCog size={16} aria-hidden />} onClick={() => onAction(user, 'role')}>
          Change Role
        </Menu.Item>
        {status === 'invited' ? (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={() => onAction(user, 'resend')}
          >
            Resend invitation
          </Menu.Item>
        ) : null}
        {user.isActive ? (
          <Menu.Item
            leftSection={<IconUserOff size={16} aria-hidden />}
            disabled={isMe}
            onClick={() => onAction(user, 'deactivate')}
          >
            Deactivate
            {isMe ? (
              <Text size="xs" c="dimmed" component="span" display="block">
                You cannot deactivate yourself
              </Text>
            ) : null}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => onAction(user, 'reactivate')}
          >
            Reactivate
          </Menu.Item>
        )}
        <Menu.Divider />
        {/* Issue 26: deleting is never possible, so it is not offered; this says why, where one looks. */}
        <Text size="xs" c="dimmed" px="sm" py={6}>
          Users are never deleted, so that their history stays intact: deactivate them instead.
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
