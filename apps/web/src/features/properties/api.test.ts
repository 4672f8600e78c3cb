import type { User } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/render.tsx';
import { getAvailableUsers } from './api.ts';

function user(id: string, fullName: string, overrides: Partial<User> = {}): User {
  return {
    ...makeUser('manager', { id, fullName, email: `${id}@commonwise.test` }),
    isActive: true,
    invitationPending: false,
    ...overrides,
  };
}

describe('getAvailableUsers', () => {
  it('leaves out people already assigned and deactivated people, sorted by name', () => {
    const users = [
      user('u1', 'Zoe Zimmer'),
      user('u2', 'Maria Santos'),
      user('u3', 'Ann Archer', { isActive: false }),
      user('u4', 'Ben Brooks', { invitationPending: true }),
    ];
    expect(getAvailableUsers(users, [{ userId: 'u2' }]).map((u) => u.id)).toEqual(['u4', 'u1']);
  });

  it('is empty when everyone is assigned', () => {
    expect(getAvailableUsers([user('u1', 'A')], [{ userId: 'u1' }])).toEqual([]);
  });
});
