import type { AnnouncementPost } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { notFound, poolPost, waterId, waterPost } from '../test-data.ts';
import { AnnouncementPage } from './AnnouncementPage.tsx';

const postPath = `/api/me/announcements/${waterId}`;

/** The reader's page with the server answering `post`, reading and acknowledging as the server would. */
function renderPost(post: AnnouncementPost | null, { refuseAck = false } = {}) {
  let current = post;
  const fetchMock = mockFetch((url, init) => {
    if (!current) return notFound(url);
    if (init?.method === 'POST' && url === `${postPath}/read`) {
      current = { ...current, readAt: current.readAt ?? '2098-03-02T08:00:00.000Z' };
      return jsonResponse(200, current);
    }
    if (init?.method === 'POST' && url === `${postPath}/acknowledge`) {
      if (refuseAck)
        return jsonResponse(409, {
          error: { code: 'CONFLICT', message: 'This announcement was withdrawn.', requestId: 'test' },
        });
      current = { ...current, acknowledgedAt: '2098-03-02T08:05:00.000Z' };
      return jsonResponse(200, current);
    }
    if (url === postPath) return jsonResponse(200, current);
    return notFound(url);
  });
  renderWithRouter(<AnnouncementPage announcementId={waterId} />, {
    user: makeUser('resident', { fullName: 'Priya Patel' }),
    path: '/announcements/:announcementId',
    initialEntry: `/announcements/${waterId}`,
  });
  const posts = (action: string) =>
    fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === `${postPath}/${action}`);
  return { posts };
}

describe('AnnouncementPage', () => {
  it('shows the announcement with its association, author and text, and marks it read once', async () => {
    const { posts } = renderPost(waterPost);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Water shut-off in Building 3' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Harbor View Condominiums/)).toBeInTheDocument();
    expect(screen.getByText(/From Marcus Reed/)).toBeInTheDocument();
    const text = screen.getByRole('article', { name: 'Water shut-off in Building 3' });
    expect(within(text).getByText('off on Tuesday').tagName).toBe('STRONG');
    expect(within(text).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(posts('read')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Announcements' })).toHaveAttribute('href', '/announcements');
  });

  it('asks for the acknowledgement until it is given, then says when', async () => {
    const { posts } = renderPost(waterPost);
    const user = userEvent.setup();
    const ask = await screen.findByRole('region', { name: 'Please confirm you have read this' });
    await user.click(within(ask).getByRole('button', { name: 'I have read this' }));
    expect(await screen.findByText(/^Acknowledged on Mar 2, 2098 at/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have read this' })).not.toBeInTheDocument();
    expect(posts('acknowledge')).toHaveLength(1);
  });

  it('keeps the button and says why when the acknowledgement is refused', async () => {
    renderPost(waterPost, { refuseAck: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'I have read this' }));
    expect(await screen.findByText('This announcement was withdrawn.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I have read this' })).toBeEnabled();
  });

  it('asks nothing of an announcement that needs no acknowledgement, and does not mark a read one again', async () => {
    const { posts } = renderPost({ ...poolPost, id: waterId });
    expect(await screen.findByRole('heading', { level: 1, name: 'The pool opens Saturday' })).toBeVisible();
    expect(screen.queryByRole('region', { name: /confirm/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have read this' })).not.toBeInTheDocument();
    expect(posts('read')).toHaveLength(0);
  });

  it('asks nothing of a manager who reads one addressed to others, and records no read', async () => {
    const { posts } = renderPost({ ...waterPost, isForMe: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Water shut-off in Building 3' }),
    ).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'It is not addressed to you: you see it as one of the association’s managers or board members. Its readers are asked to acknowledge it.',
    );
    expect(screen.queryByRole('button', { name: 'I have read this' })).not.toBeInTheDocument();
    expect(posts('read')).toHaveLength(0);
  });

  it('says an expired announcement has expired', async () => {
    renderPost({
      ...waterPost,
      isExpired: true,
      expiresAt: '2098-03-05T15:00:00.000Z',
      readAt: '2098-03-02T08:00:00.000Z',
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      /This announcement has expired \(on Mar 5, 2098/,
    );
  });

  it('says so when the announcement is not there or not addressed to the person', async () => {
    renderPost(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcement not found' })).toBeVisible();
    expect(screen.getByText('It may have been withdrawn, or it was not addressed to you.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all announcements' })).toHaveAttribute(
      'href',
      '/announcements',
    );
  });

  it('shows the reader’s language with the original, the official text, a click away', async () => {
    renderPost({
      ...waterPost,
      title: 'Corte de agua en el Edificio 3',
      body: 'El agua estará **cortada el martes**.',
      language: 'es',
      original: { language: 'en', title: waterPost.title, body: waterPost.body },
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Corte de agua en el Edificio 3' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Corte de agua en el Edificio 3' })).toHaveAttribute(
      'lang',
      'es',
    );
    expect(screen.getByText(/Translated from English\. The original is the official text\./)).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Show the original' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByRole('heading', { level: 1, name: 'Water shut-off in Building 3' })).toBeVisible();
    const original = screen.getByRole('article', { name: 'Water shut-off in Building 3' });
    expect(original).toHaveAttribute('lang', 'en');
    expect(within(original).getByText('off on Tuesday')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show in Español' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Corte de agua en el Edificio 3' })).toBeVisible();
  });

  it('says a pinned emergency notice is one, and until when it stays at the top', async () => {
    renderPost({ ...waterPost, kind: 'emergency', isPinned: true, expiresAt: '2098-03-02T15:00:00.000Z' });
    const banner = await screen.findByRole('note', { name: 'Emergency notice' });
    expect(banner).toHaveTextContent(/stays at the top of your announcements until/);
  });
});
