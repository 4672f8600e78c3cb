import type { NotificationSettings } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { makeSettings } from '../test-data.ts';
import { NotificationSettingsCard } from './NotificationSettingsCard.tsx';

/** Answers GET with `settings`, and PUT with `onPut`'s answer (the saved settings by default). */
function serve(settings: NotificationSettings, onPut?: (body: unknown) => Response) {
  return mockFetch((url, init) => {
    if (url !== '/api/notifications/settings') return jsonResponse(404, {});
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as unknown;
      return onPut ? onPut(body) : jsonResponse(200, settings);
    }
    return jsonResponse(200, settings);
  });
}

const putBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderCard() {
  return renderWithRouter(<NotificationSettingsCard />, { path: '/account', user: makeUser('resident') });
}

describe('NotificationSettingsCard', () => {
  it('shows the kinds that cannot be turned off as on and disabled, saying why', async () => {
    serve(makeSettings());
    renderCard();
    const securityEmail = await screen.findByRole('switch', { name: 'Security alerts: E-mail' });
    expect(securityEmail).toBeChecked();
    expect(securityEmail).toBeDisabled();
    expect(securityEmail).toHaveAccessibleDescription('Always on: they keep your account safe.');
    const emergencyInApp = screen.getByRole('switch', { name: 'Emergencies at my properties: In app' });
    expect(emergencyInApp).toBeChecked();
    expect(emergencyInApp).toBeDisabled();
    expect(screen.getByText('Always on: emergencies reach you at once, even in quiet hours.')).toBeVisible();

    const updatesEmail = screen.getByRole('switch', { name: 'Updates on my requests: E-mail' });
    expect(updatesEmail).toBeEnabled();
    expect(updatesEmail).toBeChecked();
    // Chosen off earlier: shown off, and still the person's to change.
    const failedInApp = screen.getByRole('switch', { name: 'Messages that could not be delivered: In app' });
    expect(failedInApp).not.toBeChecked();
    expect(failedInApp).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
  });

  it('sends every choice the person may make, quiet hours, the time zone, the language and the digest', async () => {
    const fetchMock = serve(makeSettings(), () =>
      jsonResponse(
        200,
        makeSettings({
          quietHours: { start: '21:30', end: '06:45' },
          digest: 'daily',
          timeZone: 'Europe/Paris',
        }),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('switch', { name: 'Updates on my requests: E-mail' }));
    await user.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    const from = screen.getByRole('textbox', { name: /^From/ });
    const until = screen.getByRole('textbox', { name: /^Until/ });
    expect(from).toHaveValue('22:00');
    expect(until).toHaveValue('07:00');
    await user.clear(from);
    await user.type(from, '21:30');
    await user.clear(until);
    await user.type(until, '06:45');
    await user.click(screen.getByRole('combobox', { name: /^Time zone/ }));
    await user.clear(screen.getByRole('combobox', { name: /^Time zone/ }));
    await user.type(screen.getByRole('combobox', { name: /^Time zone/ }), 'Europe/Par');
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await user.click(screen.getByRole('combobox', { name: /^Language for announcements/ }));
    await user.click(await screen.findByRole('option', { name: 'Español (Spanish)' }));
    await user.click(screen.getByRole('switch', { name: /^Daily digest/ }));
    expect(
      screen.getByText(
        /updates on my requests, messages that could not be delivered\) then come in one e-mail a day/,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)).toEqual([
      {
        // Only the kinds the person may turn off, each channel they use.
        kinds: [
          { kind: 'work-order.updated', channel: 'inApp', enabled: true },
          { kind: 'work-order.updated', channel: 'email', enabled: false },
          { kind: 'delivery.failed', channel: 'inApp', enabled: false },
          { kind: 'delivery.failed', channel: 'email', enabled: true },
        ],
        quietHours: { start: '21:30', end: '06:45' },
        timeZone: 'Europe/Paris',
        digest: 'daily',
        language: 'es',
      },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });

  it('sends no quiet hours once they are turned off, and refuses times that are not on a 24-hour clock', async () => {
    const fetchMock = serve(makeSettings({ quietHours: { start: '22:00', end: '07:00' } }));
    const user = userEvent.setup();
    renderCard();
    const until = await screen.findByRole('textbox', { name: /^Until/ });
    await user.clear(until);
    await user.type(until, '7pm');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Use a time like 22:00 (24-hour clock).')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    expect(screen.queryByRole('textbox', { name: /^Until/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(putBodies(fetchMock)).toEqual([expect.objectContaining({ quietHours: null })]),
    );
  });

  it("puts the server's field errors on the fields", async () => {
    serve(makeSettings({ quietHours: { start: '22:00', end: '07:00' } }), () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please correct the highlighted fields.',
          fields: {
            timeZone: 'Choose a time zone from the list.',
            quietHours: 'Quiet hours must start and end at different times.',
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('switch', { name: /^Daily digest/ }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    // Mantine ties a field's error to it as part of its description.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveAccessibleDescription(
        expect.stringContaining('Choose a time zone from the list.'),
      ),
    );
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toBeInvalid();
    expect(screen.getByRole('textbox', { name: /^Until/ })).toHaveAccessibleDescription(
      expect.stringContaining('Quiet hours must start and end at different times.'),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('tells the person when their address refused a message', async () => {
    serve(makeSettings({ emailBouncedAt: '2026-11-20T15:04:00.000Z' }));
    renderCard();
    const section = within(await screen.findByRole('region', { name: 'Notifications' }));
    expect(
      await section.findByText('Your e-mail address refused a message on Nov 20, 2026; check it.'),
    ).toBeInTheDocument();
  });
});
