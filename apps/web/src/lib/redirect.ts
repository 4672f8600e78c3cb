export const defaultSignedInPath = '/dashboard';

// Any origin works here: it only lets URL resolve the path, and a changed origin betrays an off-site target.
const probeOrigin = 'https://commonwise.invalid';

function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The `redirect` query parameter as a same-site path (normalised), or the fallback. Rejects absolute
 * URLs, protocol-relative '//host' and '/\host' (browsers read the backslash as a slash), paths whose
 * dot segments normalise to '//host', and loops back to /auth.
 */
export function getSafeRedirect(value: string | null | undefined, fallback = defaultSignedInPath): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // Backslashes and control characters have no place in our paths and are the usual tricks.
  if (hasUnsafeCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  // '/.//host' and '/%2e//host' keep the origin but normalise to '//host', which the browser would
  // read as another site (and the router refuses to navigate to, crashing the page).
  if (url.origin !== probeOrigin || url.pathname.startsWith('//')) return fallback;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in URL that brings the visitor back to `path` (path + search) afterwards. */
export function getSignInPath(path: string): string {
  if (!path || path === '/') return '/auth';
  return `/auth?${new URLSearchParams({ redirect: path }).toString()}`;
}

/** Where a person whose role requires two-factor authentication, and who has not set it up, is sent. */
export const twoFactorSetupPath = '/account#two-factor';
