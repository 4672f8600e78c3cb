import type { BoardHandover } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { fakeServer, ok, refused } from '../../../test/fake-server.ts';
import { makeReport, propertyId, reportId } from '../../../test/projects.ts';
import { makeUser, renderRoutes } from '../../../test/render.tsx';
import { BoardHandoverPage } from './BoardHandoverPage.tsx';
import { BoardHandoversCard } from './BoardHandoversCard.tsx';

const summary = {
  propertyId,
  communityName: 'Cedar Ridge',
  reportId,
  generatedAt: '2026-11-18T15:00:00.000Z',
  itemCount: 10,
  acknowledgedItemCount: 3,
  isFullyAcknowledged: false,
};

function renderCard(role = 'board') {
  return renderRoutes(
    [
      { path: '/board-portal', element: <BoardHandoversCard /> },
      { path: '/board-portal/handover/:propertyId', element: <p>Hand-over page</p> },
    ],
    { initialEntry: '/board-portal', user: makeUser(role) },
  );
}

function renderPage(role = 'board') {
  return renderRoutes(
    [
      { path: '/board-portal/handover/:propertyId', element: <BoardHandoverPage propertyId={propertyId} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntry: `/board-portal/handover/${propertyId}`, user: makeUser(role) },
  );
}

describe('BoardHandoversCard', () => {
  it('lists the associations whose developer made a hand-over report, and links to each', async () => {
    fakeServer([['GET', /^\/api\/board-portal\/handovers$/, ok({ handovers: [summary] })]]);
    const user = userEvent.setup();
    const { router } = renderCard();
    const card = await screen.findByRole('region', { name: 'Hand-over from the developer' });
    expect(card).toHaveTextContent('Report of Nov 18, 2026: 3 of 10 items acknowledged');
    expect(within(card).getByText('Waiting for the board')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Hand-over of Cedar Ridge' }));
    expect(router.state.location.pathname).toBe(`/board-portal/handover/${propertyId}`);
  });

  it('shows nothing when there is no hand-over, or the person sits on no board', async () => {
    const server = fakeServer([['GET', /^\/api\/board-portal\/handovers$/, ok({ handovers: [] })]]);
    const { unmount } = renderCard();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Hand-over from the developer')).not.toBeInTheDocument());
    unmount();

    const refusedServer = fakeServer([
      ['GET', /^\/api\/board-portal\/handovers$/, refused(403, 'FORBIDDEN', 'You may not do that')],
    ]);
    renderCard('resident');
    await waitFor(() => expect(refusedServer.calls).toHaveLength(1));
    expect(screen.queryByText('Hand-over from the developer')).not.toBeInTheDocument();
  });
});

describe('BoardHandoverPage', () => {
  beforeAll(stubDocumentFonts);

  const report = makeReport({
    acknowledgements: [
      {
        itemKey: 'governing_documents',
        userId: 'user-other',
        fullName: 'Lee Treasurer',
        acknowledgedAt: '2026-11-19T15:30:00.000Z',
        note: 'Received the signed copies.',
      },
    ],
  });

  it('shows each item with its evidence and who acknowledged it', async () => {
    fakeServer([
      [
        'GET',
        /^\/api\/properties\/[^/]+\/handover$/,
        ok({ report, acknowledgedByMe: [], canAcknowledge: true } satisfies BoardHandover),
      ],
    ]);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hand-over of Cedar Ridge' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The board has acknowledged 1 of 10 items')).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Hand-over items' });
    const governing = within(items).getByRole('listitem', { name: 'Governing documents on file' });
    expect(governing).toHaveTextContent('Complete');
    expect(within(governing).getByRole('button', { name: /Declaration of Covenants/ })).toBeInTheDocument();
    expect(governing).toHaveTextContent('Acknowledged by Lee Treasurer on Nov 19');
    expect(governing).toHaveTextContent('“Received the signed copies.”');
    const insurance = within(items).getByRole('listitem', { name: 'Insurance' });
    expect(insurance).toHaveTextContent('Incomplete');
    expect(insurance).toHaveTextContent('Not acknowledged yet.');
    expect(within(insurance).getByRole('button', { name: 'Acknowledge Insurance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('acknowledges an item with a note, and then says the person did', async () => {
    const after: BoardHandover = {
      report: {
        ...report,
        acknowledgements: [
          ...report.acknowledgements,
          {
            itemKey: 'insurance',
            userId: 'user-board',
            fullName: 'Pat Board',
            acknowledgedAt: '2026-11-20T09:00:00.000Z',
            note: 'Policy expires in March',
          },
        ],
      },
      acknowledgedByMe: ['insurance'],
      canAcknowledge: true,
    };
    const server = fakeServer([
      [
        'GET',
        /^\/api\/properties\/[^/]+\/handover$/,
        ok({ report, acknowledgedByMe: [], canAcknowledge: true }),
      ],
      [
        'POST',
        /^\/api\/properties\/[^/]+\/handover\/reports\/[^/]+\/items\/insurance\/acknowledge$/,
        ok(after),
      ],
      ['GET', /^\/api\/board-portal\/handovers$/, ok({ handovers: [summary] })],
    ]);
    const user = userEvent.setup();
    renderPage('resident');
    await user.click(await screen.findByRole('button', { name: 'Acknowledge Insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge: Insurance' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Policy expires in March');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        url: `/api/properties/${propertyId}/handover/reports/${reportId}/items/insurance/acknowledge`,
        body: { note: 'Policy expires in March' },
      },
    ]);
    const insurance = screen.getByRole('listitem', { name: 'Insurance' });
    expect(insurance).toHaveTextContent('You acknowledged this item');
    expect(insurance).toHaveTextContent('Acknowledged by Pat Board');
    expect(within(insurance).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(screen.getByText('The board has acknowledged 2 of 10 items')).toBeInTheDocument();
  });

  it('lets an admin read and download the report, with no acknowledging', async () => {
    fakeServer([
      [
        'GET',
        /^\/api\/properties\/[^/]+\/handover$/,
        ok({ report, acknowledgedByMe: [], canAcknowledge: false } satisfies BoardHandover),
      ],
    ]);
    renderPage('admin');
    expect(
      await screen.findByText(
        "Only the association's board members acknowledge items. You can read the report and download it.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
    const governing = screen.getByRole('listitem', { name: 'Governing documents on file' });
    expect(governing).toHaveTextContent('Acknowledged by Lee Treasurer on Nov 19');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('says so when the developer has made no report yet', async () => {
    fakeServer([
      [
        'GET',
        /^\/api\/properties\/[^/]+\/handover$/,
        ok({ report: null, acknowledgedByMe: [], canAcknowledge: true }),
      ],
    ]);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No hand-over report yet' }),
    ).toBeInTheDocument();
  });

  it('says not found for an association whose board the person is not on', async () => {
    fakeServer([['GET', /^\/api\/properties\/[^/]+\/handover$/, refused(404, 'NOT_FOUND', 'Not found')]]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hand-over not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Board Member Portal' })).toHaveAttribute(
      'href',
      '/board-portal',
    );
  });
});
