import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ortizOwn } from './test-data.ts';
import { VendorCompanyCard } from './VendorCompanyCard.tsx';

beforeAll(stubDocumentFonts);

vi.mock('../../attachments/api.ts', () => ({
  uploadAttachment: vi.fn(() => Promise.reject(new Error('not in these tests'))),
  deleteAttachment: vi.fn(() => Promise.resolve()),
  attachmentKeys: { workOrder: (id: string) => ['work-orders', id, 'attachments'] },
}));

const renderCard = (role = 'vendor') =>
  renderWithRouter(<VendorCompanyCard />, { user: makeUser(role, { fullName: 'Victor Ortiz' }) });
const card = () => screen.getByRole('region', { name: 'Your company' });

describe('VendorCompanyCard', () => {
  it('shows the company, its standing and the warning; a renewal is sent for review in cents', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const submitted = {
      ...ortizOwn().documents[0]!,
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      status: 'submitted',
      isCurrent: false,
      verifiedBy: null,
      verifiedAt: null,
    };
    mockFetch((url, init) => {
      if (url === '/api/vendor-portal/company/documents' && init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return jsonResponse(201, submitted);
      }
      return jsonResponse(200, { company: ortizOwn() });
    });
    const user = userEvent.setup();
    renderCard();
    expect(
      await within(card()).findByRole('heading', { name: 'Ortiz Plumbing & Repair' }),
    ).toBeInTheDocument();
    expect(card()).toHaveTextContent(
      'Plumbing, Appliances · works for Harbor View Condominiums, Willow Creek Commons',
    );
    expect(within(card()).getByRole('alert')).toHaveTextContent(
      'Your certificate of insurance expires on December 21, 2026. Upload the renewed certificate before then',
    );
    expect(within(card()).getAllByText('Expiring soon').length).toBeGreaterThan(0);

    // The documents open on request; the certificate is among them.
    await user.click(within(card()).getByRole('button', { name: 'Show documents on file (1)' }));
    expect(within(card()).getByRole('list', { name: 'On file' })).toHaveTextContent('GL-44821');

    await user.click(within(card()).getByRole('button', { name: 'Upload renewed certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a renewed document' });
    // A renewal starts from the certificate it renews: same insurer and cover, new days.
    expect(within(dialog).getByRole('textbox', { name: 'Insurer' })).toHaveValue('Lone Oak Mutual Insurance');
    expect(within(dialog).getByRole('textbox', { name: 'General liability (each occurrence)' })).toHaveValue(
      '1,000,000',
    );
    // The day it was received is the day it arrives: not asked of the vendor.
    expect(within(dialog).queryByLabelText('Received on')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Expires on/), { target: { value: '2027-12-21' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: '/api/vendor-portal/company/documents',
          body: {
            kind: 'insurance',
            insurer: 'Lone Oak Mutual Insurance',
            policyNumber: 'GL-44821',
            generalLiabilityCents: 100_000_000,
            aggregateCents: 200_000_000,
            workersComp: true,
            expiresOn: '2027-12-21',
          },
        },
      ]),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Attach the certificate of insurance' }),
    ).toHaveTextContent('Sent for review');
  });

  it('marks an expired certificate as stopping new work', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        company: ortizOwn({
          compliance: { ...ortizOwn().compliance, insurance: { status: 'expired', expiresOn: '2026-11-24' } },
          warning:
            'Your certificate of insurance expired on November 24, 2026. Managers cannot assign you new work until you upload a current one.',
        }),
      }),
    );
    renderCard();
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('No new work until your insurance is renewed');
    expect(alert).toHaveTextContent('Managers cannot assign you new work until you upload a current one.');
  });

  it('tells a vendor of no company that their manager will add them', async () => {
    mockFetch(() => jsonResponse(200, { company: null }));
    renderCard();
    expect(
      await within(card()).findByText(/You are not listed with a vendor company yet/),
    ).toBeInTheDocument();
  });

  it('offers a retry when the company fails to load', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, { company: ortizOwn() });
    });
    const user = userEvent.setup();
    renderCard();
    expect(await within(card()).findByText('Failed to load your company')).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(
      await within(card()).findByRole('heading', { name: 'Ortiz Plumbing & Repair' }),
    ).toBeInTheDocument();
  });
});
