import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { RulesPage } from './RulesPage.tsx';
import { boatSuggestion, propertyId, ruleList, trashRule } from './test-data.ts';

// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
beforeAll(stubDocumentFonts);

const rulesUrl = `/api/properties/${propertyId}/violation-rules`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('RulesPage', () => {
  it('says how many suggestions wait, reads the documents, and says what it added', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === `${rulesUrl}/suggestions` && init?.method === 'POST')
        return jsonResponse(200, { documents: 2, added: 3 });
      return jsonResponse(200, ruleList([boatSuggestion, trashRule]));
    });
    const user = userEvent.setup();
    renderWithRouter(<RulesPage propertyId={propertyId} canWrite />, { user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Boats and trailers' })).toBeInTheDocument();
    expect(screen.getByText(/1 suggestion waits for a manager to confirm/)).toBeInTheDocument();
    // The clause is quoted with where it comes from.
    const rules = screen.getByRole('list', { name: 'Rules' });
    expect(within(rules).getByText(/No boat, trailer, camper/)).toBeInTheDocument();
    expect(
      within(rules).getAllByText('— Willow Creek CC&Rs, § 4.5 Vehicles and Parking, page 3')[0],
    ).toBeInTheDocument();
    expect(within(rules).getByText(/3 days to cure · fines 1st \$25\.00, 2nd \$50\.00/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Read documents for rules' }));
    expect(
      await screen.findByText('Read 2 documents: 3 new suggestions to review below.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === `${rulesUrl}/suggestions`)).toBe(true);
    // The list now shows the suggestions to review.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=suggested'))).toBe(true);
  });

  it('confirms a suggestion with days to cure and fines typed in dollars, sent as whole cents', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/confirm') && init?.method === 'POST')
        return jsonResponse(200, { ...boatSuggestion, ...bodyOf(init), status: 'confirmed' });
      return jsonResponse(200, ruleList([boatSuggestion]));
    });
    const user = userEvent.setup();
    renderWithRouter(<RulesPage propertyId={propertyId} canWrite />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Review and confirm: Boats and trailers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and confirm rule' });

    // Days to cure is required for a curable rule; nothing is sent until it is given.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rule' }));
    expect(within(dialog).getByText('Say how many days an owner has to cure')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/confirm'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Days to cure' }), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Add a fine' }));
    await user.type(within(dialog).getByRole('textbox', { name: '1st fine' }), '$50');
    await user.click(within(dialog).getByRole('button', { name: 'Add the 2nd fine' }));
    await user.type(within(dialog).getByRole('textbox', { name: '2nd fine' }), '125.5');
    // 0.1 + 0.2 would not survive a float: typed text becomes cents digit by digit.
    await user.click(within(dialog).getByRole('button', { name: 'Add the 3rd fine' }));
    await user.type(within(dialog).getByRole('textbox', { name: '3rd fine' }), '1,000.29');
    expect(within(dialog).getByText(/from the 3rd on, each repeats at \$1,000\.29/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rule' }));

    expect(await screen.findByText('Rule “Boats and trailers” confirmed: it is in use')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/confirm'))!;
    expect(bodyOf(init)).toEqual({
      title: 'Boats and trailers',
      category: 'parking_vehicles',
      documentId: boatSuggestion.clause.documentId,
      sectionNumber: '4.5',
      sectionTitle: 'Vehicles and Parking',
      page: 3,
      excerpt: boatSuggestion.clause.excerpt,
      curable: true,
      healthSafety: false,
      defaultCureDays: 14,
      fineScheduleCents: [5000, 12550, 100029],
    });
  });

  it('says so when an edited clause is no longer the document’s words', async () => {
    mockFetch((url, init) => {
      if (url.endsWith('/confirm') && init?.method === 'POST')
        return jsonResponse(422, {
          error: {
            code: 'EXCERPT_NOT_IN_DOCUMENT',
            message: 'The clause must be quoted word for word from Willow Creek CC&Rs.',
          },
        });
      return jsonResponse(200, ruleList([boatSuggestion]));
    });
    const user = userEvent.setup();
    renderWithRouter(<RulesPage propertyId={propertyId} canWrite />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Review and confirm: Boats and trailers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and confirm rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit the clause' }));
    expect(
      within(dialog).getByText(/must stay word for word as it is in Willow Creek CC&Rs/),
    ).toBeInTheDocument();
    const clause = within(dialog).getByRole('textbox', { name: 'Clause' });
    await user.clear(clause);
    await user.type(clause, 'No boats anywhere.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Days to cure' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rule' }));
    expect(
      await within(dialog).findByText('The clause must be quoted word for word from Willow Creek CC&Rs.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Review and confirm rule' })).toBeInTheDocument();
  });

  it('retires a rule in use only after asking', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/retire') && init?.method === 'POST')
        return jsonResponse(200, { ...trashRule, status: 'retired' });
      return jsonResponse(200, ruleList([trashRule], 0));
    });
    const user = userEvent.setup();
    renderWithRouter(<RulesPage propertyId={propertyId} canWrite />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Retire: Trash cans out of sight' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retire this rule?' });
    expect(within(confirm).getByText(/Its open violations keep citing it/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/retire'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Retire rule' }));
    expect(await screen.findByText('Rule “Trash cans out of sight” retired')).toBeInTheDocument();
  });

  it('shows the board the rules to read, with no controls to change them', async () => {
    mockFetch(() => jsonResponse(200, ruleList([boatSuggestion, trashRule])));
    renderWithRouter(<RulesPage propertyId={propertyId} canWrite={false} />, { user: makeUser('board') });
    expect(await screen.findByRole('heading', { name: 'Trash cans out of sight' })).toBeInTheDocument();
    expect(screen.getByText(/1 suggestion waits for a manager to confirm or dismiss\./)).toBeInTheDocument();
    for (const name of [
      'Read documents for rules',
      'Add rule',
      'Review and confirm: Boats and trailers',
      'Dismiss: Boats and trailers',
      'Edit: Trash cans out of sight',
      'Retire: Trash cans out of sight',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('says when the rules fail to load, with the server’s words and a retry', async () => {
    mockFetch(() =>
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'The database is unavailable.' } }),
    );
    renderWithRouter(<RulesPage propertyId={propertyId} canWrite />, { user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Failed to load rules' })).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
