import { Avatar, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { Profile } from '@commonwise/contracts';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import classes from './UserMenu.module.css';

export function getInitial(fullName: string, email: string): string {
  return (fullName.trim() || email).charAt(0).toUpperCase() || '?';
}

type UserMenuButtonProps = { user: Profile } & ComponentPropsWithoutRef<'button'>;

/**
 * The account menu's button: avatar, name and chevron. It is drawn at once, while the menu itself
 * (Mantine's Menu, with its popover and focus trap) loads just after the first paint.
 */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton(
  { user, ...props },
  ref,
) {
  return (
    // Named by its content, "Account menu for <name>", not by aria-label: a label that leaves out the
    // visible avatar initial fails axe's label-content-name-mismatch rule.
    <UnstyledButton ref={ref} {...props} className={classes.target}>
      <Group gap={8} wrap="nowrap">
        <VisuallyHidden>Account menu for</VisuallyHidden>
        <Avatar color="indigo" radius="xl" size={34} variant="filled" aria-hidden>
          {/* Drawn by CSS, not text: the button's visible text must be part of its name (WCAG 2.5.3),
              and a bare initial is not. */}
          <span className={classes.initial} data-initial={getInitial(user.fullName, user.email)} />
        </Avatar>
        <Text size="sm" fw={600} truncate maw={180} className={classes.name}>
          {user.fullName || user.email}
        </Text>
        <Box visibleFrom="sm" display="flex">
          <IconChevronDown size={16} stroke={1.7} aria-hidden />
        </Box>
      </Group>
    </UnstyledButton>
  );
});
