import type { DecisionItem, PropertyDocumentList } from '@commonwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { DecisionItemPage } from './DecisionItemPage.tsx';
import {
  arcRequestId,
  fenceSummary,
  minutesDocumentId,
  notFound,
  poolItem,
  poolItemCarried,
  poolItemDecided,
  poolItemId,
  willowId,
} from './test-data.ts';

beforeAll(stubDocumentFonts);

const itemPath = `/api/properties/${willowId}/decisions/${poolItemId}`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const documents: PropertyDocumentList = {
  documents: [
    {
      id: minutesDocumentId,
      propertyId: willowId,
      name: 'Minutes of December 9',
      description: null,
      category: 'meeting_minutes',
      fileName: 'minutes.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1000,
      status: 'completed',
      statusReason: null,
      pageCount: 2,
      isRequired: false,
      uploadedBy: null,
      uploadedAt: '2098-12-10T10:00:00.000Z',
      processedAt: null,
    },
  ],
  total: 1,
  page: 1,
  limit: 50,
};

/** The item page with the server answering `item` (and `onPost` for writes). */
function renderItem(
  item: DecisionItem,
  onPost: (url: string, init: RequestInit | undefined) => Response = (url) => notFound(url),
  role = 'board',
) {
  const fetchMock = mockFetch((url, init) => {
    if (init?.method === 'POST') return onPost(url, init);
    if (url === itemPath) return jsonResponse(200, item);
    if (url.startsWith(`/api/properties/${willowId}/documents`)) return jsonResponse(200, documents);
    return notFound(url);
  });
  renderWithRouter(<DecisionItemPage propertyId={willowId} itemId={poolItemId} />, {
    user: makeUser(role),
    path: '/decisions/:propertyId/:itemId',
    initialEntry: `/decisions/${willowId}/${poolItemId}`,
  });
  return fetchMock;
}

describe('DecisionItemPage', () => {
  it('shows the background, documents, tally, what the rule needs and the votes cast', async () => {
    renderItem(poolItem);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool resurfacing contract' })).toBeVisible();
    expect(screen.getByText(/The pool plaster is 14 years old/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Blue Wave Pools bid/ })).toBeInTheDocument();
    const options = screen.getByRole('region', { name: 'Options and votes' });
    expect(within(options).getByText('Award to Blue Wave Pools').closest('li')).toHaveTextContent('1 vote');
    expect(options).toHaveTextContent('2 of 5 members voted');
    expect(options).toHaveTextContent('needs 3 of 5 members for one option');
    expect(options).toHaveTextContent('Today’s votes carry no option yet.');
    const votes = screen.getByRole('region', { name: 'Votes cast' });
    expect(votes).toHaveTextContent('Ann Director');
    expect(votes).toHaveTextContent('voted “Award to Blue Wave Pools”');
    expect(votes).toHaveTextContent('The lower bid, and they did the spa.');
    expect(votes).toHaveTextContent('Bo Treasurer');
    expect(votes).toHaveTextContent('abstained');
  });

  it('asks before casting a vote, then sends the choice and comment', async () => {
    const fetchMock = renderItem(poolItem, (url) =>
      url === `${itemPath}/votes`
        ? jsonResponse(200, { ...poolItem, canVote: false, myVote: 'aquacraft', votesCast: 3 })
        : notFound(url),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Your vote' });
    // Nothing chosen: the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Cast my vote' }));
    expect(within(form).getByText('Choose an option, or abstain')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Award to AquaCraft' }));
    await user.type(within(form).getByRole('textbox', { name: 'Comment (optional)' }), 'Faster work');
    await user.click(within(form).getByRole('button', { name: 'Cast my vote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cast your vote?' });
    expect(dialog).toHaveTextContent(
      'You are voting for “Award to AquaCraft” on “Pool resurfacing contract”.',
    );
    expect(dialog).toHaveTextContent('A vote cannot be changed once it is cast.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cast my vote' }));

    expect(await screen.findByText('You voted: Award to AquaCraft.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your vote' })).not.toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `${itemPath}/votes`)!;
    expect(bodyOf(init)).toEqual({ choice: 'aquacraft', comment: 'Faster work' });
  });

  it('shows why a vote was refused (409) and reads the item again', async () => {
    const fetchMock = renderItem(poolItem, () =>
      jsonResponse(409, {
        error: {
          code: 'ALREADY_VOTED',
          message: 'You have voted on this item already; a vote cannot be changed.',
        },
      }),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Your vote' });
    await user.click(within(form).getByRole('radio', { name: 'Abstain' }));
    await user.click(within(form).getByRole('button', { name: 'Cast my vote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cast your vote?' });
    expect(dialog).toHaveTextContent('You are voting to abstain');
    await user.click(within(dialog).getByRole('button', { name: 'Cast my vote' }));
    const alert = await screen.findByRole('alert', { name: 'Your vote was not recorded' });
    expect(alert).toHaveTextContent('You have voted on this item already; a vote cannot be changed.');
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === itemPath)).toHaveLength(2));
  });

  it('offers only the option the votes carry when recording the outcome, saying why', async () => {
    renderItem(poolItem);
    const panel = await screen.findByRole('region', { name: 'Record the outcome' });
    // No option carried yet: every option is disabled and the button too, with the reason.
    expect(panel).toHaveTextContent(
      'Today’s votes carry no option yet: the rule needs 3 of 5 members for one option.',
    );
    for (const name of ['Award to Blue Wave Pools', 'Award to AquaCraft', 'Defer to next year'])
      expect(within(panel).getByRole('radio', { name })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Record the outcome' })).toBeDisabled();
  });

  it('records the carried option as the outcome, after asking', async () => {
    const fetchMock = renderItem(poolItemCarried, (url) =>
      url === `${itemPath}/decide`
        ? jsonResponse(200, { ...poolItemDecided, method: 'votes', meeting: null })
        : notFound(url),
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Record the outcome' });
    expect(within(panel).getByRole('radio', { name: 'Award to Blue Wave Pools' })).toBeEnabled();
    expect(within(panel).getByRole('radio', { name: 'Award to AquaCraft' })).toBeDisabled();
    expect(within(panel).getAllByText('Today’s votes do not carry it')).toHaveLength(2);
    await user.click(within(panel).getByRole('radio', { name: 'Award to Blue Wave Pools' }));
    await user.click(within(panel).getByRole('button', { name: 'Record the outcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the outcome?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record the outcome' }));
    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    expect(outcome).toHaveTextContent('Decided: Award to Blue Wave Pools');
    expect(outcome).toHaveTextContent('By the members’ votes here.');
    expect(outcome).toHaveTextContent('Recorded by Ann Director');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `${itemPath}/decide`)!;
    expect(bodyOf(init)).toEqual({ method: 'votes', outcome: 'blue_wave' });
  });

  it('checks a meeting vote before sending it, and sends the counts, minutes and outcome', async () => {
    const fetchMock = renderItem(poolItem, (url) =>
      url === `${itemPath}/decide` ? jsonResponse(200, poolItemDecided) : notFound(url),
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Record the outcome' });
    await user.click(within(panel).getByRole('tab', { name: 'Record a meeting vote' }));
    await user.click(await within(panel).findByRole('button', { name: 'Record the meeting vote' }));
    expect(within(panel).getByText('Choose the day of the meeting')).toBeInTheDocument();
    expect(within(panel).getAllByText('Enter a number (0 if none)')).toHaveLength(4);
    expect(within(panel).getByText('Choose the outcome')).toBeInTheDocument();

    const count = (name: string) => within(panel).getByRole('textbox', { name });
    fireEvent.change(within(panel).getByLabelText(/Meeting date/), { target: { value: '2025-12-09' } });
    await user.type(count('For “Award to Blue Wave Pools”'), '2');
    await user.type(count('For “Award to AquaCraft”'), '1');
    await user.type(count('For “Defer to next year”'), '0');
    await user.type(count('Abstentions'), '1');
    await user.click(within(panel).getByRole('radio', { name: 'Award to Blue Wave Pools' }));
    await user.click(within(panel).getByRole('button', { name: 'Record the meeting vote' }));
    // Two of five members is not a majority of the members: the rule is the server's, read here too.
    expect(
      within(panel).getByText(
        'These counts do not carry “Award to Blue Wave Pools”: the rule needs 3 of 5 members for one option.',
      ),
    ).toBeInTheDocument();
    await user.clear(count('For “Award to Blue Wave Pools”'));
    await user.type(count('For “Award to Blue Wave Pools”'), '5');
    await user.click(within(panel).getByRole('button', { name: 'Record the meeting vote' }));
    expect(
      within(panel).getByText('The counts add up to 7 votes, more than the 5 members serving.'),
    ).toBeInTheDocument();
    await user.clear(count('For “Award to Blue Wave Pools”'));
    await user.type(count('For “Award to Blue Wave Pools”'), '3');
    await user.click(within(panel).getByRole('combobox', { name: 'Minutes document (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Minutes of December 9' }));
    await user.click(within(panel).getByRole('button', { name: 'Record the meeting vote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the meeting vote?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record the meeting vote' }));

    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    expect(outcome).toHaveTextContent('By a vote at the meeting of Dec 9, 2025.');
    expect(outcome).toHaveTextContent('Award to Blue Wave Pools: 4 · Award to AquaCraft: 0');
    expect(within(outcome).getByRole('button', { name: /Minutes of December 9/ })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `${itemPath}/decide`)!;
    expect(bodyOf(init)).toEqual({
      method: 'meeting',
      outcome: 'blue_wave',
      heldOn: '2025-12-09',
      minutesDocumentId,
      counts: { blue_wave: 3, aquacraft: 1, defer: 0, abstain: 1 },
    });
  });

  it('shows the server’s refusal of an outcome on the outcome', async () => {
    renderItem(poolItemCarried, () =>
      jsonResponse(409, {
        error: {
          code: 'VOTES_DO_NOT_CARRY',
          message:
            'The votes recorded do not carry any option yet: the Board of Directors needs 3 of 5 members for one option.',
          fields: {
            outcome:
              'The votes recorded do not carry any option yet: the Board of Directors needs 3 of 5 members for one option.',
          },
        },
      }),
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Record the outcome' });
    await user.click(within(panel).getByRole('radio', { name: 'Award to Blue Wave Pools' }));
    await user.click(within(panel).getByRole('button', { name: 'Record the outcome' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Record the outcome?' })).getByRole('button', {
        name: 'Record the outcome',
      }),
    );
    expect(
      await within(panel).findByText(/The votes recorded do not carry any option yet/),
    ).toBeInTheDocument();
  });

  it('sends an architectural request’s item to its request, with no decide form', async () => {
    renderItem({ ...poolItem, ...fenceSummary, id: poolItemId, propertyId: willowId, canDecide: true });
    expect(await screen.findByRole('link', { name: 'Open the architectural request' })).toHaveAttribute(
      'href',
      `/arc/${willowId}/${arcRequestId}`,
    );
    expect(screen.queryByRole('region', { name: 'Record the outcome' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw this item' })).not.toBeInTheDocument();
  });

  it('links a collections step to its case, for those who keep collections', async () => {
    const caseId = '99999999-9999-4999-8999-999999999999';
    const step = {
      ...poolItem,
      kind: 'collections_step' as const,
      title: 'Unit 22A: proceed to stage 4 (referral to attorney or collector)?',
      collectionCaseId: caseId,
    };
    renderItem(step);
    const link = await screen.findByRole('link', { name: 'Open the collection case' });
    expect(link).toHaveAttribute('href', `/manager-portal/properties/${willowId}/collections?case=${caseId}`);
    expect(link.closest('[role="note"]')).toHaveTextContent('the outcome is recorded on the case');
  });

  it('sends a reconsideration to its architectural request, and offers no withdrawal', async () => {
    renderItem(
      {
        ...poolItem,
        kind: 'reconsideration',
        title: 'Reconsider: fence request at unit 14B',
        options: [
          { key: 'uphold', label: 'Uphold the decision' },
          { key: 'approve', label: 'Approve the request' },
        ],
        reconsideredRequestId: arcRequestId,
      },
      undefined,
      'manager',
    );
    const link = await screen.findByRole('link', { name: 'Open the architectural request' });
    expect(link).toHaveAttribute('href', `/arc/${willowId}/${arcRequestId}`);
    expect(link.closest('[role="note"]')).toHaveTextContent('“Approve the request” replaces the decision');
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('shows why a collections step was withdrawn, and no link where the collections page is not the person’s', async () => {
    renderItem(
      {
        ...poolItem,
        kind: 'collections_step',
        collectionCaseId: '99999999-9999-4999-8999-999999999999',
        status: 'withdrawn',
        canVote: false,
        canDecide: false,
        outcomeNote: 'The collection case was closed.',
      },
      undefined,
      'resident',
    );
    expect(await screen.findByText('The collection case was closed.')).toBeInTheDocument();
    expect(screen.getByText('This item was withdrawn. Nobody can vote on it any more.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the collection case' })).not.toBeInTheDocument();
  });

  it('withdraws an item after asking', async () => {
    const fetchMock = renderItem(poolItem, (url) =>
      url === `${itemPath}/withdraw`
        ? jsonResponse(200, { ...poolItem, status: 'withdrawn', canVote: false, canDecide: false })
        : notFound(url),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the item' }));
    expect(
      await screen.findByText('This item was withdrawn. Nobody can vote on it any more.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your vote' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === `${itemPath}/withdraw`)).toBe(true);
  });

  it('says when the item is not found', async () => {
    mockFetch((url) => notFound(url));
    renderWithRouter(<DecisionItemPage propertyId={willowId} itemId={poolItemId} />, {
      user: makeUser('resident'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Decision not found' })).toBeInTheDocument();
  });
});
