import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { NewArcRequestPage } from './NewArcRequestPage.tsx';
import {
  fenceType,
  incompleteRequest,
  otherUnitId,
  ownerAccount,
  paintType,
  requestId,
  unitId,
} from './test-data.ts';

beforeAll(stubDocumentFonts);

const resident = makeUser('resident', { id: 'ryan', fullName: 'Ryan Chen' });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function serve(options: { units?: number; onCreate?: (init: RequestInit) => Response } = {}) {
  const accounts = [ownerAccount(unitId, '14B'), ownerAccount(otherUnitId, '9A')].slice(
    0,
    options.units ?? 1,
  );
  return mockFetch((url, init) => {
    if (url === '/api/finance/owner-accounts') return jsonResponse(200, { accounts });
    if (url.startsWith('/api/resident-portal/arc/project-types?'))
      return jsonResponse(200, { projectTypes: [fenceType, paintType] });
    if (url === '/api/resident-portal/arc/requests' && init?.method === 'POST')
      return options.onCreate ? options.onCreate(init) : jsonResponse(201, incompleteRequest);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/resident-portal/arc/new', element: <NewArcRequestPage /> },
      { path: '/resident-portal/arc/:requestId', element: <p>The request’s page</p> },
    ],
    { initialEntry: '/resident-portal/arc/new', user: resident },
  );
}

describe('NewArcRequestPage', () => {
  it('shows each project type with its fee and review window, then the form made from its fields', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    // One home: nothing to choose.
    expect(await screen.findByText('Unit 14B, Willow Creek')).toBeInTheDocument();
    const fence = await screen.findByRole('radio', { name: /Fence/ });
    expect(fence).toHaveTextContent('Fee $25.00');
    expect(fence).toHaveTextContent('Decision within 45 days of a complete request (CC&Rs §7.3)');
    const paint = screen.getByRole('radio', { name: /Paint colour/ });
    expect(paint).toHaveTextContent('No fee');
    expect(paint).toHaveTextContent('No review window set by the association');

    await user.click(fence);
    expect(fence).toHaveAttribute('aria-checked', 'true');
    // A number with its unit (said in words too), a choice, an optional text; required ones marked.
    const height = screen.getByRole('textbox', { name: /Height/ });
    expect(height).toBeRequired();
    expect(screen.getByText('In inches.')).toBeInTheDocument();
    expect(screen.getByText('in')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Material/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Colour/ })).not.toBeRequired();
    expect(screen.getByText('As named by the maker')).toBeInTheDocument();
    expect(screen.getByText(/Site drawing and Contractor quote/)).toBeInTheDocument();
  });

  it('refuses a form without its required answers and title, and sends nothing', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Fence/ }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Height is required')).toBeInTheDocument();
    expect(screen.getByText('Choose the material')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the answers as typed (numbers as numbers) and opens the request', async () => {
    const fetchMock = serve({ units: 2 });
    const user = userEvent.setup();
    const { router } = renderPage();
    // Two homes: the owner says which one.
    await user.click(await screen.findByRole('combobox', { name: 'Which home is it for?' }));
    await user.click(await screen.findByRole('option', { name: 'Unit 9A, Willow Creek' }));
    await user.click(await screen.findByRole('radio', { name: /Fence/ }));
    await user.type(screen.getByRole('textbox', { name: /Height/ }), '66');
    await user.click(screen.getByRole('combobox', { name: /Material/ }));
    await user.click(await screen.findByRole('option', { name: 'Vinyl' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Back yard fence');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Along the back lot line.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/resident-portal/arc/${requestId}`));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({
      unitId: otherUnitId,
      projectTypeId: fenceType.id,
      title: 'Back yard fence',
      description: 'Along the back lot line.',
      answers: { height: 66, material: 'Vinyl' },
    });
    expect(
      fetchMock.mock.calls.some(
        ([url]) => url === `/api/resident-portal/arc/project-types?unitId=${otherUnitId}`,
      ),
    ).toBe(true);
  });

  it('shows the server’s field errors beside the fields', async () => {
    serve({
      onCreate: () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please correct the highlighted fields.',
            fields: {
              'answers.height': 'Height must be at most 240 in',
              unitId: 'You no longer own this unit',
            },
          },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Paint colour/ }));
    await user.click(screen.getByRole('radio', { name: /Fence/ }));
    await user.type(screen.getByRole('textbox', { name: /Height/ }), '300');
    await user.click(screen.getByRole('combobox', { name: /Material/ }));
    await user.click(await screen.findByRole('option', { name: 'Wood' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Tall fence');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Height must be at most 240 in')).toBeInTheDocument();
    // A field the form does not show: its words go above the button.
    expect(screen.getByText('You no longer own this unit').closest('[role="alert"]')).not.toBeNull();
  });

  it('says so when the owner owns no home', async () => {
    mockFetch((url) =>
      url === '/api/finance/owner-accounts'
        ? jsonResponse(200, { accounts: [] })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No home of yours on file' })).toBeInTheDocument();
  });
});
