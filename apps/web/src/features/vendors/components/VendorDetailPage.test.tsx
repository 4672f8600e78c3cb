import type { VendorCompany } from '@commonwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { VendorDetailPage } from './VendorDetailPage.tsx';
import {
  certificateFile,
  document,
  expiredCertificateId,
  loneStar,
  loneStarId,
  newCertificateId,
  unmeasuredPerformance,
  willowId,
} from './test-data.ts';

beforeAll(stubDocumentFonts);

// Uploads go through XMLHttpRequest (for their progress): none happens here.
vi.mock('../../attachments/api.ts', () => ({
  uploadAttachment: vi.fn(() => Promise.reject(new Error('not in these tests'))),
  deleteAttachment: vi.fn(() => Promise.resolve()),
  attachmentKeys: { workOrder: (id: string) => ['work-orders', id, 'attachments'] },
}));

const companyPath = `/api/vendors/${loneStarId}`;
type Sent = { method: string; url: string; body: unknown };

/** The server: the company (as `company()` says now), the associations, and the writes' answers. */
function fakeServer(
  company: () => VendorCompany | 'not-found',
  answer: (sent: Sent) => Response | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const request = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const answered = answer(request);
      if (answered) return answered;
    }
    if (url === companyPath && method === 'GET') {
      const now = company();
      return now === 'not-found'
        ? jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Vendor not found' } })
        : jsonResponse(200, now);
    }
    if (url === `${companyPath}/performance`) return jsonResponse(200, unmeasuredPerformance);
    if (url.startsWith('/api/properties?'))
      return jsonResponse(200, {
        properties: [{ id: willowId, name: 'Willow Creek Commons' }],
        total: 1,
        page: 1,
        limit: 100,
      });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return sent;
}

function renderPage(role = 'manager') {
  return renderWithRouter(<VendorDetailPage companyId={loneStarId} />, {
    path: '/vendors/:vendorId',
    initialEntry: `/vendors/${loneStarId}`,
    user: makeUser(role, { fullName: role === 'board' ? 'Beatrice Hall' : 'Maria Santos' }),
  });
}

const renewed = document({
  id: newCertificateId,
  policyNumber: 'HCC-3001',
  generalLiabilityCents: 100_000_000,
  aggregateCents: 250_000_050,
  effectiveOn: '2026-11-30',
  expiresOn: '2027-11-30',
  receivedOn: '2026-11-30',
  createdAt: '2026-11-30T10:00:00.000Z',
});

describe('VendorDetailPage', () => {
  it('lets a keeper add a certificate in dollars, sent in cents, then attach its file; it shows as current', async () => {
    let company = loneStar();
    const sent = fakeServer(
      () => company,
      (request) => {
        if (request.url !== `${companyPath}/documents`) return undefined;
        company = loneStar({
          compliance: { ...company.compliance, insurance: { status: 'current', expiresOn: '2027-11-30' } },
          documents: [renewed, document({ isCurrent: false })],
        });
        return jsonResponse(201, renewed);
      },
    );
    const user = userEvent.setup();
    renderPage();
    const compliance = await screen.findByRole('region', { name: 'Compliance today' });
    expect(compliance).toHaveTextContent('Expired');

    await user.click(screen.getByRole('button', { name: 'Add document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add compliance document' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Insurer' }), 'Hill Country Casualty');
    await user.type(within(dialog).getByRole('textbox', { name: 'Policy number' }), 'HCC-3001');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'General liability (each occurrence)' }),
      '$1,000,000',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'General aggregate' }), '2500000.50');
    fireEvent.change(within(dialog).getByLabelText('Effective from'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expires on/), { target: { value: '2027-11-30' } });
    fireEvent.change(within(dialog).getByLabelText('Received on'), { target: { value: '2026-11-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save document' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          url: `${companyPath}/documents`,
          body: {
            kind: 'insurance',
            insurer: 'Hill Country Casualty',
            policyNumber: 'HCC-3001',
            generalLiabilityCents: 100_000_000,
            aggregateCents: 250_000_050,
            workersComp: false,
            effectiveOn: '2026-11-30',
            expiresOn: '2027-11-30',
            receivedOn: '2026-11-30',
          },
        },
      ]),
    );
    const attach = await screen.findByRole('dialog', { name: 'Attach the certificate of insurance' });
    expect(attach).toHaveTextContent('Saved and verified');
    expect(within(attach).getByRole('button', { name: 'Attach the certificate' })).toBeInTheDocument();
    await user.click(within(attach).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(compliance).toHaveTextContent('Current'));
    const inUse = screen.getByRole('list', { name: 'In use' });
    expect(within(inUse).getByRole('listitem')).toHaveTextContent('$2,500,000.50');
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent('Replaced');
  });

  it('says which amount is not one before sending, and shows the server’s refusals on their fields', async () => {
    const message = 'The expiry day must be on or after the effective day';
    const sent = fakeServer(
      () => loneStar(),
      () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: `${message} (expiresOn)`,
            fields: { expiresOn: message },
          },
        }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add compliance document' });
    const cover = within(dialog).getByRole('textbox', { name: 'General liability (each occurrence)' });
    await user.type(cover, '1.000.000');
    fireEvent.change(within(dialog).getByLabelText(/^Expires on/), { target: { value: '2027-11-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save document' }));
    expect(
      await within(dialog).findByText('Enter an amount in dollars, such as 1,000,000 (at most two decimals)'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(cover);
    await user.type(cover, '1,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save document' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('withdraws a document entered by mistake, with the reason', async () => {
    const sent = fakeServer(
      () => loneStar(),
      (request) =>
        request.url.endsWith('/withdraw')
          ? jsonResponse(200, document({ status: 'withdrawn', withdrawnReason: 'Wrong expiry year' }))
          : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const certificate = await screen.findByRole('listitem', {
      name: 'Certificate of insurance · Hill Country Casualty',
    });
    await user.click(within(certificate).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Withdraw the certificate of insurance from Hill Country Casualty?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw document' }));
    expect(await within(dialog).findByText('Say why the document is withdrawn')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Why it is withdrawn' }),
      'Wrong expiry year',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw document' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          url: `${companyPath}/documents/${expiredCertificateId}/withdraw`,
          body: { reason: 'Wrong expiry year' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a withdrawn document greyed in the history, with who withdrew it and why', async () => {
    fakeServer(() =>
      loneStar({
        documents: [
          document({
            status: 'withdrawn',
            isCurrent: false,
            withdrawnReason: 'Typed 2036 for 2026',
            withdrawnBy: { id: 'user-maria', fullName: 'Maria Santos' },
            withdrawnAt: '2026-11-30T10:00:00.000Z',
          }),
        ],
      }),
    );
    renderPage();
    const history = await screen.findByRole('list', { name: 'History' });
    const withdrawn = within(history).getByRole('listitem');
    expect(withdrawn).toHaveTextContent('Withdrawn');
    expect(withdrawn).toHaveTextContent('Typed 2036 for 2026');
    expect(withdrawn).toHaveTextContent('By Maria Santos, Nov 30, 2026');
    expect(within(withdrawn).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('shows why the home association cannot be removed, as the server says', async () => {
    const message =
      'Willow Creek Commons keeps this company’s record: hand it to another association before removing it.';
    fakeServer(
      () => loneStar(),
      () => jsonResponse(409, { error: { code: 'HOME_ASSOCIATION', message } }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Willow Creek Commons' }));
    await user.click(await screen.findByRole('button', { name: 'Remove association' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers a manager the associations they run that it does not serve yet', async () => {
    const harbor = {
      propertyId: '99999999-9999-4999-8999-999999999999',
      propertyName: 'Harbor View',
      timeZone: 'America/Los_Angeles',
    };
    const sent = fakeServer(
      () => loneStar({ canManage: false, canServe: [harbor] }),
      () => jsonResponse(200, loneStar({ serviceAreas: [...loneStar().serviceAreas, harbor] })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add to Harbor View' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PUT', url: `${companyPath}/service-areas/${harbor.propertyId}`, body: {} },
      ]),
    );
    // Not a keeper: it changes nothing else.
    for (const name of ['Edit details', 'Add document', 'Add person'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows a board member a read-only record: no changes, no notes, no overrides, no W-9 file', async () => {
    fakeServer(() =>
      loneStar({
        canManage: false,
        notes: null,
        overrides: null,
        documents: [document({ id: newCertificateId, kind: 'w9', insurer: null, expiresOn: null })],
      }),
    );
    renderPage('board');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lone Star Electric' })).toBeInTheDocument();
    expect(
      screen.getByText('You can read this record; the association’s managers keep it.'),
    ).toBeInTheDocument();
    for (const name of ['Edit details', 'Add document', 'Add person', 'Withdraw', 'Mark inactive', 'Remove'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Assigned despite expired insurance' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/The signed W-9 holds the taxpayer number/)).toBeInTheDocument();
  });

  it('says a vendor it cannot find is not found', async () => {
    fakeServer(() => 'not-found');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Vendors' })).toHaveAttribute('href', '/vendors');
  });

  it('lets a keeper change a person’s title and phone, and make someone else the main contact', async () => {
    const carlos = {
      ...loneStar().people[0]!,
      userId: 'user-carlos',
      fullName: 'Carlos Mendez',
      email: 'carlos@lonestarelectric.example',
      title: null,
      isPrimary: false,
      invitationPending: false,
    };
    const sent = fakeServer(
      () => loneStar({ people: [loneStar().people[0]!, carlos] }),
      (request) => jsonResponse(200, { ...carlos, ...(request.body as object) }),
    );
    const user = userEvent.setup();
    renderPage();
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getByText('Main contact')).toBeInTheDocument();
    // Dana is the main contact already: only Carlos can be made it.
    expect(
      within(people).queryByRole('button', { name: 'Make main contact: Dana Whitfield' }),
    ).not.toBeInTheDocument();

    await user.click(within(people).getByRole('button', { name: 'Edit Carlos Mendez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Carlos Mendez' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Field supervisor');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '(512) 555-0190');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(people).getByRole('button', { name: 'Make main contact: Carlos Mendez' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PATCH',
          url: `${companyPath}/people/user-carlos`,
          body: { title: 'Field supervisor', phone: '(512) 555-0190' },
        },
        { method: 'PATCH', url: `${companyPath}/people/user-carlos`, body: { isPrimary: true } },
      ]),
    );
  });

  it('clears a title emptied by the keeper, and sends nothing when nothing changed', async () => {
    const sent = fakeServer(
      () => loneStar(),
      () => jsonResponse(200, { ...loneStar().people[0]!, title: null }),
    );
    const user = userEvent.setup();
    renderPage();
    const people = await screen.findByRole('region', { name: 'People' });
    await user.click(within(people).getByRole('button', { name: 'Edit Dana Whitfield' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Dana Whitfield' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(within(people).getByRole('button', { name: 'Edit Dana Whitfield' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Dana Whitfield' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PATCH', url: `${companyPath}/people/user-dana`, body: { title: null } },
      ]),
    );
  });

  it('lets a keeper remove a rejected certificate’s wrong file but add none, as the server allows', async () => {
    fakeServer(() =>
      loneStar({
        documents: [
          document({
            status: 'rejected',
            isCurrent: false,
            rejectionReason: 'The policy number is cut off.',
            canAddFiles: false,
            canRemoveFiles: true,
            files: [certificateFile()],
          }),
        ],
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const certificate = await screen.findByRole('listitem', {
      name: 'Certificate of insurance · Hill Country Casualty',
    });
    await user.click(within(certificate).getByRole('button', { name: 'Remove files' }));
    expect(
      within(certificate).getByRole('button', { name: 'Remove certificate-of-insurance.pdf' }),
    ).toBeInTheDocument();
    expect(within(certificate).queryByRole('button', { name: /^Attach/ })).not.toBeInTheDocument();
  });

  it('offers adding and removing files of a certificate in use', async () => {
    fakeServer(() => loneStar({ documents: [document({ files: [certificateFile()] })] }));
    const user = userEvent.setup();
    renderPage();
    const certificate = await screen.findByRole('listitem', {
      name: 'Certificate of insurance · Hill Country Casualty',
    });
    await user.click(within(certificate).getByRole('button', { name: 'Add or remove files' }));
    expect(within(certificate).getByRole('button', { name: 'Attach the certificate' })).toBeInTheDocument();
    expect(
      within(certificate).getByRole('button', { name: 'Remove certificate-of-insurance.pdf' }),
    ).toBeInTheDocument();
  });
});
