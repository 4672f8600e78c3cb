import type { ManagerAttentionItem } from '@commonwise/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, TestProviders } from '../../../test/render.tsx';
import { NeedsAttentionCard } from './NeedsAttentionCard.tsx';

const item: ManagerAttentionItem = {
  id: '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30',
  reference: 'WC-1042',
  summary: 'Kitchen sink leaking under the cabinet',
  propertyId: '22222222-2222-4222-8222-222222222222',
  propertyName: 'Willow Creek Commons',
  mainCategory: 'plumbing',
  status: 'new',
  priority: 'emergency',
  createdAt: '2026-03-01T10:00:00.000Z',
  dueDate: null,
  openTaskCount: 0,
  resident: { id: 'ryan', name: 'Ryan Chen' },
  vendor: null,
  managers: [],
  reasons: ['emergency', 'new'],
};

function renderCard(onOpen = vi.fn()) {
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <NeedsAttentionCard items={[item]} total={1} onOpen={onOpen} />
    </TestProviders>,
  );
  return onOpen;
}

describe('NeedsAttentionCard', () => {
  it("names each work order by its association's reference beside the short id (issue 26)", async () => {
    const onOpen = renderCard();
    const attention = screen.getByRole('region', { name: 'What needs attention today' });
    const row = within(attention).getByRole('listitem', { name: item.summary });
    expect(within(row).getByText('WC-1042 · #3ec11b30')).toBeInTheDocument();
    expect(row).toHaveTextContent('Emergency');
    expect(row).toHaveTextContent('no vendor yet');

    await userEvent.click(within(row).getByRole('button', { name: `Open work order: ${item.summary}` }));
    expect(onOpen).toHaveBeenCalledWith(item.id);
  });
});
