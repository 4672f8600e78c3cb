import type { Role } from '@commonwise/contracts';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AccessDenied } from '../components/AccessDenied.tsx';
import { getPortalForRole, wrongPortalNotice } from '../lib/portals.ts';
import { useSignedInUser } from '../lib/session.ts';

/** Whether a role may open a page meant for `allowed` roles; admins may open every portal. */
export function canOpenPage(role: string, allowed: readonly Role[]): boolean {
  return role === 'admin' || (allowed as readonly string[]).includes(role);
}

/** Carried in the history state to the portal a person was sent to. */
type PortalNoticeState = { portalNotice?: string };

/**
 * Hides pages meant for other roles. This is only UI: the server refuses their data anyway.
 * On a role portal (`portal` given), someone of another role is taken to their own portal with a
 * short note saying why, instead of a dead end; other pages say 'no access'.
 */
export function RequireRole({ allowed, portal }: { allowed: readonly Role[]; portal?: Role }) {
  const user = useSignedInUser();
  const location = useLocation();
  const navigate = useNavigate();
  if (canOpenPage(user.role, allowed)) {
    const notice = (location.state as PortalNoticeState | null)?.portalNotice;
    return (
      <>
        {notice ? (
          <Alert
            role="status"
            color="blue"
            variant="light"
            radius="md"
            mb="lg"
            maw={1200}
            icon={<IconInfoCircle size={20} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => void navigate(location, { replace: true, state: null })}
          >
            {notice}
          </Alert>
        ) : null}
        <Outlet />
      </>
    );
  }
  const own = getPortalForRole(user.role);
  if (!portal || own.path === '/dashboard') return <AccessDenied />;
  const state: PortalNoticeState = { portalNotice: wrongPortalNotice(portal, own) };
  return <Navigate to={own.path} replace state={state} />;
}
