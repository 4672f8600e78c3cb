import { Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { usersQueryOptions } from '../api.ts';

/** /admin-portal/users: a read-only list for now; role changes arrive with a later issue. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const { data, isPending, isError, isFetching, refetch } = useQuery(usersQueryOptions(debouncedSearch));
  const hasSearch = debouncedSearch.trim().length > 0;

  return (
    <>
      <PageHeader
        title="User Management"
        description="Everyone who can sign in to Commonwise, with their role."
      />
      <Stack gap="md" maw={1100}>
        <TextInput
          aria-label="Search users"
          placeholder="Search users by email or name..."
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={isFetching && !isPending ? <Loader size={14} aria-label="Searching" /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
          maxLength={200}
          type="search"
        />
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {isPending ? (
            <Group justify="center" gap="sm" p="xl" role="status">
              <Loader size="sm" aria-hidden />
              <Text c="dimmed">Loading users...</Text>
            </Group>
          ) : isError ? (
            <ErrorState
              title="Error loading users"
              description="There was a problem fetching the user data. Please try again."
              onRetry={() => void refetch()}
              isRetrying={isFetching}
            />
          ) : data.users.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              {hasSearch ? 'No users match your search' : 'No users found'}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table
                verticalSpacing="sm"
                horizontalSpacing="md"
                striped
                highlightOnHover
                captionSide="bottom"
              >
                <Table.Caption>
                  {data.users.length < data.total
                    ? `Showing ${data.users.length} of ${data.total} users`
                    : `${data.total} ${data.total === 1 ? 'user' : 'users'}`}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.users.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td fw={500}>{user.fullName || '—'}</Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>
                        <RoleBadge role={user.role} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </>
  );
}
