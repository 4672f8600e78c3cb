import { Button, Center } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { StatusMessage } from './StatusMessage.tsx';

/**
 * The router's last resort: a page whose code failed to load (often a new release replaced the
 * files) or crashed. Reloading fetches the current files.
 */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  if (import.meta.env.DEV) console.error(error);
  const description = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be shown. Reloading usually fixes it.';
  return (
    <Center mih="100dvh">
      <StatusMessage
        headingOrder={1}
        color="red"
        icon={<IconAlertTriangle size={32} aria-hidden />}
        title="Something went wrong"
        description={description}
        actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
      />
    </Center>
  );
}
