import type { Me } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSignedInUser } from '../../../lib/session.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

const password = 'right-password';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const totpURI = `otpauth://totp/Commonwise:mo%40commonwise.test?secret=${secret}&issuer=Commonwise&digits=6&period=30`;
const backupCodes = Array.from({ length: 10 }, (_, index) => `code${index}-ABCDE`);

const invalidPassword = () =>
  jsonResponse(400, { error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } });

/** A fake account API whose two-factor state changes like the server's. */
function fakeServer(initial: Me) {
  let me = initial;
  const fetchMock = mockFetch((url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url === '/api/me') return jsonResponse(200, me);
    if (url === '/api/me/sessions') return jsonResponse(200, { sessions: [] });
    if (url === '/api/auth/two-factor/enable') {
      return body.password === password ? jsonResponse(200, { totpURI, backupCodes }) : invalidPassword();
    }
    if (url === '/api/auth/two-factor/verify-totp') {
      if (body.code !== '123456') {
        return jsonResponse(401, { error: { code: 'INVALID_CODE', message: 'Invalid code' } });
      }
      me = { ...me, twoFactorEnabled: true, mustEnrolTwoFactor: false };
      return jsonResponse(200, { token: 't' });
    }
    if (url === '/api/auth/two-factor/disable') {
      if (body.password !== password) return invalidPassword();
      me = { ...me, twoFactorEnabled: false };
      return jsonResponse(200, { status: true });
    }
    if (url === '/api/auth/two-factor/generate-backup-codes') {
      return body.password === password
        ? jsonResponse(200, { status: true, backupCodes: backupCodes.map((code) => `new-${code}`) })
        : invalidPassword();
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return { fetchMock, me: () => me };
}

/** The card for whoever /api/me says is signed in, as My Account renders it. */
function CardForMe() {
  return <TwoFactorCard user={useSignedInUser()} />;
}

describe('TwoFactorCard', () => {
  it('turns two-factor on: password, QR code and key, a code from the app, then the backup codes', async () => {
    const manager = makeUser('manager', { email: 'mo@commonwise.test' });
    const { fetchMock } = fakeServer(manager);
    const user = userEvent.setup();
    renderWithRouter(<CardForMe />, { user: manager });
    const card = within(screen.getByRole('region', { name: 'Two-factor authentication' }));
    expect(card.getByText('Off')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Turn on two-factor' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' }));
    await user.type(dialog.getByLabelText(/^Your password/), 'wrong-password');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Invalid password')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(/^Your password/));
    await user.type(dialog.getByLabelText(/^Your password/), password);
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    dialog = within(await screen.findByRole('dialog', { name: 'Set up your authenticator app' }));
    expect(
      await dialog.findByRole('img', { name: 'QR code to add Commonwise to your authenticator app' }),
    ).toBeInTheDocument();
    expect(dialog.getByTestId('two-factor-manual-key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await user.click(dialog.getByRole('button', { name: 'Turn on' }));
    expect(await dialog.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Code from the app/), '000000');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));
    expect(await dialog.findByText('Invalid code')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Code from the app/));
    await user.type(dialog.getByLabelText(/^Code from the app/), '123456');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));

    dialog = within(await screen.findByRole('dialog', { name: 'Save your backup codes' }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual(backupCodes);
    expect(dialog.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Download .txt' })).toBeInTheDocument();
    // The card behind already says it is on.
    await waitFor(() => expect(card.getByText('On')).toBeInTheDocument());

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card.getByRole('button', { name: 'Get new backup codes' })).toBeInTheDocument();
    const verify = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/two-factor/verify-totp');
    expect(JSON.parse(String(verify.at(-1)?.[1]?.body))).toEqual({ code: '123456' });
  });

  it('tells staff when two-factor is required for their role', () => {
    const manager = makeUser('manager', { mustEnrolTwoFactor: true });
    fakeServer(manager);
    renderWithRouter(<CardForMe />, { user: manager });
    expect(screen.getByText('Required for your role')).toBeInTheDocument();
  });

  it('gives new backup codes for the password', async () => {
    const manager = makeUser('manager', { twoFactorEnabled: true });
    fakeServer(manager);
    const user = userEvent.setup();
    renderWithRouter(<CardForMe />, { user: manager });
    await user.click(screen.getByRole('button', { name: 'Get new backup codes' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Get new backup codes' }));
    await user.type(dialog.getByLabelText(/^Your password/), password);
    await user.click(dialog.getByRole('button', { name: 'Get new codes' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Save your new backup codes' }));
    expect(dialog.getAllByRole('listitem')).toHaveLength(10);
    expect(dialog.getByText('new-code0-ABCDE')).toBeInTheDocument();
  });

  it('turns two-factor off with the password', async () => {
    const resident = makeUser('resident', { twoFactorEnabled: true });
    fakeServer(resident);
    const user = userEvent.setup();
    renderWithRouter(<CardForMe />, { user: resident });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' }));
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByText('Please enter your password')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Your password/), 'nope');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByText('Invalid password')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Your password/));
    await user.type(dialog.getByLabelText(/^Your password/), password);
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Turn on two-factor' })).toBeInTheDocument();
  });
});
