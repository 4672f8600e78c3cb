import type { Announcement, AnnouncementRecipientList } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { harborId, notFound, waterAnnouncement, waterId } from '../test-data.ts';
import { ManageAnnouncementPage } from './ManageAnnouncementPage.tsx';

const itemPath = `/api/properties/${harborId}/announcements/${waterId}`;
const recipients: AnnouncementRecipientList = {
  recipients: [
    {
      userId: 'user-priya',
      fullName: 'Priya Patel',
      units: ['3-402'],
      readAt: '2098-03-01T16:00:00.000Z',
      acknowledgedAt: null,
      remindedAt: null,
    },
  ],
  total: 1,
  page: 1,
  limit: 50,
};

/** The author's page with the server answering as it would: a reminder to the 9 who have not acknowledged. */
function renderAuthorPage(announcement: Announcement) {
  let current = announcement;
  let reminded: string | null = null;
  const fetchMock = mockFetch((url, init) => {
    if (init?.method === 'POST' && url === `${itemPath}/remind`) {
      reminded = '2098-03-02T09:00:00.000Z';
      current = { ...current, lastRemindedAt: reminded, reminders: current.reminders + 1 };
      return jsonResponse(200, { reminded: 9, announcement: current });
    }
    if (url === itemPath) return jsonResponse(200, current);
    if (url.startsWith(`${itemPath}/recipients`))
      return jsonResponse(200, {
        ...recipients,
        recipients: recipients.recipients.map((row) => ({ ...row, remindedAt: reminded })),
      });
    return notFound(url);
  });
  renderWithRouter(<ManageAnnouncementPage propertyId={harborId} announcementId={waterId} />, {
    user: makeUser('manager', { fullName: 'Marcus Reed' }),
    path: '/community/announcements/:propertyId/:announcementId',
    initialEntry: `/community/announcements/${harborId}/${waterId}`,
  });
  return fetchMock;
}

describe('ManageAnnouncementPage', () => {
  it('reminds those who have not acknowledged it, after a confirmation, and shows who was reminded', async () => {
    const fetchMock = renderAuthorPage(waterAnnouncement);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remind the 9 people who have not acknowledged it' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the reminder' }));
    expect(await screen.findByText(/^Last reminder .* \(1 sent so far\)\.$/)).toBeInTheDocument();
    expect(await screen.findByText(/^Not yet \(reminded /)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === `${itemPath}/remind`)).toHaveLength(1);
  });

  it('offers no reminder once everyone has acknowledged it', async () => {
    renderAuthorPage({ ...waterAnnouncement, counts: { recipients: 9, read: 9, acknowledged: 9 } });
    expect(await screen.findByText('9 of 9 acknowledged')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remind/ })).not.toBeInTheDocument();
  });
});
