import type { Attachment } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api.ts';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { RecordViolationDialog } from './RecordViolationDialog.tsx';
import { inspectionId, openViolation, propertyId, ruleList, trashRule, unit14B } from './test-data.ts';

beforeAll(stubDocumentFonts);

// Photos upload through XMLHttpRequest (for its progress): the attachments feature's upload is stubbed.
const uploadAttachment = vi.fn();
let uploadImpl: (...args: unknown[]) => Promise<Attachment> = () => Promise.reject(new Error('unset'));
vi.mock('../../attachments/api.ts', () => ({
  uploadAttachment: (...args: unknown[]) => {
    uploadAttachment(...args);
    return uploadImpl(...args);
  },
  deleteAttachment: vi.fn(() => Promise.resolve()),
  attachmentKeys: { workOrder: (id: string) => ['work-orders', id, 'attachments'] },
}));

const photo = (id: string, fileName: string): Attachment => ({
  id,
  kind: 'image',
  fileName,
  mimeType: 'image/jpeg',
  sizeBytes: 1000,
  width: 10,
  height: 10,
  url: `/api/attachments/${id}/file`,
  thumbnailUrl: null,
  linksExpireAt: '2026-11-25T12:00:00.000Z',
  uploadedBy: null,
  createdAt: '2026-11-25T11:00:00.000Z',
});
const photoId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const alreadyOpen = () =>
  jsonResponse(409, {
    error: {
      code: 'VIOLATION_ALREADY_OPEN',
      message:
        'This unit already has an open violation of this rule, observed 2026-11-18. Add these photos to it as a new observation, or give a reason for recording a second one.',
      fields: { duplicateReason: 'Say why this is a separate violation' },
    },
  });

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

function renderDialog(location = { latitude: 37.7753, longitude: -122.42 }) {
  const onClose = vi.fn();
  renderWithRouter(
    <RecordViolationDialog
      propertyId={propertyId}
      inspectionId={inspectionId}
      unit={unit14B}
      location={location}
      onClose={onClose}
    />,
    { user: makeUser('manager') },
  );
  return onClose;
}

/** Chooses the rule and a photo, as the inspector does, then presses Record violation. */
async function fillAndRecord(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Record violation · 14B' });
  await user.click(await within(dialog).findByRole('combobox', { name: 'Rule' }));
  await user.click(await screen.findByRole('option', { name: 'Trash cans out of sight' }));
  await user.upload(fileInput(), new File(['x'], 'carts.jpg', { type: 'image/jpeg' }));
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Record violation' })).toBeEnabled());
  await user.click(within(dialog).getByRole('button', { name: 'Record violation' }));
  return dialog;
}

describe('RecordViolationDialog', () => {
  beforeEach(() => {
    uploadAttachment.mockReset();
    uploadImpl = () => Promise.resolve(photo(photoId, 'carts.jpg'));
  });

  it('records a violation with a rule, a photo uploaded to the inspection, the note and where the inspector stood', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/violations') && init?.method === 'POST') return jsonResponse(201, openViolation);
      return jsonResponse(200, ruleList([trashRule], 0));
    });
    const user = userEvent.setup();
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Record violation · 14B' });
    // The camera on a phone; several photos at once.
    expect(fileInput()).toHaveAttribute('accept', 'image/*');
    expect(fileInput()).toHaveAttribute('capture', 'environment');
    expect(fileInput()).toHaveAttribute('multiple');
    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Record violation' }));
    expect(within(dialog).getByText('Choose a rule')).toBeInTheDocument();
    expect(within(dialog).getByText('Add at least one photo')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Gray carts at the curb');
    await fillAndRecord(user);
    expect(uploadAttachment).toHaveBeenCalledWith(
      { inspectionId },
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/violations'))!;
    expect(bodyOf(init)).toEqual({
      unitId: unit14B.id,
      ruleId: trashRule.id,
      photoIds: [photoId],
      note: 'Gray carts at the curb',
      location: { latitude: 37.7753, longitude: -122.42 },
    });
    expect(await screen.findByText('Violation recorded at 14B: Trash cans out of sight')).toBeInTheDocument();
  });

  it('offers both choices when the unit already has the rule open, and adds the photos to the open one', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/inspections/${inspectionId}/violations`) return alreadyOpen();
      if (url.startsWith('/api/violations?'))
        return jsonResponse(200, { violations: [openViolation], total: 1, page: 1, limit: 1 });
      if (url.endsWith('/observations') && init?.method === 'POST') return jsonResponse(200, openViolation);
      return jsonResponse(200, ruleList([trashRule], 0));
    });
    const user = userEvent.setup();
    const onClose = renderDialog();
    const dialog = await fillAndRecord(user);
    expect(await within(dialog).findByText('Already open at this unit')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/already has an open violation of this rule, observed 2026-11-18/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add to the open violation' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Record a separate violation' })).toBeInTheDocument();
    // The open one is looked up by unit and rule.
    const lookup = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/violations?'))!;
    const search = new URLSearchParams(String(lookup[0]).split('?')[1]);
    expect([search.get('unitId'), search.get('ruleId'), search.get('status')]).toEqual([
      unit14B.id,
      trashRule.id,
      'open',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Add to the open violation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).endsWith('/observations'))!;
    expect(url).toBe(`/api/violations/${openViolation.id}/observations`);
    expect(bodyOf(init)).toEqual({ inspectionId, photoIds: [photoId] });
  });

  it('records a separate violation only with a reason', async () => {
    let attempts = 0;
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/inspections/${inspectionId}/violations`) {
        attempts += 1;
        return bodyOf(init).duplicateReason ? jsonResponse(201, openViolation) : alreadyOpen();
      }
      if (url.startsWith('/api/violations?'))
        return jsonResponse(200, { violations: [openViolation], total: 1, page: 1, limit: 1 });
      return jsonResponse(200, ruleList([trashRule], 0));
    });
    const user = userEvent.setup();
    const onClose = renderDialog();
    const dialog = await fillAndRecord(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Record a separate violation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record separate violation' }));
    expect(within(dialog).getByText('Say why this is a separate violation')).toBeInTheDocument();
    expect(attempts).toBe(1);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Why is this a separate violation?' }),
      'A third cart, on the street side',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record separate violation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const last = fetchMock.mock.calls
      .filter(([url]) => url === `/api/inspections/${inspectionId}/violations`)
      .at(-1)!;
    expect(bodyOf(last[1])).toMatchObject({
      duplicateReason: 'A third cart, on the street side',
      photoIds: [photoId],
    });
  });

  it('shows why a photo was refused, and the server’s words when recording fails', async () => {
    uploadImpl = () =>
      Promise.reject(
        new ApiRequestError({
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message:
            'HEIC photos are not accepted yet. Set the camera to "Most Compatible" (JPEG) and try again.',
        }),
      );
    mockFetch(() => jsonResponse(200, ruleList([trashRule], 0)));
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Record violation · 14B' });
    await user.upload(fileInput(), new File(['x'], 'IMG_2.HEIC', { type: 'image/heic' }));
    expect(await within(dialog).findByText(/HEIC photos are not accepted yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove IMG_2.HEIC' })).toBeInTheDocument();
    expect(within(dialog).getByText('(0 of up to 10)')).toBeInTheDocument();
  });
});
