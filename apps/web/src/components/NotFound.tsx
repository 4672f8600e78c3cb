import { Button } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { StatusMessage } from './StatusMessage.tsx';

/** 'Page not found', with a way home: the dashboard for a signed-in user, the public page otherwise. */
export function NotFound({ isSignedIn }: { isSignedIn: boolean }) {
  usePageTitle('Page not found');
  return (
    <StatusMessage
      headingOrder={1}
      icon={<IconMapPinQuestion size={32} aria-hidden />}
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
      actions={
        <Button component={Link} to={isSignedIn ? '/dashboard' : '/'}>
          {isSignedIn ? 'Go to Dashboard' : 'Go to Home'}
        </Button>
      }
    />
  );
}
