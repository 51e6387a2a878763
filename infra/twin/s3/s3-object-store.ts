import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeFileAtomic } from '../state/atomic-file';

/** What S3 keeps beside an object's bytes. */
export interface StoredObjectMeta {
  key: string;
  size: number;
  /** Quoted hex MD5, as S3 sends it for a single-part PUT. */
  etag: string;
  contentType: string;
  lastModified: string;
  /** `x-amz-meta-*` headers, lower-cased names without the prefix. */
  userMetadata: Record<string, string>;
  /** The file under the bucket's folder holding the bytes. */
  dataFile: string;
}

export interface ReceivedBody {
  /** A temporary file holding the bytes, renamed into place by `commit`. */
  tempFile: string;
  size: number;
  md5: Buffer;
  sha256: string;
}

/**
 * Objects on disk under `<dir>/<bucket>/`: one data file per version (`<id>.data`) and one
 * `<id>.json` naming it, where `<id>` is the SHA-256 of the key (keys may hold any character).
 * Each write lands the data file first, then replaces the metadata atomically (temporary file
 * and rename), then removes the previous data file: a twin stopped at any instant leaves either
 * the old object or the new one, at worst an orphaned data file nobody points at.
 */
export class S3ObjectStore {
  constructor(private readonly dir: string) {}

  private bucketDir(bucket: string): string {
    return path.join(this.dir, bucket);
  }

  private idOf(key: string): string {
    return createHash('sha256').update(key, 'utf8').digest('hex');
  }

  async ensureBucket(bucket: string): Promise<void> {
    await mkdir(this.bucketDir(bucket), { recursive: true });
  }

  /** Streams a request body to a temporary file while hashing it; the caller checks and commits it. */
  async receive(bucket: string, body: Readable): Promise<ReceivedBody> {
    const tempFile = path.join(this.bucketDir(bucket), `.upload-${randomBytes(8).toString('hex')}.tmp`);
    const md5 = createHash('md5');
    const sha256 = createHash('sha256');
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      md5.update(chunk);
      sha256.update(chunk);
    });
    try {
      await pipeline(body, createWriteStream(tempFile, { mode: 0o600 }));
      const handle = await open(tempFile, 'r+');
      await handle.sync().finally(() => handle.close());
    } catch (error) {
      await rm(tempFile, { force: true });
      throw error;
    }
    return { tempFile, size, md5: md5.digest(), sha256: sha256.digest('hex') };
  }

  async discard(received: ReceivedBody): Promise<void> {
    await rm(received.tempFile, { force: true });
  }

  async commit(
    bucket: string,
    key: string,
    received: ReceivedBody,
    meta: Pick<StoredObjectMeta, 'contentType' | 'userMetadata'>,
  ): Promise<StoredObjectMeta> {
    const id = this.idOf(key);
    const previous = await this.head(bucket, key);
    const dataFile = `${id}.${randomBytes(6).toString('hex')}.data`;
    await rename(received.tempFile, path.join(this.bucketDir(bucket), dataFile));
    const stored: StoredObjectMeta = {
      key,
      size: received.size,
      etag: `"${received.md5.toString('hex')}"`,
      contentType: meta.contentType,
      lastModified: new Date().toISOString(),
      userMetadata: meta.userMetadata,
      dataFile,
    };
    await writeFileAtomic(path.join(this.bucketDir(bucket), `${id}.json`), JSON.stringify(stored));
    if (previous && previous.dataFile !== dataFile) {
      await rm(path.join(this.bucketDir(bucket), previous.dataFile), { force: true });
    }
    return stored;
  }

  async head(bucket: string, key: string): Promise<StoredObjectMeta | null> {
    try {
      const text = await readFile(path.join(this.bucketDir(bucket), `${this.idOf(key)}.json`), 'utf8');
      return JSON.parse(text) as StoredObjectMeta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * The object's bytes, opened before anything is answered: a PUT that replaces the object (or a DELETE) removes
   * the data file this meta names, and an open descriptor keeps reading it. Null when it was already removed.
   */
  async openRead(
    bucket: string,
    meta: StoredObjectMeta,
    range?: { start: number; end: number },
  ): Promise<Readable | null> {
    try {
      const handle = await open(path.join(this.bucketDir(bucket), meta.dataFile), 'r');
      return handle.createReadStream(range ?? {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<void> {
    const meta = await this.head(bucket, key);
    if (!meta) return;
    await rm(path.join(this.bucketDir(bucket), `${this.idOf(key)}.json`), { force: true });
    await rm(path.join(this.bucketDir(bucket), meta.dataFile), { force: true });
  }
}
