import { Avatar, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import type { Profile } from '@commonwise/contracts';
import { Link } from 'react-router';
import { useSignOut } from '../../lib/session.ts';
import classes from './UserMenu.module.css';

export function getInitial(fullName: string, email: string): string {
  return (fullName.trim() || email).charAt(0).toUpperCase() || '?';
}

interface UserMenuProps {
  user: Profile;
  onNavigate: () => void;
}

export function UserMenu({ user, onNavigate }: UserMenuProps) {
  const signOut = useSignOut();

  const handleSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Signed out successfully' }),
      onError: () => notifications.show({ color: 'red', message: 'An error occurred during sign out' }),
    });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          aria-label={`Account menu for ${user.fullName || user.email}`}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="indigo" radius="xl" size={34} variant="filled" aria-hidden>
              {getInitial(user.fullName, user.email)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" truncate maw={180}>
              {user.fullName || user.email}
            </Text>
            <Box visibleFrom="sm" display="flex">
              <IconChevronDown size={16} stroke={1.7} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py={6}>
          <Text size="sm" fw={600} truncate>
            {user.fullName || user.email}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/account"
          onClick={onNavigate}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          My Account
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/settings"
          onClick={onNavigate}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={handleSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
