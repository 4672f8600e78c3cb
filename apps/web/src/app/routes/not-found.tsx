import { Center } from '@mantine/core';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { useCurrentUser } from '../../lib/session.ts';

/** Any unknown URL, signed in or not: the way home depends on who is looking. */
export function Component() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  return (
    <Center mih="100dvh">
      <NotFound isSignedIn={Boolean(user)} />
    </Center>
  );
}
