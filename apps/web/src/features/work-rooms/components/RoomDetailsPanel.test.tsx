import type { WorkOrder, WorkOrderDetail, WorkOrderTask, WorkRoomDetail } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { RoomDetailsPanel } from './RoomDetailsPanel.tsx';

// The realtime connection, replaced by channels the test delivers events to.
vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));
beforeAll(stubDocumentFonts);
beforeEach(clearRealtimeChannels);

const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });
const workOrderId = '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30';
const roomId = '11111111-2222-4333-8444-555555555555';

const workOrder: WorkOrder = {
  id: workOrderId,
  reference: 'WC-1042',
  residentId: 'user-ryan',
  propertyId: 'property-willow',
  vendorId: 'user-victor',
  summary: 'Kitchen sink leaking under the cabinet',
  mainCategory: 'plumbing',
  subcategory: 'leak',
  status: 'in_progress',
  priority: 'high',
  createdAt: '2026-03-15T10:00:00.000Z',
  dueDate: null,
  property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
};

const roomDetail: WorkRoomDetail = {
  room: {
    id: roomId,
    workOrderId,
    roomName: 'Kitchen sink leak',
    roomType: 'work_order',
    isActive: true,
    createdAt: '2026-03-15T10:00:00.000Z',
    messageCount: 0,
    lastMessageAt: null,
    isParticipant: true,
    unreadCount: 0,
  },
  workOrder,
  resident: { id: 'user-ryan', fullName: 'Ryan Chen', email: 'resident@commonwise.test' },
  vendor: { id: 'user-victor', fullName: 'Victor Ortiz', email: 'vendor@commonwise.test' },
  participants: [],
  permissions: { canPost: true, canManage: false },
};

const workOrderDetail: WorkOrderDetail = {
  workOrder,
  rooms: [],
  permissions: { canManage: false, canWorkOnTasks: false },
  resident: { id: 'user-ryan', fullName: 'Ryan Chen', units: ['14B'] },
  vendor: { id: 'user-victor', fullName: 'Victor Ortiz' },
  related: [
    {
      id: '9a8b7c6d-0000-4c1e-8f00-ccccdddd0002',
      reference: 'WC-1043',
      summary: 'Water stain on the ceiling below',
      status: 'new',
    },
  ],
};

function task(taskStatus: WorkOrderTask['taskStatus']): WorkOrderTask {
  return {
    id: 'b1f0c6a2-1111-4c1e-8f00-1a2b3ec11b30',
    workOrderId,
    assignedToType: 'vendor',
    assignedToId: 'user-victor',
    assignedToName: 'Victor Ortiz',
    taskDescription: 'Replace the cracked P-trap',
    taskStatus,
    completedAt: null,
    createdAt: '2026-03-15T10:00:00.000Z',
    dueDate: null,
    completionNote: null,
    flagReason: null,
    flaggedAt: null,
  };
}

function fakeServer({ canManage = false } = {}) {
  const server = { tasks: [task('pending')], workOrder, detailReads: 0 };
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === `/api/work-rooms/${roomId}`)
      return jsonResponse(200, {
        ...roomDetail,
        workOrder: server.workOrder,
        permissions: { canPost: true, canManage },
      });
    if (url === `/api/work-orders/${workOrderId}`) {
      server.detailReads += 1;
      return jsonResponse(200, {
        ...workOrderDetail,
        workOrder: server.workOrder,
        permissions: { canManage, canWorkOnTasks: canManage },
      });
    }
    if (url.startsWith(`/api/work-orders/${workOrderId}/tasks`))
      return jsonResponse(200, { tasks: server.tasks, total: server.tasks.length, page: 1, limit: 20 });
    if (url === `/api/work-orders/${workOrderId}/vendor-options`) return jsonResponse(200, { vendors: [] });
    if (url === `/api/work-orders/${workOrderId}/task-assignees`) return jsonResponse(200, { people: [] });
    if (url === `/api/work-orders/${workOrderId}/status` && method === 'POST') {
      const { status } = JSON.parse(String(init!.body)) as { status: WorkOrder['status'] };
      server.workOrder = { ...server.workOrder, status };
      return jsonResponse(200, server.workOrder);
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${method} ${url}` } });
  });
  return server;
}

const manager = makeUser('manager', { id: 'user-maria', fullName: 'Maria Santos' });
const renderPanel = (user = resident) =>
  renderWithRouter(<RoomDetailsPanel roomId={roomId} onClose={() => {}} />, { user });

describe('RoomDetailsPanel', () => {
  it('shows the requests linked to the work order, as the work order view does', async () => {
    fakeServer();
    renderPanel();
    const details = await screen.findByRole('region', { name: 'Work order details' });
    expect(details).toHaveTextContent('WC-1042 · #3ec11b30');
    expect(await within(details).findByText('WC-1043 Water stain on the ceiling below (New)')).toBeVisible();
    expect(within(details).getByText('Related')).toBeInTheDocument();
  });

  it('shows a task someone else starts without a reload (a realtime work-order event)', async () => {
    const server = fakeServer();
    renderPanel();
    const tasks = await screen.findByRole('region', { name: 'Tasks' });
    const row = await within(tasks).findByRole('listitem', { name: 'Task: Replace the cracked P-trap' });
    expect(row).toHaveTextContent('Pending');

    // The vendor starts it elsewhere: the server tells everyone following the work order.
    server.tasks = [task('in_progress')];
    emitRealtime(`user:${resident.id}:work`, 'work-order.updated', workOrder);
    await waitFor(() =>
      expect(
        within(tasks).getByRole('listitem', { name: 'Task: Replace the cracked P-trap' }),
      ).toHaveTextContent('In Progress'),
    );
  });

  it("reads the work order's tasks again after a manager changes it in the room", async () => {
    const server = fakeServer({ canManage: true });
    renderPanel(manager);
    const tasks = await screen.findByRole('region', { name: 'Tasks' });
    await within(tasks).findByRole('listitem', { name: 'Task: Replace the cracked P-trap' });
    expect(server.detailReads).toBe(1);

    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(server.detailReads).toBe(2));
  });
});
