import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { twoFactorSetupPath } from '../../lib/redirect.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { StatusMessage } from '../StatusMessage.tsx';

/**
 * Shown instead of a signed-in page while the person's role requires two-factor authentication
 * that they have not set up: the server answers every call but My Account's with 403 until then.
 */
export function TwoFactorRequiredNotice() {
  usePageTitle('Set up two-factor authentication');
  return (
    <StatusMessage
      headingOrder={1}
      color="orange"
      icon={<IconShieldLock size={32} aria-hidden />}
      title="Set up two-factor authentication to continue"
      description="Your administrator requires two-factor authentication for your role. Turn it on in My Account, then come back to this page."
      actions={
        <Button component={Link} to={twoFactorSetupPath}>
          Set up two-factor authentication
        </Button>
      }
    />
  );
}
