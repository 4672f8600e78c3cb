import type { ViolationReport } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ViolationReportPage } from './ViolationReportPage.tsx';

const propertyId = '22222222-2222-4222-8222-222222222222';
const trashRule = {
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Trash containers',
  category: 'trash',
};

const report: ViolationReport = {
  propertyId,
  propertyName: 'Willow Creek Commons',
  from: '2026-01',
  to: '2026-03',
  rows: [
    {
      month: '2026-02',
      rule: trashRule as ViolationReport['rows'][number]['rule'],
      violationsOpened: 4,
      unitsCited: 3,
      cured: 2,
      cureRate: 0.5,
      medianDaysToCure: 12.5,
      fines: 1,
      fineCents: 5000,
      waivers: 1,
      fromComplaints: 1,
      fromInspections: 3,
      complaintShare: 0.25,
    },
  ],
  totals: {
    violationsOpened: 4,
    unitsCited: 3,
    cured: 2,
    cureRate: 0.5,
    medianDaysToCure: 12.5,
    fines: 1,
    fineCents: 5000,
    waivers: 1,
    fromComplaints: 1,
    fromInspections: 3,
    complaintShare: 0.25,
  },
};

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ViolationReportPage', () => {
  it('asks for the last twelve months and shows the totals and a line per rule and month', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, report));
    renderWithRouter(<ViolationReportPage propertyId={propertyId} />, { user: makeUser('board') });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('50%')).toBeInTheDocument();
    expect(within(totals).getByText('1 of 4 (25%)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Enforcement by rule and month' });
    const row = within(table).getByRole('row', { name: /Trash containers/ });
    expect(within(row).getByText('Feb 2026')).toBeInTheDocument();
    expect(within(row).getByText('12.5 days')).toBeInTheDocument();
    expect(within(row).getByText('1 · $50.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Trash containers' })).toHaveAttribute(
      'href',
      `/manager-portal/violations?propertyId=${propertyId}&ruleId=${trashRule.id}`,
    );
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe(`/api/properties/${propertyId}/violation-report`);
    expect(url.searchParams.get('to')).toBe(thisMonth());
    expect(url.searchParams.get('from')! < thisMonth()).toBe(true);
  });

  it('explains a range that ends before it starts, and asks nothing of the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, report));
    const user = userEvent.setup();
    renderWithRouter(<ViolationReportPage propertyId={propertyId} />, { user: makeUser('manager') });
    await screen.findByRole('region', { name: 'Totals' });
    // From this month (a range of one month, read) to last month: the options are newest first.
    await user.click(screen.getByRole('combobox', { name: 'From' }));
    await user.click(screen.getAllByRole('option')[0]!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const calls = fetchMock.mock.calls.length;
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.click(screen.getAllByRole('option')[1]!);
    expect(screen.getByText('The last month must not come before the first month')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('says so when no violation was observed in the months chosen', async () => {
    mockFetch(() =>
      jsonResponse(200, { ...report, rows: [], totals: { ...report.totals, violationsOpened: 0 } }),
    );
    renderWithRouter(<ViolationReportPage propertyId={propertyId} />, { user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: 'No violations in these months' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the report cannot be read', async () => {
    mockFetch(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }));
    renderWithRouter(<ViolationReportPage propertyId={propertyId} />, { user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Failed to load the report' })).toBeInTheDocument();
    expect(screen.getByText('Property not found')).toBeInTheDocument();
  });

  it('shows why the CSV file could not be made', async () => {
    mockFetch((url) =>
      url.includes('.csv')
        ? jsonResponse(400, {
            error: { code: 'VALIDATION_FAILED', message: 'The report cannot start after this month' },
          })
        : jsonResponse(200, report),
    );
    const user = userEvent.setup();
    renderWithRouter(<ViolationReportPage propertyId={propertyId} />, { user: makeUser('board') });
    await screen.findByRole('region', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The report cannot start after this month');
  });

  it('stacks each line as a card on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    mockFetch(() => jsonResponse(200, report));
    renderWithRouter(<ViolationReportPage propertyId={propertyId} />, { user: makeUser('board') });
    const list = await screen.findByRole('list', { name: 'Enforcement by rule and month' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Median to cure')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
