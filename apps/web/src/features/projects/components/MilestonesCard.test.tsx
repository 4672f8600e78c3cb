import type { Milestone } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { created, fakeServer, ok, refused, type Route } from '../../../test/fake-server.ts';
import {
  documentId,
  documentsAnswer,
  makeDocument,
  makeMilestone,
  makeProject,
  phaseTwoId,
  projectId,
} from '../../../test/projects.ts';
import { makeUser, renderWithRouter } from '../../../test/render.tsx';
import { MilestonesCard } from './MilestonesCard.tsx';

const done = makeMilestone({ documents: [{ id: documentId, name: 'Permit 2026-118' }] });
const overdue = makeMilestone({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-000000000002',
  kind: 'amenities_complete',
  title: 'Pool and clubhouse',
  plannedOn: '2026-10-01',
  actualOn: null,
  owner: null,
  isOverdue: true,
});

const documentsRoute: Route = [
  'GET',
  /^\/api\/properties\/[^/]+\/documents$/,
  ok(documentsAnswer([makeDocument({ name: 'Permit 2026-118', category: 'rules_and_regulations' })])),
];

function renderCard() {
  return renderWithRouter(<MilestonesCard project={makeProject()} />, { user: makeUser('developer') });
}

describe('MilestonesCard', () => {
  beforeAll(stubDocumentFonts);

  it('lists milestones with planned and actual dates, owner and documents, overdue ones said so', async () => {
    fakeServer([['GET', /^\/api\/projects\/[^/]+\/milestones$/, ok({ milestones: [done, overdue] })]]);
    renderCard();
    const table = await screen.findByRole('table', { name: 'Milestones of Cedar Ridge' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Building permitsPermitsMar 1, 2026Mar 10, 2026Pat DeveloperPermit 2026-118 (opens in a new tab)Edit',
      'Pool and clubhouseAmenities completeOct 1, 2026OverdueNo one yetNoneMark doneEdit',
    ]);
    expect(screen.getByText('1 milestone is overdue')).toBeInTheDocument();
  });

  it('adds a milestone for a phase, with its owner', async () => {
    let milestones: Milestone[] = [];
    const server = fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/milestones$/, () => ok({ milestones })],
      [
        'POST',
        /^\/api\/projects\/[^/]+\/milestones$/,
        () => {
          milestones = [makeMilestone({ title: 'Phase 2 complete', kind: 'phase_complete' })];
          return created(milestones[0]);
        },
      ],
      documentsRoute,
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add milestone' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Phase complete' }));
    // The name follows the kind until the person writes their own.
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Phase complete');
    await user.click(within(dialog).getByRole('combobox', { name: 'Phase' }));
    await user.click(await screen.findByRole('option', { name: 'Phase 2' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Maria Santos (manager)' }));
    const planned = within(dialog).getByLabelText(/Planned date/);
    await user.clear(planned);
    await user.type(planned, '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        url: `/api/projects/${projectId}/milestones`,
        body: {
          kind: 'phase_complete',
          title: 'Phase complete',
          phaseId: phaseTwoId,
          plannedOn: '2027-03-31',
          actualOn: null,
          ownerUserId: 'user-manager',
          documentIds: [],
        },
      },
    ]);
    expect(await screen.findByText('Phase 2 complete')).toBeInTheDocument();
  });

  it('marks a milestone done with its actual date', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/milestones$/, ok({ milestones: [overdue] })],
      ['PATCH', /^\/api\/projects\/[^/]+\/milestones\/[^/]+$/, ok({ ...overdue, actualOn: '2026-11-20' })],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Mark done: Pool and clubhouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark done: Pool and clubhouse' });
    expect(within(dialog).getByLabelText(/Actual date/)).toHaveValue('2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      {
        method: 'PATCH',
        url: `/api/projects/${projectId}/milestones/${overdue.id}`,
        body: { actualOn: '2026-11-20' },
      },
    ]);
  });

  it('keeps the dialog open with the server’s message when saving fails', async () => {
    fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/milestones$/, ok({ milestones: [done] })],
      [
        'PATCH',
        /^\/api\/projects\/[^/]+\/milestones\/[^/]+$/,
        refused(400, 'VALIDATION_FAILED', 'Check the dates', {
          plannedOn: 'The planned date must be a date (YYYY-MM-DD)',
        }),
      ],
      documentsRoute,
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit Building permits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit milestone: Building permits' });
    await user.click(within(dialog).getByRole('button', { name: 'Save milestone' }));
    expect(
      await within(dialog).findByText('The planned date must be a date (YYYY-MM-DD)'),
    ).toBeInTheDocument();
  });

  it('invites the first milestone when there is none', async () => {
    fakeServer([['GET', /^\/api\/projects\/[^/]+\/milestones$/, ok({ milestones: [] })]]);
    renderCard();
    expect(await screen.findByRole('heading', { name: 'No milestones yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add milestone' })).toBeInTheDocument();
  });
});
