import type { JobRunStatus } from '@commonwise/contracts';

/** A run's status colour, the same on the Scheduled Jobs screen and in System Settings. */
export const jobRunStatusColors: Record<JobRunStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  skipped: 'yellow',
};
