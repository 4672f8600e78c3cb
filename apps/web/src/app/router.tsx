import type { Role } from '@commonwise/contracts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { AppLayout } from '../components/layout/AppLayout.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { NotificationBellSlot } from '../features/notifications/components/NotificationBellSlot.tsx';
import { UnreadNavBadgeSlot } from '../features/chat/components/UnreadNavBadgeSlot.tsx';
import { LegacyAdminRedirect } from './LegacyAdminRedirect.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RequireRole } from './RequireRole.tsx';

/**
 * A role's portal: open to that role and to admins (RequireRole lets admins in everywhere); anyone
 * else is taken to their own portal with a note saying why.
 */
function rolePortal(path: string, role: Exclude<Role, 'admin'>, lazy: RouteObject['lazy']): RouteObject {
  return {
    path,
    element: <RequireRole allowed={[role]} portal={role} />,
    children: [{ index: true, lazy }],
  };
}

// Every page is loaded on demand (route `lazy`) so the first download is only the shell.
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: 'auth', lazy: () => import('./routes/auth.tsx') },
      // Public: an invitee sets their password here before they can sign in.
      { path: 'invite/:token', lazy: () => import('./routes/invite.tsx') },
      // Public: the "Forgot password?" e-mail links here.
      { path: 'reset-password', lazy: () => import('./routes/reset-password.tsx') },
      // Public: the unsubscribe link of an e-mail, which works without signing in.
      { path: 'unsubscribe', lazy: () => import('./routes/unsubscribe.tsx') },
      { path: 'admin/users', Component: LegacyAdminRedirect },
      { path: 'admin/property-onboarding/*', Component: LegacyAdminRedirect },
      {
        Component: RequireAuth,
        children: [
          {
            element: (
              <AppLayout
                headerActions={<NotificationBellSlot />}
                navBadge={(to) => <UnreadNavBadgeSlot to={to} />}
              />
            ),
            children: [
              { path: 'dashboard', lazy: () => import('./routes/dashboard.tsx') },
              { path: 'chat', lazy: () => import('./routes/chat.tsx') },
              { path: 'work-rooms', lazy: () => import('./routes/work-rooms.tsx') },
              { path: 'account', lazy: () => import('./routes/account.tsx') },
              { path: 'notifications', lazy: () => import('./routes/notifications.tsx') },
              { path: 'settings', lazy: () => import('./routes/settings.tsx') },
              rolePortal('board-portal', 'board', () => import('./routes/board-portal.tsx')),
              rolePortal('resident-portal', 'resident', () => import('./routes/resident-portal.tsx')),
              {
                // The developer's hand-over report, for the association's board to read and acknowledge
                // (issue 25): board members, whatever their global role; residents elected to the board
                // included. The server decides from board membership whose report each may read.
                path: 'board-portal/handover/:propertyId',
                element: <RequireRole allowed={['board', 'resident']} />,
                children: [{ index: true, lazy: () => import('./routes/board-portal-handover.tsx') }],
              },
              {
                // An owner's unit's account (issue 20): the resident pages' people (board members own
                // homes too); the server shows each person only the units they own today.
                path: 'resident-portal/billing',
                element: <RequireRole allowed={['resident', 'board']} />,
                children: [{ index: true, lazy: () => import('./routes/resident-portal-billing.tsx') }],
              },
              {
                // An owner's architectural requests (issue 22): the resident pages' people (board members
                // own homes too); the server shows each person only their own units' requests.
                path: 'resident-portal/arc',
                element: <RequireRole allowed={['resident', 'board']} />,
                children: [
                  { path: 'new', lazy: () => import('./routes/resident-portal-arc.tsx') },
                  { path: ':requestId', lazy: () => import('./routes/resident-portal-arc.tsx') },
                ],
              },
              rolePortal('manager-portal', 'manager', () => import('./routes/manager-portal.tsx')),
              rolePortal('developer-portal', 'developer', () => import('./routes/developer-portal.tsx')),
              rolePortal('vendor-portal', 'vendor', () => import('./routes/vendor-portal.tsx')),
              {
                // A managed property's documents (issue 16: adding what the assistant could not answer).
                path: 'manager-portal/properties/:id/documents',
                element: <RequireRole allowed={['manager']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-documents.tsx') },
                ],
              },
              {
                // A managed property's board and committees (issue 17).
                path: 'manager-portal/properties/:id/committees',
                element: <RequireRole allowed={['manager']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-committees.tsx') },
                ],
              },
              {
                // A managed property's units and the people in them (issue 17).
                path: 'manager-portal/properties/:id/units',
                element: <RequireRole allowed={['manager']} />,
                children: [{ index: true, lazy: () => import('./routes/manager-portal-property-units.tsx') }],
              },
              {
                // A property's letters and templates (issue 18): its managers, and its board, who approve.
                path: 'manager-portal/properties/:id/letters',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-letters.tsx') },
                  { path: ':letterId', lazy: () => import('./routes/manager-portal-property-letter.tsx') },
                ],
              },
              {
                // A property's books (issue 20): its managers keep them, its board reads them.
                path: 'manager-portal/properties/:id/books',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [{ index: true, lazy: () => import('./routes/manager-portal-property-books.tsx') }],
              },
              {
                // A property's assessment schedules, charges and units' accounts (issue 20, item 2).
                path: 'manager-portal/properties/:id/assessments',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-assessments.tsx') },
                ],
              },
              {
                // A property's budget by fiscal year: its managers draft it, its board reads it.
                path: 'manager-portal/properties/:id/budget',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-budget.tsx') },
                ],
              },
              {
                // A property's owner balances by age: its managers and its board.
                path: 'manager-portal/properties/:id/balances',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-balances.tsx') },
                ],
              },
              {
                // A property's collections: its managers keep them, its board records its decisions.
                path: 'manager-portal/properties/:id/collections',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-collections.tsx') },
                ],
              },
              {
                // A property's monthly financial report: its managers and its board.
                path: 'manager-portal/properties/:id/report',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-report.tsx') },
                ],
              },
              {
                // A property's enforceable rules (issue 21): its managers keep them, its board reads them.
                path: 'manager-portal/properties/:id/violation-rules',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('./routes/manager-portal-property-violation-rules.tsx'),
                  },
                ],
              },
              {
                // A property's enforcement stages (issue 21): its managers set them up, its board reads them.
                path: 'manager-portal/properties/:id/enforcement',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-enforcement.tsx') },
                ],
              },
              {
                // A property's fairness report per rule and month (issue 21): its managers and its board.
                path: 'manager-portal/properties/:id/violation-report',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('./routes/manager-portal-property-violation-report.tsx'),
                  },
                ],
              },
              {
                // An inspection drive of a managed property, on a phone (issue 21).
                path: 'manager-portal/properties/:id/inspection',
                element: <RequireRole allowed={['manager']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-property-inspection.tsx') },
                ],
              },
              {
                // Residents' complaints to verify (issue 21): they name the reporter, so managers only.
                path: 'manager-portal/violation-complaints',
                element: <RequireRole allowed={['manager']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-violation-complaints.tsx') },
                ],
              },
              {
                // The violations of the person's associations and each one's evidence (issue 21).
                path: 'manager-portal/violations',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/manager-portal-violations.tsx') },
                  { path: ':violationId', lazy: () => import('./routes/manager-portal-violation.tsx') },
                ],
              },
              {
                // What boards and committees decide (issue 22): managers, board members, and residents
                // serving on a committee; the server shows each person only the items they may read.
                path: 'decisions',
                element: <RequireRole allowed={['manager', 'board', 'resident']} />,
                children: [
                  { index: true, lazy: () => import('./routes/decisions.tsx') },
                  { path: ':propertyId/:itemId', lazy: () => import('./routes/decisions.tsx') },
                ],
              },
              {
                // Architectural requests (issue 22): managers, the board, and residents on the review
                // committee; the server shows each person only the associations they may read.
                path: 'arc',
                element: <RequireRole allowed={['manager', 'board', 'resident']} />,
                children: [
                  { index: true, lazy: () => import('./routes/arc.tsx') },
                  { path: ':propertyId/:requestId', lazy: () => import('./routes/arc.tsx') },
                ],
              },
              {
                // Announcements (issue 23): the roles that read them (announcementReaderRoles; the
                // server decides from memberships which are addressed to the person).
                path: 'announcements',
                element: <RequireRole allowed={['manager', 'resident', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/announcements.tsx') },
                  { path: ':announcementId', lazy: () => import('./routes/announcements.tsx') },
                ],
              },
              {
                // Events (issue 23 item 4): the roles that read them (eventReaderRoles); the server
                // decides from memberships which are addressed to the person.
                path: 'events',
                element: <RequireRole allowed={['manager', 'resident', 'board']} />,
                children: [{ index: true, lazy: () => import('./routes/events.tsx') }],
              },
              {
                // Amenities (issue 23 item 5): members book their association's as one of their homes
                // (the server decides who may); an association's managers keep the rules.
                path: 'amenities',
                element: <RequireRole allowed={['manager', 'resident', 'board']} />,
                children: [{ index: true, lazy: () => import('./routes/amenities.tsx') }],
              },
              {
                path: 'community/amenities',
                element: <RequireRole allowed={['manager']} />,
                children: [{ index: true, lazy: () => import('./routes/community-amenities.tsx') }],
              },
              {
                // Scheduling events (issue 23 item 4): an association's managers and board.
                path: 'community/events',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [{ index: true, lazy: () => import('./routes/community-events.tsx') }],
              },
              {
                // Writing announcements (issue 23): an association's managers and board; the server
                // lists the associations each may write for.
                path: 'community/announcements',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/community-announcements.tsx') },
                  { path: 'new', lazy: () => import('./routes/community-announcements.tsx') },
                  {
                    path: ':propertyId/:announcementId',
                    lazy: () => import('./routes/community-announcements.tsx'),
                  },
                  {
                    path: ':propertyId/:announcementId/edit',
                    lazy: () => import('./routes/community-announcements.tsx'),
                  },
                ],
              },
              {
                // Community Management (issue 23 item 6): announcements first; the pages share a nav row.
                path: 'community',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [{ index: true, element: <Navigate to="/community/announcements" replace /> }],
              },
              {
                // Emergency broadcasts (issue 23 item 2): an association's managers (admins pass every
                // role check); the board writes announcements but does not send emergencies.
                path: 'community/emergencies',
                element: <RequireRole allowed={['manager']} />,
                children: [
                  { path: 'new', lazy: () => import('./routes/community-emergencies.tsx') },
                  {
                    path: ':propertyId/:announcementId',
                    lazy: () => import('./routes/community-emergencies.tsx'),
                  },
                  {
                    path: ':propertyId/:announcementId/edit',
                    lazy: () => import('./routes/community-emergencies.tsx'),
                  },
                ],
              },
              {
                // The vendor directory (issue 24 item 1): managers and admins keep it, board members read
                // the companies serving their associations (vendors:read; the server scopes each list).
                path: 'vendors',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/vendors.tsx') },
                  { path: ':vendorId', lazy: () => import('./routes/vendor.tsx') },
                ],
              },
              {
                // Vendor invoices (issue 24 item 3): the association's managers, board and admins
                // (invoices:read; the server scopes each list and says what the caller may do).
                path: 'invoices',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/invoices.tsx') },
                  { path: ':propertyId/:invoiceId', lazy: () => import('./routes/invoice.tsx') },
                ],
              },
              {
                // The vendor company's invoices (issue 24 items 3–4), from the vendor portal.
                path: 'vendor-portal/invoices',
                element: <RequireRole allowed={['vendor']} />,
                children: [
                  { index: true, lazy: () => import('./routes/vendor-portal-invoices.tsx') },
                  { path: 'new', lazy: () => import('./routes/vendor-portal-invoice-new.tsx') },
                  { path: ':invoiceId', lazy: () => import('./routes/vendor-portal-invoice.tsx') },
                ],
              },
              {
                // Bids on work (issue 24 item 2): managers and admins request and award them, board
                // members read their associations' (bids:read; the server scopes each request).
                path: 'bids',
                element: <RequireRole allowed={['manager', 'board']} />,
                children: [
                  { index: true, lazy: () => import('./routes/bids.tsx') },
                  { path: 'new', lazy: () => import('./routes/bids.tsx') },
                  { path: ':propertyId/:requestId', lazy: () => import('./routes/bids.tsx') },
                ],
              },
              {
                // The vendor portal's bid invitations (issue 24 items 2 and 4): the company's people.
                path: 'vendor-portal/bids',
                element: <RequireRole allowed={['vendor']} />,
                children: [
                  { index: true, lazy: () => import('./routes/vendor-portal-bids.tsx') },
                  { path: ':invitationId', lazy: () => import('./routes/vendor-portal-bids.tsx') },
                ],
              },
              {
                // A managed property's architectural project types (issue 22): its managers keep them.
                path: 'manager-portal/properties/:id/arc-project-types',
                element: <RequireRole allowed={['manager']} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('./routes/manager-portal-property-arc-project-types.tsx'),
                  },
                ],
              },
              {
                // A person's profile, as far as it concerns the manager's properties (issue 17).
                path: 'manager-portal/people/:userId',
                element: <RequireRole allowed={['manager']} />,
                children: [{ index: true, lazy: () => import('./routes/manager-portal-person.tsx') }],
              },
              {
                // The assistant's figures: admins (every property) and managers (their own); outranks
                // the admins-only admin-portal routes below.
                path: 'admin-portal/analytics',
                element: <RequireRole allowed={['manager']} />,
                children: [{ index: true, lazy: () => import('./routes/admin-portal-analytics.tsx') }],
              },
              {
                path: 'admin-portal',
                element: <RequireRole allowed={['admin']} />,
                children: [
                  { index: true, lazy: () => import('./routes/admin-portal.tsx') },
                  { path: 'users', lazy: () => import('./routes/admin-portal-users.tsx') },
                  { path: 'users/:userId', lazy: () => import('./routes/admin-portal-user.tsx') },
                  { path: 'audit-logs', lazy: () => import('./routes/admin-portal-audit-logs.tsx') },
                  { path: 'jobs', lazy: () => import('./routes/admin-portal-jobs.tsx') },
                  {
                    path: 'system-settings',
                    lazy: () => import('./routes/admin-portal-system-settings.tsx'),
                  },
                  { path: 'properties', lazy: () => import('./routes/admin-portal-properties.tsx') },
                  { path: 'properties/new', lazy: () => import('./routes/admin-portal-properties-new.tsx') },
                  { path: 'properties/:id', lazy: () => import('./routes/admin-portal-property.tsx') },
                  {
                    // The onboarding wizard: the layout keeps the draft and sends a visit to a later step
                    // back to the first incomplete one.
                    path: 'property-onboarding',
                    lazy: () => import('./routes/admin-portal-property-onboarding.tsx'),
                    children: [
                      {
                        path: 'start',
                        lazy: () => import('./routes/admin-portal-property-onboarding-start.tsx'),
                      },
                      {
                        path: 'basic-info',
                        lazy: () => import('./routes/admin-portal-property-onboarding-basic-info.tsx'),
                      },
                      {
                        path: 'documents',
                        lazy: () => import('./routes/admin-portal-property-onboarding-documents.tsx'),
                      },
                      {
                        path: 'managers',
                        lazy: () => import('./routes/admin-portal-property-onboarding-managers.tsx'),
                      },
                      {
                        path: 'residents',
                        lazy: () => import('./routes/admin-portal-property-onboarding-residents.tsx'),
                      },
                      {
                        path: 'review',
                        lazy: () => import('./routes/admin-portal-property-onboarding-review.tsx'),
                      },
                      {
                        path: 'complete',
                        lazy: () => import('./routes/admin-portal-property-onboarding-complete.tsx'),
                      },
                    ],
                  },
                  // Non-admins get 'no access' for any /admin-portal/* URL, admins a not-found page.
                  { path: '*', lazy: () => import('./routes/admin-portal-not-found.tsx') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
