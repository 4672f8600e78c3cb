import { ComplaintsPage } from '../../features/violations/components/ComplaintsPage.tsx';

/** Residents' complaints for the managers to verify or dismiss (issue 21): not the board's to read. */
export function Component() {
  return <ComplaintsPage />;
}
