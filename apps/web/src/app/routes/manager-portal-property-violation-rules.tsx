import { RulesPage } from '../../features/violations/components/RulesPage.tsx';
import { useSignedInUser } from '../../lib/session.ts';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/**
 * A property's enforceable rules (issue 21): its managers confirm and keep them, its board reads them.
 * The server decides which properties the caller may see and what they may do.
 */
export function Component() {
  const user = useSignedInUser();
  const canWrite = user.role === 'manager' || user.role === 'admin';
  return (
    <FinanceSubpage title="rules">
      {(propertyId) => <RulesPage propertyId={propertyId} canWrite={canWrite} />}
    </FinanceSubpage>
  );
}
