import { ManageAmenitiesPage } from '../../features/amenities/components/ManageAmenitiesPage.tsx';

/** An association's amenities as its managers keep them: rules, approvals, deposits (issue 23 item 5). */
export function Component() {
  return <ManageAmenitiesPage />;
}
