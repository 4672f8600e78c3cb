import type { PropertyDocumentList } from '@commonwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { NewDecisionDialog } from './NewDecisionDialog.tsx';
import { bidDocumentId, birchId, notFound, poolItem, willowId } from './test-data.ts';

beforeAll(stubDocumentFonts);

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const documents: PropertyDocumentList = {
  documents: [
    {
      id: bidDocumentId,
      propertyId: willowId,
      name: 'Blue Wave Pools bid',
      description: null,
      category: 'financial_statements',
      fileName: 'bid.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1000,
      status: 'completed',
      statusReason: null,
      pageCount: 2,
      isRequired: false,
      uploadedBy: null,
      uploadedAt: '2025-12-10T10:00:00.000Z',
      processedAt: null,
    },
  ],
  total: 1,
  page: 1,
  limit: 50,
};
const property = (id: string, name: string) => ({ id, name });

function renderDialog(role: string, onPost: (url: string, init: RequestInit | undefined) => Response) {
  const fetchMock = mockFetch((url, init) => {
    if (init?.method === 'POST') return onPost(url, init);
    if (url.startsWith('/api/properties?'))
      return jsonResponse(200, {
        properties: [property(willowId, 'Willow Creek Commons'), property(birchId, 'Birch Hollow')],
        total: 2,
        page: 1,
        limit: 100,
      });
    if (url === '/api/board-portal/associations')
      return jsonResponse(200, { associations: [property(willowId, 'Willow Creek Commons')] });
    if (url.startsWith(`/api/properties/${willowId}/documents`)) return jsonResponse(200, documents);
    return notFound(url);
  });
  const onClose = vi.fn();
  renderWithRouter(<NewDecisionDialog opened onClose={onClose} />, { user: makeUser(role) });
  return { fetchMock, onClose };
}

describe('NewDecisionDialog', () => {
  it('checks the form as the server does before sending anything', async () => {
    const { fetchMock } = renderDialog('manager', (url) => notFound(url));
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New decision' });
    await user.click(await within(dialog).findByRole('button', { name: 'Put to the board' }));
    expect(within(dialog).getByText('Choose an association')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose what kind of decision this is')).toBeInTheDocument();
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Background is required')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Each option is required')).toHaveLength(2);
    expect(within(dialog).getByText('Due date must be a date')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('puts an item to the board with its options and documents, and shows the server’s field errors', async () => {
    let refuse = true;
    const { fetchMock, onClose } = renderDialog('manager', () =>
      refuse
        ? jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please correct the highlighted fields.',
              fields: {
                title: 'An open item has this title already',
                'options.1': 'Each option must be at most 200 characters',
                dueOn: 'The due date cannot be in the past',
              },
            },
          })
        : jsonResponse(201, poolItem),
    );
    const user = userEvent.setup();
    /** Pasted rather than typed key by key: the same change events, in a fraction of the time. */
    const fill = async (input: HTMLElement, text: string) => {
      await user.click(input);
      await user.paste(text);
    };
    const dialog = await screen.findByRole('dialog', { name: 'New decision' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Association' }));
    await user.click(await screen.findByRole('option', { name: 'Willow Creek Commons' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind of decision' }));
    await user.click(await screen.findByRole('option', { name: 'Contract award' }));
    await fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pool resurfacing contract');
    await fill(within(dialog).getByRole('textbox', { name: 'Background' }), 'The plaster is old.');
    await fill(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Blue Wave Pools');
    await fill(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'AquaCraft');
    await user.click(within(dialog).getByRole('button', { name: 'Add an option' }));
    await fill(within(dialog).getByRole('textbox', { name: 'Option 3' }), 'Defer');
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Option 3' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Due date/), { target: { value: '2099-01-15' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Documents to attach' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Wave Pools bid' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Publish the outcome to residents' }));
    await user.click(within(dialog).getByRole('button', { name: 'Put to the board' }));

    expect(await within(dialog).findByText('An open item has this title already')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'An open item has this title already',
    );
    expect(within(dialog).getByText('Each option must be at most 200 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('The due date cannot be in the past')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/properties/${willowId}/decisions`);
    expect(bodyOf(post[1])).toEqual({
      kind: 'contract_award',
      title: 'Pool resurfacing contract',
      background: 'The plaster is old.',
      options: ['Blue Wave Pools', 'AquaCraft'],
      dueOn: '2099-01-15',
      documentIds: [bidDocumentId],
      published: false,
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Put to the board' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('“Pool resurfacing contract” is before the board')).toBeInTheDocument();
  });

  it('asks a board member for no association when they sit on one board', async () => {
    renderDialog('board', (url) => notFound(url));
    const dialog = await screen.findByRole('dialog', { name: 'New decision' });
    expect(
      await within(dialog).findByText(/The board of Willow Creek Commons decides it/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Association' })).not.toBeInTheDocument();
  });
});
