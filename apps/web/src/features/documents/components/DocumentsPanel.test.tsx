import type { PropertyDocument, RequiredDocumentsStatus } from '@commonwise/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { DocumentsPanel } from './DocumentsPanel.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';

function makeDocument(overrides: Partial<PropertyDocument> = {}): PropertyDocument {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    propertyId,
    name: 'Declaration of CC&Rs',
    description: null,
    category: 'ccr',
    fileName: 'ccrs.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1000,
    status: 'completed',
    statusReason: null,
    pageCount: 3,
    isRequired: true,
    uploadedBy: 'admin',
    uploadedAt: '2025-01-05T10:00:00.000Z',
    processedAt: '2025-01-05T10:01:00.000Z',
    ...overrides,
  };
}

const requiredStatus = (
  complete: RequiredDocumentsStatus['completeCategories'],
): RequiredDocumentsStatus => ({
  requiredCategories: ['ccr', 'bylaws', 'articles_of_incorporation', 'rules_and_regulations'],
  completeCategories: complete,
  completeCount: complete.length,
  totalRequired: 4,
  percentage: complete.length * 25,
});

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function fakeServer(documents: PropertyDocument[], handler: Handler = () => undefined) {
  return mockFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === `/api/properties/${propertyId}/documents`) return jsonResponse(200, { documents });
    if (url === `/api/properties/${propertyId}/documents/required-status`)
      return jsonResponse(200, requiredStatus(['ccr']));
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderPanel(role = 'admin') {
  return renderWithRouter(<DocumentsPanel propertyId={propertyId} />, { user: makeUser(role) });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DocumentsPanel', () => {
  it('shows the required documents, the table and the category filter with counts', async () => {
    fakeServer([
      makeDocument(),
      makeDocument({
        id: '33333333-3333-4333-8333-333333333333',
        name: 'March minutes',
        category: 'meeting_minutes',
        description: 'Board meeting',
        status: 'pending',
        isRequired: false,
      }),
    ]);
    const user = userEvent.setup();
    renderPanel();
    const required = await screen.findByText('1 of 4 complete');
    expect(required).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(
      screen.getByLabelText('CC&Rs (Covenants, Conditions & Restrictions): uploaded'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bylaws: missing')).toBeInTheDocument();

    const table = await screen.findByRole('table');
    for (const header of ['Document Name', 'Description', 'Processing Status', 'Uploaded', 'Actions'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getAllByText('Jan 5, 2025')).toHaveLength(2);
    expect(within(table).getByText('Processed')).toBeInTheDocument();
    expect(within(table).getByText('Not processed')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Reprocess Declaration of CC&Rs' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Process March minutes' })).toBeEnabled();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Meeting Minutes (1)' }));
    expect(within(table).queryByText('Declaration of CC&Rs')).not.toBeInTheDocument();
    expect(within(table).getByText('March minutes')).toBeInTheDocument();
  });

  it('says "No documents yet" with Add Document, and residents can only read', async () => {
    fakeServer([]);
    renderPanel();
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Document' })).toBeInTheDocument();
    vi.unstubAllGlobals();

    fakeServer([makeDocument()]);
    const { unmount } = renderPanel('resident');
    expect(await screen.findAllByText('Declaration of CC&Rs')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /process/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'View Declaration of CC&Rs' })).not.toHaveLength(0);
    unmount();
  });

  it('uploads: Upload waits for a file, the name comes from the file, an empty description is sent empty', async () => {
    let sent: FormData | undefined;
    const uploaded = makeDocument({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'bylaws',
      status: 'processing',
    });
    fakeServer([], (url, init) => {
      if (init?.method === 'POST' && url === `/api/properties/${propertyId}/documents`) {
        sent = init.body as FormData;
        return jsonResponse(201, uploaded);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    const submit = within(dialog).getByRole('button', { name: 'Upload' });
    expect(submit).toBeDisabled();
    const file = new File(['%PDF-1.7'], 'bylaws.pdf', { type: 'application/pdf' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(within(dialog).getByRole('textbox', { name: 'Document Name' })).toHaveValue('bylaws');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Document uploaded successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload Document' })).not.toBeInTheDocument(),
    );
    expect(sent?.get('category')).toBe('ccr');
    expect(sent?.get('name')).toBe('bylaws');
    expect(sent?.get('description')).toBe('');
    expect((sent?.get('file') as File).name).toBe('bylaws.pdf');
  });

  it('follows processing: first check after 2 s, then every 10 s, until Processed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const document = makeDocument({ status: 'pending' });
    let checks = 0;
    fakeServer([document], (url, init) => {
      if (init?.method === 'POST' && url.endsWith('/process'))
        return jsonResponse(202, {
          success: true,
          message: 'Document processing started',
          document: { ...document, status: 'processing' },
        });
      if (url === `/api/documents/${document.id}`) {
        checks++;
        return jsonResponse(200, { ...document, status: checks < 2 ? 'processing' : 'completed' });
      }
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Process Declaration of CC&Rs' }));
    expect(await screen.findByText('Starting document processing...')).toBeInTheDocument();
    expect(await screen.findByText('Document processing started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process Declaration of CC&Rs' })).toBeDisabled();
    // The status badge (the button's tooltip says it too).
    expect(screen.getAllByRole('cell', { name: 'Processing...' })[0]).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(checks).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(checks).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(checks).toBe(2);
    expect(await screen.findByText('Document processed successfully')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Processed' })).toBeInTheDocument();
  });

  it('gives up after 30 checks: "Document processing timed out", shown as Failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const document = makeDocument({ status: 'processing' });
    let checks = 0;
    fakeServer([document], (url) => {
      if (url === `/api/documents/${document.id}`) {
        checks++;
        return jsonResponse(200, document);
      }
      return undefined;
    });
    renderPanel();
    expect(await within(await screen.findByRole('table')).findByText('Processing...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000 + 29 * 10_000));
    expect(checks).toBe(30);
    expect(await screen.findByText('Document processing timed out')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(checks).toBe(30);
  });

  it('asks before deleting, then says so', async () => {
    const document = makeDocument();
    let deleted = false;
    fakeServer([document], (url, init) => {
      if (init?.method === 'DELETE' && url === `/api/documents/${document.id}`) {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete Declaration of CC&Rs' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(within(confirm).getByText('Are you sure you want to delete this document?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted successfully')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it('previews PDFs and images in the page, and offers other files in a new tab', async () => {
    const pdf = makeDocument();
    const docx = makeDocument({
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Rules',
      fileName: 'rules.docx',
      category: 'rules_and_regulations',
    });
    fakeServer([pdf, docx], (url) => {
      const match = /^\/api\/documents\/([^/]+)\/file-link$/.exec(url);
      if (match)
        return jsonResponse(200, {
          url: `/api/documents/${match[1]}/file?expires=1&signature=abcdefghijklmnopqrstuvwxyz`,
          expiresAt: '2025-01-05T11:00:00.000Z',
          fileName: 'x',
          mimeType: 'x',
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'View Declaration of CC&Rs' }));
    const preview = await screen.findByRole('dialog', { name: 'Declaration of CC&Rs' });
    expect(await within(preview).findByTitle('Preview of Declaration of CC&Rs')).toHaveAttribute(
      'src',
      expect.stringContaining(`/api/documents/${pdf.id}/file?`),
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'View Rules' }));
    const other = await screen.findByRole('dialog', { name: 'Rules' });
    expect(
      await within(other).findByText('This file type cannot be previewed in the browser'),
    ).toBeInTheDocument();
    const open = within(other).getByRole('link', { name: 'Open File' });
    expect(open).toHaveAttribute('target', '_blank');
  });
});
