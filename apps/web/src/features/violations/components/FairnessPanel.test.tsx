import type { ViolationFairness } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ConsistencyCheck, FairnessPanel } from './FairnessPanel.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const fairness: ViolationFairness = {
  violation: {
    id: id(1),
    unit: { id: id(11), label: '14B' },
    rule: { id: id(21), title: 'Trash containers', category: 'trash' },
    observedAt: '2026-03-02T17:00:00.000Z',
    inspectionId: id(31),
  },
  since: '2025-03-05T00:00:00.000Z',
  otherUnits: {
    units: 2,
    violations: 3,
    cited: 1,
    unitsCited: 1,
    cured: 1,
    fined: 0,
    waived: 2,
    open: 1,
    recent: [
      {
        id: id(2),
        unit: { id: id(12), label: '9A' },
        status: 'dismissed',
        source: 'complaint',
        observedAt: '2026-01-10T17:00:00.000Z',
        closedAt: '2026-01-12T17:00:00.000Z',
        notice: 'none',
        isFined: false,
        isWaived: true,
      },
    ],
  },
  thisUnit: { violations: 3, cited: 3 },
  sameInspection: [
    {
      id: id(3),
      unit: { id: id(13), label: '15C' },
      status: 'open',
      source: 'inspection',
      observedAt: '2026-03-02T17:10:00.000Z',
      closedAt: null,
      notice: 'none',
      isFined: false,
      isWaived: false,
    },
  ],
  flags: [
    {
      kind: 'owner_serves',
      message:
        'Unit 14B’s owner Dana Park (Board of Directors) serves the association today: treat this notice exactly as any other owner’s, and let someone else approve and decide it.',
    },
  ],
};

describe('FairnessPanel', () => {
  it('puts the flags first, then the other units’ figures and the same inspection’s units', async () => {
    mockFetch(() => jsonResponse(200, fairness));
    renderWithRouter(<FairnessPanel violationId={id(1)} />, { user: makeUser('manager') });
    const flags = await screen.findByRole('list', { name: 'Flags' });
    expect(within(flags).getByText('Owner serves the association')).toBeInTheDocument();
    expect(
      within(flags).getByText(/Dana Park \(Board of Directors\) serves the association today/),
    ).toBeInTheDocument();
    expect(screen.getByText('3 violations at 2 units, 1 still open.')).toBeInTheDocument();
    expect(screen.getByText('Waived or dismissed').nextSibling).toHaveTextContent('2');
    const others = screen.getByRole('region', { name: '“Trash containers” at other units, last 12 months' });
    expect(within(others).getByRole('link', { name: 'Unit 9A' })).toHaveAttribute(
      'href',
      `/manager-portal/violations/${id(2)}`,
    );
    expect(within(others).getByText('Waived')).toBeInTheDocument();
    const inspection = screen.getByRole('region', { name: 'Same inspection' });
    expect(within(inspection).getByRole('link', { name: 'Unit 15C' })).toBeInTheDocument();
    expect(within(inspection).getByText('No notice')).toBeInTheDocument();
  });

  it('says plainly when nothing is flagged', async () => {
    mockFetch(() => jsonResponse(200, { ...fairness, flags: [] }));
    renderWithRouter(<FairnessPanel violationId={id(1)} />, { user: makeUser('board') });
    expect(
      await screen.findByText('No flags: nothing suggests this rule is applied unevenly here.'),
    ).toBeInTheDocument();
  });

  it('is closed on the violation’s page until asked for, and only then read', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, fairness));
    const user = userEvent.setup();
    renderWithRouter(<ConsistencyCheck violationId={id(1)} />, { user: makeUser('manager') });
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(toggle);
    expect(await screen.findByRole('list', { name: 'Flags' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/violations/${id(1)}/fairness`);
  });
});
