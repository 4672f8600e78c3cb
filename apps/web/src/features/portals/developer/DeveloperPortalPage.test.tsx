import type { CommunitySetup, CommunitySummary } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { DeveloperPortalPage } from './DeveloperPortalPage.tsx';

const willowId = '11111111-1111-4111-8111-111111111111';
const aspenId = '22222222-2222-4222-8222-222222222222';

const summary = (id: string, name: string, completedSteps: number): CommunitySummary => ({
  id,
  name,
  address: `${name} Road 1`,
  units: 48,
  status: 'active',
  completedSteps,
  totalSteps: 7,
});

const setups: Record<string, CommunitySetup> = {
  [willowId]: {
    community: summary(willowId, 'Willow Creek Commons', 4),
    percentage: 57,
    steps: [
      {
        key: 'managers',
        label: 'Property manager assigned',
        state: 'complete',
        detail: '1 manager assigned',
      },
      {
        key: 'residents',
        label: 'Residents added',
        state: 'complete',
        detail: '1 resident across 48 units',
      },
      {
        key: 'document:ccr',
        label: 'CC&Rs uploaded and processed',
        state: 'complete',
        detail: 'Processed: CC&Rs',
      },
      {
        key: 'document:bylaws',
        label: 'Bylaws uploaded and processed',
        state: 'in_progress',
        detail: 'Uploaded, still being processed',
      },
      {
        key: 'document:articles_of_incorporation',
        label: 'Articles of Incorporation uploaded and processed',
        state: 'failed',
        detail: 'Processing failed: process it again or upload a new copy',
      },
      {
        key: 'document:rules_and_regulations',
        label: 'Rules & Regulations uploaded and processed',
        state: 'todo',
        detail: 'Not uploaded yet',
      },
      { key: 'status', label: 'Community marked active', state: 'complete', detail: 'Active' },
    ],
  },
  [aspenId]: {
    community: { ...summary(aspenId, 'Aspen Ridge', 0), status: 'pending' },
    percentage: 0,
    steps: [{ key: 'managers', label: 'Property manager assigned', state: 'todo', detail: 'No manager yet' }],
  },
};

function fakeServer(
  communities: CommunitySummary[] = [
    summary(aspenId, 'Aspen Ridge', 0),
    summary(willowId, 'Willow Creek Commons', 4),
  ],
) {
  return mockFetch((url) => {
    if (url === '/api/developer-portal/communities') return jsonResponse(200, { communities });
    const match = /^\/api\/developer-portal\/communities\/([^/]+)\/setup$/.exec(url);
    if (match) return jsonResponse(200, setups[match[1]!]);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderPage(role = 'developer', initialEntry = '/developer-portal') {
  return renderRoutes(
    [
      { path: '/developer-portal', element: <DeveloperPortalPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntry, user: makeUser(role) },
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('DeveloperPortalPage', () => {
  it('labels every sample section and shows the chosen community’s live checklist', async () => {
    fakeServer();
    renderPage('developer', `/developer-portal?community=${willowId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Developer Portal' })).toBeInTheDocument();
    for (const name of ['Project Overview', 'Sales Dashboard', 'Milestones']) {
      expect(within(section(name)).getByText('Sample data')).toBeInTheDocument();
    }
    const checklist = section('Community Setup Checklist');
    expect(within(checklist).queryByText('Sample data')).not.toBeInTheDocument();
    expect(within(checklist).getByText('Loading communities...')).toBeInTheDocument();

    expect(await within(checklist).findByText('4 of 7 steps complete')).toBeInTheDocument();
    const steps = within(within(checklist).getByRole('list', { name: 'Setup steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      'Property manager assignedDone1 manager assigned',
      'Residents addedDone1 resident across 48 units',
      'CC&Rs uploaded and processedDoneProcessed: CC&Rs',
      'Bylaws uploaded and processedIn progressUploaded, still being processed',
      'Articles of Incorporation uploaded and processedNeeds attentionProcessing failed: process it again or upload a new copy',
      'Rules & Regulations uploaded and processedTo doNot uploaded yet',
      'Community marked activeDoneActive',
    ]);
    expect(within(checklist).getByRole('progressbar', { name: /57% complete/ })).toBeInTheDocument();
    // A developer cannot change the property: no link into Property Management.
    expect(within(checklist).queryByRole('link')).not.toBeInTheDocument();
  });

  it('picks another community and keeps the choice in the URL', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderPage();
    const checklist = section('Community Setup Checklist');
    // The first community (by name) is chosen to begin with.
    expect(await within(checklist).findByText('0 of 7 steps complete')).toBeInTheDocument();
    await user.click(within(checklist).getByRole('combobox', { name: 'Community' }));
    await user.click(await screen.findByRole('option', { name: 'Willow Creek Commons' }));
    expect(await within(checklist).findByText('4 of 7 steps complete')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('community')).toBe(willowId);
  });

  it('says when there are no communities', async () => {
    fakeServer([]);
    renderPage();
    expect(
      await screen.findByText(/No communities yet\. When an administrator adds a property/),
    ).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, { communities: [] });
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Failed to load communities')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No communities yet/)).toBeInTheDocument();
  });

  it('explains New Project instead of doing nothing; admins may start onboarding from it', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderPage('developer');
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });
    expect(within(dialog).getByText(/sample content for now/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Start Property Onboarding' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives an admin the way into onboarding and Property Management', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderPage('admin', `/developer-portal?community=${willowId}`);
    expect(
      await screen.findByRole('link', { name: 'Open Willow Creek Commons in Property Management' }),
    ).toHaveAttribute('href', `/admin-portal/properties/${willowId}`);
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    expect(await screen.findByRole('link', { name: 'Start Property Onboarding' })).toHaveAttribute(
      'href',
      '/admin-portal/property-onboarding/start',
    );
  });
});
