import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// s3rver is a small S3 server in Node: enough to check our driver against the S3 API, on 127.0.0.1.
// It does not verify presigned signatures (real S3, R2 and MinIO do), so tampering is not tested here.
import S3rver from 's3rver';
import {
  FileExistsError,
  FileNotFoundError,
  LocalStorage,
  S3Storage,
  contentDisposition,
  type FileStorage,
} from './storage.ts';

const streamOf = (text: string) => Readable.from([Buffer.from(text)]);

function behavesLikeStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('stores, reads, streams and removes a file', async () => {
      const storage = make();
      const key = `property-1/ccr/${Date.now()}_rules.txt`;
      await storage.put(key, streamOf('Rules and regulations'), 'text/plain; charset=utf-8');
      expect(await storage.exists(key)).toBe(true);
      expect((await storage.read(key)).toString()).toBe('Rules and regulations');
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.open(key)) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).toString()).toBe('Rules and regulations');
      await storage.remove(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.read(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await storage.remove(key); // removing a missing file is fine
    });

    it('never overwrites a stored file', async () => {
      const storage = make();
      const key = `property-1/bylaws/${Date.now()}_bylaws.txt`;
      await storage.put(key, streamOf('first'), 'text/plain');
      await expect(storage.put(key, streamOf('second'), 'text/plain')).rejects.toBeInstanceOf(
        FileExistsError,
      );
      expect((await storage.read(key)).toString()).toBe('first');
    });

    it('leaves nothing behind when the incoming stream fails', async () => {
      const storage = make();
      const key = `property-1/ccr/${Date.now()}_broken.txt`;
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from('partial');
          throw new Error('client went away');
        })(),
      );
      await expect(storage.put(key, failing, 'text/plain')).rejects.toThrow('client went away');
      expect(await storage.exists(key)).toBe(false);
    });

    it('lists every stored file with when it was written', async () => {
      const storage = make();
      const key = `property-2/ccr/${Date.now()}_listed.txt`;
      const before = Date.now();
      await storage.put(key, streamOf('listed'), 'text/plain');
      const listed: { key: string; modifiedAt: Date }[] = [];
      for await (const entry of storage.list()) listed.push(entry);
      const entry = listed.find((candidate) => candidate.key === key);
      expect(entry).toBeDefined();
      // Seconds: S3 keeps whole seconds.
      expect(Math.abs(entry!.modifiedAt.getTime() - before)).toBeLessThan(5000);
      await storage.remove(key);
      const after: string[] = [];
      for await (const remaining of storage.list()) after.push(remaining.key);
      expect(after).not.toContain(key);
    });

    it('refuses keys that would leave the store', async () => {
      const storage = make();
      await expect(storage.put('../outside.txt', streamOf('x'), 'text/plain')).rejects.toThrow(
        'Unsafe storage key',
      );
      await expect(storage.read('/etc/passwd')).rejects.toThrow('Unsafe storage key');
    });
  });
}

const localDir = mkdtempSync(join(tmpdir(), 'cw-storage-'));
afterAll(() => rmSync(localDir, { recursive: true, force: true }));
behavesLikeStorage('local disk', () => new LocalStorage(localDir));

let s3rver: S3rver;
let s3Dir: string;
let endpoint: string;
beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'cw-s3-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'documents', configs: [] }],
  });
  const address = (await s3rver.run()) as unknown as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3rver?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const s3 = () =>
  new S3Storage({
    driver: 's3',
    bucket: 'documents',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
behavesLikeStorage('S3', s3);

describe('S3 links', () => {
  it('presigns a GET valid for 3600 s that serves the file with its type and name', async () => {
    const storage = s3();
    const key = `property-1/ccr/${Date.now()}_CCRs.pdf`;
    await storage.put(key, streamOf('%PDF-1.7 fake'), 'application/pdf');
    const url = await storage.presignedUrl(key, 3600, {
      contentType: 'application/pdf',
      fileName: 'CC&Rs.pdf',
      inline: true,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(contentDisposition('CC&Rs.pdf', true));
    expect(await response.text()).toBe('%PDF-1.7 fake');
  });
});

describe('contentDisposition', () => {
  it('keeps any file name safe in the header', () => {
    expect(contentDisposition('Budget "2025" ü.pdf', false)).toBe(
      `attachment; filename="Budget _2025_ _.pdf"; filename*=UTF-8''Budget%20%222025%22%20%C3%BC.pdf`,
    );
  });
});
