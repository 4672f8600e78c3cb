import type { TablerIcon } from '@tabler/icons-react';
import {
  IconBuildingEstate,
  IconCalendarEvent,
  IconDoorEnter,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconMessages,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import { getPortalForRole, readsAnnouncements, readsEvents } from '../../lib/portals.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: TablerIcon;
}

const everyoneItems: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'AI Assistant', to: '/chat', icon: IconMessageChatbot },
  { label: 'Work Rooms', to: '/work-rooms', icon: IconMessages },
];
// Issue 23: the announcements addressed to the person (the server decides which), for the roles that read them.
const announcementsItem: NavItem = { label: 'Announcements', to: '/announcements', icon: IconSpeakerphone };
// Issue 23 item 4: the events addressed to the person, with RSVPs and their calendar feed.
const eventsItem: NavItem = { label: 'Events', to: '/events', icon: IconCalendarEvent };

const adminItems: NavItem[] = [
  { label: 'Users', to: '/admin-portal/users', icon: IconUsers },
  { label: 'Properties', to: '/admin-portal/properties', icon: IconBuildingEstate },
];

/**
 * Side navigation per SPEC 'Shared layout' (only admins see Users and Properties), with the person's
 * own portal after the Dashboard (issue 26): 'Resident Portal', 'Manager Portal', … A role without a
 * portal has no such entry.
 */
export function getNavItems(role: string): NavItem[] {
  const portal = getPortalForRole(role);
  const own: NavItem[] =
    portal.path === '/dashboard' ? [] : [{ label: portal.name, to: portal.path, icon: IconDoorEnter }];
  const [dashboard, ...rest] = everyoneItems;
  return [
    dashboard!,
    ...own,
    ...rest,
    ...(readsAnnouncements(role) ? [announcementsItem] : []),
    ...(readsEvents(role) ? [eventsItem] : []),
    ...(role === 'admin' ? adminItems : []),
  ];
}

const isUnder = (item: NavItem, pathname: string) =>
  pathname === item.to || pathname.startsWith(`${item.to}/`);

/**
 * The current route marks its entry, including the pages below it (a property under Properties); of
 * entries nested in one another (Admin Portal, and Users within it) the closest one only.
 */
export function isNavItemActive(
  item: NavItem,
  pathname: string,
  items: readonly NavItem[] = [item],
): boolean {
  if (!isUnder(item, pathname)) return false;
  return !items.some((other) => other.to.length > item.to.length && isUnder(other, pathname));
}
