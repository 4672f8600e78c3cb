import type { ArcRequest } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { OwnerArcRequestPage } from './OwnerArcRequestPage.tsx';
import {
  approvedRequest,
  completeRequest,
  completionPhoto,
  drawingFile,
  firstRequestId,
  incompleteRequest,
  letterId,
  pendingInspectionRequest,
  quoteFile,
  requestId,
  texasDenial,
} from './test-data.ts';

beforeAll(stubDocumentFonts);

/** The browser's XMLHttpRequest (uploads report their progress through it), answering from a queue. */
class FakeRequest {
  static answers: { status: number; body: unknown }[] = [];
  static sent: { url: string; body: FormData }[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  status = 0;
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeRequest.sent.push({ url: this.url, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    const answer = FakeRequest.answers.shift() ?? { status: 500, body: {} };
    this.status = answer.status;
    this.responseText = JSON.stringify(answer.body);
    setTimeout(() => this.onload?.(), 0);
  }
}

afterEach(() => {
  FakeRequest.answers = [];
  FakeRequest.sent = [];
});

const resident = makeUser('resident', { id: 'ryan', fullName: 'Ryan Chen' });
const requestUrl = `/api/resident-portal/arc/requests/${requestId}`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function serve(request: ArcRequest, onWrite?: (url: string, init: RequestInit) => Response) {
  return mockFetch((url, init) => {
    if (init?.method && init.method !== 'GET' && onWrite) return onWrite(url, init);
    if (url === requestUrl) return jsonResponse(200, request);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
  });
}

const renderPage = () =>
  renderWithRouter(<OwnerArcRequestPage requestId={requestId} />, {
    user: resident,
    path: '/resident-portal/arc/:requestId',
    initialEntry: `/resident-portal/arc/${requestId}`,
  });

const fileInputOf = (requirement: string) =>
  screen.getByRole('listitem', { name: requirement }).querySelector<HTMLInputElement>('input[type="file"]')!;

describe('OwnerArcRequestPage', () => {
  it('takes each required file, says what is still needed, shows the server’s refusal, then the due date', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    serve(incompleteRequest);
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back yard cedar fence' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Incomplete')).toBeInTheDocument();
    expect(screen.getByText('Still needed: Site drawing and Contractor quote')).toBeInTheDocument();
    // The requirement's help, and the types and size a file may be.
    expect(screen.getByText('Where the fence goes, with distances to the lot lines')).toBeInTheDocument();
    expect(
      screen.getByText(/Each file may be PDF, JPG, JPEG, PNG, HEIC, HEIF or DOCX, up to 20 MB\./),
    ).toBeInTheDocument();
    expect(fileInputOf('Site drawing')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,.heic,.heif,.docx');
    expect(screen.getByText('$25.00')).toBeInTheDocument();

    // The drawing goes in: the list of what is missing follows at once.
    FakeRequest.answers.push({
      status: 201,
      body: { ...incompleteRequest, files: [drawingFile], missing: [incompleteRequest.missing[1]] },
    });
    await user.upload(
      fileInputOf('Site drawing'),
      new File(['%PDF'], 'site-drawing.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Still needed: Contractor quote')).toBeInTheDocument();
    expect(FakeRequest.sent[0]!.url).toBe(`${requestUrl}/files`);
    expect(FakeRequest.sent[0]!.body.get('requirement')).toBe('drawing');
    expect((FakeRequest.sent[0]!.body.get('file') as File).name).toBe('site-drawing.pdf');
    expect(
      within(screen.getByRole('listitem', { name: 'Site drawing' })).getByRole('link', {
        name: /site-drawing\.pdf/,
      }),
    ).toHaveAttribute('href', `${requestUrl}/files/${drawingFile.id}`);

    // A file whose contents are not what its name says: the server's words.
    FakeRequest.answers.push({
      status: 415,
      body: {
        error: {
          code: 'UNSUPPORTED_FILE_TYPE',
          message:
            '“quote.pdf” is not a PDF: its contents are a Windows program. Send a PDF, JPEG, PNG, HEIC or DOCX file.',
        },
      },
    });
    await user.upload(
      fileInputOf('Contractor quote'),
      new File(['MZ'], 'quote.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“quote.pdf” is not a PDF: its contents are a Windows program.',
    );
    expect(screen.getByText('Still needed: Contractor quote')).toBeInTheDocument();

    // The right file: complete, with its decision's due date and where the number comes from.
    FakeRequest.answers.push({ status: 201, body: { ...completeRequest, files: [drawingFile, quoteFile] } });
    await user.upload(
      fileInputOf('Contractor quote'),
      new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText(
        'Complete on Nov 21, 2026 — decision due by Jan 5, 2027 (45 days — CC&Rs §7.3)',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Still needed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Under review')).toBeInTheDocument();
  });

  it('refuses a file over the size limit before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    serve(incompleteRequest);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Still needed: Site drawing and Contractor quote');
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 });
    await user.upload(fileInputOf('Site drawing'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“scan.pdf” is 25 MB: a file may be at most 20 MB.',
    );
    expect(FakeRequest.sent).toHaveLength(0);
  });

  it('warns of another active request for the same unit and project, with a link to it', async () => {
    serve({ ...incompleteRequest, duplicateOf: { id: firstRequestId, title: 'Side fence' } });
    renderPage();
    expect(await screen.findByText('You already have a request for this')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Side fence' })).toHaveAttribute(
      'href',
      `/resident-portal/arc/${firstRequestId}`,
    );
  });

  it('says a change after complete-at makes a new revision, and sends it with its note', async () => {
    const fetchMock = serve(completeRequest, (url, init) =>
      url === requestUrl && init.method === 'PATCH'
        ? jsonResponse(200, {
            ...completeRequest,
            revision: 2,
            answers: { ...completeRequest.answers, height: 60 },
          })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your request' });
    expect(
      within(dialog).getByText(
        /Your request was complete on Nov 21, 2026\. Saving a change makes it revision 2/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/The decision date stays as it is\./)).toBeInTheDocument();
    const height = within(dialog).getByRole('textbox', { name: /Height/ });
    await user.clear(height);
    await user.type(height, '60');
    await user.type(within(dialog).getByRole('textbox', { name: /What changed/ }), 'Lowered to 60 in');
    await user.click(within(dialog).getByRole('button', { name: 'Save as revision 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(bodyOf(patch[1])).toEqual({
      title: 'Back yard cedar fence',
      description: 'Six-foot cedar fence along the back lot line.',
      answers: { height: 60, material: 'Wood', colour: 'Natural cedar' },
      note: 'Lowered to 60 in',
    });
    expect(await screen.findByText('Revision 2')).toBeInTheDocument();
  });

  it('withdraws after asking, and offers nothing the state does not allow', async () => {
    const fetchMock = serve(incompleteRequest, (url) =>
      url === `${requestUrl}/withdraw`
        ? jsonResponse(200, { ...incompleteRequest, status: 'withdrawn', actions: [] })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('You withdrew this request.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === `${requestUrl}/withdraw` && init?.method === 'POST'),
    ).toBe(true);
    // Withdrawn: nothing to change, withdraw or upload.
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add a file/ })).not.toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
  });

  it('says a request that is not the owner’s is not found', async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
  });

  it('says the decision in plain words, with its conditions and the letter once sent', async () => {
    serve(approvedRequest);
    renderPage();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(
      within(decision).getByText('Your request was approved with conditions on Dec 1, 2026.'),
    ).toBeInTheDocument();
    const conditions = within(decision).getAllByRole('listitem');
    expect(conditions.map((item) => item.textContent)).toEqual([
      'Stain to match the house trim',
      'Keep the fence 2 ft inside the lot line',
    ]);
    expect(within(decision).getByRole('link', { name: /Read the decision letter/ })).toHaveAttribute(
      'href',
      `/api/resident-portal/letters/${letterId}/pdf`,
    );
  });

  it('says why a request was denied and how to ask again, and no letter before it is sent', async () => {
    serve({
      ...completeRequest,
      status: 'decided',
      decision: 'deny',
      decidedAt: '2026-12-01T15:00:00.000Z',
      reasons: 'The fence is taller than the rules allow.',
      rulesCited: 'Willow Creek CC&Rs §7.3(b): “No fence shall exceed sixty (60) inches in height.”',
      changesNeeded: 'Lower the fence to 60 in.',
      appeal: texasDenial.appealSuggestion,
      decisionLetter: { id: letterId, status: 'approved' },
      actions: [],
    });
    renderPage();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(within(decision).getByText('Your request was denied on Dec 1, 2026.')).toBeInTheDocument();
    expect(within(decision).getByText('The fence is taller than the rules allow.')).toBeInTheDocument();
    expect(within(decision).getByText('Lower the fence to 60 in.')).toBeInTheDocument();
    // The due date is behind it: the request says when it was decided.
    expect(screen.getByText('Complete on Nov 21, 2026 — decided on Dec 1, 2026.')).toBeInTheDocument();
    expect(within(decision).getByText('How to ask again')).toBeInTheDocument();
    expect(within(decision).getByText(texasDenial.appealSuggestion)).toBeInTheDocument();
    expect(within(decision).queryByRole('link', { name: /decision letter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Report the work finished' })).not.toBeInTheDocument();
  });

  it('asks the board to reconsider a denial with the reason, then says it waits for the board', async () => {
    const denied: ArcRequest = {
      ...completeRequest,
      status: 'decided',
      decision: 'deny',
      decidedAt: '2026-12-01T15:00:00.000Z',
      reasons: 'The fence is taller than the rules allow.',
      appeal: texasDenial.appealSuggestion,
      actions: ['ask_reconsideration'],
    };
    const reason = 'The 66 in includes the lattice topper, which the guidelines do not count.';
    const sent: unknown[] = [];
    serve(denied, (url, init) => {
      sent.push(bodyOf(init));
      return url === `${requestUrl}/reconsideration`
        ? jsonResponse(200, {
            ...denied,
            actions: [],
            reconsideration: {
              reason,
              requestedAt: '2026-12-03T16:00:00.000Z',
              outcome: null,
              decidedAt: null,
              itemId: null,
            },
          })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } });
    });
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Reconsideration' });
    await user.click(within(section).getByRole('button', { name: 'Ask the board to reconsider' }));
    const box = within(section).getByRole('textbox', { name: /Why should the board reconsider/ });
    expect(box).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Send to the board' }));
    expect(within(section).getByText('Say why the board should reconsider')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(box, reason);
    await user.click(within(section).getByRole('button', { name: 'Send to the board' }));
    expect(
      await within(section).findByText('You asked the board to reconsider on Dec 3, 2026:'),
    ).toBeInTheDocument();
    expect(within(section).getByText(reason)).toBeInTheDocument();
    expect(within(section).getByText('Waiting for the board’s decision.')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Ask the board to reconsider' }),
    ).not.toBeInTheDocument();
    expect(sent).toEqual([{ reason }]);
  });

  it('reports the work finished: photos first, then the report, then the wait for the inspection', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const fetchMock = serve(approvedRequest, (url) =>
      url === `${requestUrl}/completion`
        ? jsonResponse(200, pendingInspectionRequest)
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    // The picker's own filter is left out: a browser lets a person pick any file with "All files".
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Report the work finished' });
    const report = within(section).getByRole('button', { name: 'Report finished' });
    expect(report).toBeDisabled();
    expect(within(section).getByText('Add at least one photo first.')).toBeInTheDocument();
    const input = within(section)
      .getByRole('listitem', { name: 'Photos of the finished work' })
      .querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.heic,.heif');

    // Not a photo: refused before it is sent.
    await user.upload(input, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      '“invoice.pdf” cannot be added: a photo of the finished work must be JPEG, PNG or HEIC, up to 20 MB.',
    );
    expect(FakeRequest.sent).toHaveLength(0);

    FakeRequest.answers.push({
      status: 201,
      body: { ...approvedRequest, files: [...approvedRequest.files, completionPhoto] },
    });
    await user.upload(input, new File(['jpeg'], 'finished-fence.jpg', { type: 'image/jpeg' }));
    expect(await within(section).findByRole('link', { name: /finished-fence\.jpg/ })).toBeInTheDocument();
    expect(FakeRequest.sent[0]!.url).toBe(`${requestUrl}/files`);
    expect(FakeRequest.sent[0]!.body.get('requirement')).toBe('completion_photos');
    // The photo is not listed again with the request's files.
    expect(
      within(screen.getByRole('region', { name: 'Files' })).queryByText('finished-fence.jpg'),
    ).not.toBeInTheDocument();

    await user.type(within(section).getByRole('textbox', { name: /^Note/ }), 'Gate on the left side');
    await user.click(within(section).getByRole('button', { name: 'Report finished' }));
    expect(await screen.findByText('Waiting for the inspection (due Jan 24, 2027)')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === `${requestUrl}/completion`)!;
    expect(post[1]?.method).toBe('POST');
    expect(bodyOf(post[1])).toEqual({ note: 'Gate on the left side' });
    expect(screen.queryByRole('button', { name: 'Report finished' })).not.toBeInTheDocument();
    expect(screen.getByText('You reported the work finished on Jan 10, 2027.')).toBeInTheDocument();
  });

  it('shows the server’s words when the report comes without a photo', async () => {
    serve({ ...approvedRequest, files: [...approvedRequest.files, completionPhoto] }, () =>
      jsonResponse(422, {
        error: { code: 'PHOTOS_REQUIRED', message: 'Add at least one photo of the finished work.' },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Report the work finished' });
    await user.click(within(section).getByRole('button', { name: 'Report finished' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Add at least one photo of the finished work.',
    );
  });

  it('says the inspection’s result once the request is closed', async () => {
    serve({
      ...pendingInspectionRequest,
      status: 'closed',
      inspectionResult: 'pass',
      inspectedAt: '2027-01-20T15:00:00.000Z',
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Inspection' });
    expect(
      within(section).getByText(
        /The finished work passed the inspection on Jan 20, 2027\. Your request is closed\./,
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/Waiting for the inspection/)).not.toBeInTheDocument();
  });
});
