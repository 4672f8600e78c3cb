import type { TablerIcon } from '@tabler/icons-react';
import {
  IconBuildingEstate,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconMessages,
  IconUsers,
} from '@tabler/icons-react';

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

const adminItems: NavItem[] = [
  { label: 'Users', to: '/admin-portal/users', icon: IconUsers },
  { label: 'Properties', to: '/admin-portal/properties', icon: IconBuildingEstate },
];

/** Side navigation per SPEC 'Shared layout': only admins see Users and Properties. */
export function getNavItems(role: string): NavItem[] {
  return role === 'admin' ? [...everyoneItems, ...adminItems] : everyoneItems;
}

/** The current route marks its entry, including the pages below it (a property under Properties). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
