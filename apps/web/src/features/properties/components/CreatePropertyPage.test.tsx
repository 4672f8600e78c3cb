import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderRoutes } from '../../../test/render.tsx';
import { CreatePropertyPage } from './CreatePropertyPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('CreatePropertyPage (Properties → Add Property)', () => {
  it('offers the onboarding wizard beside the quick form (issue 26)', async () => {
    mockFetch(() => jsonResponse(200, { jurisdiction: 'TX', timeZone: 'America/Chicago' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/admin-portal/properties/new', element: <CreatePropertyPage /> },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      { initialEntry: '/admin-portal/properties/new', user: makeUser('admin') },
    );
    expect(await screen.findByRole('button', { name: 'Create Property' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Use guided setup' }));
    expect(router.state.location.pathname).toBe('/admin-portal/property-onboarding/start');
  });
});
