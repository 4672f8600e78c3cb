import type {
  AssignVendor,
  BoardWorkOrderOverview,
  CreateTask,
  FlagTask,
  InternalNote,
  InternalNoteList,
  UpdateWorkOrder,
  TaskAssignees,
  UpdateTaskDetails,
  VendorOptions,
  VendorPortal,
  WorkOrder,
  WorkOrderActivityPage,
  WorkOrderDetail,
  WorkOrderStatus,
  WorkOrderTask,
  WorkOrderTaskList,
  WorkOrderList,
  WorkOrderRating,
  WorkOrderRatingInput,
  WorkOrderRatingState,
  VendorSuggestions,
} from '@commonwise/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type InfiniteData,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { getAllWorkRooms } from '../work-rooms/api.ts';
import { attachmentKeys } from '../attachments/index.ts';

const workOrderPath = (workOrderId: string) => `/api/work-orders/${encodeURIComponent(workOrderId)}`;

export const workOrderKeys = {
  /** Every work order's details: the chat reloads them all once the assistant has answered. */
  all: ['work-orders'] as const,
  detail: (workOrderId: string) => ['work-orders', workOrderId] as const,
  // Under the details: reloading a work order reloads the pages of its tasks and activity loaded so far.
  tasks: (workOrderId: string) => ['work-orders', workOrderId, 'tasks'] as const,
  activity: (workOrderId: string) => ['work-orders', workOrderId, 'activity'] as const,
  vendorOptions: (workOrderId: string) => ['work-rooms', 'vendor-options', workOrderId] as const,
  // Under the details: a change to the work order (completed, a vendor assigned) asks again.
  rating: (workOrderId: string) => ['work-orders', workOrderId, 'rating'] as const,
  vendorSuggestions: (workOrderId: string) => ['work-orders', workOrderId, 'vendor-suggestions'] as const,
  // Not under the details: reloading a work order after a change does not ask for its people again.
  // With the vendor in the key: a work order given to another vendor offers that one.
  internalNotes: (workOrderId: string) => ['work-orders', workOrderId, 'internal-notes'] as const,
  taskAssignees: (workOrderId: string, vendorId: string | null) =>
    ['work-order-task-assignees', workOrderId, vendorId] as const,
  // The portals' lists keep their portal's prefix: a portal reloads everything it shows at once.
  residentList: ['resident-portal', 'work-orders'] as const,
  residentRoomLinks: ['resident-portal', 'room-links'] as const,
  vendorList: ['vendor-portal', 'work-orders'] as const,
  boardOverview: ['board-portal', 'overview'] as const,
};

/** A work order with its rooms; its tasks and activity come a page at a time (below). */
export function workOrderQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: workOrderKeys.detail(workOrderId),
    queryFn: ({ signal }) => api.get<WorkOrderDetail>(workOrderPath(workOrderId), { signal }),
  });
}

/** How many tasks and activity entries a page brings. */
export const workOrderPageSize = 20;

/** A work order's tasks, oldest first, a page at a time ("Show more tasks"). */
export function workOrderTasksQueryOptions(workOrderId: string) {
  return infiniteQueryOptions({
    queryKey: workOrderKeys.tasks(workOrderId),
    queryFn: ({ pageParam, signal }) =>
      api.get<WorkOrderTaskList>(
        `${workOrderPath(workOrderId)}/tasks?${new URLSearchParams({
          page: String(pageParam),
          limit: String(workOrderPageSize),
        }).toString()}`,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

/**
 * A work order's activity, newest first, a page at a time ("Show older activity"), each page from the
 * oldest entry of the one before: new entries do not shift the pages (a reload starts from the top).
 */
export function workOrderActivityQueryOptions(workOrderId: string) {
  return infiniteQueryOptions({
    queryKey: workOrderKeys.activity(workOrderId),
    queryFn: ({ pageParam, signal }) =>
      api.get<WorkOrderActivityPage>(
        `${workOrderPath(workOrderId)}/activity?${new URLSearchParams({
          limit: String(workOrderPageSize),
          ...(pageParam ? { before: pageParam } : {}),
        }).toString()}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.activity.at(-1)?.id ?? null) : null),
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
 * Vendors suggested for the work order (issue 24 item 5): by trade, insurance, rating and open work, with
 * the reasons. Only a suggestion: a manager assigns through the same path as the vendor select.
 */
export function vendorSuggestionsQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: workOrderKeys.vendorSuggestions(workOrderId),
    queryFn: ({ signal }) =>
      api.get<VendorSuggestions>(`${workOrderPath(workOrderId)}/vendor-suggestions`, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The resident's rating of the completed work and whether the caller may give it now (issue 24 item 5).
 * The server answers no rating to the vendor.
 */
export function workOrderRatingQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: workOrderKeys.rating(workOrderId),
    queryFn: ({ signal }) =>
      api.get<WorkOrderRatingState>(`${workOrderPath(workOrderId)}/rating`, { signal }),
  });
}

/** The resident who asked rates the completed work, once: the answer is shown at once. */
export function useRateWorkOrder(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkOrderRatingInput) =>
      api.post<WorkOrderRating>(`${workOrderPath(workOrderId)}/rating`, input),
    onSuccess: (rating) =>
      queryClient.setQueryData<WorkOrderRatingState>(workOrderKeys.rating(workOrderId), {
        rating,
        canRate: false,
      }),
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

/** A changed task in place, on whichever page it is (the list keeps its place), and the new activity. */
function showSavedTask(queryClient: QueryClient, workOrderId: string, task: WorkOrderTask) {
  queryClient.setQueryData(
    workOrderKeys.tasks(workOrderId),
    (data: InfiniteData<WorkOrderTaskList> | undefined) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          tasks: page.tasks.map((candidate) => (candidate.id === task.id ? task : candidate)),
        })),
      },
  );
  return queryClient.invalidateQueries({ queryKey: workOrderKeys.activity(workOrderId) });
}

const taskPath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}`;

/** Start, complete (with what was done) or reopen a task. */
export function useUpdateTaskStatus(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      taskId,
      taskStatus,
      note,
      attachmentIds,
    }: {
      taskId: string;
      taskStatus: WorkOrderTask['taskStatus'];
      note?: string | undefined;
      attachmentIds?: string[] | undefined;
    }) =>
      api.patch<WorkOrderTask>(taskPath(taskId), {
        taskStatus,
        ...(note ? { note } : {}),
        ...(attachmentIds?.length ? { attachmentIds } : {}),
      }),
    onSuccess: (task) => {
      showSavedTask(queryClient, workOrderId, task);
      // Its photos join the work order's.
      if (task.attachments?.length)
        void queryClient.invalidateQueries({ queryKey: attachmentKeys.workOrder(workOrderId) });
    },
  });
}

/** Raise a problem on a task for the manager, or clear it (reason null). */
export function useFlagTask(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, reason }: { taskId: string; reason: FlagTask['reason'] }) =>
      api.put<WorkOrderTask>(`${taskPath(taskId)}/flag`, { reason }),
    onSuccess: (task) => showSavedTask(queryClient, workOrderId, task),
  });
}

/** A manager's change to a task: its description, who it is for, its due date. */
export function useUpdateTaskDetails(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: string; input: UpdateTaskDetails }) =>
      api.patch<WorkOrderTask>(`${taskPath(taskId)}/details`, input),
    onSuccess: (task) => showSavedTask(queryClient, workOrderId, task),
  });
}

/** Who a task of the work order can be given to: its property's managers and its vendor. */
export function taskAssigneesQueryOptions(workOrder: Pick<WorkOrder, 'id' | 'vendorId'>) {
  return queryOptions({
    queryKey: workOrderKeys.taskAssignees(workOrder.id, workOrder.vendorId),
    queryFn: async ({ signal }) =>
      (await api.get<TaskAssignees>(`${workOrderPath(workOrder.id)}/task-assignees`, { signal })).people,
    staleTime: 60_000,
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

/**
 * Gives the work order to a vendor (null takes it off). A vendor whose certificate of insurance has expired
 * is refused (409 VENDOR_INSURANCE_EXPIRED) unless the manager gives an `overrideReason` (issue 24).
 */
export function useAssignVendor(workOrderId: string, onSaved: OnWorkOrderSaved) {
  return useMutation({
    mutationFn: (input: AssignVendor) => api.put<WorkOrder>(`${workOrderPath(workOrderId)}/vendor`, input),
    onSuccess: onSaved,
  });
}

/** A manager's change to a work order's priority or due date. */
export function useUpdateWorkOrder(workOrderId: string, onSaved: OnWorkOrderSaved) {
  return useMutation({
    mutationFn: (input: UpdateWorkOrder) => api.patch<WorkOrder>(workOrderPath(workOrderId), input),
    onSuccess: onSaved,
  });
}

/** How many internal notes a view shows (the newest). */
export const internalNotesShown = 50;

/** The staff's internal notes on a work order, newest first (the server refuses anyone else). */
export function internalNotesQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: workOrderKeys.internalNotes(workOrderId),
    queryFn: ({ signal }) =>
      api.get<InternalNoteList>(`${workOrderPath(workOrderId)}/internal-notes?limit=${internalNotesShown}`, {
        signal,
      }),
  });
}

export function useAddInternalNote(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<InternalNote>(`${workOrderPath(workOrderId)}/internal-notes`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.internalNotes(workOrderId) }),
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

export const vendorPortalPageSize = 20;

/**
 * A page of the work orders assigned to the vendor (every vendor's for an admin), with the counts over
 * all of them.
 */
export function vendorPortalQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...workOrderKeys.vendorList, page],
    queryFn: ({ signal }) =>
      api.get<VendorPortal>(`/api/vendor-portal?page=${page}&limit=${vendorPortalPageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The board's figures from the association's own work orders. */
export const boardOverviewQueryOptions = queryOptions({
  queryKey: workOrderKeys.boardOverview,
  queryFn: ({ signal }) => api.get<BoardWorkOrderOverview>('/api/board-portal/overview', { signal }),
});
