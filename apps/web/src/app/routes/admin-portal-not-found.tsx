import { NotFound } from '../../components/NotFound.tsx';

/** An admin-portal page that does not exist (yet), shown inside the layout to an admin. */
export function Component() {
  return <NotFound isSignedIn />;
}
