import type { Committee, Property } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { AssociationRostersCard } from './AssociationRostersCard.tsx';

const property = (id: string, name: string): Property => ({
  id,
  name,
  type: 'residential',
  address: `1 ${name} Way`,
  description: null,
  units: 10,
  status: 'active',
  jurisdiction: 'TX',
  timeZone: 'America/Chicago',
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
});
const willow = property('11111111-1111-4111-8111-111111111111', 'Willow Creek Commons');
const harbor = property('22222222-2222-4222-8222-222222222222', 'Harbor View Condominiums');
const board: Committee = {
  id: '33333333-3333-4333-8333-333333333333',
  propertyId: willow.id,
  kind: 'board',
  name: 'Board of Directors',
  decisionRule: 'majority_of_members',
  quorum: null,
  requiresOwners: true,
  members: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      committeeId: '33333333-3333-4333-8333-333333333333',
      userId: 'beatrice',
      fullName: 'Beatrice Hall',
      role: 'president',
      startsOn: '2025-01-05',
      endsOn: null,
      isCurrent: true,
    },
  ],
};

/** The owner of a Willow Creek home who rents at Harbor View: Harbor View's rosters are not theirs. */
function fakeServer(properties: Property[]) {
  return mockFetch((url) => {
    if (url === '/api/properties') return jsonResponse(200, { properties });
    if (url.startsWith(`/api/properties/${willow.id}/committees`))
      return jsonResponse(200, { committees: [board], total: 1, page: 1, limit: 100 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } });
  });
}

const renderCard = () =>
  renderRoutes([{ path: '/r', element: <AssociationRostersCard /> }], {
    initialEntry: '/r',
    user: makeUser('resident'),
  });

describe('AssociationRostersCard', () => {
  it("shows the rosters of the associations the person owns in, read-only, and not the others'", async () => {
    fakeServer([willow, harbor]);
    renderCard();
    const card = screen.getByRole('region', { name: 'Board & Committees' });
    const roster = await within(card).findByRole('article', { name: 'Board of Directors' });
    expect(within(roster).getByText('Beatrice Hall')).toBeInTheDocument();
    expect(within(roster).getByText('President')).toBeInTheDocument();
    expect(within(card).queryByText('Harbor View Condominiums')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('tells a tenant that the rosters are shown to owners', async () => {
    fakeServer([harbor]);
    renderCard();
    expect(
      await screen.findByText(/Your association's board and committees are shown to its owners/),
    ).toBeInTheDocument();
  });
});
