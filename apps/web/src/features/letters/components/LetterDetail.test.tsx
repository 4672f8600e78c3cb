import { deliveryRulesFor, type Letter } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { LetterDetail } from './LetterDetail.tsx';
import { TemplateEditor } from './TemplatesSection.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const letter: Letter = {
  id: '22222222-2222-4222-8222-222222222222',
  propertyId,
  propertyName: 'Willow Creek Commons',
  kind: 'violation_notice',
  title: 'Notice of violation: unit 14B',
  status: 'approved',
  requiresApproval: true,
  unit: { id: '33333333-3333-4333-8333-333333333333', label: '14B' },
  recipients: [{ userId: 'ryan', name: 'Ryan Chen', address: '1228 Willow Creek Drive, Unit B' }],
  template: { id: '44444444-4444-4444-8444-444444444444', key: 'violation', version: 2 },
  createdAt: '2026-11-24T16:00:00.000Z',
  createdBy: { id: 'maria', fullName: 'Maria Santos' },
  sentAt: null,
  values: {},
  body: 'Dear Ryan Chen,\n\nA fine of $100.00 applies.',
  sha256: 'a'.repeat(64),
  pageCount: 1,
  submittedAt: '2026-11-24T16:01:00.000Z',
  approvedAt: '2026-11-24T16:02:00.000Z',
  approvedBy: { id: 'bea', fullName: 'Beatrice Hall' },
  cancelledAt: null,
  deliveries: [],
  deliveryRules: deliveryRulesFor('TX', 'violation_notice'),
  // The association's today, whatever the browser's clock says (the server refuses a later day).
  associationToday: '2026-11-24',
  can: { submit: false, approve: false, send: true, cancel: true },
};

describe('LetterDetail', () => {
  it('shows the letter, who approved it and what Texas requires, and refuses certified mail without its number', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, letter));
    const user = userEvent.setup();
    renderWithRouter(<LetterDetail propertyId={propertyId} letterId={letter.id} />, {
      user: makeUser('manager'),
    });
    expect(await screen.findByRole('heading', { name: 'Notice of violation: unit 14B' })).toBeInTheDocument();
    expect(screen.getByText(/by Beatrice Hall/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open PDF/ })).toHaveAttribute(
      'href',
      `/api/properties/${propertyId}/letters/${letter.id}/pdf`,
    );
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(
      within(delivery).getByText(
        /Texas requires a violation notice by certified mail \(Tex\. Prop\. Code §209\.006\)/,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send letter' });
    // Certified mail is what the law asks for here, so it is where the form starts.
    expect(within(dialog).getByRole('combobox', { name: 'How' })).toHaveValue('Certified mail');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sent' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent)
        .join(' '),
    ).toContain('Certified mail needs a tracking number (Tex. Prop. Code §209.006)');
    // Nothing went to the server: the form said what is missing first.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/send'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), '9407 1118');
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { ...letter, status: 'sent', can: { ...letter.can, send: false } })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sent' }));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/send'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      deliveries: [
        { recipientId: 'ryan', method: 'certified', trackingNumber: '9407 1118', deliveredOn: '2026-11-24' },
      ],
      acknowledgeUnknownRules: false,
    });
  });
});

describe('TemplateEditor', () => {
  it('names an unknown placeholder as it is typed, inserts placeholders at the cursor, and previews with sample values', async () => {
    stubDocumentFonts();
    mockFetch(() => jsonResponse(201, {}));
    const user = userEvent.setup();
    renderWithRouter(<TemplateEditor propertyId={propertyId} from={null} onClose={() => {}} />, {
      user: makeUser('manager'),
    });
    const body = screen.getByRole('textbox', { name: 'Body' });
    await user.type(body, 'Dear {{{{owner.nickname}}');
    expect(
      screen.getByText(
        'Unknown placeholder {{owner.nickname}}. Use only the placeholders listed beside the editor.',
      ),
    ).toBeInTheDocument();
    await user.clear(body);
    await user.type(body, 'Dear ');
    await user.click(screen.getByRole('listitem', { name: /Insert \{\{owner\.name\}\}/ }));
    expect(body).toHaveValue('Dear {{owner.name}}');
    const preview = screen.getByRole('region', { name: 'Preview with sample values' });
    expect(within(preview).getByText('Dear Rosa Diaz')).toBeInTheDocument();
  });
});
