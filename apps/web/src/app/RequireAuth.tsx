import { Center } from '@mantine/core';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../components/ErrorState.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { getSignInPath } from '../lib/redirect.ts';
import { useCurrentUser } from '../lib/session.ts';

/**
 * Renders its child routes only for a signed-in user. A signed-out visitor goes to /auth with a
 * `redirect` back here; a user whose session ends while on a page (Sign Out, or ended elsewhere)
 * goes to plain /auth, so the next person to sign in is not sent to the previous user's page.
 */
export function RequireAuth() {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();
  const location = useLocation();
  // Remembered from earlier renders (React's "state from previous renders" pattern).
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (isPending) return <FullPageLoader />;
  if (!user && isError) {
    return (
      <Center mih="100dvh">
        <ErrorState
          headingOrder={1}
          title="Cannot reach Commonwise"
          description="We could not check your sign-in. Check your connection and try again."
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      </Center>
    );
  }
  if (!user) {
    const target = wasSignedIn ? '/auth' : getSignInPath(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
