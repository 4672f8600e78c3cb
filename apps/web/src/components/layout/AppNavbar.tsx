import type { ReactNode } from 'react';
import { AppShell, NavLink, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { getNavItems, isNavItemActive } from './nav-items.ts';

interface AppNavbarProps {
  role: string;
  /** Icons only, labels in tooltips (wide screens, collapsed by the user). */
  isIconOnly: boolean;
  onToggleCollapsed: () => void;
  /** Called after choosing an entry: the mobile drawer closes. */
  onNavigate: () => void;
  /** What an entry shows at its end (its unread count), given by the router. */
  navBadge?: ((to: string) => ReactNode) | undefined;
}

export function AppNavbar({ role, isIconOnly, onToggleCollapsed, onNavigate, navBadge }: AppNavbarProps) {
  const { pathname } = useLocation();
  const items = getNavItems(role);

  return (
    <>
      <AppShell.Section grow p="xs" style={{ overflowY: 'auto' }}>
        <div>
          {items.map((item) => {
            const Icon = item.icon;
            const link = (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                // Which item is current is decided here, not by the router's prefix match.
                end
                active={isNavItemActive(item, pathname, items)}
                label={isIconOnly ? null : item.label}
                aria-label={isIconOnly ? item.label : undefined}
                leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
                rightSection={isIconOnly ? null : navBadge?.(item.to)}
                onClick={onNavigate}
                variant="light"
                mb={4}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
            return isIconOnly ? (
              <Tooltip key={item.to} label={item.label} position="right" withArrow openDelay={100}>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </div>
      </AppShell.Section>
      <AppShell.Section p="xs" visibleFrom="sm">
        <Tooltip label="Expand navigation" position="right" withArrow disabled={!isIconOnly}>
          <NavLink
            component="button"
            type="button"
            onClick={onToggleCollapsed}
            aria-label={isIconOnly ? 'Expand navigation' : 'Collapse navigation'}
            aria-expanded={!isIconOnly}
            label={isIconOnly ? null : 'Collapse'}
            c="dimmed"
            leftSection={
              isIconOnly ? (
                <IconLayoutSidebarLeftExpand size={20} stroke={1.7} aria-hidden />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} stroke={1.7} aria-hidden />
              )
            }
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </Tooltip>
      </AppShell.Section>
    </>
  );
}
