import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from './config.ts';

export type StoredFileInfo = { contentType: string; fileName: string; inline: boolean };
export type StoredFileEntry = { key: string; modifiedAt: Date };

/**
 * Where uploaded files live. Keys are relative paths ("property/category/timestamp_name"); a key is
 * written once: `put` refuses a key that exists, so nothing is ever overwritten.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Streams `body` to `key`. Rejects (leaving nothing behind) if the key exists or the stream fails. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** A stream of the file; rejects with FileNotFoundError when there is none. */
  open(key: string): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file and when it was last written (the orphan sweep compares them with the records). */
  list(): AsyncIterable<StoredFileEntry>;
  /**
   * A link that downloads the file directly from the store, valid `seconds`; null when the store
   * cannot sign links (local disk: the API's own signed route serves the file instead).
   */
  presignedUrl(key: string, seconds: number, file: StoredFileInfo): Promise<string | null>;
}

export class FileExistsError extends Error {
  constructor(key: string) {
    super(`A stored file already exists at ${key}`);
    this.name = 'FileExistsError';
  }
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file at ${key}`);
    this.name = 'FileNotFoundError';
  }
}

export function createStorage(config: Config): FileStorage {
  const settings = config.storage;
  if (settings.driver === 's3') return new S3Storage(settings);
  return new LocalStorage(settings.rootDir);
}

/** Keys come from our own code, but a key that escapes the root would be a bug worth stopping. */
function assertSafeKey(key: string): void {
  if (
    !key ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '..' || part === '' || part === '.')
  )
    throw new Error(`Unsafe storage key: ${key}`);
}

/** Files under DATA_DIR/files (the default driver). */
export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // 'wx' fails if the file exists: no overwrite, even between two processes.
    const out = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(body, out);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        body.destroy();
        throw new FileExistsError(key);
      }
      await rm(path, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      throw new FileNotFoundError(key);
    }
    return createReadStream(path);
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async *list(): AsyncIterable<StoredFileEntry> {
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<StoredFileEntry> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(resolve(dir, entry.name), key);
        else if (entry.isFile()) {
          const info = await stat(resolve(dir, entry.name)).catch(() => undefined);
          if (info) yield { key, modifiedAt: info.mtime };
        }
      }
    };
    yield* walk(this.root, '');
  }

  async presignedUrl(): Promise<null> {
    return null;
  }
}

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

/** S3 or an S3-compatible store (R2, MinIO): set STORAGE_DRIVER=s3 and S3_*. */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    // Keys carry a millisecond timestamp, so a clash is rare; this check keeps the no-overwrite promise.
    if (await this.exists(key)) {
      body.destroy();
      throw new FileExistsError(key);
    }
    // Upload streams in parts: a body of unknown length never sits whole in memory.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'private, max-age=3600',
      },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
    });
    try {
      await upload.done();
    } catch (error) {
      await this.remove(key).catch(() => {});
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const stream = await this.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredFileEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignedUrl(key: string, seconds: number, file: StoredFileInfo): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: file.contentType,
        ResponseContentDisposition: contentDisposition(file.fileName, file.inline),
      }),
      { expiresIn: seconds },
    );
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** `inline` or `attachment` with the file name, safe for any characters (RFC 6266 / 5987). */
export function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
