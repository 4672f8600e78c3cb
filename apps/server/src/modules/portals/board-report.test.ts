import { describe, expect, it } from 'vitest';
import type { BoardReportWorkOrder, BoardWorkOrderOverview } from '@commonwise/contracts';
import { BoardReportCache } from './board-report.ts';

const overview = (generatedAt: string, openCount = 2): BoardWorkOrderOverview => ({
  generatedAt,
  propertyCount: 1,
  openCount,
  openByStatus: [{ status: 'new', count: openCount }],
  openByCategory: [],
  openByProperty: [],
  completion: { windowDays: 30, completedCount: 0, averageHours: null },
});
const order: BoardReportWorkOrder = {
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'WC-1042',
  summary: 'Leak',
  propertyName: 'Willow Creek Commons',
  mainCategory: 'plumbing',
  status: 'new',
  priority: 'normal',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const associations = [{ name: 'Willow Creek Commons', timeZone: 'America/Chicago' }];

describe('the board report cache', () => {
  it('renders a report again only when what it shows changed, its day turned or it is 10 minutes old', async () => {
    const cache = new BoardReportCache();
    let renders = 0;
    const render = async () => ({ bytes: Buffer.from(`pdf ${++renders}`) }) as never;
    const at = (iso: string, open = [order], count = 2) =>
      cache.get(
        { overview: overview(iso, count), openWorkOrders: open, associations },
        new Date(iso),
        render,
      );

    const first = await at('2026-11-25T15:00:00.000Z');
    expect(first.generatedAt).toBe('2026-11-25T15:00:00.000Z');
    // The same figures a minute later: the same report, saying when it was made.
    const again = await at('2026-11-25T15:01:00.000Z');
    expect(again.bytes.toString()).toBe('pdf 1');
    expect(again.generatedAt).toBe('2026-11-25T15:00:00.000Z');
    // A work order more, or other figures: a new one.
    expect(
      (
        await at('2026-11-25T15:02:00.000Z', [order, { ...order, id: order.id.replace('1', '2') }])
      ).bytes.toString(),
    ).toBe('pdf 2');
    expect((await at('2026-11-25T15:02:00.000Z', [order], 3)).bytes.toString()).toBe('pdf 3');
    // Ten minutes on, or the next day in Chicago (ages are in days): rendered anew.
    expect((await at('2026-11-25T15:11:00.000Z')).bytes.toString()).toBe('pdf 4');
    expect((await at('2026-11-26T06:00:00.000Z')).bytes.toString()).toBe('pdf 5');
  });
});
