import type { Announcement, EmergencyPrepared } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { harborId, notFound, waterAnnouncement, waterId } from '../test-data.ts';
import { EmergencyPage } from './EmergencyPage.tsx';

const path = `/api/properties/${harborId}/emergencies/${waterId}`;
const draft: Announcement = {
  ...waterAnnouncement,
  kind: 'emergency',
  status: 'draft',
  publishedAt: null,
  expiresAt: '2098-03-02T15:00:00.000Z',
  counts: { recipients: 0, read: 0, acknowledged: 0 },
  sourceWorkOrder: { id: 'wo-1', reference: 'HV-1042', summary: 'Burst pipe on the 4th floor' },
};

/** Step two, with the server's audience growing from 9 to 10 people after the page was opened. */
function renderStepTwo() {
  let reach = 9;
  let current: EmergencyPrepared = { announcement: draft, recipients: reach };
  const fetchMock = mockFetch((url, init) => {
    if (init?.method === 'POST' && url === `${path}/send`) {
      const { recipients } = JSON.parse(String(init.body)) as { recipients: number };
      if (recipients !== reach)
        return jsonResponse(409, {
          error: {
            code: 'AUDIENCE_CHANGED',
            message: `It now reaches ${reach} people, not ${recipients}: someone moved in or out. Check the number and confirm again.`,
            requestId: 'test',
          },
        });
      current = {
        announcement: {
          ...draft,
          status: 'published',
          counts: { recipients: reach, read: 0, acknowledged: 0 },
          confirmedAt: '2098-03-01T15:00:00.000Z',
        },
        recipients: reach,
      };
      return jsonResponse(200, current);
    }
    if (url === path) return jsonResponse(200, { ...current, recipients: reach });
    return notFound(url);
  });
  renderWithRouter(<EmergencyPage propertyId={harborId} announcementId={waterId} />, {
    user: makeUser('manager', { fullName: 'Marcus Reed' }),
    path: '/community/emergencies/:propertyId/:announcementId',
    initialEntry: `/community/emergencies/${harborId}/${waterId}`,
  });
  return {
    fetchMock,
    grow: () => {
      reach = 10;
    },
  };
}

describe('EmergencyPage', () => {
  it('sends only the number of people shown, and shows the new number when it changed', async () => {
    const { fetchMock, grow } = renderStepTwo();
    const user = userEvent.setup();
    const warning = await screen.findByRole('region', { name: 'This goes to 9 people at once' });
    expect(screen.getByText(/Drafted by the assistant from work order HV-1042/)).toBeVisible();
    grow();
    await user.click(within(warning).getByRole('button', { name: 'Send to 9 people now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'It now reaches 10 people, not 9: someone moved in or out. Check the number and confirm again. The number above is now up to date.',
    );
    const updated = await screen.findByRole('region', { name: 'This goes to 10 people at once' });
    await user.click(within(updated).getByRole('button', { name: 'Send to 10 people now' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url, init]) => init?.method === 'POST' && url === `${path}/send`)
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([{ recipients: 9 }, { recipients: 10 }]),
    );
  });
});
