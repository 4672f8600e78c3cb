import { lazy, Suspense } from 'react';

// The bell (its queries, realtime connection, popover and icon) loads just after the shell's first
// paint: the shell is within a size budget. Its place is kept meanwhile, so nothing in the top bar moves.
const NotificationBell = lazy(() =>
  import('./NotificationBell.tsx').then((module) => ({ default: module.NotificationBell })),
);

const bellSize = 38;

/** What the top bar mounts (through the router: the shell's components may not import features). */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={<span style={{ width: bellSize, height: bellSize, flexShrink: 0 }} aria-hidden />}>
      <NotificationBell />
    </Suspense>
  );
}
