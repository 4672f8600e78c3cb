import { AmenitiesPage } from '../../features/amenities/components/AmenitiesPage.tsx';

/** Booking the association's amenities, and the person's bookings (issue 23 item 5). */
export function Component() {
  return <AmenitiesPage />;
}
