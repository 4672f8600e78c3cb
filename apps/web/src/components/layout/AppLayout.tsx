import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { useSignedInUser } from '../../lib/session.ts';
import { RoleBadge } from '../RoleBadge.tsx';
import { Wordmark } from '../Wordmark.tsx';
import { AppNavbar } from './AppNavbar.tsx';
import { TwoFactorRequiredNotice } from './TwoFactorRequiredNotice.tsx';
import { UserMenuButton } from './UserMenuButton.tsx';

import classes from './AppLayout.module.css';

// The menu (popover, focus trap) is not needed for the first paint: the same button stands in, and a
// click on it is remembered, so the menu opens once it has loaded (a click right after signing in
// landed on the stand-in and did nothing).
const UserMenu = lazy(() => import('./UserMenu.tsx').then((module) => ({ default: module.UserMenu })));

const navbarId = 'app-navbar';
const mainId = 'main-content';

/**
 * The signed-in frame (SPEC 'Shared layout'): header, side navigation, and the page. `headerActions`
 * (the notification bell) and `navBadge` (an entry's unread count) are put in by the router, as this
 * folder may not import features.
 */
export function AppLayout({
  headerActions,
  navBadge,
}: { headerActions?: ReactNode; navBadge?: (to: string) => ReactNode } = {}) {
  const user = useSignedInUser();
  const navigation = useNavigation();
  const location = useLocation();
  // Until a required two-factor set-up is done, only My Account works (the server refuses the rest).
  const isBlockedByTwoFactor = user.mustEnrolTwoFactor && location.pathname !== '/account';
  const [isDrawerOpen, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  const [isCollapsed, setIsCollapsed] = useLocalStorage({
    key: 'commonwise-navbar-collapsed',
    defaultValue: false,
    // Read at once so a collapsed navbar does not open wide and then snap shut.
    getInitialValueInEffect: false,
  });
  // 48em is Mantine's 'sm', where the drawer becomes a sidebar; the drawer always shows labels.
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const isIconOnly = isCollapsed && isWide;
  const [isMenuRequested, setIsMenuRequested] = useState(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: { sm: isCollapsed ? 72 : 240 },
        breakpoint: 'sm',
        collapsed: { mobile: !isDrawerOpen },
      }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href={`#${mainId}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={isDrawerOpen}
              onClick={toggleDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-controls={navbarId}
              aria-expanded={isDrawerOpen}
            />
            <Anchor
              component={Link}
              to="/dashboard"
              underline="never"
              c="inherit"
              onClick={closeDrawer}
              aria-label="Commonwise dashboard"
            >
              <Wordmark size="md" />
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <RoleBadge role={user.role} style={{ flexShrink: 0 }} />
            {headerActions}
            <Suspense
              fallback={
                <UserMenuButton
                  user={user}
                  aria-haspopup="menu"
                  aria-expanded={false}
                  // On the press, not only the click: when the menu's code arrives between the press and
                  // the release, the real button replaces this one, and the browser sends the click to
                  // neither (CI saw the menu stay shut about once in fifty sign-ins).
                  onMouseDown={(event) => event.button === 0 && setIsMenuRequested(true)}
                  onClick={() => setIsMenuRequested(true)}
                />
              }
            >
              <UserMenu user={user} onNavigate={closeDrawer} isInitiallyOpen={isMenuRequested} />
            </Suspense>
          </Group>
        </Group>
        {navigation.state === 'loading' ? <div className={classes.progress} aria-hidden /> : null}
      </AppShell.Header>
      <AppShell.Navbar id={navbarId} aria-label="Main navigation">
        <AppNavbar
          role={user.role}
          isIconOnly={isIconOnly}
          onToggleCollapsed={() => setIsCollapsed((value) => !value)}
          onNavigate={closeDrawer}
          navBadge={navBadge}
        />
      </AppShell.Navbar>
      <AppShell.Main id={mainId} tabIndex={-1} className={classes.main}>
        {isBlockedByTwoFactor ? <TwoFactorRequiredNotice /> : <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
