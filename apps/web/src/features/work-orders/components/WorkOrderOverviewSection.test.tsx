import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { WorkOrderOverviewSection } from './WorkOrderOverviewSection.tsx';

vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));
beforeEach(clearRealtimeChannels);

const board = makeUser('board', { id: 'user-beatrice' });

function overview(openCount: number) {
  return {
    generatedAt: new Date().toISOString(),
    propertyCount: 1,
    openCount,
    openByStatus: [{ status: 'new', count: openCount }],
    openByCategory: [{ category: 'plumbing', count: openCount }],
    openByProperty: [
      { propertyId: '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30', name: 'Willow Creek', count: openCount },
    ],
    completion: { windowDays: 30, completedCount: 0, averageHours: null },
  };
}

describe('WorkOrderOverviewSection', () => {
  it("is live: a work order of the board's association that changes updates the figures", async () => {
    let openCount = 3;
    const fetchMock = mockFetch((url) =>
      url === '/api/board-portal/overview' ? jsonResponse(200, overview(openCount)) : jsonResponse(404, {}),
    );
    renderWithRouter(<WorkOrderOverviewSection />, { user: board });
    const figure = await screen.findByText('Open work orders');
    expect(figure.parentElement).toHaveTextContent('3');

    openCount = 2;
    emitRealtime(`user:${board.id}:work`, 'work-order.updated', { id: 'any', status: 'completed' });
    await vi.waitFor(() => expect(figure.parentElement).toHaveTextContent('2'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/board-portal/overview')).toHaveLength(2);
  });
});
