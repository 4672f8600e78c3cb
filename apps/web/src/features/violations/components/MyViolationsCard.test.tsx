import type { Attachment, OwnerViolation, OwnerViolationList } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { MyViolationsCard } from './MyViolationsCard.tsx';
import { trashRule } from './test-data.ts';

beforeAll(stubDocumentFonts);

// Photos upload through XMLHttpRequest (for its progress): the attachments feature's upload is stubbed.
const uploadAttachment = vi.fn();
vi.mock('../../attachments/api.ts', () => ({
  uploadAttachment: (...args: unknown[]) => {
    uploadAttachment(...args);
    return Promise.resolve(curePhoto);
  },
  deleteAttachment: vi.fn(() => Promise.resolve()),
  attachmentKeys: { workOrder: (id: string) => ['work-orders', id, 'attachments'] },
}));

const resident = makeUser('resident', { id: 'ryan', fullName: 'Ryan Chen' });
const violationId = 'abcdabcd-abcd-4bcd-8bcd-abcdabcdabcd';
const letterId = 'cdcdcdcd-cdcd-4dcd-8dcd-cdcdcdcdcdcd';

const curePhoto: Attachment = {
  id: 'efefefef-efef-4fef-8fef-efefefefefef',
  kind: 'image',
  fileName: 'cured.jpg',
  mimeType: 'image/jpeg',
  sizeBytes: 1000,
  width: 10,
  height: 10,
  url: '/api/attachments/efefefef-efef-4fef-8fef-efefefefefef/file',
  thumbnailUrl: null,
  linksExpireAt: '2026-11-25T12:00:00.000Z',
  uploadedBy: null,
  createdAt: '2026-11-25T11:00:00.000Z',
};

const noticed: OwnerViolation = {
  id: violationId,
  propertyId: trashRule.propertyId,
  propertyName: 'Willow Creek Commons',
  unitLabel: '14B',
  ruleTitle: 'Trash cans out of sight',
  clause: trashRule.clause,
  status: 'open',
  observedAt: '2026-11-18T17:00:00.000Z',
  cureDueOn: '2026-12-08',
  curable: true,
  notices: [
    {
      id: 'dededede-dede-4ede-8ede-dededededede',
      stageName: 'Courtesy notice',
      title: 'Courtesy notice for 14B',
      sentAt: '2026-11-20T15:00:00.000Z',
      cureDueOn: '2026-12-08',
      pdfUrl: `/api/resident-portal/letters/${letterId}/pdf`,
    },
  ],
  photos: [
    {
      id: '99999999-9999-4999-8999-999999999999',
      url: '/api/attachments/p1/file?variant=full',
      thumbnailUrl: '/api/attachments/p1/file?variant=thumbnail',
      takenAt: '2026-11-18T16:58:00.000Z',
    },
  ],
  history: [],
  hearing: null,
  hearingRequest: {
    allowed: true,
    until: '2026-12-20',
    reason: null,
    statute: 'Tex. Prop. Code §209.007',
    note: 'Texas law gives an owner 30 days from the first notice to ask for a hearing (Tex. Prop. Code §209.007).',
  },
  cureReportedAt: null,
  can: { reply: true, reportCure: true },
};

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

/**
 * The API as the card reads it. `onPost` answers the owner's actions; what it answers with is the
 * violation as it now stands, and the list reads it from then on.
 */
function serve(violations: OwnerViolation[], onPost?: (url: string, init: RequestInit) => Response) {
  let current = violations;
  return mockFetch(async (url, init) => {
    if (init?.method === 'POST' && onPost) {
      const response = onPost(url, init);
      if (response.ok) {
        const updated = (await response.clone().json()) as OwnerViolation;
        current = current.map((one) => (one.id === updated.id ? updated : one));
      }
      return response;
    }
    if (url === '/api/resident-portal/violations')
      return jsonResponse(200, { violations: current } satisfies OwnerViolationList);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
  });
}

describe('MyViolationsCard', () => {
  it('says so when the owner has no violation notices', async () => {
    serve([]);
    renderWithRouter(<MyViolationsCard />, { user: resident });
    expect(screen.getByRole('status')).toHaveTextContent('Loading violations...');
    expect(await screen.findByText(/No violation notices\./)).toBeInTheDocument();
  });

  it('shows the notice, the clause word for word, the photos and the cure date', async () => {
    serve([noticed]);
    renderWithRouter(<MyViolationsCard />, { user: resident });
    const item = await screen.findByRole('listitem', { name: 'Trash cans out of sight' });
    expect(within(item).getByText(/Unit 14B, Willow Creek Commons/)).toBeInTheDocument();
    expect(within(item).getByText('Cure by Dec 8, 2026.')).toBeInTheDocument();
    expect(within(item).getByText(trashRule.clause.excerpt)).toBeInTheDocument();
    expect(
      within(item).getByRole('link', { name: /Courtesy notice: Courtesy notice for 14B/ }),
    ).toHaveAttribute('href', `/api/resident-portal/letters/${letterId}/pdf`);
    expect(within(item).getByRole('link', { name: 'Open photo 1 at full size' })).toHaveAttribute(
      'href',
      '/api/attachments/p1/file?variant=full',
    );
    expect(
      within(item).getByText('You may ask for a hearing until Dec 20, 2026 (Tex. Prop. Code §209.007).'),
    ).toBeInTheDocument();
  });

  it('sends a reply and shows it in the history', async () => {
    const replied: OwnerViolation = {
      ...noticed,
      history: [
        {
          kind: 'owner_replied',
          at: '2026-11-21T10:00:00.000Z',
          note: 'They were out for collection day.',
          byYou: true,
          photoCount: 0,
          photos: [],
        },
      ],
    };
    const fetchMock = serve([noticed], (url) =>
      url === `/api/resident-portal/violations/${violationId}/replies`
        ? jsonResponse(201, replied)
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } }),
    );
    const user = userEvent.setup();
    renderWithRouter(<MyViolationsCard />, { user: resident });
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: /Reply/ });
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(within(dialog).getByText('Write your reply')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Your reply/), 'They were out for collection day.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({ message: 'They were out for collection day.' });
    expect(await screen.findByText('You replied')).toBeInTheDocument();
  });

  it('uploads photos of the cure to the violation and reports it cured', async () => {
    const reported: OwnerViolation = { ...noticed, cureReportedAt: '2026-11-22T10:00:00.000Z' };
    const fetchMock = serve([noticed], () => jsonResponse(201, reported));
    const user = userEvent.setup();
    renderWithRouter(<MyViolationsCard />, { user: resident });
    await user.click(await screen.findByRole('button', { name: 'Send photos of the cure' }));
    const dialog = await screen.findByRole('dialog', { name: /Report it cured/ });
    await user.click(within(dialog).getByRole('button', { name: 'Report it cured' }));
    expect(within(dialog).getByText('Add at least one photo of the cure')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'cured.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(uploadAttachment).toHaveBeenCalled());
    expect(uploadAttachment.mock.calls[0]![0]).toEqual({ violationId });
    await waitFor(() => expect(within(dialog).getByText(/\(1 of up to 10\)/)).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Report it cured' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/resident-portal/violations/${violationId}/cure-reports`);
    expect(bodyOf(post[1])).toEqual({ photoIds: [curePhoto.id] });
    const item = await screen.findByRole('listitem', { name: 'Trash cans out of sight' });
    expect(await within(item).findByText('Cure reported')).toBeInTheDocument();
    expect(within(item).getByText(/You reported it cured on Nov 22, 2026/)).toBeInTheDocument();
  });

  it('offers a hearing only while it may be asked, and says why not otherwise', async () => {
    const late: OwnerViolation = {
      ...noticed,
      hearingRequest: {
        allowed: false,
        until: null,
        reason:
          'The time to ask for a hearing ended on December 20, 2026: Texas law gives an owner 30 days from the first notice (Tex. Prop. Code §209.007). You can still reply to the association.',
        statute: 'Tex. Prop. Code §209.007',
        note: null,
      },
    };
    serve([late]);
    renderWithRouter(<MyViolationsCard />, { user: resident });
    const item = await screen.findByRole('listitem', { name: 'Trash cans out of sight' });
    expect(within(item).queryByRole('button', { name: 'Ask for a hearing' })).not.toBeInTheDocument();
    expect(
      within(item).getByText(/The time to ask for a hearing ended on December 20, 2026/),
    ).toBeInTheDocument();
  });

  it('asks for a hearing where the law’s period is not known, and shows the server’s refusal', async () => {
    const california: OwnerViolation = {
      ...noticed,
      hearingRequest: {
        allowed: true,
        until: null,
        reason: null,
        statute: null,
        note: 'We do not know the period California law gives an owner to ask for a hearing: you may ask, and the association decides.',
      },
    };
    serve([california], () =>
      jsonResponse(409, {
        error: {
          code: 'HEARING_ALREADY_REQUESTED',
          message:
            'A hearing was asked for on November 21, 2026. The association will schedule it and tell you the date and place.',
        },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<MyViolationsCard />, { user: resident });
    const item = await screen.findByRole('listitem', { name: 'Trash cans out of sight' });
    expect(within(item).getByText(/We do not know the period California law gives/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Ask for a hearing' }));
    const dialog = await screen.findByRole('dialog', { name: /Ask for a hearing/ });
    await user.type(within(dialog).getByLabelText(/Why do you ask for a hearing/), 'I was away.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a hearing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A hearing was asked for on November 21, 2026.',
    );
  });
});
