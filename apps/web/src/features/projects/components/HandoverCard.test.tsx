import type { Handover } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { created, fakeServer, ok, refused } from '../../../test/fake-server.ts';
import {
  documentsAnswer,
  makeDocument,
  makeHandover,
  makeItem,
  makeProject,
  makeReport,
  projectId,
  reportId,
} from '../../../test/projects.ts';
import { makeUser, renderWithRouter } from '../../../test/render.tsx';
import { HandoverCard } from './HandoverCard.tsx';

const reserveStudy = makeDocument({
  id: 'cccccccc-cccc-4ccc-8ccc-000000000001',
  name: 'Reserve study 2026',
  category: 'financial_statements',
  isRequired: false,
});
const budget = makeDocument({
  id: 'cccccccc-cccc-4ccc-8ccc-000000000002',
  name: 'Budget 2027',
  category: 'financial_statements',
  isRequired: false,
});

function renderCard() {
  return renderWithRouter(<HandoverCard project={makeProject()} />, { user: makeUser('developer') });
}

const checklist = () => screen.getByRole('list', { name: 'Hand-over checklist' });
const itemOf = (label: string) =>
  within(checklist())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(label))!;

describe('HandoverCard', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => vi.restoreAllMocks());

  it('shows each item’s state, summary and evidence, and how many are complete', async () => {
    const handover = makeHandover();
    handover.items[8] = makeItem('owner_board', {
      summary: 'No owner-elected board member is seated yet.',
      evidence: [
        {
          kind: 'board_member',
          id: null,
          label: 'Board roster',
          href: '/manager-portal/properties/x/committees',
        },
      ],
    });
    fakeServer([['GET', /^\/api\/projects\/[^/]+\/handover$/, ok(handover)]]);
    renderCard();
    expect(await screen.findByText('1 of 10 items complete')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Hand-over checklist: 1 of 10 items complete' }),
    ).toBeInTheDocument();
    expect(checklist().children).toHaveLength(10);
    const governing = itemOf('Governing documents on file');
    expect(governing).toHaveTextContent('Done');
    expect(within(governing).getByRole('button', { name: /Declaration of Covenants/ })).toBeInTheDocument();
    // Governing documents come from the documents panel itself: nothing to attach by hand.
    expect(within(governing).queryByRole('button', { name: /Attach documents/ })).not.toBeInTheDocument();
    const board = itemOf('Owner-elected board seated');
    expect(board).toHaveTextContent('To do');
    expect(within(board).getByRole('link', { name: 'Board roster' })).toHaveAttribute(
      'href',
      '/manager-portal/properties/x/committees',
    );
    expect(
      within(itemOf('Reserve study')).getByRole('button', { name: 'Attach documents to Reserve study' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/No report yet/)).toBeInTheDocument();
  });

  it('attaches the community’s documents to an item', async () => {
    let handover: Handover = makeHandover();
    const server = fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/handover$/, () => ok(handover)],
      ['GET', /^\/api\/properties\/[^/]+\/documents$/, ok(documentsAnswer([reserveStudy, budget]))],
      [
        'PUT',
        /^\/api\/projects\/[^/]+\/handover\/items\/reserve_study\/documents$/,
        () => {
          handover = makeHandover();
          handover.items[4] = makeItem('reserve_study', {
            isComplete: true,
            summary: 'A reserve study is attached.',
            evidence: [{ kind: 'document', id: reserveStudy.id, label: 'Reserve study 2026', href: null }],
            attachedDocumentIds: [reserveStudy.id],
          });
          handover.completeCount = 2;
          return ok(handover);
        },
      ],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Attach documents to Reserve study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach documents: Reserve study' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Reserve study 2026/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        url: `/api/projects/${projectId}/handover/items/reserve_study/documents`,
        body: { documentIds: [reserveStudy.id] },
      },
    ]);
    expect(await screen.findByText('2 of 10 items complete')).toBeInTheDocument();
    expect(itemOf('Reserve study')).toHaveTextContent('1 document attached');
  });

  it('generates the report, then says when it was made and how much the board acknowledged', async () => {
    let handover: Handover = makeHandover();
    const report = makeReport({
      acknowledgements: [
        {
          itemKey: 'governing_documents',
          userId: 'user-board',
          fullName: 'Dana Board',
          acknowledgedAt: '2026-11-19T10:00:00.000Z',
          note: null,
        },
      ],
    });
    const server = fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/handover$/, () => ok(handover)],
      [
        'POST',
        /^\/api\/projects\/[^/]+\/handover\/reports$/,
        () => {
          handover = { ...makeHandover(), latestReport: report };
          return created(report);
        },
      ],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Generate hand-over report' }));
    expect(await screen.findByText('Latest report: Nov 18, 2026.')).toBeInTheDocument();
    expect(screen.getByText('The board has acknowledged 1 of 10 items.')).toBeInTheDocument();
    expect(itemOf('Governing documents on file')).toHaveTextContent('Acknowledged by the board');
    expect(screen.getByRole('button', { name: 'Generate a new report' })).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: 'POST', url: `/api/projects/${projectId}/handover/reports`, body: {} },
    ]);
  });

  it('downloads the report as a PDF', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/handover$/, ok({ ...makeHandover(), latestReport: makeReport() })],
      [
        'GET',
        /^\/api\/projects\/[^/]+\/handover\/reports\/[^/]+\/pdf$/,
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="cedar-ridge.pdf"',
          },
        }),
      ],
    ]);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded cedar-ridge.pdf')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect(server.calls.at(-1)?.url).toBe(`/api/projects/${projectId}/handover/reports/${reportId}/pdf`);
  });

  it('says when generating the report fails', async () => {
    fakeServer([
      ['GET', /^\/api\/projects\/[^/]+\/handover$/, ok(makeHandover())],
      [
        'POST',
        /^\/api\/projects\/[^/]+\/handover\/reports$/,
        refused(503, 'LETTERS_UNAVAILABLE', 'The letters service is busy. Try again in a minute.'),
      ],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Generate hand-over report' }));
    expect(await screen.findByText('Failed to generate the hand-over report')).toBeInTheDocument();
    expect(screen.getByText('The letters service is busy. Try again in a minute.')).toBeInTheDocument();
  });
});
