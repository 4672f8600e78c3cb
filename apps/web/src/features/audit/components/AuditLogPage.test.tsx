import type { AuditEvent } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { AuditLogPage } from './AuditLogPage.tsx';

const willow = { id: '11111111-1111-4111-8111-111111111111', name: 'Willow Creek Commons' };

const events: AuditEvent[] = [
  {
    id: 'e2',
    occurredAt: '2026-11-20T15:04:00.000Z',
    actor: { id: 'm1', fullName: 'Morgan Manager', email: 'manager@commonwise.test' },
    actorRole: 'manager',
    requestId: 'req-2',
    entity: 'units',
    entityId: 'u1-0000-0000',
    property: willow,
    action: 'update',
    changes: { kind: ['home', 'condo'] },
  },
  {
    id: 'e1',
    occurredAt: '2026-11-19T09:00:00.000Z',
    actor: null,
    actorRole: null,
    requestId: null,
    entity: 'properties',
    entityId: willow.id,
    property: willow,
    action: 'insert',
    changes: { id: [null, willow.id], name: [null, 'Willow Creek Commons'] },
  },
];

function server(list: AuditEvent[]) {
  return (url: string) => {
    if (url.startsWith('/api/properties'))
      return jsonResponse(200, { properties: [], total: 0, page: 1, limit: 20 });
    const params = new URL(url, 'http://localhost').searchParams;
    const entity = params.get('entity');
    const found = list.filter((event) => !entity || event.entity === entity);
    return jsonResponse(200, { events: found, total: found.length, page: 1, limit: 50 });
  };
}

describe('AuditLogPage', () => {
  it('shows who changed what, in which role, and what changed; the system for unattended work', async () => {
    mockFetch(server(events));
    renderWithRouter(<AuditLogPage />, { user: makeUser('admin') });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeInTheDocument();
    expect(screen.getByText('Loading the audit trail...')).toBeInTheDocument();
    const row = (await screen.findByText('Morgan Manager')).closest('tr')!;
    expect(within(row).getByText('as Manager')).toBeInTheDocument();
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    expect(within(row).getByText('Unit')).toBeInTheDocument();
    expect(within(row).getByText('kind: home → condo')).toBeInTheDocument();
    const system = screen.getByText('System').closest('tr')!;
    expect(within(system).getByText('name: Willow Creek Commons')).toBeInTheDocument();
    expect(screen.getByText('2 changes')).toBeInTheDocument();
  });

  it('filters on the server, says when nothing matches, and exports what is filtered', async () => {
    const fetchMock = mockFetch(server(events));
    const user = userEvent.setup();
    renderWithRouter(<AuditLogPage />, { user: makeUser('admin') });
    await screen.findByText('Morgan Manager');
    await user.click(screen.getByRole('combobox', { name: 'Kind of record' }));
    await user.click(await screen.findByRole('option', { name: 'Task' }));
    expect(await screen.findByText('No changes match these filters')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      expect.stringContaining('entity=work_order_tasks'),
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/audit-events/export?entity=work_order_tasks',
    );
    await vi.waitFor(() => expect(screen.queryByText('Morgan Manager')).not.toBeInTheDocument());
  });

  it('says when the trail cannot be loaded', async () => {
    mockFetch((url) =>
      url.startsWith('/api/audit-events')
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, { properties: [], total: 0, page: 1, limit: 20 }),
    );
    renderWithRouter(<AuditLogPage />, { user: makeUser('admin') });
    expect(await screen.findByText('Failed to load the audit trail')).toBeInTheDocument();
  });
});
