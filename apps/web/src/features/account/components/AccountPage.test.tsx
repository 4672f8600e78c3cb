import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { AccountPage } from './AccountPage.tsx';

const manager = makeUser('manager', { fullName: 'Morgan Manager', email: 'morgan@commonwise.test' });

const notificationSettings = {
  kinds: [],
  quietHours: null,
  timeZone: 'UTC',
  digest: 'off',
  language: 'en',
  emailBouncedAt: null,
};

/**
 * The page also lists signed-in devices and has notification settings: answer those, and `answer` for
 * everything else.
 */
function mockAccountApi(answer: () => Response) {
  return mockFetch((url) => {
    if (url === '/api/me/sessions') return jsonResponse(200, { sessions: [] });
    if (url === '/api/notifications/settings') return jsonResponse(200, notificationSettings);
    return answer();
  });
}

const passwordCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/me/password');

function passwordSection() {
  return within(screen.getByRole('region', { name: 'Password' }));
}

describe('AccountPage', () => {
  it('shows who is signed in', () => {
    renderWithRouter(<AccountPage />, { user: manager });
    const profile = within(screen.getByRole('region', { name: 'Profile' }));
    expect(profile.getByText('Morgan Manager')).toBeInTheDocument();
    expect(profile.getByText('morgan@commonwise.test')).toBeInTheDocument();
    expect(profile.getByText('Manager')).toBeInTheDocument();
    expect(profile.getByText('Member since Jan 5, 2025')).toBeInTheDocument();
  });

  it('shows a server field error on the name field', async () => {
    mockAccountApi(() =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the form',
          fields: { fullName: 'That name is taken' },
        },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<AccountPage />, { user: manager });
    const name = screen.getByLabelText(/^Full name/);
    await user.clear(name);
    await user.type(name, 'Morgan M.');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
  });

  it('refuses a confirmation that does not match', async () => {
    const fetchMock = mockAccountApi(() => jsonResponse(200, { ok: true }));
    const user = userEvent.setup();
    renderWithRouter(<AccountPage />, { user: manager });
    const section = passwordSection();
    await user.type(section.getByLabelText(/^Current password/), 'old-password');
    await user.type(section.getByLabelText(/^New password/), 'new-password');
    await user.type(section.getByLabelText(/^Confirm new password/), 'new-passwork');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Passwords do not match')).toBeInTheDocument();
    expect(passwordCalls(fetchMock)).toHaveLength(0);

    // Fixing the confirmation clears the message while typing.
    await user.clear(section.getByLabelText(/^Confirm new password/));
    await user.type(section.getByLabelText(/^Confirm new password/), 'new-password');
    expect(section.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('changes the password and says other sessions were signed out', async () => {
    const fetchMock = mockAccountApi(() => jsonResponse(200, { ok: true }));
    const user = userEvent.setup();
    renderWithRouter(<AccountPage />, { user: manager });
    const section = passwordSection();
    await user.type(section.getByLabelText(/^Current password/), 'old-password');
    await user.type(section.getByLabelText(/^New password/), 'new-password');
    await user.type(section.getByLabelText(/^Confirm new password/), 'new-password');
    await user.click(section.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. Other sessions were signed out.')).toBeInTheDocument();
    const [, init] = passwordCalls(fetchMock)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(section.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    mockAccountApi(() =>
      jsonResponse(400, {
        error: { code: 'INVALID_PASSWORD', message: 'Your current password is not correct.' },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<AccountPage />, { user: manager });
    const section = passwordSection();
    await user.type(section.getByLabelText(/^Current password/), 'wrong-password');
    await user.type(section.getByLabelText(/^New password/), 'new-password');
    await user.type(section.getByLabelText(/^Confirm new password/), 'new-password');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Your current password is not correct.')).toBeInTheDocument();
  });

  it('has the two-factor and signed-in devices sections', async () => {
    mockAccountApi(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    renderWithRouter(<AccountPage />, { user: manager });
    expect(screen.getByRole('region', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Where you are signed in' })).toBeInTheDocument();
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByText('Set up two-factor authentication to continue')).not.toBeInTheDocument();
  });

  it('tells someone who must set up two-factor that only this page works until they do', () => {
    mockAccountApi(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    renderWithRouter(<AccountPage />, { user: { ...manager, mustEnrolTwoFactor: true } });
    expect(screen.getByText('Set up two-factor authentication to continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to two-factor authentication' })).toHaveAttribute(
      'href',
      '#two-factor',
    );
    expect(screen.getByRole('region', { name: 'Two-factor authentication' })).toHaveAttribute(
      'id',
      'two-factor',
    );
  });
});
