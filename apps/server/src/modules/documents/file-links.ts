import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links to files on local disk: /api/documents/:id/file?expires=…&signature=…, an HMAC over the
 * document, its stored file and the expiry, with a key derived from AUTH_SECRET (never the secret
 * itself). The route also checks that the caller may read the document.
 */
export function fileLinkKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('commonwise:document-file-links:v1').digest();
}

export function signFileLink(key: Buffer, documentId: string, filePath: string, expires: number): string {
  return createHmac('sha256', key).update(`${documentId}\n${filePath}\n${expires}`).digest('base64url');
}

export function isValidFileLinkSignature(
  key: Buffer,
  documentId: string,
  filePath: string,
  expires: number,
  signature: string,
): boolean {
  const expected = Buffer.from(signFileLink(key, documentId, filePath, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function localFileLink(key: Buffer, documentId: string, filePath: string, expires: number): string {
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signFileLink(key, documentId, filePath, expires),
  });
  return `/api/documents/${documentId}/file?${query.toString()}`;
}
