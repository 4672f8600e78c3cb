import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { audienceOptions, harborId, notFound, waterAnnouncement, willowId } from '../test-data.ts';
import { NewAnnouncementPage } from './AnnouncementComposer.tsx';

beforeAll(stubDocumentFonts);

const listPath = `/api/properties/${harborId}/announcements`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

/** The composer for Harbor View (the only association Marcus writes for, unless `properties` says more). */
function renderComposer(
  onCreate: (init: RequestInit | undefined) => Response,
  properties = [{ id: harborId, name: 'Harbor View Condominiums' }],
) {
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/announcements/authoring') return jsonResponse(200, { properties });
    if (url === `${listPath}/audience-options`) return jsonResponse(200, audienceOptions);
    if (url === `${listPath}/audience-count`) {
      const { audience } = bodyOf(init) as { audience: { kind: string } };
      return jsonResponse(200, { people: audience.kind === 'buildings' ? 9 : 40 });
    }
    if (url === listPath && init?.method === 'POST') return onCreate(init);
    return notFound(url);
  });
  renderWithRouter(<NewAnnouncementPage />, {
    user: makeUser('manager', { fullName: 'Marcus Reed' }),
    path: '/community/announcements/new',
    initialEntry: `/community/announcements/new?propertyId=${harborId}`,
  });
  const creates = () =>
    fetchMock.mock.calls.filter(([url, init]) => url === listPath && init?.method === 'POST');
  return { fetchMock, creates };
}

/** Pasted rather than typed key by key: the same change events, in a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('the announcement composer', () => {
  it('checks the form as the server does before sending anything, and previews the text', async () => {
    const { creates } = renderComposer(() => jsonResponse(201, waterAnnouncement));
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'New announcement' })).toBeVisible();
    // One association: no picker, the page says which.
    expect(screen.queryByRole('combobox', { name: 'Association' })).not.toBeInTheDocument();
    expect(screen.getByText('For the people of Harbor View Condominiums.')).toBeVisible();
    expect(await screen.findByText('Reaches 40 people today')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('A title is required');
    expect(screen.getByText('Write the announcement first')).toBeVisible();
    expect(creates()).toHaveLength(0);

    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'Water is **off** on Tuesday.');
    expect(screen.getByText('28 of 10,000 characters')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(within(preview).getByText('off').tagName).toBe('STRONG');
  });

  it('offers the buildings when the audience is chosen buildings, and says how many people they reach', async () => {
    const { fetchMock } = renderComposer(() => jsonResponse(201, waterAnnouncement));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Chosen buildings' }));
    const buildings = screen.getByRole('combobox', { name: 'Buildings' });
    expect(screen.queryByRole('combobox', { name: 'Units' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose the buildings to see how many people it reaches.')).toBeVisible();
    await user.click(buildings);
    await user.click(await screen.findByRole('option', { name: 'Building 3 (8 units)' }));
    expect(await screen.findByText('Reaches 9 people today')).toBeVisible();
    const counted = fetchMock.mock.calls
      .filter(([url]) => url === `${listPath}/audience-count`)
      .map(([, init]) => bodyOf(init));
    expect(counted).toContainEqual({ audience: { kind: 'buildings', buildings: ['Building 3'] } });

    await user.click(screen.getByRole('radio', { name: 'Chosen units' }));
    expect(screen.getByRole('combobox', { name: 'Units' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Buildings' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusals on their fields, and a 422’s own words', async () => {
    let answer = 400;
    const { creates } = renderComposer(() =>
      answer === 400
        ? jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please correct the highlighted fields.',
              fields: {
                title: 'A title is at most 200 characters',
                'audience.buildings': 'Choose at most 50 buildings',
              },
              requestId: 'test',
            },
          })
        : jsonResponse(422, {
            error: {
              code: 'PUBLISH_TIME_PAST',
              message: 'The publish time has already passed. Choose a time in the future, or publish now.',
              fields: { publishAt: 'Choose a time in the future' },
              requestId: 'test',
            },
          }),
    );
    const user = userEvent.setup();
    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), 'Water shut-off');
    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'Off on Tuesday.');
    await user.click(screen.getByRole('radio', { name: 'Chosen buildings' }));
    await user.click(screen.getByRole('combobox', { name: 'Buildings' }));
    await user.click(await screen.findByRole('option', { name: 'Building 3 (8 units)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ask readers to acknowledge' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('A title is at most 200 characters')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'A title is at most 200 characters',
    );
    expect(screen.getByText('Choose at most 50 buildings')).toBeVisible();
    expect(bodyOf(creates()[0]![1])).toEqual({
      title: 'Water shut-off',
      body: 'Off on Tuesday.',
      audience: { kind: 'buildings', buildings: ['Building 3'] },
      language: 'en',
      requiresAck: true,
      publishAt: null,
      expiresAt: null,
      publish: true,
    });

    answer = 422;
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    const publishOn = screen.getByLabelText(/^Publish on/);
    fireEvent.change(publishOn, { target: { value: '2020-01-15T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    // The field says what is wrong with it; the server's sentence says what to do.
    await waitFor(() => expect(publishOn).toHaveAccessibleDescription(/^Choose a time in the future/));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The publish time has already passed. Choose a time in the future, or publish now.',
    );
    // The 400's field errors are gone: only this refusal's show.
    expect(screen.queryByText('A title is at most 200 characters')).not.toBeInTheDocument();
    expect(bodyOf(creates()[1]![1]).publishAt).toBe(new Date('2020-01-15T09:30').toISOString());
    await waitFor(() => expect(publishOn).toHaveFocus());
  });

  it('asks for the association when the person writes for more than one, and saves a draft', async () => {
    const { creates } = renderComposer(
      () => jsonResponse(201, { ...waterAnnouncement, status: 'draft', publishedAt: null }),
      [
        { id: willowId, name: 'Willow Creek Commons' },
        { id: harborId, name: 'Harbor View Condominiums' },
      ],
    );
    const user = userEvent.setup();
    // The address named Harbor View: it is chosen.
    expect(await screen.findByRole('combobox', { name: 'Association' })).toHaveValue(
      'Harbor View Condominiums',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Draft notice');
    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'Later.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(bodyOf(creates()[0]![1])).toMatchObject({ publish: false, audience: { kind: 'everyone' } });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });
});
