import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const secret = 'test-secret-that-is-at-least-32-characters-long';
const now = new Date('2026-11-24T12:00:00Z');

describe('unsubscribe tokens', () => {
  it('say who and which kind, signed', () => {
    const token = unsubscribeToken(secret, 'user-1', 'work-order.updated', now);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readUnsubscribeToken(secret, token, now)).toEqual({
      userId: 'user-1',
      kind: 'work-order.updated',
    });
  });

  it('are refused when altered, signed with another secret, or a year old', () => {
    const token = unsubscribeToken(secret, 'user-1', 'work-order.updated', now);
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from('user-2 work-order.updated 99999').toString('base64url');
    expect(readUnsubscribeToken(secret, `${otherPayload}.${signature}`, now)).toBeNull();
    expect(readUnsubscribeToken(`${secret}-other`, token, now)).toBeNull();
    expect(readUnsubscribeToken(secret, `${payload}.`, now)).toBeNull();
    expect(readUnsubscribeToken(secret, 'nonsense', now)).toBeNull();
    expect(readUnsubscribeToken(secret, token, new Date('2027-11-25T12:00:00Z'))).toBeNull();
  });

  it('have one spelling: a last character that decodes to the same bytes is still refused', () => {
    const token = unsubscribeToken(secret, 'user-1', 'work-order.updated', now);
    // 43 base64url characters hold 32 bytes; the last one's two low bits are unused.
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    const respelt = `${token.slice(0, -1)}${twin}`;
    expect(Buffer.from(respelt.split('.')[1]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[1]!, 'base64url'),
    );
    expect(readUnsubscribeToken(secret, respelt, now)).toBeNull();
  });
});
