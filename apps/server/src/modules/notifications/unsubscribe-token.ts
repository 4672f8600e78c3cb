import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKindSchema, type NotificationKind } from '@commonwise/contracts';

/**
 * The unsubscribe link in an e-mail works without signing in, so it carries who and what, signed with
 * the installation's secret: base64url of `<user> <kind> <expiry day>`, a dot, and the signature. A wrong, altered or expired
 * token is refused the same way, so it tells nobody whether a person exists.
 */

const validDays = 365;
const day = 24 * 60 * 60 * 1000;

function signatureOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest();
}

export function unsubscribeToken(
  secret: string,
  userId: string,
  kind: NotificationKind,
  now = new Date(),
): string {
  const expiresDay = Math.floor(now.getTime() / day) + validDays;
  const payload = Buffer.from(`${userId} ${kind} ${expiresDay}`).toString('base64url');
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
  now = new Date(),
): { userId: string; kind: NotificationKind } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  // Compared as text, not as decoded bytes: the last of 43 base64url characters carries two unused
  // bits, so 'A' and 'B' there decode alike, and a token must have exactly one spelling.
  const expected = Buffer.from(signatureOf(secret, payload).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kindText, expiresText] = Buffer.from(payload, 'base64url').toString().split(' ');
  if (!userId || !/^\d+$/.test(expiresText ?? '') || Number(expiresText) < Math.floor(now.getTime() / day))
    return null;
  const kind = notificationKindSchema.safeParse(kindText);
  if (!kind.success) return null;
  return { userId, kind: kind.data };
}
