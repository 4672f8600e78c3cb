import type {
  CreateTask,
  ManagerPortalOverview,
  WorkOrderDetail,
  WorkOrderTask,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const managerPortalKeys = {
  overview: ['manager-portal', 'overview'] as const,
  // The same key the chat's work order panel uses, so a task added here shows there too.
  workOrder: (workOrderId: string) => ['work-orders', workOrderId] as const,
};

export const managerOverviewQueryOptions = queryOptions({
  queryKey: managerPortalKeys.overview,
  queryFn: ({ signal }) => api.get<ManagerPortalOverview>('/api/manager-portal/overview', { signal }),
});

export function workOrderDetailQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: managerPortalKeys.workOrder(workOrderId),
    queryFn: ({ signal }) =>
      api.get<WorkOrderDetail>(`/api/work-orders/${encodeURIComponent(workOrderId)}`, { signal }),
  });
}

/** Create Task: a real task on the chosen work order (POST /api/work-orders/:id/tasks). */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workOrderId, input }: { workOrderId: string; input: CreateTask }) =>
      api.post<WorkOrderTask>(`/api/work-orders/${encodeURIComponent(workOrderId)}/tasks`, input),
    onSuccess: (_task, { workOrderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: managerPortalKeys.overview }),
        queryClient.invalidateQueries({ queryKey: managerPortalKeys.workOrder(workOrderId) }),
      ]),
  });
}
