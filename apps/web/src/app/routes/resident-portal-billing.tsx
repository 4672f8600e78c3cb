import { BillingPage } from '../../features/finance/components/BillingPage.tsx';

/** An owner's unit's account and payments (issue 20, item 6). */
export function Component() {
  return <BillingPage />;
}
