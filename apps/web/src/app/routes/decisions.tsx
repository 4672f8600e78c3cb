import { DecisionsPage } from '../../features/decisions/components/DecisionsPage.tsx';

/** What the person's boards and committees decide (issue 22 item 5). */
export function Component() {
  return <DecisionsPage />;
}
