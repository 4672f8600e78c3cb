import { Button, Group } from '@mantine/core';
import { IconBallTennis, IconCalendarEvent, IconSpeakerphone } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useSignedInUser } from '../lib/session.ts';

type Section = {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Who manages it (admins manage everything). */
  roles: readonly string[];
};

const sections: Section[] = [
  {
    to: '/community/announcements',
    label: 'Announcements',
    icon: IconSpeakerphone,
    roles: ['manager', 'board'],
  },
  { to: '/community/events', label: 'Events', icon: IconCalendarEvent, roles: ['manager', 'board'] },
  // Amenities' rules, approvals and deposits (issue 23 item 5): the association's managers.
  { to: '/community/amenities', label: 'Amenities', icon: IconBallTennis, roles: ['manager'] },
];

/**
 * Community Management (issue 23 item 6): the admin portal's card leads here, and the announcements
 * and events pages of an association's managers (and board) share this row, so each is one
 * click from the others. The current one is marked for screen readers too (aria-current).
 */
export function CommunityNav() {
  const { pathname } = useLocation();
  const { role } = useSignedInUser();
  const shown = sections.filter((section) => role === 'admin' || section.roles.includes(role));
  if (shown.length < 2) return null;
  return (
    <Group component="nav" aria-label="Community management" gap="xs" wrap="wrap">
      {shown.map(({ to, label, icon: Icon }) => {
        const isCurrent = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Button
            key={to}
            component={Link}
            to={to}
            variant={isCurrent ? 'light' : 'subtle'}
            color={isCurrent ? undefined : 'gray'}
            size="sm"
            leftSection={<Icon size={16} aria-hidden />}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
