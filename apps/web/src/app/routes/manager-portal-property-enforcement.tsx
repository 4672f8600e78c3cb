import { hasPermission } from '@commonwise/contracts';
import { EnforcementStagesPage } from '../../features/violations/components/EnforcementStagesPage.tsx';
import { useSignedInUser } from '../../lib/session.ts';
import { FinanceSubpage } from '../FinanceSubpage.tsx';

/**
 * A property's enforcement stages and the law on hearings and fines (issue 21 item 4): its managers set
 * them up, its board reads them. The server decides which properties the caller may see and change.
 */
export function Component() {
  const user = useSignedInUser();
  const canWrite = hasPermission(user.role, 'violations:write');
  return (
    <FinanceSubpage title="enforcement stages">
      {(propertyId) => <EnforcementStagesPage propertyId={propertyId} canWrite={canWrite} />}
    </FinanceSubpage>
  );
}
