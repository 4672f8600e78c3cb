import type { CommunitySetup, Project } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { makeUser, renderRoutes } from '../../../test/render.tsx';
import {
  makeHandover,
  makeMilestone,
  makeProject,
  makeUnit,
  otherProjectId,
  otherPropertyId,
  summaryOf,
} from '../../../test/projects.ts';
import { created, fakeServer, ok, refused, type Route } from '../../../test/fake-server.ts';
import { DeveloperPortalPage } from './DeveloperPortalPage.tsx';

const setup = (id: string, name: string): CommunitySetup => ({
  community: {
    id,
    name,
    address: `${name} Road 1`,
    units: 20,
    status: 'pending',
    completedSteps: 1,
    totalSteps: 7,
  },
  percentage: 14,
  steps: [
    { key: 'managers', label: 'Property manager assigned', state: 'complete', detail: '1 manager assigned' },
  ],
});

const cedar = makeProject();
const aspen = makeProject({
  id: otherProjectId,
  propertyId: otherPropertyId,
  name: 'Aspen Meadows',
  address: '2 Aspen Lane, Round Rock, TX',
  handoverThresholdBp: null,
  handoverThresholdClause: null,
  handoverThresholdDocument: null,
  projection: null,
});

/** The routes the portal reads for the given projects; `extra` routes come first. */
function projectRoutes(projects: Project[], extra: Route[] = []): Route[] {
  const byId = new Map(projects.map((project) => [project.id, project]));
  return [
    ...extra,
    [
      'GET',
      /^\/api\/projects$/,
      ok({ projects: projects.map(summaryOf), total: projects.length, page: 1, limit: 25 }),
    ],
    [
      'GET',
      /^\/api\/projects\/([^/]+)$/,
      ({ match }) => {
        const project = byId.get(match[1]!);
        return project ? ok(project) : refused(404, 'NOT_FOUND', 'Project not found');
      },
    ],
    [
      'GET',
      /^\/api\/projects\/[^/]+\/units$/,
      ok({
        units: [
          makeUnit('Lot 1', 'closed'),
          makeUnit('Lot 2', 'under_contract'),
          makeUnit('Lot 3', 'planned'),
        ],
        total: 3,
        page: 1,
        limit: 25,
      }),
    ],
    [
      'GET',
      /^\/api\/projects\/[^/]+\/milestones$/,
      ok({
        milestones: [
          makeMilestone(),
          makeMilestone({
            id: 'bbbbbbbb-bbbb-4bbb-8bbb-000000000002',
            kind: 'amenities_complete',
            title: 'Pool and clubhouse',
            plannedOn: '2026-10-01',
            actualOn: null,
            owner: null,
            isOverdue: true,
          }),
        ],
      }),
    ],
    ['GET', /^\/api\/projects\/[^/]+\/handover$/, ok(makeHandover())],
    [
      'GET',
      /^\/api\/developer-portal\/communities$/,
      ok({
        communities: projects.map((project) => setup(project.propertyId, project.name).community),
        total: projects.length,
        page: 1,
        limit: 50,
      }),
    ],
    [
      'GET',
      /^\/api\/developer-portal\/communities\/([^/]+)\/setup$/,
      ({ match }) => {
        const project = projects.find((candidate) => candidate.propertyId === match[1]);
        return ok(setup(match[1]!, project?.name ?? 'Unknown'));
      },
    ],
    ['GET', /^\/api\/properties\/[^/]+\/documents$/, ok({ documents: [], total: 0, page: 1, limit: 50 })],
  ];
}

function renderPage(initialEntry = '/developer-portal', role = 'developer') {
  return renderRoutes([{ path: '/developer-portal', element: <DeveloperPortalPage /> }], {
    initialEntry,
    user: makeUser(role),
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const search = (router: ReturnType<typeof renderPage>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('DeveloperPortalPage', () => {
  beforeAll(stubDocumentFonts);

  it('shows the project live: overview, sales dashboard, inventory, milestones, hand-over and setup', async () => {
    fakeServer(projectRoutes([cedar]));
    const { router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Developer Portal' })).toBeInTheDocument();
    expect(screen.getByText('Loading projects...')).toBeInTheDocument();

    const overview = await screen.findByRole('region', { name: 'Project overview' });
    expect(within(overview).getByText('Cedar Ridge')).toBeInTheDocument();
    expect(within(overview).getByText('In development')).toBeInTheDocument();
    expect(within(overview).getByText('100 Cedar Ridge Way, Austin, TX')).toBeInTheDocument();
    expect(overview).toHaveTextContent('Total units20');
    expect(overview).toHaveTextContent('Closed4');
    expect(overview).toHaveTextContent('Share conveyed20%');
    expect(overview).toHaveTextContent(
      'The owners take over when 75% of the units are conveyed (15 units of 20).',
    );
    expect(within(overview).getByText(/Declaration, Article 12\.3/)).toBeInTheDocument();
    expect(within(overview).getByRole('button', { name: /Declaration of Covenants/ })).toBeInTheDocument();
    expect(overview).toHaveTextContent(
      'At the recent pace of 0.7 closings a month, 11 more closings reach the threshold in about 17 months.',
    );
    // The jurisdiction profile's note, always: nothing shown as law that our sources do not state.
    expect(overview).toHaveTextContent('State law: Texas');
    expect(overview).toHaveTextContent(
      'Our reviewed sources for Texas state no statutory turnover threshold',
    );

    const sales = section('Sales dashboard');
    expect(
      within(sales).getByRole('progressbar', { name: 'Share conveyed: 20%, hand-over at 75%' }),
    ).toBeInTheDocument();
    const byStatus = within(sales).getByRole('table', { name: 'Units by status' });
    const phaseOne = within(byStatus).getByRole('row', { name: /^Phase 1/ });
    expect(
      within(phaseOne)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '3', '2', '1', '4', '12']);
    expect(within(byStatus).getByRole('row', { name: /^All phases/ })).toHaveTextContent('20');
    const closings = within(sales).getByRole('table', { name: 'Closings per month' });
    expect(within(closings).getAllByRole('row')).toHaveLength(13);
    expect(within(closings).getByRole('row', { name: 'Aug 2026 2' })).toBeInTheDocument();
    expect(sales).toHaveTextContent('4 closings in the last 12 months, 0 this month.');

    const inventory = await screen.findByRole('region', { name: 'Inventory (3)' });
    expect(await within(inventory).findByText('Lot 2')).toBeInTheDocument();

    const milestones = section('Milestones');
    expect(await within(milestones).findByText('Pool and clubhouse')).toBeInTheDocument();
    expect(within(milestones).getByText('1 milestone is overdue')).toBeInTheDocument();

    const handover = section('Hand-over');
    expect(await within(handover).findByText('1 of 10 items complete')).toBeInTheDocument();

    // The community setup checklist stays, on the first community; a bare address is left as it was
    // opened (a project named in it takes the checklist to its community: the e2e spec).
    const checklist = section('Community Setup Checklist');
    expect(await within(checklist).findByText('1 of 7 steps complete')).toBeInTheDocument();
    expect(search(router).get('community')).toBeNull();

    // Nothing is sample data any more.
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('picks another project and keeps the choice in the address', async () => {
    fakeServer(projectRoutes([cedar, aspen]));
    const user = userEvent.setup();
    const { router } = renderPage();
    const overview = await screen.findByRole('region', { name: 'Project overview' });
    expect(within(overview).getByText('Cedar Ridge')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Aspen Meadows (20% conveyed)' }));
    expect(await screen.findByText('Aspen Meadows', { selector: 'p' })).toBeInTheDocument();
    expect(search(router).get('project')).toBe(otherProjectId);
    expect(search(router).get('community')).toBe(otherPropertyId);
    // No threshold yet: it is asked for, and there is no projection.
    const aspenOverview = section('Project overview');
    expect(
      within(aspenOverview).getByRole('button', { name: 'Set hand-over threshold' }),
    ).toBeInTheDocument();
    expect(aspenOverview).toHaveTextContent('Set the hand-over threshold from the governing documents');
  });

  it('opens the project named in the address', async () => {
    fakeServer(projectRoutes([cedar, aspen]));
    renderPage(`/developer-portal?project=${otherProjectId}`);
    const overview = await screen.findByRole('region', { name: 'Project overview' });
    expect(within(overview).getByText('Aspen Meadows')).toBeInTheDocument();
  });

  it('says a project it cannot find is not found', async () => {
    fakeServer(projectRoutes([cedar]));
    renderPage('/developer-portal?project=cccccccc-cccc-4ccc-8ccc-cccccccccccc');
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
  });

  it('says there are no projects yet and offers New Project', async () => {
    fakeServer(projectRoutes([]));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'New Project' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: 'New Project' })).toBeInTheDocument();
  });

  it('offers a retry when the projects fail to load', async () => {
    let calls = 0;
    fakeServer([
      [
        'GET',
        /^\/api\/projects$/,
        () => {
          calls += 1;
          return calls === 1
            ? refused(500, 'INTERNAL', 'Boom')
            : ok({ projects: [], total: 0, page: 1, limit: 25 });
        },
      ],
      [
        'GET',
        /^\/api\/developer-portal\/communities$/,
        ok({ communities: [], total: 0, page: 1, limit: 50 }),
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Failed to load projects')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
  });

  it('creates a project from New Project, checked first, and opens it', async () => {
    const fresh = makeProject({
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      propertyId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
      name: 'Birch Hollow',
      totalUnits: 23,
    });
    const server = fakeServer(projectRoutes([cedar, fresh], [['POST', /^\/api\/projects$/, created(fresh)]]));
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('region', { name: 'Project overview' });
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });

    // Nothing is sent until the form is right.
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByText('Name the community')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the phase a number of units or their labels')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Community name' }), 'Birch Hollow');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Address' }),
      '9 Birch Hollow Road, Austin, TX',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Number of lots' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add phase' }));
    const phaseTwo = within(dialog).getByRole('group', { name: 'Phase 2' });
    await user.click(within(phaseTwo).getByRole('radio', { name: 'List of labels' }));
    await user.type(within(phaseTwo).getByRole('textbox', { name: 'Lot labels' }), 'T-1, T-2{enter}T-3');
    expect(dialog).toHaveTextContent('23 units in 2 phases');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Project' })).not.toBeInTheDocument(),
    );
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/projects',
        body: {
          name: 'Birch Hollow',
          address: '9 Birch Hollow Road, Austin, TX',
          phases: [
            { name: 'Phase 1', unitCount: 20 },
            { name: 'Phase 2', labels: ['T-1', 'T-2', 'T-3'] },
          ],
        },
      },
    ]);
    expect(search(router).get('project')).toBe(fresh.id);
    expect(await screen.findByText('Birch Hollow created with 23 units')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a new project on its field, and keeps what was typed', async () => {
    const server = fakeServer(
      projectRoutes(
        [cedar],
        [
          [
            'POST',
            /^\/api\/projects$/,
            refused(400, 'VALIDATION_FAILED', 'Check the phases', {
              'phases.0.unitCount': 'A phase needs at least one unit',
            }),
          ],
        ],
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Project overview' });
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Community name' }), 'Birch Hollow');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '9 Birch Hollow Road');
    await user.type(within(dialog).getByRole('textbox', { name: 'Number of lots' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('A phase needs at least one unit')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention');
    expect(within(dialog).getByRole('textbox', { name: 'Community name' })).toHaveValue('Birch Hollow');
    expect(server.writes()).toHaveLength(1);
  });

  it('sets the hand-over threshold in percent, with its clause, as basis points', async () => {
    const saved = {
      ...aspen,
      handoverThresholdBp: 6667,
      handoverThresholdClause: 'Bylaws 3.1',
      projection: {
        thresholdUnits: 14,
        remainingUnits: 10,
        isReached: false,
        pacePerMonth: 0,
        monthsToThreshold: null,
      },
    };
    let current: Project = aspen;
    const server = fakeServer(
      projectRoutes(
        [aspen],
        [
          ['GET', /^\/api\/projects\/[^/]+$/, () => ok(current)],
          [
            'PUT',
            /^\/api\/projects\/[^/]+\/handover-threshold$/,
            () => {
              current = saved;
              return ok(saved);
            },
          ],
        ],
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const overview = await screen.findByRole('region', { name: 'Project overview' });
    await user.click(within(overview).getByRole('button', { name: 'Set hand-over threshold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand-over threshold' });
    const percent = within(dialog).getByRole('textbox', { name: 'Share of units conveyed' });
    await user.type(percent, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    expect(within(dialog).getByText('The threshold cannot be above 100%')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Cite the clause of the governing documents it comes from'),
    ).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '66.67');
    await user.type(within(dialog).getByRole('textbox', { name: 'Clause' }), 'Bylaws 3.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        url: `/api/projects/${otherProjectId}/handover-threshold`,
        body: { thresholdBp: 6667, clause: 'Bylaws 3.1', documentId: null },
      },
    ]);
    expect(section('Project overview')).toHaveTextContent(
      'No closings in the last 6 months, so there is no projection yet. 10 more closings reach the threshold.',
    );
  });

  it('lists every project in the picker with its share conveyed', async () => {
    fakeServer(projectRoutes([cedar, aspen]));
    const user = userEvent.setup();
    renderPage('/developer-portal', 'admin');
    await screen.findByRole('region', { name: 'Project overview' });
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Cedar Ridge (20% conveyed)',
      'Aspen Meadows (20% conveyed)',
    ]);
  });
});
