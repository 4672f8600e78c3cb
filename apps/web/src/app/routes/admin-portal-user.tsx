import { PersonProfilePage } from '../../features/people/components/PersonProfilePage.tsx';

/** /admin-portal/users/:userId: a person's units and memberships across associations. */
export function Component() {
  return (
    <PersonProfilePage
      backPath="/admin-portal/users"
      backLabel="Back to Users"
      propertyPath={(propertyId) => `/admin-portal/properties/${encodeURIComponent(propertyId)}`}
    />
  );
}
