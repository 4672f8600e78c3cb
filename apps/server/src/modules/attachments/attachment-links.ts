import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileLinkSeconds } from '@commonwise/contracts';

export type AttachmentVariant = 'full' | 'thumbnail';

/**
 * Links to attachments: /api/attachments/:id/file?variant=…&expires=…&signature=…, an HMAC over the
 * attachment, its stored file, the variant and the expiry, with a key derived from AUTH_SECRET (like
 * document links, with a purpose of its own). The route checks the caller's access again, so a link
 * that leaks is of no use to anyone who could not open the file anyway, and lasts an hour.
 */
export class AttachmentLinks {
  private readonly key: Buffer;

  constructor(authSecret: string) {
    this.key = createHmac('sha256', authSecret).update('commonwise:attachment-links:v1').digest();
  }

  private sign(id: string, path: string, variant: AttachmentVariant, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${id}\n${path}\n${variant}\n${expires}`)
      .digest('base64url');
  }

  /** The link of one variant, expiring `fileLinkSeconds` after `now` (rounded to the minute, so pages re-read within a minute keep their browser cache). */
  link(
    id: string,
    path: string,
    variant: AttachmentVariant,
    now = Date.now(),
  ): { url: string; expires: number } {
    const expires = Math.ceil(now / 60_000) * 60 + fileLinkSeconds;
    const query = new URLSearchParams({
      variant,
      expires: String(expires),
      signature: this.sign(id, path, variant, expires),
    });
    return { url: `/api/attachments/${id}/file?${query.toString()}`, expires };
  }

  isValid(id: string, path: string, variant: AttachmentVariant, expires: number, signature: string): boolean {
    // Compared as text: base64url's last character carries unused bits, so two spellings can decode alike.
    const expected = Buffer.from(this.sign(id, path, variant, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
