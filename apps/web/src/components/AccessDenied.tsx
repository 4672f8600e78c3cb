import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { StatusMessage } from './StatusMessage.tsx';

/** Shown to a signed-in user on a page meant for other roles. The server refuses the data anyway. */
export function AccessDenied() {
  usePageTitle('No access');
  return (
    <StatusMessage
      headingOrder={1}
      color="orange"
      icon={<IconLock size={32} aria-hidden />}
      title="You don't have access to this page"
      description="This page is for a different role. If you think you should see it, ask your administrator."
      actions={
        <Button component={Link} to="/dashboard">
          Back to Dashboard
        </Button>
      }
    />
  );
}
