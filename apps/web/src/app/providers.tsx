import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

/**
 * Toasts show at the top centre, over the empty middle of the top bar, two at most: at the bottom right
 * they covered the action buttons at the end of table rows (the documents table's, just after an
 * upload) and, paused while the pointer rested on them, stayed there; below the top bar they covered
 * the page's first controls (the dashboard's Enter Portal). Only their close button takes the
 * pointer: a click anywhere else on a toast goes to what is under it, and nothing waits on a hover.
 */
export const toastPlacement = {
  position: 'top-center',
  limit: 2,
  pauseResetOnHover: 'notification',
  styles: {
    root: { top: 'calc(var(--mantine-spacing-xs) / 2)', pointerEvents: 'none' },
    notification: { pointerEvents: 'none' },
  },
} as const;

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Notifications {...toastPlacement} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
