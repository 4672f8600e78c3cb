export { ScheduledJobsPage as Component } from '../../features/jobs/ScheduledJobsPage.tsx';
