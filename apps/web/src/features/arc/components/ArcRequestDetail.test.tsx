import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ArcRequestDetail } from './ArcRequestDetail.tsx';
import {
  completeRequest,
  decisionItemId,
  propertyId,
  quoteFile,
  requestId,
  reviewedRequest,
} from './test-data.ts';

const requestUrl = `/api/properties/${propertyId}/arc/requests/${requestId}`;

function renderDetail(role = 'resident') {
  return renderWithRouter(<ArcRequestDetail propertyId={propertyId} requestId={requestId} />, {
    user: makeUser(role),
  });
}

describe('ArcRequestDetail', () => {
  it('shows each guideline check’s result in words, with its evidence and the clause it rests on', async () => {
    mockFetch((url) =>
      url === requestUrl
        ? jsonResponse(200, reviewedRequest)
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    renderDetail();
    const checks = await screen.findByRole('list', { name: 'Guideline checks' });
    expect(
      screen.getByText(/1 check meets the guidelines, 1 fails, 1 needs the committee’s judgment\./),
    ).toBeInTheDocument();

    const height = within(checks).getByRole('listitem', { name: 'Fence height' });
    expect(within(height).getByText('Fails')).toBeInTheDocument();
    expect(within(height).getByText('at most 60 in')).toBeInTheDocument();
    expect(within(height).getByText('The quote (page 1) says 66 in.')).toBeInTheDocument();
    expect(within(height).getByText('— quote.pdf, page 1')).toBeInTheDocument();
    expect(within(height).getByText('“Install 6 ft (66 in) cedar privacy fence”')).toBeInTheDocument();
    expect(within(height).getByText('— from the form')).toBeInTheDocument();
    expect(
      within(height).getByText('No fence shall exceed sixty (60) inches in height.'),
    ).toBeInTheDocument();
    expect(
      within(height).getByText('— Fence height · Willow Creek CC&Rs, § 7.3(b), page 12'),
    ).toBeInTheDocument();

    const material = within(checks).getByRole('listitem', { name: 'Fence material' });
    expect(within(material).getByText('Meets')).toBeInTheDocument();
    const harmony = within(checks).getByRole('listitem', { name: 'Harmony with the street' });
    expect(within(harmony).getByText('Needs judgment')).toBeInTheDocument();
    expect(within(harmony).getByText('No evidence found in the submission.')).toBeInTheDocument();
    expect(
      within(harmony).getByText('— Architectural harmony · Willow Creek CC&Rs, § 7.1, page 11'),
    ).toBeInTheDocument();
  });

  it('shows the due date with its source, the files, the revisions and the way to the vote — and no decision button', async () => {
    mockFetch((url) => (url === requestUrl ? jsonResponse(200, reviewedRequest) : jsonResponse(404, {})));
    renderDetail('manager');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back yard cedar fence · Unit 14B' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Complete on Nov 21, 2026 — decision due by Jan 5, 2027 (45 days — CC&Rs §7.3)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 2027 (45 days — CC&Rs §7.3)')).toBeInTheDocument();
    expect(screen.getByText('Ryan Chen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the committee’s vote' })).toHaveAttribute(
      'href',
      `/decisions/${propertyId}/${decisionItemId}`,
    );
    expect(screen.getByRole('link', { name: /quote\.pdf/ })).toHaveAttribute(
      'href',
      `${requestUrl}/files/${quoteFile.id}`,
    );
    expect(screen.getByRole('button', { name: 'Download quote.pdf' })).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('66 in')).toBeInTheDocument();
    expect(within(answers).getByText('Wood')).toBeInTheDocument();
    expect(screen.getByText('Added the gate to the drawing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Deny/ })).not.toBeInTheDocument();
  });

  it('says "Deadline passed" in words when the due date went by undecided', async () => {
    mockFetch((url) =>
      url === requestUrl
        ? jsonResponse(200, { ...completeRequest, checks: [], decisionItemId: null, deadlinePassed: true })
        : jsonResponse(404, {}),
    );
    renderDetail('board');
    expect(await screen.findByText('Deadline passed')).toBeInTheDocument();
    expect(
      screen.getByText(
        /Deadline passed: no decision was taken by Jan 5, 2027\. Nothing is approved by itself/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/No guideline checks apply to this project type/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the committee’s vote' })).not.toBeInTheDocument();
  });

  it('says a request of another association is not found', async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
  });
  it('shows the association’s past decisions on this kind of project, with their conditions and reasons', async () => {
    mockFetch((url) =>
      url === requestUrl
        ? jsonResponse(200, {
            ...reviewedRequest,
            precedents: [
              {
                id: '99999999-9999-4999-8999-999999999991',
                title: 'Cedar fence, rear line',
                unit: { label: '7A' },
                decision: 'approve_with_conditions',
                conditions: 'The finished side faces the neighbour.',
                reasons: null,
                decidedAt: '2026-10-02T15:00:00.000Z',
              },
              {
                id: '99999999-9999-4999-8999-999999999992',
                title: 'Vinyl fence',
                unit: { label: '3B' },
                decision: 'deny',
                conditions: null,
                reasons: 'Vinyl fencing is prohibited (§5.6).',
                decidedAt: '2026-09-12T15:00:00.000Z',
              },
            ],
          })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    renderDetail();
    const past = await screen.findByRole('list', { name: 'Past decisions' });
    const items = within(past).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Approved with conditions')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Unit 7A: Cedar fence, rear line' })).toHaveAttribute(
      'href',
      `/arc/${propertyId}/99999999-9999-4999-8999-999999999991`,
    );
    expect(
      within(items[0]!).getByText('Conditions: The finished side faces the neighbour.'),
    ).toBeInTheDocument();
    expect(within(items[1]!).getByText('Denied')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Reasons: Vinyl fencing is prohibited (§5.6).')).toBeInTheDocument();
  });

  it('shows the owner’s request to reconsider, the board’s answer, and the way to its vote', async () => {
    const itemId = '99999999-9999-4999-8999-999999999999';
    mockFetch((url) =>
      url === requestUrl
        ? jsonResponse(200, {
            ...completeRequest,
            status: 'decided',
            decision: 'deny',
            decidedAt: '2026-12-01T15:00:00.000Z',
            reasons: 'Too tall.',
            reconsideration: {
              reason: 'The topper does not count.',
              requestedAt: '2026-12-03T16:00:00.000Z',
              outcome: 'uphold',
              decidedAt: '2026-12-10T16:00:00.000Z',
              itemId,
            },
          })
        : jsonResponse(200, { messages: [], total: 0, page: 1, limit: 30 }),
    );
    renderDetail('board');
    const section = await screen.findByRole('region', { name: 'Reconsideration' });
    expect(
      within(section).getByText('The owner asked the board to reconsider on Dec 3, 2026:'),
    ).toBeInTheDocument();
    expect(within(section).getByText('The topper does not count.')).toBeInTheDocument();
    expect(within(section).getByText('The board upheld the decision on Dec 10, 2026.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open the board’s vote' })).toHaveAttribute(
      'href',
      `/decisions/${propertyId}/${itemId}`,
    );
  });
});
