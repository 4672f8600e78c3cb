import type { Property, PropertyManager, PropertyResident, User } from '@commonwise/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { PropertyDetailPage } from './PropertyDetailPage.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const property: Property = {
  id: propertyId,
  name: 'Willow Creek Commons',
  type: 'residential',
  address: '1200 Willow Creek Dr, Austin, TX',
  description: 'Townhomes around a pond.',
  units: 48,
  status: 'active',
  jurisdiction: 'TX',
  timeZone: 'America/Chicago',
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-03-17T10:00:00.000Z',
};

function person(id: string, fullName: string, role: User['role'], overrides: Partial<User> = {}): User {
  return {
    ...makeUser(role, { id, fullName, email: `${id}@commonwise.test` }),
    isActive: true,
    invitationPending: false,
    ...overrides,
  };
}

const maria = person('maria', 'Maria Santos', 'manager');
const mark = person('mark', 'Mark Miller', 'manager');
const gone = person('gone', 'Gina Gone', 'manager', { isActive: false });
const ryan = person('ryan', 'Ryan Chen', 'resident');
const rita = person('rita', 'Rita Ruiz', 'resident');

const assignedMaria: PropertyManager = {
  id: '22222222-2222-4222-8222-222222222222',
  userId: maria.id,
  fullName: maria.fullName,
  email: maria.email,
  isPrimary: true,
  assignedAt: '2025-01-06T10:00:00.000Z',
};
const ryanAt14B: PropertyResident = {
  id: '33333333-3333-4333-8333-333333333333',
  userId: ryan.id,
  fullName: ryan.fullName,
  email: ryan.email,
  unitNumber: '14B',
  moveInDate: null,
  status: 'active',
};

interface FakeOptions {
  managers?: PropertyManager[];
  residents?: PropertyResident[];
  managerUsers?: User[];
  residentUsers?: User[];
  onPost?: (url: string, body: unknown) => Response;
}

function fakeServer(options: FakeOptions = {}) {
  const managers = options.managers ?? [assignedMaria];
  const residents = options.residents ?? [ryanAt14B];
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      return (
        options.onPost?.(url, init?.body ? JSON.parse(String(init.body)) : undefined) ??
        new Response(null, { status: 204 })
      );
    }
    if (url === `/api/properties/${propertyId}`) return jsonResponse(200, property);
    if (url === `/api/properties/${propertyId}/managers`) return jsonResponse(200, { managers });
    if (url === `/api/properties/${propertyId}/residents`) return jsonResponse(200, { residents });
    if (url === '/api/users?role=manager') {
      const users = options.managerUsers ?? [maria, mark, gone];
      return jsonResponse(200, { users, total: users.length });
    }
    if (url === '/api/users?role=resident') {
      const users = options.residentUsers ?? [ryan, rita];
      return jsonResponse(200, { users, total: users.length });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } });
  });
}

function renderDetail(id = propertyId) {
  return renderRoutes(
    [
      {
        path: '/admin-portal/properties/:id',
        element: (
          <PropertyDetailPage
            renderDocuments={(id) => <section aria-label="Property documents" data-property-id={id} />}
          />
        ),
      },
      { path: '/admin-portal/properties', element: <p>Property list</p> },
    ],
    { initialEntry: `/admin-portal/properties/${id}`, user: makeUser('admin') },
  );
}

describe('PropertyDetailPage', () => {
  it('shows the property, its managers and residents, and the documents panel it is given', async () => {
    fakeServer();
    renderDetail();
    expect(screen.getByText('Loading property...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Willow Creek Commons' }),
    ).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Property details' });
    expect(within(details).getByText('Residential')).toBeInTheDocument();
    expect(within(details).getByText('Townhomes around a pond.')).toBeInTheDocument();
    expect(within(details).getByText('48')).toBeInTheDocument();
    expect(within(details).getByText('Texas (Property Code ch. 209)')).toBeInTheDocument();
    expect(within(details).getByText('America/Chicago')).toBeInTheDocument();
    expect(within(details).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(within(details).getByText('Mar 17, 2025')).toBeInTheDocument();

    const managers = screen.getByRole('region', { name: 'Property managers' });
    expect(await within(managers).findByText('Maria Santos')).toBeInTheDocument();
    expect(within(managers).getByText('Primary')).toBeInTheDocument();
    const residents = screen.getByRole('region', { name: 'Residents' });
    expect(await within(residents).findByText('Ryan Chen')).toBeInTheDocument();
    expect(within(residents).getByText('Unit 14B')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Property documents' })).toHaveAttribute(
      'data-property-id',
      propertyId,
    );
  });

  it('says when the property is not found or not permitted', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderDetail('44444444-4444-4444-8444-444444444444');
    expect(
      await screen.findByText("Property not found or you don't have permission to view it."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Properties' }));
    expect(router.state.location.pathname).toBe('/admin-portal/properties');
  });

  it('lists only managers who are not assigned yet, and requires a choice', async () => {
    const fetchMock = fakeServer({
      onPost: (url, body) =>
        url.endsWith('/managers')
          ? jsonResponse(201, {
              ...assignedMaria,
              id: '55555555-5555-4555-8555-555555555555',
              ...(body as object),
            })
          : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    });
    const user = userEvent.setup();
    renderDetail();
    const managers = await screen.findByRole('region', { name: 'Property managers' });
    await within(managers).findByText('Maria Santos');
    await user.click(within(managers).getByRole('button', { name: 'Assign Manager' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign Manager' });
    await user.click(await within(dialog).findByRole('button', { name: 'Assign Manager' }));
    expect(await within(dialog).findByText('Please select a manager')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^Manager/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    // Maria is assigned already and Gina is deactivated.
    expect(options).toEqual(['Mark Miller (mark@commonwise.test)']);
    // A primary manager exists: the choice is explained, not offered.
    expect(within(dialog).getByRole('checkbox', { name: 'Primary manager' })).toBeDisabled();

    await user.click(screen.getByRole('option', { name: 'Mark Miller (mark@commonwise.test)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Manager' }));
    expect(await screen.findByText('Manager assigned successfully')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(`/api/properties/${propertyId}/managers`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: 'mark', isPrimary: false });
  });

  it("says 'No available managers' when every manager is assigned", async () => {
    fakeServer({ managerUsers: [maria] });
    const user = userEvent.setup();
    renderDetail();
    const managers = await screen.findByRole('region', { name: 'Property managers' });
    await within(managers).findByText('Maria Santos');
    await user.click(within(managers).getByRole('button', { name: 'Assign Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Manager' });
    expect(await within(dialog).findByText('No available managers')).toBeInTheDocument();
  });

  it('says when the pick list cannot be loaded', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderDetail();
    const residents = await screen.findByRole('region', { name: 'Residents' });
    await within(residents).findByText('Ryan Chen');
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })),
    );
    await user.click(within(residents).getByRole('button', { name: 'Add Resident' }));
    expect(await screen.findByText('Failed to load residents')).toBeInTheDocument();
  });

  it('adds a resident with a unit number, checking both', async () => {
    const fetchMock = fakeServer({
      onPost: () =>
        jsonResponse(201, { ...ryanAt14B, id: '66666666-6666-4666-8666-666666666666', otherHomes: [] }),
    });
    const user = userEvent.setup();
    renderDetail();
    const residents = await screen.findByRole('region', { name: 'Residents' });
    await within(residents).findByText('Ryan Chen');
    await user.click(within(residents).getByRole('button', { name: 'Add Resident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Resident' });
    await user.click(await within(dialog).findByRole('button', { name: 'Add Resident' }));
    expect(await within(dialog).findByText('Please select a resident')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a unit number')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^Resident/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Rita Ruiz (rita@commonwise.test)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Rita Ruiz (rita@commonwise.test)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Unit Number/ }), '  7A ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Resident' }));
    expect(await screen.findByText('Resident added successfully')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: 'rita', unitNumber: '7A' });
    expect(screen.queryByText(/also lives elsewhere/)).not.toBeInTheDocument();
  });

  it('tells the admin that a resident added here keeps their home elsewhere (issue 26)', async () => {
    fakeServer({
      onPost: () =>
        jsonResponse(201, {
          ...ryanAt14B,
          fullName: 'Rita Ruiz',
          id: '66666666-6666-4666-8666-666666666666',
          otherHomes: [{ propertyName: 'Harbor View Condominiums', unitNumber: '3-402' }],
        }),
    });
    const user = userEvent.setup();
    renderDetail();
    const residents = await screen.findByRole('region', { name: 'Residents' });
    await within(residents).findByText('Ryan Chen');
    await user.click(within(residents).getByRole('button', { name: 'Add Resident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Resident' });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Resident/ }));
    await user.click(screen.getByRole('option', { name: 'Rita Ruiz (rita@commonwise.test)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Unit Number/ }), '7A');
    await user.click(within(dialog).getByRole('button', { name: 'Add Resident' }));
    expect(await screen.findByText('Rita Ruiz also lives elsewhere')).toBeInTheDocument();
    expect(
      screen.getByText(/keeps their home at Harbor View Condominiums \(unit 3-402\)\. Both homes stay/),
    ).toBeInTheDocument();
    // The toasts are shared by the tests that follow: this one's two leave with it.
    act(() => notifications.clean());
  });

  it('asks before removing a manager, then removes them', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderDetail();
    const managers = await screen.findByRole('region', { name: 'Property managers' });
    await user.click(await within(managers).findByRole('button', { name: 'Remove Maria Santos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove manager' });
    expect(within(dialog).getByText('Are you sure you want to remove this manager?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Manager removed successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            init?.method === 'DELETE' && url === `/api/properties/${propertyId}/managers/${assignedMaria.id}`,
        ),
      ).toBe(true),
    );
  });

  it("shows the server's reason when a removal fails", async () => {
    fakeServer({
      onPost: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Assignment not found' } }),
    });
    const user = userEvent.setup();
    renderDetail();
    const residents = await screen.findByRole('region', { name: 'Residents' });
    await user.click(await within(residents).findByRole('button', { name: 'Remove Ryan Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove resident' });
    expect(within(dialog).getByText('Are you sure you want to remove this resident?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove resident')).toBeInTheDocument();
    expect(screen.getByText('Assignment not found')).toBeInTheDocument();
  });

  it('edits the property in a dialog', async () => {
    const fetchMock = fakeServer({
      onPost: (_url, body) => jsonResponse(200, { ...property, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit Property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Property' });
    const name = within(dialog).getByRole('textbox', { name: /^Property name/ });
    expect(name).toHaveValue('Willow Creek Commons');
    await user.clear(name);
    await user.type(name, 'Willow Creek Villas');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Property updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Willow Creek Villas' })).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ name: 'Willow Creek Villas', units: 48 });
  });
});
