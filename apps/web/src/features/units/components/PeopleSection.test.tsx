import type { PersonUnit, PropertyPerson } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { PeopleSection } from './PeopleSection.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const unitId = '22222222-2222-4222-8222-222222222222';

const membership = (overrides: Partial<PersonUnit>): PersonUnit => ({
  unitId,
  unitLabel: '14B',
  relation: 'owner',
  membershipId: '33333333-3333-4333-8333-333333333333',
  occupantKind: null,
  isPrimary: false,
  shareBp: null,
  startsOn: '2023-06-01',
  endsOn: null,
  isCurrent: true,
  ...overrides,
});

const ryan: PropertyPerson = {
  userId: 'ryan',
  fullName: 'Ryan Chen',
  email: 'resident@commonwise.test',
  units: [
    membership({ isPrimary: true, shareBp: 5000 }),
    membership({
      relation: 'occupant',
      membershipId: '44444444-4444-4444-8444-444444444444',
      occupantKind: 'unrecorded',
    }),
  ],
};
const formerOwner: PropertyPerson = {
  userId: 'old',
  fullName: 'Olga Former',
  email: 'olga@example.com',
  units: [
    membership({
      membershipId: '55555555-5555-4555-8555-555555555555',
      endsOn: '2023-06-01',
      isCurrent: false,
    }),
  ],
};

describe('the People section', () => {
  it('lists current owners and occupants with their units, and the history on request', async () => {
    const fetchMock = mockFetch((url) => {
      const includePast = new URL(url, 'http://localhost').searchParams.get('includePast') === 'true';
      const people = includePast ? [formerOwner, ryan] : [ryan];
      return jsonResponse(200, { people, total: people.length, page: 1, limit: 25 });
    });
    renderWithRouter(<PeopleSection propertyId={propertyId} canEdit />);
    const list = await screen.findByRole('list', { name: 'Owners and occupants' });
    expect(list).toHaveTextContent('Ryan Chen');
    expect(list).toHaveTextContent('Owner · primary contact · 50%');
    expect(list).toHaveTextContent('Occupant (relationship not recorded)');
    expect(list).not.toHaveTextContent('Olga Former');

    await userEvent.click(screen.getByRole('switch', { name: 'Show history' }));
    await waitFor(() => expect(list).toHaveTextContent('Olga Former'));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('includePast=true');
    const olga = within(list).getByRole('list', { name: "Olga Former's units" });
    expect(olga).toHaveTextContent('Past');
    expect(within(olga).queryByRole('button', { name: /End ownership/ })).not.toBeInTheDocument();
  });

  it('records how an unrecorded occupant lives there', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PATCH'
        ? jsonResponse(200, {})
        : jsonResponse(200, { people: [ryan], total: 1, page: 1, limit: 25 }),
    );
    renderWithRouter(<PeopleSection propertyId={propertyId} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record relationship' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Owner-occupant' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(String(url)).toBe(
      `/api/properties/${propertyId}/units/${unitId}/occupancies/44444444-4444-4444-8444-444444444444`,
    );
    expect(JSON.parse(String(init!.body))).toEqual({ kind: 'owner_occupant' });
  });

  it('shows no edit controls to people who may only read', async () => {
    mockFetch(() => jsonResponse(200, { people: [ryan], total: 1, page: 1, limit: 25 }));
    renderWithRouter(<PeopleSection propertyId={propertyId} canEdit={false} />);
    await screen.findByRole('list', { name: 'Owners and occupants' });
    expect(screen.queryByRole('button', { name: 'Add Owner' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /End ownership|Record relationship/ }),
    ).not.toBeInTheDocument();
  });
});
