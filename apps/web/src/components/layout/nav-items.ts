import type { TablerIcon } from '@tabler/icons-react';
import {
  IconBallTennis,
  IconBuildingEstate,
  IconCalendarEvent,
  IconDoorEnter,
  IconFileInvoice,
  IconGavel,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconMessages,
  IconSpeakerphone,
  IconTools,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { getPortalForRole, readsAnnouncements, readsEvents } from '../../lib/portals.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: TablerIcon;
  /** The pages the entry stands for, when wider than where it leads (Community: all of /community). */
  section?: string;
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

// Issue 23 item 5: members book their association's amenities; its managers (and admins) keep their rules,
// approvals and deposits on the Community page of that name, so their entry leads there instead.
const bookAmenitiesItem: NavItem = { label: 'Amenities', to: '/amenities', icon: IconBallTennis };
const manageAmenitiesItem: NavItem = { label: 'Amenities', to: '/community/amenities', icon: IconBallTennis };
// Issue 23 item 6: Community Management (announcements and emergencies, events, amenities), for those who
// run an association's communications; its pages lead to one another (CommunityNav). It opens on the
// announcements, where /community leads too: a link to /community itself would be marked current (the
// router's aria-current) on every page below it, the managers' amenities page included.
const communityItem: NavItem = {
  label: 'Community',
  to: '/community/announcements',
  section: '/community',
  icon: IconUsersGroup,
};
// Issue 24 item 1: the vendor directory, for those with vendors:read (managers and admins keep it, the
// board reads its association's vendors); AppNavbar.test.tsx keeps the roles the server's.
const vendorsItem: NavItem = { label: 'Vendors', to: '/vendors', icon: IconTools };
export const vendorDirectoryRoles: readonly string[] = ['admin', 'manager', 'board'];
// Issue 24 item 2: requests for bids, for those with bids:read (the association's managers, board and
// admins); AppNavbar.test.tsx keeps the roles the server's.
const bidsItem: NavItem = { label: 'Bids', to: '/bids', icon: IconGavel };
export const bidReaderRoles: readonly string[] = ['admin', 'manager', 'board'];
// Issue 24 item 3: vendor invoices and the approval limits, for those with invoices:read (the association's
// managers, board and admins); AppNavbar.test.tsx keeps the roles the server's.
const invoicesItem: NavItem = { label: 'Invoices', to: '/invoices', icon: IconFileInvoice };
export const invoiceReaderRoles: readonly string[] = ['admin', 'manager', 'board'];
const managesAmenities = (role: string) => role === 'manager' || role === 'admin';
const booksAmenities = (role: string) => role === 'resident' || role === 'board';
const managesCommunity = (role: string) => role === 'manager' || role === 'board' || role === 'admin';

const adminItems: NavItem[] = [
  { label: 'Users', to: '/admin-portal/users', icon: IconUsers },
  { label: 'Properties', to: '/admin-portal/properties', icon: IconBuildingEstate },
];

/**
 * Side navigation per SPEC 'Shared layout' (only admins see Users and Properties), with the person's
 * own portal after the Dashboard (issue 26): 'Resident Portal', 'Manager Portal', … A role without a
 * portal has no such entry. Each page has one entry: Announcements and Events are what the person
 * reads, Community is where managers and the board write them.
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
    ...(booksAmenities(role) ? [bookAmenitiesItem] : []),
    ...(managesAmenities(role) ? [manageAmenitiesItem] : []),
    ...(managesCommunity(role) ? [communityItem] : []),
    ...(vendorDirectoryRoles.includes(role) ? [vendorsItem] : []),
    ...(bidReaderRoles.includes(role) ? [bidsItem] : []),
    ...(invoiceReaderRoles.includes(role) ? [invoicesItem] : []),
    ...(role === 'admin' ? adminItems : []),
  ];
}

const reachOf = (item: NavItem) => item.section ?? item.to;
const isUnder = (item: NavItem, pathname: string) =>
  pathname === reachOf(item) || pathname.startsWith(`${reachOf(item)}/`);

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
  return !items.some((other) => reachOf(other).length > reachOf(item).length && isUnder(other, pathname));
}
