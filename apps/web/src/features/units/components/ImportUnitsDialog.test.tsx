import type { UnitsImportPreview } from '@commonwise/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ImportUnitsButton } from './ImportUnitsDialog.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const counts = {
  rows: 2,
  rowsWithErrors: 0,
  unitsCreated: 2,
  unitsUpdated: 0,
  ownersAdded: 1,
  occupantsAdded: 0,
  peopleInvited: 1,
};
const good: UnitsImportPreview = {
  problems: [],
  canCommit: true,
  counts,
  rows: [
    {
      row: 2,
      unitLabel: '14B',
      personEmail: 'pat@example.com',
      actions: ['create_unit', 'invite_person', 'add_owner'],
      errors: [],
    },
    { row: 3, unitLabel: '14C', personEmail: null, actions: ['create_unit'], errors: [] },
  ],
};
const bad: UnitsImportPreview = {
  problems: [],
  canCommit: false,
  counts: { ...counts, rowsWithErrors: 1 },
  rows: [
    good.rows[0]!,
    {
      row: 3,
      unitLabel: '14C',
      personEmail: null,
      actions: [],
      errors: [
        {
          column: 'share_bp',
          message: '"abc" is not a share: give basis points (250) or a percentage (2.5%).',
        },
      ],
    },
  ],
};

const csvFile = (text: string) => new File([text], 'units.csv', { type: 'text/csv' });

async function chooseFile(text: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Import units' }));
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, csvFile(text));
}

describe('Import units', () => {
  it('shows the rows with errors by row number and keeps Confirm import disabled', async () => {
    mockFetch(() => jsonResponse(200, bad));
    renderWithRouter(<ImportUnitsButton propertyId={propertyId} />);
    await chooseFile('unit_label,share_bp\n14B,\n14C,abc');
    expect(await screen.findByText(/"abc" is not a share/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Import preview' })).toHaveTextContent('3');
    expect(screen.getByText('1 rows with errors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
  });

  it('previews a good file, then imports it and shows the result', async () => {
    const fetchMock = mockFetch((url) =>
      String(url).endsWith('/commit')
        ? jsonResponse(200, { counts, propertyUnits: 2 })
        : jsonResponse(200, good),
    );
    renderWithRouter(<ImportUnitsButton propertyId={propertyId} />);
    await chooseFile('unit_label\n14B\n14C');
    expect(await screen.findByText('2 units to create')).toBeInTheDocument();
    expect(screen.getAllByText('Create unit')).toHaveLength(2);
    const confirm = screen.getByRole('button', { name: 'Confirm import' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(
      await screen.findByText(/2 units created, 0 updated, 1 owners and 0 occupants added/),
    ).toBeInTheDocument();
    const commit = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/commit'))!;
    expect(String(commit[0])).toBe(`/api/properties/${propertyId}/units/import/commit`);
    expect(JSON.parse(String(commit[1]!.body))).toEqual({ csv: 'unit_label\n14B\n14C' });
  });
});
