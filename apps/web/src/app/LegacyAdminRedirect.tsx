import { Navigate, useLocation } from 'react-router';

/**
 * Some links in the product say /admin/... where the pages live under /admin-portal/... (SPEC §2):
 * send them to the registered page, keeping the rest of the path and the query.
 */
export function LegacyAdminRedirect() {
  const { pathname, search, hash } = useLocation();
  const target = pathname.replace(/^\/admin(?=\/|$)/, '/admin-portal');
  return <Navigate to={`${target}${search}${hash}`} replace />;
}
