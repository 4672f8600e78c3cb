import type {
  BoardWorkOrderOverview,
  CreateTask,
  UserList,
  VendorOptions,
  VendorPortal,
  WorkOrder,
  WorkOrderDetail,
  WorkOrderStatus,
  WorkOrderTask,
  WorkOrderList,
} from '@commonwise/contracts';
import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { getAllWorkRooms } from '../work-rooms/api.ts';
import { fetchPropertyManagers, fetchPropertyResidents } from '../properties/api.ts';

const workOrderPath = (workOrderId: string) => `/api/work-orders/${encodeURIComponent(workOrderId)}`;

export const workOrderKeys = {
  /** Every work order's details: the chat reloads them all once the assistant has answered. */
  all: ['work-orders'] as const,
  detail: (workOrderId: string) => ['work-orders', workOrderId] as const,
  // Not under the details: reloading a work order after a change does not ask for its people again.
  // With the vendor in the key: a work order given to another vendor offers that one.
  assignees: (workOrder: WorkOrder, type: WorkOrderTask['assignedToType']) =>
    ['work-order-assignees', workOrder.id, type, workOrder.vendorId] as const,
  vendorOptions: (workOrderId: string) => ['work-rooms', 'vendor-options', workOrderId] as const,
  // The portals' lists keep their portal's prefix: a portal reloads everything it shows at once.
  residentList: ['resident-portal', 'work-orders'] as const,
  residentRoomLinks: ['resident-portal', 'room-links'] as const,
  vendorList: ['vendor-portal', 'work-orders'] as const,
  boardOverview: ['board-portal', 'overview'] as const,
};

/** A work order with its tasks, activity and rooms. */
export function workOrderQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: workOrderKeys.detail(workOrderId),
    queryFn: ({ signal }) => api.get<WorkOrderDetail>(workOrderPath(workOrderId), { signal }),
  });
}

export type Assignee = { id: string; name: string };

/**
 * Who a task of this type can be given to on this work order — its property's managers, its
 * property's active residents, or its vendor — the only people the server accepts.
 */
export function assigneesQueryOptions(workOrder: WorkOrder, type: WorkOrderTask['assignedToType']) {
  return queryOptions({
    queryKey: workOrderKeys.assignees(workOrder, type),
    queryFn: async ({ signal }): Promise<Assignee[]> => {
      if (type === 'manager') {
        const managers = await fetchPropertyManagers(workOrder.propertyId, signal);
        return managers.map((manager) => ({ id: manager.userId, name: manager.fullName || manager.email }));
      }
      if (type === 'resident') {
        const residents = await fetchPropertyResidents(workOrder.propertyId, signal);
        return residents
          .filter((resident) => resident.status === 'active')
          .map((resident) => ({ id: resident.userId, name: resident.fullName || resident.email }));
      }
      if (!workOrder.vendorId) return [];
      const users = await getAllPages('/api/users?role=vendor', (list: UserList) => list.users, { signal });
      return users
        .filter((user) => user.id === workOrder.vendorId && user.isActive)
        .map((user) => ({ id: user.id, name: user.fullName || user.email }));
    },
    staleTime: 60_000,
  });
}

/** The vendors a work order can be given to. */
export function vendorOptionsQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: workOrderKeys.vendorOptions(workOrderId),
    queryFn: async ({ signal }) =>
      (await api.get<VendorOptions>(`${workOrderPath(workOrderId)}/vendor-options`, { signal })).vendors,
    staleTime: 60_000,
  });
}

/**
 * Adds a task to a work order (POST /api/work-orders/:id/tasks) and reloads the work order.
 * `alsoRefresh`: the caller's own data that counts tasks (the manager portal's overview).
 */
export function useCreateTask({ alsoRefresh }: { alsoRefresh?: QueryKey | undefined } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workOrderId, input }: { workOrderId: string; input: CreateTask }) =>
      api.post<WorkOrderTask>(`${workOrderPath(workOrderId)}/tasks`, input),
    onSuccess: (_task, { workOrderId }) =>
      Promise.all([
        alsoRefresh ? queryClient.invalidateQueries({ queryKey: alsoRefresh }) : null,
        queryClient.invalidateQueries({ queryKey: workOrderKeys.detail(workOrderId) }),
      ]),
  });
}

export function useUpdateTaskStatus(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, taskStatus }: { taskId: string; taskStatus: WorkOrderTask['taskStatus'] }) =>
      api.patch<WorkOrderTask>(`/api/tasks/${encodeURIComponent(taskId)}`, { taskStatus }),
    onSuccess: (task) => {
      queryClient.setQueryData(
        workOrderKeys.detail(workOrderId),
        (detail: WorkOrderDetail | undefined) =>
          detail && {
            ...detail,
            tasks: detail.tasks.map((candidate) => (candidate.id === task.id ? task : candidate)),
          },
      );
      // The activity feed has a new entry.
      return queryClient.invalidateQueries({ queryKey: workOrderKeys.detail(workOrderId) });
    },
  });
}

/** What a screen does with the saved work order: puts it where it shows it (awaited before done). */
export type OnWorkOrderSaved = (workOrder: WorkOrder) => Promise<unknown> | void;

export function useChangeWorkOrderStatus(workOrderId: string, onSaved: OnWorkOrderSaved) {
  return useMutation({
    mutationFn: (status: WorkOrderStatus) =>
      api.post<WorkOrder>(`${workOrderPath(workOrderId)}/status`, { status }),
    onSuccess: onSaved,
  });
}

export function useAssignVendor(workOrderId: string, onSaved: OnWorkOrderSaved) {
  return useMutation({
    mutationFn: (vendorId: string | null) =>
      api.put<WorkOrder>(`${workOrderPath(workOrderId)}/vendor`, { vendorId }),
    onSuccess: onSaved,
  });
}

/** SPEC §7: the resident's own work orders with their property, newest first (the server scopes them). */
export const myWorkOrdersQueryOptions = queryOptions({
  queryKey: workOrderKeys.residentList,
  queryFn: ({ signal }) =>
    getAllPages('/api/work-orders', (list: WorkOrderList): WorkOrder[] => list.workOrders, { signal }),
});

/** The room each work order is discussed in (its first active room), to link the list to Work Rooms. */
export const roomLinksQueryOptions = queryOptions({
  queryKey: workOrderKeys.residentRoomLinks,
  queryFn: async ({ signal }) => {
    const list = await getAllWorkRooms(signal);
    const links = new Map<string, string>();
    for (const { workOrder, rooms } of list.workOrders) {
      if (rooms[0]) links.set(workOrder.id, rooms[0].id);
    }
    return links;
  },
});

/** A newer copy of a work order (its status changed): replaced in place, the list stays newest first. */
export function patchCachedMyWorkOrder(queryClient: QueryClient, workOrder: WorkOrder): boolean {
  let found = false;
  queryClient.setQueryData(workOrderKeys.residentList, (workOrders: WorkOrder[] | undefined) =>
    workOrders?.map((candidate) => {
      if (candidate.id !== workOrder.id) return candidate;
      found = true;
      return workOrder;
    }),
  );
  return found;
}

/** The work orders assigned to the vendor (all of them for an admin). */
export const vendorWorkOrdersQueryOptions = queryOptions({
  queryKey: workOrderKeys.vendorList,
  queryFn: async ({ signal }) => (await api.get<VendorPortal>('/api/vendor-portal', { signal })).workOrders,
});

/** The board's figures from the association's own work orders. */
export const boardOverviewQueryOptions = queryOptions({
  queryKey: workOrderKeys.boardOverview,
  queryFn: ({ signal }) => api.get<BoardWorkOrderOverview>('/api/board-portal/overview', { signal }),
});
