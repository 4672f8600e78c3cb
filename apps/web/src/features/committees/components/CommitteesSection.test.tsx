import type { Committee, CommitteeList } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { CommitteesSection } from './CommitteesSection.tsx';

const propertyId = '11111111-1111-4111-8111-111111111111';
const board: Committee = {
  id: '22222222-2222-4222-8222-222222222222',
  propertyId,
  kind: 'board',
  name: 'Board of Directors',
  decisionRule: 'majority_of_members',
  quorum: null,
  requiresOwners: true,
  members: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      committeeId: '22222222-2222-4222-8222-222222222222',
      userId: 'beatrice',
      fullName: 'Beatrice Hall',
      role: 'president',
      startsOn: '2025-01-05',
      endsOn: '2027-01-05',
      isCurrent: true,
    },
  ],
};
const hearings: Committee = {
  id: '44444444-4444-4444-8444-444444444444',
  propertyId,
  kind: 'fining',
  name: 'Hearing Panel',
  decisionRule: 'quorum_count',
  quorum: 3,
  requiresOwners: false,
  members: [],
};

function fakeServer(committees: Committee[], onPost?: (url: string, body: unknown) => Response) {
  return mockFetch((url, init) => {
    if ((init?.method ?? 'GET') !== 'GET')
      return onPost?.(url, JSON.parse(String(init?.body))) ?? new Response(null, { status: 204 });
    if (url.startsWith(`/api/properties/${propertyId}/committees`))
      return jsonResponse(200, {
        committees,
        total: committees.length,
        page: 1,
        limit: 100,
      } satisfies CommitteeList);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderSection(role: 'admin' | 'manager' | 'resident') {
  return renderRoutes([{ path: '/p', element: <CommitteesSection propertyId={propertyId} /> }], {
    initialEntry: '/p',
    user: makeUser(role),
  });
}

describe('CommitteesSection', () => {
  it('shows the board with its officers and terms, and each committee with its kind and rule', async () => {
    fakeServer([board, hearings]);
    renderSection('manager');
    const section = screen.getByRole('region', { name: 'Board & Committees' });
    expect(await within(section).findByRole('heading', { name: 'Board of Directors' })).toBeInTheDocument();
    expect(within(section).getByText('Board of directors')).toBeInTheDocument();
    expect(within(section).getByText('Owners only')).toBeInTheDocument();
    expect(within(section).getByText('President')).toBeInTheDocument();
    expect(within(section).getByText('Jan 5, 2025 – Jan 5, 2027')).toBeInTheDocument();
    // A manager's names link to the person's profile.
    expect(within(section).getByRole('link', { name: 'Beatrice Hall' })).toHaveAttribute(
      'href',
      '/manager-portal/people/beatrice',
    );
    expect(within(section).getByText('Fining / hearing')).toBeInTheDocument();
    expect(within(section).getByText('Decides by: Quorum count (3)')).toBeInTheDocument();
    expect(within(section).getByText('No members yet.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add Committee' })).toBeInTheDocument();
  });

  it('shows owners the roster read-only', async () => {
    fakeServer([board]);
    renderSection('resident');
    expect(await screen.findByText('Beatrice Hall')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Beatrice Hall' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Committee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End term/ })).not.toBeInTheDocument();
  });

  it("adds a committee, showing the contract's messages and the server's field errors", async () => {
    const posted: unknown[] = [];
    fakeServer([board], (url, body) => {
      posted.push(body);
      return jsonResponse(409, {
        error: {
          code: 'BOARD_EXISTS',
          message: 'This association already has a board. Choose another kind.',
          fields: { name: 'A name the server refused' },
        },
      });
    });
    const user = userEvent.setup();
    renderSection('admin');
    await user.click(await screen.findByRole('button', { name: 'Add Committee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Committee' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Committee' }));
    expect(await within(dialog).findByText('Choose the kind of committee')).toBeInTheDocument();
    expect(within(dialog).getByText('Committee name is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Architectural review' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Architectural Review');
    await user.click(within(dialog).getByRole('button', { name: 'Add Committee' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ kind: 'architectural_review', name: 'Architectural Review' });
    expect(await within(dialog).findByText('A name the server refused')).toBeInTheDocument();
  });

  it('ends a term on the day chosen', async () => {
    const posted: { url: string; body: unknown }[] = [];
    fakeServer([board], (url, body) => {
      posted.push({ url, body });
      return jsonResponse(200, { ...board.members[0], endsOn: '2026-01-01', isCurrent: false });
    });
    const user = userEvent.setup();
    renderSection('manager');
    await user.click(await screen.findByRole('button', { name: 'End term of Beatrice Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'End Term' });
    const date = within(dialog).getByLabelText(/End date/);
    await user.clear(date);
    await user.type(date, '2026-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'End Term' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.url).toBe(
      `/api/properties/${propertyId}/committees/${board.id}/members/${board.members[0]!.id}/end`,
    );
    expect(posted[0]!.body).toEqual({ on: '2026-01-01' });
  });
});
