import type { Property } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { CreatePropertyPage } from './CreatePropertyPage.tsx';
import { PropertiesPage } from './PropertiesPage.tsx';

function property(id: string, overrides: Partial<Property>): Property {
  return {
    id,
    name: 'Name',
    type: 'residential',
    address: '1 Main Street',
    description: null,
    units: 1,
    status: 'active',
    jurisdiction: 'none',
    timeZone: 'America/Los_Angeles',
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const properties = [
  property('a', { name: 'Willow Creek Commons', units: 48, address: '1200 Willow Creek Dr' }),
  property('b', { name: 'Harbor View Condominiums', units: 120, type: 'commercial', status: 'pending' }),
  property('c', { name: 'Oak Yard', units: 6, type: 'industrial', status: 'inactive' }),
];

/** The server's list: searched, sorted and paged as GET /api/properties does it. */
function propertiesServer(all: Property[]) {
  return (url: string) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const key = (params.get('sort') ?? 'name') as keyof Property;
    const sign = params.get('direction') === 'desc' ? -1 : 1;
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 50);
    const found = all
      .filter((p) => [p.name, p.address, p.type, p.status].join(' ').toLowerCase().includes(q))
      .sort(
        (a, b) => sign * (a[key]! < b[key]! ? -1 : a[key]! > b[key]! ? 1 : 0) || a.name.localeCompare(b.name),
      );
    const properties = found.slice((page - 1) * limit, page * limit);
    return jsonResponse(200, { properties, total: found.length, page, limit });
  };
}

const routes = [
  { path: '/admin-portal/properties', element: <PropertiesPage /> },
  { path: '/admin-portal/properties/new', element: <CreatePropertyPage /> },
  { path: '/admin-portal/properties/:id', element: <p>Detail page</p> },
];

function renderList(initialEntry = '/admin-portal/properties') {
  return renderRoutes(routes, { initialEntry, user: makeUser('admin') });
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('PropertiesPage', () => {
  it('lists properties by name, sorts by a column and searches, all on the server', async () => {
    const fetchMock = mockFetch(propertiesServer(properties));
    const user = userEvent.setup();
    renderList();
    expect(screen.getByText('Loading properties...')).toBeInTheDocument();
    await screen.findByText('Oak Yard');
    for (const column of ['Name', 'Type', 'Address', 'Units', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeInTheDocument();
    }
    expect(rowNames()).toEqual(['Harbor View Condominiums', 'Oak Yard', 'Willow Creek Commons']);

    await user.click(screen.getByRole('button', { name: 'Units' }));
    expect(rowNames()).toEqual(['Oak Yard', 'Willow Creek Commons', 'Harbor View Condominiums']);
    expect(screen.getByRole('columnheader', { name: 'Units' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Units' }));
    expect(rowNames()).toEqual(['Harbor View Condominiums', 'Willow Creek Commons', 'Oak Yard']);

    expect(fetchMock).toHaveBeenLastCalledWith(
      expect.stringContaining('sort=units&direction=desc'),
      expect.anything(),
    );

    expect(screen.getByText('3 properties')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'willow');
    await vi.waitFor(() => expect(rowNames()).toEqual(['Willow Creek Commons']));
    expect(screen.getByText('Found 1 property')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(expect.stringContaining('q=willow'), expect.anything());
    await user.clear(screen.getByRole('searchbox', { name: 'Search properties' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'nothing like it');
    expect(await screen.findByText('No properties match your search')).toBeInTheDocument();
  });

  it('pages a long portfolio', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      property(`p${index}`, { name: `Association ${String(index + 1).padStart(2, '0')}` }),
    );
    mockFetch(propertiesServer(many));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Association 01');
    expect(rowNames()).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page of properties' }));
    expect(await screen.findByText('Association 30')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(5);
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
  });

  it('opens a property from Details', async () => {
    mockFetch(propertiesServer(properties));
    const user = userEvent.setup();
    const { router } = renderList();
    await user.click(await screen.findByRole('link', { name: 'Details for Oak Yard' }));
    expect(router.state.location.pathname).toBe('/admin-portal/properties/c');
  });

  it('has an empty state leading to Add Property', async () => {
    mockFetch(propertiesServer([]));
    const user = userEvent.setup();
    const { router } = renderList();
    expect(await screen.findByText('No properties yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Add Property' })[0]!);
    expect(router.state.location.pathname).toBe('/admin-portal/properties/new');
  });

  it('says when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }));
    renderList();
    expect(await screen.findByText('Failed to load properties')).toBeInTheDocument();
  });
});

/** The installation's defaults for a new association (System Settings). */
const defaultsAnswer = (url: string) =>
  url === '/api/settings/system/defaults'
    ? jsonResponse(200, { jurisdiction: 'TX', timeZone: 'America/Chicago' })
    : undefined;

describe('CreatePropertyPage', () => {
  it('creates the property and opens it', async () => {
    const fetchMock = mockFetch(
      (url, init) =>
        defaultsAnswer(url) ??
        jsonResponse(201, property('new-id', JSON.parse(String(init?.body)) as Partial<Property>)),
    );
    const user = userEvent.setup();
    const { router } = renderList('/admin-portal/properties/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Property' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /^Property name/ }), 'Elm Row');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '12 Elm Row, Springfield');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-portal/properties/new-id');
    expect(screen.getByText('Property created successfully')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/properties');
    // Texas and Chicago: the installation's defaults, which the admin left as they were.
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'Elm Row',
      jurisdiction: 'TX',
      timeZone: 'America/Chicago',
    });
  });

  it("starts from the product's own defaults when the installation's cannot be read", async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } }));
    renderList('/admin-portal/properties/new');
    expect(await screen.findByRole('textbox', { name: /^Property name/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Los_Angeles');
    expect(screen.getByRole('combobox', { name: /^State law/ })).toHaveValue('None / not listed');
  });

  it("says it failed, with the server's field errors", async () => {
    mockFetch(
      (url) =>
        defaultsAnswer(url) ??
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the highlighted fields',
            fields: { address: 'Address must be at most 300 characters' },
          },
        }),
    );
    const user = userEvent.setup();
    renderList('/admin-portal/properties/new');
    await user.type(await screen.findByRole('textbox', { name: /^Property name/ }), 'Elm Row');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '12 Elm Row, Springfield');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Failed to create property')).toBeInTheDocument();
    expect(screen.getByText('Address must be at most 300 characters')).toBeInTheDocument();
  });

  it('goes back to the list on Cancel', async () => {
    mockFetch((url) => defaultsAnswer(url) ?? propertiesServer(properties)(url));
    const user = userEvent.setup();
    const { router } = renderList('/admin-portal/properties/new');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin-portal/properties');
  });
});
