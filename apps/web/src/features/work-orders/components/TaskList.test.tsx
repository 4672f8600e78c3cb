import type { WorkOrder, WorkOrderDetail, WorkOrderTask } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { TaskList } from './TaskList.tsx';

const workOrderId = '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30';
const workOrder: WorkOrder = {
  id: workOrderId,
  reference: 'WC-1042',
  residentId: 'user-ryan',
  propertyId: 'property-1',
  vendorId: 'user-victor',
  summary: 'Leaking kitchen faucet',
  mainCategory: 'plumbing',
  subcategory: 'leak',
  status: 'in_progress',
  priority: 'normal',
  createdAt: '2026-03-01T10:00:00.000Z',
  dueDate: null,
  property: { name: 'Willow Creek Commons', address: '1200 Willow Creek Drive' },
};

function task(overrides: Partial<WorkOrderTask> = {}): WorkOrderTask {
  return {
    id: 'b1f0c6a2-1111-4c1e-8f00-1a2b3ec11b30',
    workOrderId,
    assignedToType: 'vendor',
    assignedToId: 'user-victor',
    assignedToName: 'Victor Ortiz',
    taskDescription: 'Replace the cartridge',
    taskStatus: 'pending',
    completedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    dueDate: '2030-03-05',
    completionNote: null,
    flagReason: null,
    flaggedAt: null,
    ...overrides,
  };
}

type Permissions = WorkOrderDetail['permissions'];
const asResident: Permissions = { canManage: false, canWorkOnTasks: false };
const asVendor: Permissions = { canManage: false, canWorkOnTasks: true };
const asManager: Permissions = { canManage: true, canWorkOnTasks: true };

function serve(tasks: WorkOrderTask[]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url.startsWith(`/api/work-orders/${workOrderId}/tasks`))
      return jsonResponse(200, { tasks, total: tasks.length, page: 1, limit: 20 });
    if (url.startsWith(`/api/work-orders/${workOrderId}/activity`))
      return jsonResponse(200, { activity: [], hasMore: false });
    if (url === `/api/work-orders/${workOrderId}/task-assignees`)
      return jsonResponse(200, {
        people: [
          { id: 'user-maria', fullName: 'Maria Santos', assignedToType: 'manager' },
          { id: 'user-victor', fullName: 'Victor Ortiz', assignedToType: 'vendor' },
        ],
      });
    const taskMatch = /^\/api\/tasks\/([^/]+)(\/flag|\/details)?$/.exec(url);
    if (taskMatch) {
      const current = tasks.find((candidate) => candidate.id === taskMatch[1])!;
      const changed =
        taskMatch[2] === '/flag'
          ? { ...current, flagReason: body!.reason as string, flaggedAt: new Date().toISOString() }
          : { ...current, ...body, completionNote: (body!.note as string | undefined) ?? null };
      return jsonResponse(200, changed);
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return sent;
}

function renderTasks(permissions: Permissions, viewerId = 'user-victor') {
  renderWithRouter(<TaskList workOrder={workOrder} permissions={permissions} viewerId={viewerId} />, {
    user: makeUser('resident', { id: viewerId }),
  });
  return screen.findByRole('listitem', { name: 'Task: Replace the cartridge' });
}

// Mantine's autosizing text areas listen for fonts, which jsdom does not have.
beforeAll(stubDocumentFonts);

describe('TaskList: controls by what the viewer may do', () => {
  it('offers the resident no control at all: the task, its status and note, read-only', async () => {
    serve([task({ taskStatus: 'completed', completionNote: 'New cartridge fitted' })]);
    const item = await renderTasks(asResident, 'user-ryan');
    expect(item).toHaveTextContent('Completed');
    expect(item).toHaveTextContent('Note: New cartridge fitted');
    expect(within(item).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Create task' })).not.toBeInTheDocument();
  });

  it('lets the vendor start, flag and complete with a note, but not edit or add tasks', async () => {
    const sent = serve([task()]);
    const user = userEvent.setup();
    const item = await renderTasks(asVendor);
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Start', 'Complete', 'Flag a problem']);
    expect(screen.queryByRole('form', { name: 'Create task' })).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: `/api/tasks/${task().id}`,
        body: { taskStatus: 'in_progress' },
      }),
    );

    await user.click(within(item).getByRole('button', { name: 'Flag a problem' }));
    const flag = within(item).getByRole('form', { name: 'Flag a problem' });
    await user.click(within(flag).getByRole('button', { name: 'Flag' }));
    expect(within(flag).getByText('Say what the problem is')).toBeInTheDocument();
    await user.type(
      within(flag).getByRole('textbox', { name: 'What is the problem?' }),
      'Part on back order',
    );
    await user.click(within(flag).getByRole('button', { name: 'Flag' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        url: `/api/tasks/${task().id}/flag`,
        body: { reason: 'Part on back order' },
      }),
    );
    expect(await within(item).findByText('Part on back order')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Complete' }));
    const form = within(item).getByRole('form', { name: 'Complete the task' });
    await user.type(within(form).getByRole('textbox', { name: /What was done/ }), 'Fitted a new cartridge');
    await user.click(within(form).getByRole('button', { name: 'Mark complete' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: `/api/tasks/${task().id}`,
        body: { taskStatus: 'completed', note: 'Fitted a new cartridge' },
      }),
    );
    // Done: nothing left to start, complete or flag.
    await waitFor(() => expect(within(item).queryAllByRole('button')).toEqual([]));
  });

  it('lets the manager also edit a task (re-assign, due date) and add one', async () => {
    const sent = serve([task()]);
    const user = userEvent.setup();
    const item = await renderTasks(asManager, 'user-maria');
    expect(screen.getByRole('form', { name: 'Create task' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = within(item).getByRole('form', { name: 'Edit task' });
    const assignTo = within(form).getByRole('combobox', { name: 'Assign to' });
    await within(assignTo).findByRole('option', { name: 'Maria Santos (you)' });
    await user.selectOptions(assignTo, 'Maria Santos (you)');
    const due = within(form).getByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '2030-04-01');
    await user.click(within(form).getByRole('button', { name: 'Save task' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: `/api/tasks/${task().id}/details`,
        body: {
          taskDescription: 'Replace the cartridge',
          assignedToType: 'manager',
          assignedToId: 'user-maria',
          dueDate: '2030-04-01',
        },
      }),
    );
  });
});
