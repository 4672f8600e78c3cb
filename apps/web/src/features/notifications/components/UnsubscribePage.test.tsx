import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { UnsubscribePage } from './UnsubscribePage.tsx';

const signedOut = () => jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } });

const unsubscribeCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/notifications/unsubscribe')
    .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));

function renderPage(search: string) {
  return renderWithRouter(<UnsubscribePage />, {
    path: '/unsubscribe',
    initialEntry: `/unsubscribe${search}`,
  });
}

describe('UnsubscribePage', () => {
  it('sends the token once, without a session, and says which e-mails stop', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/notifications/unsubscribe'
        ? jsonResponse(200, { kind: 'work-order.updated', label: 'Updates on my requests' })
        : signedOut(),
    );
    renderPage('?token=signed.token-value');
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/You will no longer receive e-mails for:/)).toHaveTextContent(
      'You will no longer receive e-mails for: Updates on my requests.',
    );
    expect(unsubscribeCalls(fetchMock)).toEqual([{ method: 'POST', body: { token: 'signed.token-value' } }]);
    expect(await screen.findByRole('link', { name: 'Sign in to manage your settings' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Faccount%23notifications',
    );
  });

  it("shows the server's message when the link is refused", async () => {
    const message =
      'This unsubscribe link is not valid or has expired. Sign in to change your e-mail settings.';
    mockFetch((url) =>
      url === '/api/notifications/unsubscribe'
        ? jsonResponse(400, { error: { code: 'INVALID_UNSUBSCRIBE_LINK', message } })
        : signedOut(),
    );
    renderPage('?token=tampered');
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/You will no longer receive/)).not.toBeInTheDocument();
  });

  it('sends nothing for a link without a token', async () => {
    const fetchMock = mockFetch(signedOut);
    renderPage('');
    expect(await screen.findByText(/This unsubscribe link is not complete/)).toBeInTheDocument();
    expect(unsubscribeCalls(fetchMock)).toEqual([]);
  });
});
