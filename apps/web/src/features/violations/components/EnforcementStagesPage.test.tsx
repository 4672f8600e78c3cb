import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { defaultPolicy, savedPolicy } from './enforcement-test-data.ts';
import { EnforcementStagesPage } from './EnforcementStagesPage.tsx';
import { propertyId } from './test-data.ts';

beforeAll(stubDocumentFonts);
afterEach(() => vi.unstubAllGlobals());

const policyUrl = `/api/properties/${propertyId}/enforcement-policy`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('EnforcementStagesPage', () => {
  it('shows the default stages until they are set up, with the law, and sets them up', async () => {
    let isSetUp = false;
    const fetchMock = mockFetch((url, init) => {
      if (url === `${policyUrl}/defaults` && init?.method === 'POST') {
        isSetUp = true;
        return jsonResponse(200, savedPolicy);
      }
      return jsonResponse(200, isSetUp ? savedPolicy : defaultPolicy);
    });
    const user = userEvent.setup();
    renderWithRouter(<EnforcementStagesPage propertyId={propertyId} canWrite />, {
      user: makeUser('manager'),
    });
    expect(
      await screen.findByText('These are the default stages: set them up to publish the default letters'),
    ).toBeInTheDocument();
    const stages = screen.getByRole('list', { name: 'Stages' });
    expect(within(stages).getAllByRole('listitem')).toHaveLength(4);
    const hearing = within(stages).getByRole('group', { name: 'Stage 3: Hearing notice' });
    expect(within(hearing).getByRole('textbox', { name: 'Name' })).toHaveValue('Hearing notice');
    // Not yet published: the template is named as not published.
    expect(within(hearing).getByRole('combobox', { name: 'Letter template' })).toHaveValue(
      'violation-hearing (not published)',
    );
    // The law, with what is not known said plainly.
    const law = screen.getByRole('region', { name: 'What the law says about hearings and fines' });
    expect(within(law).getByText('15 days')).toBeInTheDocument();
    expect(within(law).getByText('Tex. Prop. Code §209.007')).toBeInTheDocument();
    expect(within(law).getByText('Not known — the association decides')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up the default stages' }));
    await waitFor(() =>
      expect(
        screen.queryByText('These are the default stages: set them up to publish the default letters'),
      ).not.toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === `${policyUrl}/defaults`)).toBe(true);
    expect(
      within(screen.getByRole('group', { name: 'Stage 1: Courtesy notice' })).getByRole('combobox', {
        name: 'Letter template',
      }),
    ).toHaveValue('Courtesy notice (version 1)');
  });

  it('reorders with the keyboard, keeps the focus on the moved stage, and shows a server error on its row', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === policyUrl && init?.method === 'PUT')
        return jsonResponse(422, {
          error: {
            code: 'TEMPLATE_NOT_FOUND',
            message:
              'Each stage needs one of the association’s letter templates of the kind “Violation or hearing notice”.',
            fields: { 'stages.2.templateKey': 'Not a violation-notice template of this association' },
          },
        });
      return jsonResponse(200, savedPolicy);
    });
    const user = userEvent.setup();
    renderWithRouter(<EnforcementStagesPage propertyId={propertyId} canWrite />, {
      user: makeUser('manager'),
    });
    const moveUp = await screen.findByRole('button', { name: 'Move Violation notice up' });
    moveUp.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Stage 1: Violation notice' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Stage 2: Courtesy notice' })).toBeInTheDocument();
    // At the top "up" is disabled: the focus stays on the moved stage, on its other button.
    expect(screen.getByRole('button', { name: 'Move Violation notice up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Violation notice down' })).toHaveFocus();
    expect(screen.getByText('Violation notice moved to position 1 of 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    const row = await screen.findByRole('group', { name: 'Stage 3: Hearing notice' });
    expect(
      await within(row).findByText('Not a violation-notice template of this association'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each stage needs one of the association’s letter templates of the kind “Violation or hearing notice”.',
      ),
    ).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PUT')!;
    expect(bodyOf(init)).toEqual({
      stages: [savedPolicy.stages[1], savedPolicy.stages[0], savedPolicy.stages[2], savedPolicy.stages[3]],
    });
  });

  it('checks the order before sending: a first stage that is not a notice is refused on its row', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, savedPolicy));
    const user = userEvent.setup();
    renderWithRouter(<EnforcementStagesPage propertyId={propertyId} canWrite />, {
      user: makeUser('manager'),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Courtesy notice' }));
    await user.click(screen.getByRole('button', { name: 'Remove Violation notice' }));
    expect(screen.getByRole('button', { name: 'Add stage' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    const first = screen.getByRole('group', { name: 'Stage 1: Hearing notice' });
    expect(within(first).getByText('The first stage is a notice')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows the board the stages to read, with no controls', async () => {
    mockFetch(() => jsonResponse(200, defaultPolicy));
    renderWithRouter(<EnforcementStagesPage propertyId={propertyId} canWrite={false} />, {
      user: makeUser('board'),
    });
    const stages = await screen.findByRole('list', { name: 'Stages' });
    expect(within(stages).getByText('3. Hearing notice')).toBeInTheDocument();
    expect(screen.getByText('A manager of the association sets them up.')).toBeInTheDocument();
    for (const name of ['Set up the default stages', 'Save stages', 'Add stage'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when the stages fail to load', async () => {
    mockFetch(() =>
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'The database is unavailable.' } }),
    );
    renderWithRouter(<EnforcementStagesPage propertyId={propertyId} canWrite />, {
      user: makeUser('manager'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Failed to load the enforcement stages' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
  });
});
