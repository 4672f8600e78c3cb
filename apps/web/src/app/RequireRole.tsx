import type { Role } from '@commonwise/contracts';
import { Outlet } from 'react-router';
import { AccessDenied } from '../components/AccessDenied.tsx';
import { useSignedInUser } from '../lib/session.ts';

/** Whether a role may open a page meant for `allowed` roles; admins may open every portal. */
export function canOpenPage(role: string, allowed: readonly Role[]): boolean {
  return role === 'admin' || (allowed as readonly string[]).includes(role);
}

/**
 * Hides pages meant for other roles. This is only UI: the server refuses their data anyway.
 */
export function RequireRole({ allowed }: { allowed: readonly Role[] }) {
  const user = useSignedInUser();
  return canOpenPage(user.role, allowed) ? <Outlet /> : <AccessDenied />;
}
