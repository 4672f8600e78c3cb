import type { WorkOrderActivity, WorkOrderTask } from '@commonwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { workOrderActivityQueryOptions, workOrderTasksQueryOptions } from '../api.ts';

/** Each once, in the order the pages brought them (a page refetched after a change may repeat one). */
function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/** The work order's tasks loaded so far, oldest first, with how many there are in all. */
export function useWorkOrderTasks(workOrderId: string) {
  const query = useInfiniteQuery(workOrderTasksQueryOptions(workOrderId));
  const tasks: WorkOrderTask[] = uniqueById(query.data?.pages.flatMap((page) => page.tasks) ?? []);
  return { query, tasks, total: query.data?.pages.at(-1)?.total ?? 0 };
}

/** The work order's activity loaded so far, newest first. */
export function useWorkOrderActivity(workOrderId: string) {
  const query = useInfiniteQuery(workOrderActivityQueryOptions(workOrderId));
  const activity: WorkOrderActivity[] = uniqueById(query.data?.pages.flatMap((page) => page.activity) ?? []);
  return { query, activity };
}
