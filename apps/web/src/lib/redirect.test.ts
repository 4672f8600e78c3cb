import { describe, expect, it } from 'vitest';
import { getSafeRedirect, getSignInPath } from './redirect.ts';

describe('getSafeRedirect', () => {
  it('keeps a same-site path with its query', () => {
    expect(getSafeRedirect('/admin-portal/users?search=ann')).toBe('/admin-portal/users?search=ann');
    expect(getSafeRedirect('/chat?thread=42#latest')).toBe('/chat?thread=42#latest');
  });

  it('falls back to /dashboard without a parameter', () => {
    expect(getSafeRedirect(null)).toBe('/dashboard');
    expect(getSafeRedirect('')).toBe('/dashboard');
  });

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    'https://evil.com',
    'https://evil.com/dashboard',
    'http:/evil.com',
    'javascript:alert(1)',
    '/\\evil.com',
    '/\\/evil.com',
    'evil.com',
    'dashboard',
    '/\tevil',
  ])('rejects %s', (value) => {
    expect(getSafeRedirect(value)).toBe('/dashboard');
  });

  it('does not send a signed-in user back to the login page', () => {
    expect(getSafeRedirect('/auth?redirect=/chat')).toBe('/dashboard');
  });
});

describe('getSignInPath', () => {
  it('carries the original path and query in the redirect parameter', () => {
    const path = getSignInPath('/admin-portal/users?search=ann');
    const url = new URL(path, 'https://example.test');
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('redirect')).toBe('/admin-portal/users?search=ann');
  });
});
