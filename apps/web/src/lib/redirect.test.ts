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

  it('keeps a path of its own as its normalised form', () => {
    expect(getSafeRedirect('/work-rooms?room=1')).toBe('/work-rooms?room=1');
    expect(getSafeRedirect('/admin-portal/./users/../users')).toBe('/admin-portal/users');
    // An encoded slash is part of a name here, not a separator: the path stays on this site.
    expect(getSafeRedirect('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
    expect(getSafeRedirect('/%5Cevil.com')).toBe('/%5Cevil.com');
  });

  it.each([
    // Dot segments that collapse into a protocol-relative '//host' once the path is normalised.
    '/.//evil.example/',
    '/..//x',
    '/%2e//x',
    '/%2E%2E//x',
    '/a/..//evil.example',
    '/./%2e//evil.example',
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
    '%2F%2Fevil.com',
    'JaVaScRiPt:alert(1)',
    ' //evil.com',
    '///evil.com',
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
