// What other features may use of the scheduled jobs.
export { schedulesQueryOptions } from './api.ts';
export { jobRunStatusColors } from './status.ts';
