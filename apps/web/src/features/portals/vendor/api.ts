import type { VendorPortal } from '@commonwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const vendorWorkOrdersQueryOptions = queryOptions({
  queryKey: ['vendor-portal', 'work-orders'],
  queryFn: async ({ signal }) => (await api.get<VendorPortal>('/api/vendor-portal', { signal })).workOrders,
});

/** Where a work order's room opens (the Work Rooms screen reads ?room=). */
export const workRoomPath = (roomId: string) => `/work-rooms?room=${encodeURIComponent(roomId)}`;
