import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ScheduleList, SystemSettings } from '@commonwise/contracts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { SystemSettingsPage } from './SystemSettingsPage.tsx';

const laptop: SystemSettings = {
  mail: {
    transport: 'outbox',
    from: 'Commonwise <no-reply@commonwise.test>',
    host: null,
    outboxDir: '/srv/data/outbox',
  },
  assistant: { provider: 'built-in', model: null, baseUrlHost: null, timeoutSeconds: 20 },
  storage: { driver: 'local', folder: '/srv/data/files', bucket: null, region: null, endpointHost: null },
  defaults: { jurisdiction: 'none', timeZone: 'America/Los_Angeles' },
};

const hosted: SystemSettings = {
  ...laptop,
  mail: { transport: 'smtp', from: 'HOA <hoa@example.com>', host: 'mail.example.com:587', outboxDir: null },
  assistant: {
    provider: 'openai-compatible',
    model: 'gpt-test-mini',
    baseUrlHost: 'api.example.com',
    timeoutSeconds: 20,
  },
  storage: { driver: 's3', folder: null, bucket: 'cw-files', region: 'eu-west-1', endpointHost: null },
};

const schedules: ScheduleList = {
  schedules: [
    {
      name: 'housekeeping',
      title: 'Housekeeping',
      description: 'Purges expired sessions.',
      cron: '30 3 * * *',
      perProperty: false,
      nextRuns: [
        {
          timeZone: 'UTC',
          nextRunAt: '2026-11-25T03:30:00.000Z',
          period: '2026-11-25T03:30+00:00',
          properties: 0,
        },
      ],
      lastRun: {
        id: '11111111-1111-4111-8111-111111111111',
        schedule: 'housekeeping',
        scheduleTitle: 'Housekeeping',
        property: null,
        period: '2026-11-24T03:30+00:00',
        scheduledFor: '2026-11-24T03:30:00.000Z',
        timeZone: 'UTC',
        trigger: 'schedule',
        requestedBy: null,
        status: 'failed',
        attempts: 3,
        createdAt: '2026-11-24T03:30:00.000Z',
        startedAt: '2026-11-24T03:30:01.000Z',
        finishedAt: '2026-11-24T03:31:00.000Z',
        summary: null,
        counts: null,
        error: 'connection refused',
      },
    },
    {
      name: 'notifications.daily-digest',
      title: 'Daily digest',
      description: 'Sends digests.',
      cron: '5 * * * *',
      perProperty: false,
      nextRuns: [
        {
          timeZone: 'UTC',
          nextRunAt: '2026-11-24T19:05:00.000Z',
          period: '2026-11-24T19:05+00:00',
          properties: 0,
        },
      ],
      lastRun: null,
    },
  ],
};

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function fakeServer(settings: SystemSettings, handle: Handler = () => undefined) {
  return mockFetch((url, init) => {
    const answer = handle(url, init);
    if (answer) return answer;
    if (url === '/api/settings/system') return jsonResponse(200, settings);
    if (url === '/api/schedules') return jsonResponse(200, schedules);
    if (url === '/api/settings/security') return jsonResponse(200, { requireTwoFactorForStaff: false });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

const renderPage = () => renderWithRouter(<SystemSettingsPage />, { user: makeUser('admin') });
const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('SystemSettingsPage', () => {
  it('shows the outbox, the built-in assistant and local files on a laptop installation', async () => {
    fakeServer(laptop);
    renderPage();
    const mail = await section('Mail');
    expect(mail.getByText('Outbox folder', { selector: 'span' })).toBeInTheDocument();
    expect(mail.getByText('/srv/data/outbox')).toBeInTheDocument();
    expect((await section('Assistant')).getByText('Built-in assistant (offline)')).toBeInTheDocument();
    expect((await section('Storage')).getByText('/srv/data/files')).toBeInTheDocument();
    const jobs = await section('Background jobs');
    expect(await jobs.findByText(/^Last run .*: failed$/)).toBeInTheDocument();
    expect(jobs.getByText('Daily digest')).toBeInTheDocument();
    expect(jobs.getByText('Not run yet')).toBeInTheDocument();
    expect(jobs.getByRole('link', { name: 'Scheduled jobs page' })).toHaveAttribute(
      'href',
      '/admin-portal/jobs',
    );
    // The existing two-factor policy, not a copy of it.
    expect(await section('Security policy')).toBeTruthy();
  });

  it('shows the SMTP host, the model and the bucket of a hosted installation', async () => {
    fakeServer(hosted);
    renderPage();
    const mail = await section('Mail');
    expect(mail.getByText('SMTP server')).toBeInTheDocument();
    expect(mail.getByText('mail.example.com:587')).toBeInTheDocument();
    const assistant = await section('Assistant');
    expect(assistant.getByText('gpt-test-mini')).toBeInTheDocument();
    expect(assistant.getByText('api.example.com')).toBeInTheDocument();
    expect((await section('Storage')).getByText('cw-files')).toBeInTheDocument();
  });

  it('sends a test message and says where it goes', async () => {
    const fetchMock = fakeServer(laptop, (url, init) =>
      url === '/api/settings/system/test-mail' && init?.method === 'POST'
        ? jsonResponse(202, {
            status: 'queued',
            transport: 'outbox',
            to: 'admin@commonwise.test',
            message: 'A test message to admin@commonwise.test is queued; it is written to the outbox folder.',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const mail = await section('Mail');
    await user.click(mail.getByRole('button', { name: 'Send test message' }));
    expect(await mail.findByText('Test message queued')).toBeInTheDocument();
    expect(mail.getByText(/is queued; it is written to the outbox folder/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/settings/system/test-mail')).toBe(true);
  });

  it("checks the assistant and shows a failure's message and how long it took", async () => {
    fakeServer(hosted, (url) =>
      url === '/api/settings/system/assistant-check'
        ? jsonResponse(200, {
            provider: 'openai-compatible',
            isOk: false,
            latencyMs: 412,
            message: 'Incorrect API key provided: •••',
            checkedAt: new Date().toISOString(),
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const assistant = await section('Assistant');
    await user.click(assistant.getByRole('button', { name: 'Check now' }));
    expect(await assistant.findByText('Failed after 412 ms')).toBeInTheDocument();
    expect(assistant.getByText('Incorrect API key provided: •••')).toBeInTheDocument();
  });

  it("saves the defaults for new associations and shows the server's field errors", async () => {
    let attempt = 0;
    const fetchMock = fakeServer(laptop, (url, init) => {
      if (url !== '/api/settings/system/defaults' || init?.method !== 'PUT') return undefined;
      attempt += 1;
      if (attempt === 1)
        return jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Choose a time zone from the list, e.g. America/Chicago (timeZone)',
            fields: { timeZone: 'Choose a time zone from the list, e.g. America/Chicago' },
          },
        });
      return jsonResponse(200, JSON.parse(String(init.body)));
    });
    const user = userEvent.setup();
    renderPage();
    const defaults = await section('Defaults for new associations');
    await user.click(defaults.getByRole('combobox', { name: 'State law' }));
    await user.click(await screen.findByRole('option', { name: /^Texas/ }));
    await user.click(defaults.getByRole('button', { name: 'Save defaults' }));
    expect(
      await defaults.findByText('Choose a time zone from the list, e.g. America/Chicago'),
    ).toBeInTheDocument();

    await user.click(defaults.getByRole('button', { name: 'Save defaults' }));
    expect(await defaults.findByText('Saved')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts.at(-1)?.[1]?.body))).toEqual({
      jurisdiction: 'TX',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    let calls = 0;
    fakeServer(laptop, (url) => {
      if (url !== '/api/settings/system') return undefined;
      calls += 1;
      return calls === 1
        ? jsonResponse(500, {
            error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
          })
        : undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Mail' })).toBeInTheDocument());
  });
});
