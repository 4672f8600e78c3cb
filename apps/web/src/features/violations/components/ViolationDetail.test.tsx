import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { withEnforcement } from './enforcement-test-data.ts';
import { openViolation } from './test-data.ts';
import { ViolationDetail } from './ViolationDetail.tsx';

beforeAll(stubDocumentFonts);

describe('ViolationDetail', () => {
  it('shows the clause with its source, each photo with when and where it was taken, and the timeline', async () => {
    mockFetch(withEnforcement(() => jsonResponse(200, openViolation)));
    renderWithRouter(<ViolationDetail violationId={openViolation.id} />, { user: makeUser('manager') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trash cans out of sight · Unit 14B' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText(/Except on collection days, containers shall be stored/)).toBeInTheDocument();
    expect(screen.getByText('— Willow Creek CC&Rs, § 4.6 Trash Containers, page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the document at page 3' })).toBeInTheDocument();
    const photos = screen.getByRole('region', { name: 'Photos' });
    expect(within(photos).getByText('37.77530, -122.42000')).toBeInTheDocument();
    expect(within(photos).getByText(/^Taken /)).toBeInTheDocument();
    expect(within(photos).getByRole('link', { name: 'Open photo IMG_1.jpg at full size' })).toHaveAttribute(
      'href',
      '/api/attachments/p1/file',
    );
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Observed')).toBeInTheDocument();
    expect(within(timeline).getByText('Two gray carts at the curb on a Thursday')).toBeInTheDocument();
    expect(screen.getByText('Ryan Chen')).toBeInTheDocument();
  });

  it('closes as cured only with a note, which goes to the server', async () => {
    const cured = {
      ...openViolation,
      status: 'cured',
      isOverdue: false,
      closedAt: '2026-11-22T10:00:00.000Z',
      can: { observe: false, close: false },
    };
    let isClosed = false;
    const fetchMock = mockFetch(
      withEnforcement((url, init) => {
        if (url.endsWith('/close') && init?.method === 'POST') {
          isClosed = true;
          return jsonResponse(200, cured);
        }
        return jsonResponse(200, isClosed ? cured : openViolation);
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<ViolationDetail violationId={openViolation.id} />, { user: makeUser('manager') });
    await user.click(await screen.findByRole('button', { name: 'Close violation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close violation' });
    expect(within(dialog).getByRole('radio', { name: /Cured/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Close as cured' }));
    expect(within(dialog).getByText('Say why')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/close'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Carts are in the garage');
    await user.click(within(dialog).getByRole('button', { name: 'Close as cured' }));
    expect(await screen.findByText('Violation closed as cured')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/close'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ outcome: 'cured', note: 'Carts are in the garage' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Close violation' })).not.toBeInTheDocument(),
    );
  });

  it('gives the board nothing to close', async () => {
    mockFetch(
      withEnforcement(() => jsonResponse(200, { ...openViolation, can: { observe: false, close: false } })),
    );
    renderWithRouter(<ViolationDetail violationId={openViolation.id} />, { user: makeUser('board') });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close violation' })).not.toBeInTheDocument();
  });

  it('says "not found" for a violation the person may not see', async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Violation not found' } }));
    renderWithRouter(<ViolationDetail violationId={openViolation.id} />, { user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Violation not found' })).toBeInTheDocument();
  });
});
