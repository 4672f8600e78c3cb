import { PersonProfilePage } from '../../features/people/components/PersonProfilePage.tsx';

/** /manager-portal/people/:userId: what concerns the manager's properties of a person. */
export function Component() {
  return <PersonProfilePage backPath="/manager-portal" backLabel="Back to Manager Portal" />;
}
