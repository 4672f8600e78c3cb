import { lazy, Suspense } from 'react';

// The badges (their query and realtime connection) load just after the shell's first paint, like the
// notification bell: the shell is within a size budget (DESIGN.md §6). Until then an entry shows no count.
const UnreadNavBadge = lazy(() =>
  import('./UnreadNavBadge.tsx').then((module) => ({ default: module.UnreadNavBadge })),
);

/** What a navigation entry shows at its end (through the router: the shell may not import features). */
export function UnreadNavBadgeSlot({ to }: { to: string }) {
  return (
    <Suspense fallback={null}>
      <UnreadNavBadge to={to} />
    </Suspense>
  );
}
