import type { Unit } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { UnitsTab } from './UnitsTab.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';

function unit(label: string, overrides: Partial<Unit> = {}): Unit {
  return {
    id: `00000000-0000-4000-8000-${label.padStart(12, '0').replace(/[^0-9]/g, '0')}`,
    propertyId,
    label,
    address: null,
    building: null,
    floor: null,
    kind: 'townhouse',
    shareBp: null,
    voteWeight: 1,
    status: 'occupied',
    archivedAt: null,
    owners: [],
    occupants: [],
    ...overrides,
  };
}

const fourteenB = unit('14B', {
  id: '00000000-0000-4000-8000-000000000014',
  building: 'North',
  floor: '2',
  shareBp: 250,
  voteWeight: 2,
  owners: [
    { userId: 'ryan', fullName: 'Ryan Chen' },
    { userId: 'mei', fullName: 'Mei Chen' },
  ],
  occupants: [{ userId: 'ryan', fullName: 'Ryan Chen', kind: 'owner_occupant' }],
});
const vacant = unit('15A', { id: '00000000-0000-4000-8000-000000000015', status: 'vacant' });

/** The server's answer for each requested page and search. */
function serveUnits(pages: Record<string, { units: Unit[]; total: number }>) {
  return mockFetch((url) => {
    const query = new URL(url, 'http://localhost').searchParams;
    const key = `${query.get('q') ?? ''}|${query.get('page')}`;
    const page = pages[key];
    if (!page) return jsonResponse(200, { units: [], total: 0, page: Number(query.get('page')), limit: 25 });
    return jsonResponse(200, { ...page, page: Number(query.get('page')), limit: 25 });
  });
}

describe('the Units tab', () => {
  it('shows each unit with its building and floor, type, status, owners, occupants, share and vote weight', async () => {
    serveUnits({ '|1': { units: [fourteenB, vacant], total: 2 } });
    renderWithRouter(<UnitsTab propertyId={propertyId} canEdit />);
    const table = await screen.findByRole('table', { name: 'Units' });
    const row = within(table).getByRole('row', { name: /14B/ });
    for (const text of ['North · Floor 2', 'Townhouse', 'Occupied', 'Ryan Chen, Mei Chen', '2.5%', '2'])
      expect(row).toHaveTextContent(text);
    expect(row).toHaveTextContent('Ryan Chen (owner-occupant)');
    const empty = within(table).getByRole('row', { name: /15A/ });
    expect(empty).toHaveTextContent('Vacant');
    expect(empty).toHaveTextContent('Equal');
    expect(screen.getByRole('heading', { name: 'Units (2)' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit unit 14B' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Archive unit 14B' })).toBeInTheDocument();
  });

  it('hides the edit controls from people who may only read', async () => {
    serveUnits({ '|1': { units: [fourteenB], total: 1 } });
    renderWithRouter(<UnitsTab propertyId={propertyId} canEdit={false} />);
    await screen.findByRole('table', { name: 'Units' });
    expect(screen.queryByRole('button', { name: 'Add Unit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit unit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('searches and pages on the server', async () => {
    const many = Array.from({ length: 25 }, (_, n) => unit(`${n + 1}A`));
    const fetchMock = serveUnits({
      '|1': { units: many, total: 30 },
      '|2': { units: [unit('26A'), unit('27A')], total: 30 },
      'chen|1': { units: [fourteenB], total: 1 },
    });
    renderWithRouter(<UnitsTab propertyId={propertyId} canEdit />);
    const table = await screen.findByRole('table', { name: 'Units' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2 of units' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /27A/ })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Search units' }), 'chen');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /14B/ })).toBeInTheDocument();
    const lastUrl = String(fetchMock.mock.calls.at(-1)![0]);
    expect(lastUrl).toContain(`/api/properties/${propertyId}/units?`);
    expect(lastUrl).toContain('q=chen');
    expect(lastUrl).toContain('page=1');
    // Typing, debouncing and two pages: more than the default 5 s on a busy machine.
  }, 15_000);

  it('says so when nothing matches, and offers a retry when loading fails', async () => {
    serveUnits({});
    const { unmount } = renderWithRouter(<UnitsTab propertyId={propertyId} canEdit />);
    expect(await screen.findByText('No units yet')).toBeInTheDocument();
    unmount();

    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }));
    renderWithRouter(<UnitsTab propertyId={propertyId} canEdit />);
    expect(await screen.findByText('Failed to load units')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a duplicate label on the label field', async () => {
    mockFetch((url, init) => {
      if (init?.method === 'POST')
        return jsonResponse(409, {
          error: {
            code: 'DUPLICATE_LABEL',
            message: 'This property already has a unit labelled "14B".',
            fields: { label: 'This property already has a unit labelled "14B".' },
          },
        });
      return jsonResponse(200, { units: [fourteenB], total: 1, page: 1, limit: 25 });
    });
    renderWithRouter(<UnitsTab propertyId={propertyId} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add unit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    expect(await within(dialog).findByText('Unit label is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Unit label/ }), '14b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    expect(
      await within(dialog).findByText('This property already has a unit labelled "14B".'),
    ).toBeInTheDocument();
  });
});
