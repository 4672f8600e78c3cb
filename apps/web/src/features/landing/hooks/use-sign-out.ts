import { useState } from 'react';

/**
 * Ends the session from the landing page. The landing page does not load the app's API client or
 * query cache, so this is a plain fetch; the visitor stays on `/` and sees the signed-out header.
 */
export function useSignOut(onSignedOut: () => void) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOut() {
    setIsPending(true);
    setError(null);
    try {
      const response = await fetch('/api/auth/sign-out', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: '{}',
      });
      // 401: the session had already ended, which is as signed out as we want to be.
      if (!response.ok && response.status !== 401) throw new Error(`sign-out answered ${response.status}`);
      onSignedOut();
    } catch {
      setError('Could not sign out. Check your connection and try again.');
    } finally {
      setIsPending(false);
    }
  }

  return { signOut, isPending, error };
}
