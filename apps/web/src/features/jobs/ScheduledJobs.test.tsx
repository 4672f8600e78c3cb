import type { JobRun, Schedule, SchedulePreview } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../test/render.tsx';
import { describePeriod, ScheduledJobs } from './ScheduledJobs.tsx';

const willow = { id: '11111111-1111-4111-8111-111111111111', name: 'Willow Creek Commons' };

const purgeRun: JobRun = {
  id: 'r1',
  schedule: 'housekeeping.purge-expired',
  scheduleTitle: 'Purge expired sign-ins',
  property: null,
  period: '2026-11-24T03:15+00:00',
  scheduledFor: '2026-11-24T03:15:00.000Z',
  timeZone: 'UTC',
  trigger: 'schedule',
  requestedBy: null,
  status: 'succeeded',
  attempts: 1,
  createdAt: '2026-11-24T03:15:01.000Z',
  startedAt: '2026-11-24T03:15:02.000Z',
  finishedAt: '2026-11-24T03:15:03.000Z',
  summary: 'Deleted 12 expired sessions',
  counts: { sessions: 12 },
  error: null,
};

const digestRun: JobRun = {
  ...purgeRun,
  id: 'r2',
  schedule: 'notifications.daily-digest',
  scheduleTitle: 'Daily digest',
  property: willow,
  period: '2026-11-24T07:00-06:00',
  timeZone: 'America/Chicago',
  trigger: 'manual',
  requestedBy: { id: 'a1', fullName: 'Avery Admin' },
  status: 'failed',
  attempts: 3,
  summary: null,
  counts: null,
  error: 'The mail server is down',
};

const schedules: Schedule[] = [
  {
    name: 'housekeeping.purge-expired',
    title: 'Purge expired sign-ins',
    description: 'Deletes expired sessions.',
    cron: '15 3 * * *',
    perProperty: false,
    nextRuns: [
      {
        timeZone: 'UTC',
        nextRunAt: '2026-11-25T03:15:00.000Z',
        period: '2026-11-25T03:15+00:00',
        properties: 0,
      },
    ],
    lastRun: purgeRun,
  },
  {
    name: 'notifications.daily-digest',
    title: 'Daily digest',
    description: 'Sends the day’s news at 07:00.',
    cron: '0 7 * * *',
    perProperty: true,
    nextRuns: [
      {
        timeZone: 'America/Chicago',
        nextRunAt: '2026-11-25T13:00:00.000Z',
        period: '2026-11-25T07:00-06:00',
        properties: 1,
      },
      {
        timeZone: 'America/Los_Angeles',
        nextRunAt: '2026-11-25T15:00:00.000Z',
        period: '2026-11-25T07:00-08:00',
        properties: 2,
      },
    ],
    lastRun: digestRun,
  },
];

const preview: SchedulePreview = {
  schedule: 'notifications.daily-digest',
  property: willow,
  period: '2026-11-25T07:00-06:00',
  scheduledFor: '2026-11-25T13:00:00.000Z',
  timeZone: 'America/Chicago',
  summary: 'Would send 4 digests',
  counts: { digests: 4 },
  items: ['ryan@example.com: 2 new work orders'],
  existingRun: null,
};

type Posted = { url: string; body: unknown };

function server(options: { runs?: JobRun[]; posted?: Posted[]; failSchedules?: boolean } = {}) {
  const runs = options.runs ?? [purgeRun, digestRun];
  return (url: string, init: RequestInit | undefined) => {
    if (init?.method === 'POST') {
      options.posted?.push({ url, body: JSON.parse(String(init.body)) });
      return jsonResponse(201, {
        run: { ...digestRun, id: 'r3', status: 'queued', error: null },
        isNew: true,
      });
    }
    if (url.startsWith('/api/properties'))
      return jsonResponse(200, { properties: [willow], total: 1, page: 1, limit: 20 });
    if (url.startsWith('/api/schedules/notifications.daily-digest/preview'))
      return jsonResponse(200, preview);
    if (url.startsWith('/api/schedules'))
      return options.failSchedules
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, { schedules });
    const status = new URL(url, 'http://localhost').searchParams.get('status');
    const found = runs.filter((run) => !status || run.status === status);
    return jsonResponse(200, { runs: found, total: found.length, page: 1, limit: 25 });
  };
}

// Notifications live in a store of their own: each test starts without the last one's.
afterEach(() => notifications.clean());

describe('ScheduledJobs', () => {
  it('shows each schedule with its next run in each time zone and how its last run went, and the history', async () => {
    mockFetch(server());
    renderWithRouter(<ScheduledJobs />, { user: makeUser('admin') });
    expect(screen.getByText('Loading the schedules...')).toBeInTheDocument();
    const digest = (await screen.findByText('Sends the day’s news at 07:00.')).closest('tr')!;
    expect(within(digest).getByText(/America\/Chicago · 1 association$/)).toBeInTheDocument();
    expect(within(digest).getByText(/America\/Los_Angeles · 2 associations$/)).toBeInTheDocument();
    expect(within(digest).getByText('Failed')).toBeInTheDocument();
    expect(within(digest).getByText('The mail server is down')).toBeInTheDocument();
    const purge = screen.getByText('Deletes expired sessions.').closest('tr')!;
    expect(within(purge).getByText('Succeeded')).toBeInTheDocument();
    expect(within(purge).getByText('Deleted 12 expired sessions')).toBeInTheDocument();

    const history = (await screen.findByText('Run now by Avery Admin')).closest('tr')!;
    expect(within(history).getByText('Willow Creek Commons')).toBeInTheDocument();
    expect(within(history).getByText('2026-11-24 07:00 (UTC−06:00)')).toBeInTheDocument();
    expect(within(history).getByText('3 attempts')).toBeInTheDocument();
    expect(screen.getByText('2 runs')).toBeInTheDocument();
  });

  it('filters the history on the server and says when nothing matches', async () => {
    const fetchMock = mockFetch(server());
    const user = userEvent.setup();
    renderWithRouter(<ScheduledJobs />, { user: makeUser('admin') });
    await screen.findByText('Run now by Avery Admin');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Skipped' }));
    expect(await screen.findByText('No runs match these filters')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(expect.stringContaining('status=skipped'), expect.anything());
  });

  it('previews an association’s run without changing anything, then runs that period now', async () => {
    const posted: Posted[] = [];
    mockFetch(server({ posted }));
    const user = userEvent.setup();
    renderWithRouter(<ScheduledJobs />, { user: makeUser('admin') });
    await user.click(await screen.findByRole('button', { name: 'Preview Daily digest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview Daily digest' });
    expect(
      within(dialog).getByText('Choose an association to see what its run would do.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run now' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Association' }));
    await user.click(await screen.findByRole('option', { name: 'Willow Creek Commons' }));
    expect(await within(dialog).findByText('Would send 4 digests')).toBeInTheDocument();
    expect(within(dialog).getByText('ryan@example.com: 2 new work orders')).toBeInTheDocument();
    expect(within(dialog).getByText('2026-11-25 07:00 (UTC−06:00)')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Run queued')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        url: '/api/schedules/notifications.daily-digest/runs',
        body: { propertyId: willow.id, period: '2026-11-25T07:00-06:00' },
      },
    ]);
  });

  it('runs an installation-wide schedule at once, for its latest period', async () => {
    const posted: Posted[] = [];
    mockFetch(server({ posted }));
    const user = userEvent.setup();
    renderWithRouter(<ScheduledJobs />, { user: makeUser('admin') });
    await user.click(await screen.findByRole('button', { name: 'Run now: Purge expired sign-ins' }));
    expect(await screen.findByText('Run queued')).toBeInTheDocument();
    expect(posted).toEqual([{ url: '/api/schedules/housekeeping.purge-expired/runs', body: {} }]);
  });

  it('says when there is no history, and when the schedules cannot be loaded', async () => {
    mockFetch(server({ runs: [], failSchedules: true }));
    renderWithRouter(<ScheduledJobs />, { user: makeUser('admin') });
    expect(await screen.findByText('Failed to load the schedules')).toBeInTheDocument();
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
  });
});

describe('describePeriod', () => {
  it('reads a period as the association lives it, with its offset', () => {
    expect(describePeriod('2026-11-01T01:30-07:00')).toBe('2026-11-01 01:30 (UTC−07:00)');
    expect(describePeriod('2026-11-01T03:15+00:00')).toBe('2026-11-01 03:15 (UTC+00:00)');
  });
});
