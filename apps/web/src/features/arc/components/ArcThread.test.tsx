import type { ArcMessage, ArcMessageList } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ArcRequestDetail } from './ArcRequestDetail.tsx';
import { ArcThread } from './ArcThread.tsx';
import { completeRequest, propertyId, requestId } from './test-data.ts';

const message = (id: number, body: string, fromOwner: boolean): ArcMessage => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  visibility: 'applicant',
  author: fromOwner ? { id: 'ryan', fullName: 'Ryan Chen' } : { id: 'bea', fullName: 'Beatrice Hall' },
  fromOwner,
  body,
  createdAt: `2026-11-${String(10 + id).padStart(2, '0')}T15:00:00.000Z`,
});

const threadUrl = `/api/resident-portal/arc/requests/${requestId}/messages`;
const page = (messages: ArcMessage[], pageNumber: number, total: number): ArcMessageList => ({
  messages,
  total,
  page: pageNumber,
  limit: 30,
});

// The message box grows with its text (Mantine's autosize), which listens for web fonts loading.
beforeAll(stubDocumentFonts);

describe('ArcThread', () => {
  it('reads oldest first, loads earlier messages, and sends with the button or Ctrl+Enter', async () => {
    const sent: unknown[] = [];
    let latest = [message(3, 'It does: 60 in to the top of the caps.', false)];
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1)
          return jsonResponse(400, {
            error: { code: 'VALIDATION_ERROR', message: 'Invalid', fields: { body: 'Too long' } },
          });
        latest = [message(4, 'Thank you!', true), ...latest];
        return jsonResponse(200, page(latest, 1, latest.length + 30));
      }
      if (url === `${threadUrl}?page=1&limit=30`)
        return jsonResponse(200, page(latest, 1, latest.length + 30));
      if (url === `${threadUrl}?page=2&limit=30`)
        return jsonResponse(
          200,
          page(
            [message(2, 'Does the 60 in include the post caps?', true), message(1, 'Hello', true)],
            2,
            latest.length + 30,
          ),
        );
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
    });
    const user = userEvent.setup();
    renderWithRouter(
      <ArcThread
        target={{ side: 'owner', requestId }}
        label="Messages with the committee"
        emptyText="No messages yet."
        placeholder="Ask a question"
      />,
      { user: makeUser('resident') },
    );
    const list = await screen.findByRole('list', { name: 'Messages with the committee' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ryan Chen · owner');
    expect(items[0]).toHaveTextContent('Hello');
    expect(items[2]).toHaveTextContent('Beatrice Hall');
    expect(items[2]).not.toHaveTextContent('owner');
    expect(items[2]).toHaveTextContent('It does: 60 in to the top of the caps.');

    // Nothing typed: said, and nothing sent.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Type a message first')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const box = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The server's refusal is shown, and the text kept.
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(box).toHaveValue('Thank you!');
    await user.type(box, '{Control>}{Enter}{/Control}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sent).toEqual([{ body: 'Thank you!' }, { body: 'Thank you!' }]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(fetchMock).toHaveBeenCalled();
  });

  it('gives reviewers the owner’s thread and the committee’s own, each asked for by name', async () => {
    const asked: string[] = [];
    const sent: unknown[] = [];
    const staffThread = `/api/properties/${propertyId}/arc/requests/${requestId}/messages`;
    mockFetch((url, init) => {
      if (url === `/api/properties/${propertyId}/arc/requests/${requestId}`)
        return jsonResponse(200, completeRequest);
      if (url.startsWith(staffThread)) {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return jsonResponse(200, page([], 1, 0));
        }
        asked.push(url.slice(staffThread.length));
        return jsonResponse(200, page([], 1, 0));
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Unexpected ${url}` } });
    });
    const user = userEvent.setup();
    renderWithRouter(<ArcRequestDetail propertyId={propertyId} requestId={requestId} />, {
      user: makeUser('board'),
    });
    expect(await screen.findByText(/What you write here, the unit’s owners read/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Committee only' }));
    expect(await screen.findByText(/the owner never sees it/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'The neighbour objected.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ visibility: 'committee', body: 'The neighbour objected.' }]));
    expect(asked).toEqual(
      expect.arrayContaining([
        '?page=1&limit=30&visibility=applicant',
        '?page=1&limit=30&visibility=committee',
      ]),
    );
  });
});
