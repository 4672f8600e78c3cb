import { PageHeader } from '../../components/PageHeader.tsx';
import { ScheduledJobs } from './ScheduledJobs.tsx';

/** /admin-portal/jobs: the scheduled jobs on a page of their own, until System Settings includes them. */
export function ScheduledJobsPage() {
  return (
    <>
      <PageHeader
        title="Scheduled Jobs"
        description="Recurring work the platform does by itself, in each association's time zone: when it runs next, what it did, and what it would do."
      />
      <ScheduledJobs />
    </>
  );
}
