import { Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import type { Profile } from '@commonwise/contracts';
import { Link } from 'react-router';
import { useSignOut } from '../../lib/session.ts';
import { UserMenuButton } from './UserMenuButton.tsx';
import { EmailAddress } from '../EmailAddress.tsx';

interface UserMenuProps {
  user: Profile;
  onNavigate: () => void;
  /** The person clicked the stand-in button while the menu was loading: it opens at once. */
  isInitiallyOpen?: boolean;
}

export function UserMenu({ user, onNavigate, isInitiallyOpen = false }: UserMenuProps) {
  const signOut = useSignOut();

  const handleSignOut = () => {
    signOut().then(
      () => notifications.show({ color: 'green', message: 'Signed out successfully' }),
      () => notifications.show({ color: 'red', message: 'An error occurred during sign out' }),
    );
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal defaultOpened={isInitiallyOpen}>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py={6}>
          <Text size="sm" fw={600} truncate>
            {user.fullName || user.email}
          </Text>
          <Text size="xs" c="dimmed">
            <EmailAddress email={user.email} />
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
