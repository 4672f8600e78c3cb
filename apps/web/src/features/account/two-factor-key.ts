/** The shared secret in an otpauth:// URI: what a person types into an app that cannot scan. */
export function readTotpSecret(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** "GQ3HURJW…" → "GQ3H URJW …": groups of four are easier to read out and type. */
export function groupKey(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
