import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { SettingsPage } from './SettingsPage.tsx';

// Mantine's switch label also wraps its description, which becomes part of the name.
const policyLabel = /^Require two-factor authentication for admins and managers/;

/** A fake settings API; `put` decides the answer to a change. */
function fakeServer(put: (body: { requireTwoFactorForStaff: boolean }) => Response) {
  let settings = { requireTwoFactorForStaff: false };
  return mockFetch((url, init) => {
    if (url !== '/api/settings/security') {
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    if (init?.method === 'PUT') {
      const response = put(JSON.parse(String(init.body)));
      if (response.ok) settings = JSON.parse(String(init.body));
      return response;
    }
    return jsonResponse(200, settings);
  });
}

describe('SettingsPage', () => {
  it('shows the security policy to admins only', async () => {
    const fetchMock = fakeServer(() => jsonResponse(200, {}));
    renderWithRouter(<SettingsPage />, { user: makeUser('manager') });
    expect(screen.getByRole('region', { name: 'Appearance' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Security policy' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an admin require two-factor for admins and managers', async () => {
    const fetchMock = fakeServer((body) => jsonResponse(200, body));
    const user = userEvent.setup();
    renderWithRouter(<SettingsPage />, { user: makeUser('admin', { twoFactorEnabled: true }) });
    const policy = within(screen.getByRole('region', { name: 'Security policy' }));
    const toggle = await policy.findByRole('switch', { name: policyLabel });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(
      await screen.findByText('Two-factor authentication is now required for admins and managers'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ requireTwoFactorForStaff: true });
  });

  it('explains that the admin needs two-factor first, with a link to set it up', async () => {
    fakeServer(() =>
      jsonResponse(409, {
        error: {
          code: 'TWO_FACTOR_FIRST',
          message:
            'Turn on two-factor authentication for your own account before requiring it for admins and managers.',
        },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<SettingsPage />, { user: makeUser('admin') });
    const policy = within(screen.getByRole('region', { name: 'Security policy' }));
    const toggle = await policy.findByRole('switch', { name: policyLabel });
    await user.click(toggle);

    expect(
      await policy.findByText(
        'Turn on two-factor authentication for your own account before requiring it for admins and managers.',
      ),
    ).toBeInTheDocument();
    expect(policy.getByRole('link', { name: 'Set it up in My Account' })).toHaveAttribute(
      'href',
      '/account#two-factor',
    );
    expect(toggle).not.toBeChecked();
  });

  it('says when the policy cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } }));
    renderWithRouter(<SettingsPage />, { user: makeUser('admin') });
    expect(await screen.findByText('Cannot load the security policy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
