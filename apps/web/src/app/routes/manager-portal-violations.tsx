import { ViolationsPage } from '../../features/violations/components/ViolationsPage.tsx';

/** The violations of the person's associations (issue 21): managers and the board. */
export function Component() {
  return <ViolationsPage />;
}
