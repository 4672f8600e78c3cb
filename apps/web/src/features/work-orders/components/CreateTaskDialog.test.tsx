import type { ManagerWorkOrder } from '@commonwise/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { createTestQueryClient, TestProviders } from '../../../test/render.tsx';
import { CreateTaskDialog } from './CreateTaskDialog.tsx';

beforeAll(stubDocumentFonts);

const workOrder: ManagerWorkOrder = {
  id: '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30',
  reference: 'WC-1042',
  summary: 'Kitchen sink leaking under the cabinet',
  propertyId: '22222222-2222-4222-8222-222222222222',
  propertyName: 'Willow Creek Commons',
  mainCategory: 'plumbing',
  status: 'in_progress',
  priority: 'normal',
  createdAt: '2026-03-01T10:00:00.000Z',
  dueDate: null,
  openTaskCount: 0,
  resident: null,
  vendor: null,
  managers: [{ id: 'maria', name: 'Maria Santos' }],
};

describe('CreateTaskDialog', () => {
  it('lists the open work orders by summary, reference beside the short id, and property', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <CreateTaskDialog opened onClose={() => {}} workOrders={[workOrder]} initialWorkOrderId={null} />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Work order/ }));
    expect(
      await screen.findByRole('option', {
        name: 'Kitchen sink leaking under the cabinet (WC-1042 · #3ec11b30, Willow Creek Commons)',
      }),
    ).toBeInTheDocument();
  });
});
