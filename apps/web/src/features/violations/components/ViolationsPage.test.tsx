import type { ViolationList, ViolationSummary } from '@commonwise/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ViolationsPage } from './ViolationsPage.tsx';
import { openViolation } from './test-data.ts';

const manager = makeUser('manager');
const reported: ViolationSummary = {
  id: openViolation.id,
  propertyId: openViolation.propertyId,
  propertyName: openViolation.propertyName,
  unit: openViolation.unit,
  rule: openViolation.rule,
  source: 'inspection',
  status: 'open',
  observedAt: openViolation.observedAt,
  cureDueOn: openViolation.cureDueOn,
  isOverdue: false,
  photoCount: 1,
  thumbnailUrl: null,
  closedAt: null,
  cureReportedAt: '2026-11-22T10:00:00.000Z',
  stage: 0,
  stageName: null,
};

describe('ViolationsPage', () => {
  it('marks a violation whose owner reported a cure, and filters those to re-inspect', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/violations?'))
        return jsonResponse(200, {
          violations: [reported],
          total: 1,
          page: 1,
          limit: 25,
        } satisfies ViolationList);
      if (url.startsWith('/api/violation-complaints'))
        return jsonResponse(200, { complaints: [], open: 0, total: 0, page: 1, limit: 1 });
      if (url.startsWith('/api/properties'))
        return jsonResponse(200, { properties: [], total: 0, page: 1, limit: 100 });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } });
    });
    const user = userEvent.setup();
    renderWithRouter(<ViolationsPage />, { user: manager, path: '/manager-portal/violations' });
    expect(await screen.findByRole('link', { name: 'Trash cans out of sight' })).toBeInTheDocument();
    // The badge, beside the switch's own words.
    expect(screen.getByText('Cure reported')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Cure reported — re-inspect' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cureReported=true'))).toBe(true),
    );
  });
});
