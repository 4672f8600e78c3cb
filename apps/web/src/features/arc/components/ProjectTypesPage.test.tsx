import type { ArcProjectType } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ProjectTypesPage } from './ProjectTypesPage.tsx';
import { fenceRule, fenceType, paintType, propertyId, ruleId, ruleList } from './test-data.ts';

beforeAll(stubDocumentFonts);

const typesUrl = `/api/properties/${propertyId}/arc/project-types`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const manager = makeUser('manager');

function serve(types: ArcProjectType[], onWrite?: (url: string, init: RequestInit) => Response) {
  let current = types;
  return mockFetch((url, init) => {
    if (init?.method && init.method !== 'GET' && onWrite) {
      const response = onWrite(url, init);
      if (response.ok && url.endsWith('/defaults')) current = [fenceType, paintType];
      return response;
    }
    if (url === typesUrl) return jsonResponse(200, { projectTypes: current });
    if (url.startsWith(`/api/properties/${propertyId}/violation-rules?`))
      return jsonResponse(200, ruleList([fenceRule]));
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
  });
}

const choose = async (
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: RegExp | string,
  option: string,
) => {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('ProjectTypesPage', () => {
  it('sets up the default project types for an association with none', async () => {
    const fetchMock = serve([], (url) =>
      url === `${typesUrl}/defaults`
        ? jsonResponse(201, { projectTypes: [fenceType, paintType] })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    const user = userEvent.setup();
    renderWithRouter(<ProjectTypesPage propertyId={propertyId} />, { user: manager });
    expect(await screen.findByRole('heading', { name: 'No project types yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up the default project types' }));
    const fence = await screen.findByRole('listitem', { name: 'Fence' });
    expect(fence).toHaveTextContent('$25.00 · Decision within 45 days of a complete request (CC&Rs §7.3)');
    expect(fence).toHaveTextContent('3 questions · 2 files · 1 guideline check');
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === `${typesUrl}/defaults` && init?.method === 'POST'),
    ).toBe(true);
  });

  it('refuses an incomplete type with the contract’s messages, and sends nothing', async () => {
    const fetchMock = serve([fenceType]);
    const user = userEvent.setup();
    renderWithRouter(<ProjectTypesPage propertyId={propertyId} />, { user: manager });
    await user.click(await screen.findByRole('button', { name: 'Add a project type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a project type' });
    await user.type(within(dialog).getByRole('textbox', { name: /Review window/ }), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a check' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add project type' }));

    expect(within(dialog).getByText('Choose the kind of project')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText(/Say where the review window comes from/)).toBeInTheDocument();
    const question = within(dialog).getByRole('group', { name: /Question 1/ });
    expect(within(question).getByText('A field’s label is required')).toBeInTheDocument();
    const check = within(dialog).getByRole('group', { name: /Check 1/ });
    expect(within(check).getByText('Choose the rule this check rests on')).toBeInTheDocument();
    expect(within(check).getByText('Choose the field this check reads')).toBeInTheDocument();
    expect(within(check).getByText('Give the limit')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('builds fields, files and checks with keys from their labels, and shows the server’s field errors', async () => {
    const fetchMock = serve([fenceType], () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please correct the highlighted fields.',
          fields: {
            'checks.0.limit': 'A limit must be at most 120 in',
            name: 'Another project type is called Fence',
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<ProjectTypesPage propertyId={propertyId} />, { user: manager });
    await user.click(await screen.findByRole('button', { name: 'Add a project type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a project type' });
    await choose(user, dialog, /Kind of project/, 'Fence');
    // The kind names a new type until a name is typed.
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Fence');
    await user.type(within(dialog).getByRole('textbox', { name: /^Fee/ }), '25.50');
    await user.type(within(dialog).getByRole('textbox', { name: /Review window/ }), '45');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Where the number of days comes from/ }),
      'CC&Rs §7.3',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    const question = within(dialog).getByRole('group', { name: /Question 1/ });
    await user.type(within(question).getByRole('textbox', { name: /Label/ }), 'Fence height');
    expect(within(question).getByText('Key: fence_height')).toBeInTheDocument();
    await choose(user, question, /Answer/, 'Number');
    await choose(user, question, /Unit/, 'in');

    await user.click(within(dialog).getByRole('button', { name: 'Add a file' }));
    const file = within(dialog).getByRole('group', { name: /File 1/ });
    await user.type(within(file).getByRole('textbox', { name: /Label/ }), 'Contractor quote');

    await user.click(within(dialog).getByRole('button', { name: 'Add a check' }));
    const check = within(dialog).getByRole('group', { name: /Check 1/ });
    await user.type(within(check).getByRole('textbox', { name: /Label/ }), 'Height limit');
    await choose(user, check, /Rule/, 'Fence height (§ 7.3(b))');
    await choose(user, check, /Question it reads/, 'Fence height');
    await user.type(within(check).getByRole('textbox', { name: /Limit/ }), '72');
    await user.click(within(dialog).getByRole('button', { name: 'Add project type' }));

    expect(await within(dialog).findByText('A limit must be at most 120 in')).toBeInTheDocument();
    expect(within(dialog).getByText('Another project type is called Fence')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(typesUrl);
    expect(bodyOf(post[1])).toEqual({
      kind: 'fence',
      name: 'Fence',
      description: '',
      feeCents: 2550,
      reviewDays: 45,
      reviewDaysSource: 'CC&Rs §7.3',
      active: true,
      fields: [
        {
          key: 'fence_height',
          label: 'Fence height',
          kind: 'number',
          unit: 'in',
          options: [],
          required: true,
          help: null,
        },
      ],
      files: [{ key: 'contractor_quote', label: 'Contractor quote', help: null }],
      checks: [
        {
          key: 'height_limit',
          label: 'Height limit',
          ruleId,
          op: 'at_most',
          field: 'fence_height',
          limit: 72,
          // The limit took the unit of the question it reads.
          unit: 'in',
          values: [],
        },
      ],
    });
  });

  it('edits a type: its saved keys stay, questions move and go', async () => {
    const fetchMock = serve([fenceType], (_url, init) =>
      jsonResponse(200, { ...fenceType, ...bodyOf(init) }),
    );
    const user = userEvent.setup();
    renderWithRouter(<ProjectTypesPage propertyId={propertyId} />, { user: manager });
    await user.click(await screen.findByRole('button', { name: 'Edit Fence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Fence' });
    const material = within(dialog).getByRole('group', { name: 'Question 2: Material' });
    expect(within(material).getByRole('textbox', { name: /Options/ })).toHaveValue(
      'Wood\nVinyl\nWrought iron',
    );
    const label = within(material).getByRole('textbox', { name: /Label/ });
    await user.clear(label);
    await user.type(label, 'Fence material');
    // A saved question keeps its key: requests answered it by that key.
    expect(within(material).getByText('Key: material')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move Question 2: Fence material up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Question 3: Colour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save project type' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`${typesUrl}/${fenceType.id}`);
    const body = bodyOf(put[1]) as {
      fields: { key: string; label: string }[];
      checks: { field: string }[];
      feeCents: number;
    };
    expect(body.fields.map((field) => [field.key, field.label])).toEqual([
      ['material', 'Fence material'],
      ['height', 'Height'],
    ]);
    expect(body.checks[0]!.field).toBe('height');
    expect(body.feeCents).toBe(2500);
  });
});
