import type { Inspection } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { InspectionPage } from './InspectionPage.tsx';
import { inspectionId, propertyId, unit14B } from './test-data.ts';

beforeAll(stubDocumentFonts);
afterEach(() => vi.unstubAllGlobals());

const manager = makeUser('manager');
const inspection: Inspection = {
  id: inspectionId,
  propertyId,
  propertyName: 'Willow Creek Commons',
  inspector: { id: manager.id, fullName: manager.fullName },
  startedAt: '2026-11-20T17:00:00.000Z',
  endedAt: null,
  violationsRecorded: 2,
};
const unit15A = {
  ...unit14B,
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  label: '15A',
  openViolations: [],
  openWorkOrders: 0,
  distanceMeters: 40,
};
const unitsOf = (units: (typeof unit14B)[]) => ({ units, total: units.length, page: 1, limit: 30 });

describe('InspectionPage', () => {
  it('starts an inspection, then lists the units with what is open at each', async () => {
    let started = false;
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/properties/${propertyId}/inspections` && init?.method === 'POST') {
        started = true;
        return jsonResponse(201, inspection);
      }
      if (url.startsWith(`/api/properties/${propertyId}/inspections`))
        return jsonResponse(200, { inspections: started ? [inspection] : [], total: 0, page: 1, limit: 20 });
      return jsonResponse(200, unitsOf([unit14B, unit15A]));
    });
    const user = userEvent.setup();
    renderWithRouter(<InspectionPage propertyId={propertyId} />, { user: manager });
    expect(await screen.findByText('No inspections yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start inspection' }));
    expect(await screen.findByRole('heading', { name: 'Inspection in progress' })).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: '14B' });
    expect(within(card).getByText('1 open')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Trash cans out of sight' })).toHaveAttribute(
      'href',
      '/manager-portal/violations/66666666-6666-4666-8666-666666666666',
    );
    expect(within(card).getByText(/1 open work order/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: '15A' })).getByText('No open violations'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith(`/api/inspections/${inspectionId}/units`)),
    ).toBe(true);
  });

  it('marks an open violation whose owner reported it cured, to re-inspect', async () => {
    const reported = {
      ...unit14B,
      openViolations: [{ ...unit14B.openViolations[0]!, cureReportedAt: '2026-11-22T10:00:00.000Z' }],
    };
    mockFetch((url) => {
      if (url.startsWith(`/api/properties/${propertyId}/inspections`))
        return jsonResponse(200, { inspections: [inspection], total: 1, page: 1, limit: 20 });
      return jsonResponse(200, unitsOf([reported, unit15A]));
    });
    renderWithRouter(<InspectionPage propertyId={propertyId} />, { user: manager });
    const card = await screen.findByRole('listitem', { name: '14B' });
    expect(within(card).getByText('Cure reported')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: '15A' })).queryByText('Cure reported')).toBeNull();
  });

  it('lists a unit’s architectural requests in play, each linking to its review page', async () => {
    const approved = '88888888-8888-4888-8888-888888888888';
    const pending = '99999999-9999-4999-8999-999999999999';
    const withRequests = {
      ...unit14B,
      openArcRequests: [
        {
          id: approved,
          projectTypeName: 'Fence',
          status: 'decided' as const,
          decision: 'approve_with_conditions' as const,
          inspectionDueOn: null,
        },
        {
          id: pending,
          projectTypeName: 'Solar panels',
          status: 'pending_inspection' as const,
          decision: 'approve' as const,
          inspectionDueOn: '2026-12-04',
        },
      ],
    };
    const underReview = {
      ...unit15A,
      openArcRequests: [
        {
          id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
          projectTypeName: 'Paint colour',
          status: 'under_review' as const,
          decision: null,
          inspectionDueOn: null,
        },
      ],
    };
    mockFetch((url) => {
      if (url.startsWith(`/api/properties/${propertyId}/inspections`))
        return jsonResponse(200, { inspections: [inspection], total: 1, page: 1, limit: 20 });
      return jsonResponse(
        200,
        unitsOf([
          withRequests,
          underReview,
          { ...unit14B, id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', label: '16A' },
        ]),
      );
    });
    renderWithRouter(<InspectionPage propertyId={propertyId} />, { user: manager });
    const card = await screen.findByRole('listitem', { name: '14B' });
    const requests = within(card).getByRole('list', { name: 'Open architectural requests at 14B' });
    const [fence, solar] = within(requests).getAllByRole('listitem');
    expect(within(fence!).getByRole('link', { name: 'Fence' })).toHaveAttribute(
      'href',
      `/arc/${propertyId}/${approved}`,
    );
    expect(fence).toHaveTextContent('Fence · Approved with conditions');
    expect(within(solar!).getByRole('link', { name: 'Solar panels' })).toHaveAttribute(
      'href',
      `/arc/${propertyId}/${pending}`,
    );
    expect(solar).toHaveTextContent('Approved — pending inspection · inspection due Dec 4, 2026');
    expect(
      within(screen.getByRole('listitem', { name: '15A' })).getByRole('list', {
        name: 'Open architectural requests at 15A',
      }),
    ).toHaveTextContent('Paint colour · Under review');
    // A unit with none shows nothing of them (the card stays short).
    const plain = screen.getByRole('listitem', { name: '16A' });
    expect(within(plain).queryByRole('list', { name: /architectural/ })).toBeNull();
    expect(within(plain).queryByText(/Architectural/)).toBeNull();
  });

  it('lists the nearest units first once the browser shares where the inspector is', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 37.775312, longitude: -122.420049 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const fetchMock = mockFetch((url) => {
      if (url.startsWith(`/api/properties/${propertyId}/inspections`))
        return jsonResponse(200, { inspections: [inspection], total: 1, page: 1, limit: 20 });
      return jsonResponse(200, unitsOf([unit14B]));
    });
    const user = userEvent.setup();
    renderWithRouter(<InspectionPage propertyId={propertyId} />, { user: manager });
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/Nearest units first/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes('latitude=37.7753&longitude=-122.42')),
      ).toBe(true),
    );
    expect(await screen.findByText(/12 m away/)).toBeInTheDocument();
  });

  it('ends the inspection only after asking', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/end') && init?.method === 'POST')
        return jsonResponse(200, { ...inspection, endedAt: '2026-11-20T18:00:00.000Z' });
      if (url.startsWith(`/api/properties/${propertyId}/inspections`))
        return jsonResponse(200, { inspections: [inspection], total: 1, page: 1, limit: 20 });
      return jsonResponse(200, unitsOf([unit14B]));
    });
    const user = userEvent.setup();
    renderWithRouter(<InspectionPage propertyId={propertyId} />, { user: manager });
    await user.click(await screen.findByRole('button', { name: 'End inspection' }));
    const confirm = await screen.findByRole('dialog', { name: 'End this inspection?' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/end'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'End inspection' }));
    expect(await screen.findByText('Inspection ended: 2 violations recorded')).toBeInTheDocument();
  });
});
