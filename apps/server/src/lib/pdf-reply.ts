import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../plugins/storage.ts';

/**
 * A PDF the product made (a letter, a statement, a report): never cached, since each carries a
 * person's or an association's figures, and never framed by another site. Shown in the page's own
 * preview frame when `inline`, otherwise downloaded.
 */
export function sendPdf(
  reply: FastifyReply,
  file: { fileName: string } & ({ bytes: Buffer } | { stream: Readable | Buffer }),
  { inline = false }: { inline?: boolean } = {},
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.fileName, inline))
    .header('cache-control', 'private, no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-security-policy', "frame-ancestors 'self'")
    .send('bytes' in file ? file.bytes : file.stream);
}
