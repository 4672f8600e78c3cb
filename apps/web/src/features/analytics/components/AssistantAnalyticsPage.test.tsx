import type { AssistantAnalytics } from '@commonwise/contracts';
import { handoverReasons } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { AssistantAnalyticsPage } from './AssistantAnalyticsPage.tsx';

const willow = { id: '22222222-2222-4222-8222-222222222222', name: 'Willow Creek Commons' };
const harbor = { id: '44444444-4444-4444-8444-444444444444', name: 'Harbor View Condominiums' };

function figures(overrides: Partial<AssistantAnalytics> = {}): AssistantAnalytics {
  return {
    period: {
      from: '2025-01-01',
      to: '2025-01-31',
      timeZone: 'UTC',
      startsAt: '2025-01-01T00:00:00.000Z',
      endsBefore: '2025-02-01T00:00:00.000Z',
    },
    scope: { isAllProperties: true, properties: [harbor, willow] },
    property: null,
    conversations: { total: 72, resolvedWithoutPerson: 56, handedOver: 16, resolvedShare: 56 / 72 },
    handovers: handoverReasons.map((reason) => ({
      reason,
      conversations: reason === 'no_answer_in_documents' ? 9 : reason === 'emergency' ? 2 : 0,
    })),
    turns: { total: 310, byRules: 300, byModel: 10 },
    firstReply: { count: 310, medianMs: 1450, p95Ms: 125_000 },
    timeToWorkOrder: { count: 12, medianMs: 252_000, p95Ms: 900_000 },
    citations: { answered: 30, unanswered: 9 },
    intents: [
      { intent: 'maintenance_request', turns: 200 },
      { intent: 'document_question', turns: 39 },
      { intent: null, turns: 71 },
    ],
    languages: [
      { language: 'en', turns: 280 },
      { language: 'pt', turns: 30 },
    ],
    emergencies: [{ kind: 'gas_leak', conversations: 2 }],
    unansweredQuestions: {
      total: 9,
      items: [
        {
          messageId: '55555555-5555-4555-8555-555555555555',
          question: 'Can I put solar panels on my roof?',
          property: willow,
          askedAt: '2025-01-12T09:00:00.000Z',
        },
      ],
    },
    ...overrides,
  };
}

const path = '/admin-portal/analytics';

function renderPage(role: 'admin' | 'manager', respond: (url: URL) => Response) {
  const fetchMock = mockFetch((url) => respond(new URL(url, 'http://localhost')));
  const view = renderWithRouter(<AssistantAnalyticsPage />, {
    path,
    initialEntry: `${path}?from=2025-01-01&to=2025-01-31`,
    user: makeUser(role),
  });
  return { ...view, fetchMock };
}

describe('the assistant analytics page', () => {
  it('states each headline figure with what it was measured over', async () => {
    renderPage('admin', () => jsonResponse(200, figures()));
    const resolved = await screen.findByRole('region', { name: 'Resolved without a person' });
    expect(resolved).toHaveTextContent('78%');
    expect(resolved).toHaveTextContent('56 of 72 conversations');
    expect(screen.getByRole('region', { name: 'Median time to first reply' })).toHaveTextContent(
      '1.4 sHalf of 310 replies took at most this long',
    );
    expect(screen.getByRole('region', { name: 'p95 time to first reply' })).toHaveTextContent('2 min 5 s');
    expect(screen.getByRole('region', { name: 'Median time to a work order' })).toHaveTextContent(
      /4 min 12 s.*Over 12 work orders · p95 15 min/,
    );
    const handovers = screen.getByRole('region', { name: 'Handed to a person' });
    expect(handovers).toHaveTextContent('16 of 72 conversations (22%)');
    expect(within(handovers).getByRole('row', { name: /No answer in the documents 9/ })).toBeInTheDocument();
    // The reasons the issue names are listed even at zero.
    expect(
      within(handovers).getByRole('row', { name: /Language the assistant does not speak 0/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rules questions' })).toHaveTextContent(
      /Answered with a citation30 \(77%\)/,
    );
    expect(screen.getByRole('list', { name: 'Messages by language' })).toHaveTextContent('Portuguese');
    expect(screen.getByRole('list', { name: 'Messages by topic' })).toHaveTextContent('Not classified');
  });

  it("links an unanswered question to its property's documents: the property page for admins", async () => {
    renderPage('admin', () => jsonResponse(200, figures()));
    const unanswered = await screen.findByRole('region', {
      name: 'Questions the documents could not answer',
    });
    expect(unanswered).toHaveTextContent('“Can I put solar panels on my roof?”');
    expect(unanswered).toHaveTextContent('9 questions, the 1 most recent shown');
    expect(
      within(unanswered).getByRole('link', { name: 'Add a document to Willow Creek Commons' }),
    ).toHaveAttribute('href', `/admin-portal/properties/${willow.id}`);
  });

  it("links a manager to the property's documents page, and offers their properties only", async () => {
    const { fetchMock } = renderPage('manager', () =>
      jsonResponse(200, figures({ scope: { isAllProperties: false, properties: [willow] } })),
    );
    const unanswered = await screen.findByRole('region', {
      name: 'Questions the documents could not answer',
    });
    expect(
      within(unanswered).getByRole('link', { name: 'Add a document to Willow Creek Commons' }),
    ).toHaveAttribute('href', `/manager-portal/properties/${willow.id}/documents`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Property' }));
    expect(screen.getByRole('option', { name: 'All my properties' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: harbor.name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: willow.name }));
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(last.searchParams.get('propertyId')).toBe(willow.id);
  });

  it('asks for the quick periods and refuses a period that ends before it starts', async () => {
    const { fetchMock, router } = renderPage('admin', () => jsonResponse(200, figures()));
    await screen.findByRole('region', { name: 'Resolved without a person' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    const asked = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(asked.searchParams.get('to')).toBe(router.state.location.search.match(/to=([\d-]+)/)![1]);

    const calls = fetchMock.mock.calls.length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('says so when there were no conversations, still showing the tiles', async () => {
    renderPage('admin', () =>
      jsonResponse(
        200,
        figures({
          conversations: { total: 0, resolvedWithoutPerson: 0, handedOver: 0, resolvedShare: null },
          firstReply: { count: 0, medianMs: null, p95Ms: null },
          timeToWorkOrder: { count: 0, medianMs: null, p95Ms: null },
        }),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'No conversations in this period' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resolved without a person' })).toHaveTextContent(
      '—No conversations in this period',
    );
    expect(screen.queryByRole('region', { name: 'Handed to a person' })).not.toBeInTheDocument();
  });

  it('shows the error with a way to try again, and a property it cannot see as not found', async () => {
    let status = 500;
    renderPage('admin', () =>
      jsonResponse(status, {
        error: { code: status === 500 ? 'INTERNAL' : 'NOT_FOUND', message: 'Property not found' },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Failed to load the figures' })).toBeInTheDocument();
    status = 404;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('That property does not exist or is not one you can see.'),
    ).toBeInTheDocument();
  });
});
