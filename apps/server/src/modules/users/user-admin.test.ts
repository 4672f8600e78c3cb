import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { latestMailTo, linkToken } from '../../test/outbox.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.cookieFor('admin');
});
afterAll(async () => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, admin, { method, url, ...(payload ? { payload } : {}) });

async function userId(email: string): Promise<string> {
  const list = (await asAdmin('GET', `/api/users?search=${encodeURIComponent(email)}`)).json();
  return list.users.find((user: { email: string }) => user.email === email).id;
}

/** The invitation link in the newest mail to this address, from the outbox. */
async function invitationTokenFor(email: string): Promise<string> {
  return linkToken(await latestMailTo(t, email), '/invite/');
}

describe('listing users', () => {
  it('filters by role and shows who is active or still invited', async () => {
    const managers = (await asAdmin('GET', '/api/users?role=manager')).json();
    expect(managers.users.map((user: { email: string }) => user.email).sort()).toEqual([
      'manager2@commonwise.test',
      'manager@commonwise.test',
    ]);
    expect(managers.users[0]).toMatchObject({ isActive: true, invitationPending: false });
    const badRole = await asAdmin('GET', '/api/users?role=king');
    expect(badRole.statusCode).toBe(400);
  });
});

describe('changing roles', () => {
  it('changes a role, and the person has the new role on their next request', async () => {
    const vendor = await t.signIn('vendor@commonwise.test');
    expect((await injectAs(t.app, vendor, { method: 'GET', url: '/api/properties' })).statusCode).toBe(403);
    const id = await userId('vendor@commonwise.test');
    const changed = await asAdmin('PATCH', `/api/users/${id}/role`, { role: 'board' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().role).toBe('board');
    expect((await injectAs(t.app, vendor, { method: 'GET', url: '/api/properties' })).statusCode).toBe(200);
    await asAdmin('PATCH', `/api/users/${id}/role`, { role: 'vendor' });
  });

  it('never leaves the association without an active admin', async () => {
    const adminId = await userId('admin@commonwise.test');
    const demoted = await asAdmin('PATCH', `/api/users/${adminId}/role`, { role: 'manager' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().error).toMatchObject({
      code: 'LAST_ADMIN',
      message: 'Cannot change the role: this is the last active admin. Make someone else an admin first.',
    });

    const boardId = await userId('board@commonwise.test');
    await asAdmin('PATCH', `/api/users/${boardId}/role`, { role: 'admin' });
    const nowAllowed = await asAdmin('PATCH', `/api/users/${boardId}/role`, { role: 'board' });
    expect(nowAllowed.statusCode).toBe(200);
  });

  it('is refused to everyone but admins', async () => {
    const manager = await t.cookieFor('manager');
    const id = await userId('resident@commonwise.test');
    const response = await injectAs(t.app, manager, {
      method: 'PATCH',
      url: `/api/users/${id}/role`,
      payload: { role: 'admin' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('invites a person who sets a password from the e-mailed link, once, and then signs in', async () => {
    const invited = await asAdmin('POST', '/api/users/invitations', {
      fullName: 'Nora Quinn',
      email: 'Nora.Quinn@Example.com',
      role: 'manager',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'nora.quinn@example.com',
      invitationPending: true,
      isActive: true,
    });

    const token = await invitationTokenFor('nora.quinn@example.com');
    const shown = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(shown.json()).toMatchObject({ email: 'nora.quinn@example.com', fullName: 'Nora Quinn' });

    // Nobody can sign in to an invited account before the password is set.
    await expect(t.signIn('nora.quinn@example.com', 'nora-password')).rejects.toThrow(/401/);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: { password: 'nora-password' },
    });
    expect(accepted.statusCode).toBe(200);
    await expect(t.signIn('nora.quinn@example.com', 'nora-password')).resolves.toBeTruthy();

    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: { password: 'hijacked-password' },
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe(
      'This invitation link is invalid, has expired or was already used. Ask your administrator for a new one.',
    );
    expect((await asAdmin('GET', '/api/users?search=nora')).json().users[0].invitationPending).toBe(false);
  });

  it('refuses an e-mail that already has an account', async () => {
    const response = await asAdmin('POST', '/api/users/invitations', {
      fullName: 'Someone',
      email: 'resident@commonwise.test',
      role: 'resident',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({ email: 'A user with this e-mail already exists.' });
  });

  it('expires links, and a resent link replaces the old one', async () => {
    await asAdmin('POST', '/api/users/invitations', {
      fullName: 'Owen Park',
      email: 'owen@example.com',
      role: 'vendor',
    });
    const first = await invitationTokenFor('owen@example.com');
    await t.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 minute' where identifier like 'invitation:%'`,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${first}` })).statusCode).toBe(404);

    const resent = await asAdmin('POST', `/api/users/${await userId('owen@example.com')}/invitation`);
    expect(resent.statusCode).toBe(200);
    const second = await invitationTokenFor('owen@example.com');
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${second}` })).statusCode).toBe(200);
  });

  it('has nothing to resend to someone who already joined', async () => {
    const response = await asAdmin(
      'POST',
      `/api/users/${await userId('resident@commonwise.test')}/invitation`,
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('deactivation', () => {
  it('ends the sessions of a deactivated user, refuses their sign-in, and reactivation lets them back', async () => {
    const resident = await t.signIn('resident2@commonwise.test');
    expect((await injectAs(t.app, resident, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const id = await userId('resident2@commonwise.test');

    const deactivated = await asAdmin('POST', `/api/users/${id}/deactivate`);
    expect(deactivated.json()).toMatchObject({ isActive: false });
    expect((await injectAs(t.app, resident, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'resident2@commonwise.test', password: 'commonwise-demo' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('ACCOUNT_DEACTIVATED');
    expect(signIn.json().error.message).toBe(
      'This account has been deactivated. Contact your administrator.',
    );

    await asAdmin('POST', `/api/users/${id}/reactivate`);
    await expect(t.signIn('resident2@commonwise.test')).resolves.toBeTruthy();
  });

  it('does not let admins deactivate themselves', async () => {
    const response = await asAdmin('POST', `/api/users/${await userId('admin@commonwise.test')}/deactivate`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You cannot deactivate your own account.');
  });

  it('refuses deleting users, explaining why', async () => {
    const response = await asAdmin('DELETE', `/api/users/${await userId('vendor@commonwise.test')}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Users cannot be deleted, so that their history stays intact. Deactivate the user instead.',
    );
  });
});
