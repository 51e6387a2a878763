import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { S3ObjectStore } from '@infra/twin/s3/s3-object-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adsmith-s3-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(store: S3ObjectStore, key: string, text: string) {
  const received = await store.receive('b', Readable.from([Buffer.from(text)]));
  return store.commit('b', key, received, { contentType: 'text/plain', userMetadata: {} });
}

async function readAll(store: S3ObjectStore, key: string): Promise<string | null> {
  const meta = await store.head('b', key);
  if (!meta) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.openRead('b', meta))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('the local S3 object store', () => {
  it('keeps objects across a restart (a new store on the same folder) with their MD5 ETag', async () => {
    const first = new S3ObjectStore(dir);
    await first.ensureBucket('b');
    const stored = await put(first, 'users/a/ü ?#.png', 'hello');
    expect(stored.etag).toBe('"5d41402abc4b2a76b9719d911017c592"');
    expect(await readAll(new S3ObjectStore(dir), 'users/a/ü ?#.png')).toBe('hello');
  });

  it('replaces an object whole and leaves no earlier data file behind', async () => {
    const store = new S3ObjectStore(dir);
    await store.ensureBucket('b');
    await put(store, 'k', 'one');
    await put(store, 'k', 'two');
    expect(await readAll(store, 'k')).toBe('two');
    const files = await readdir(path.join(dir, 'b'));
    expect(files.filter((file) => file.endsWith('.data'))).toHaveLength(1);
    expect(files.filter((file) => file.endsWith('.tmp'))).toHaveLength(0);
  });

  it('reads an object opened before it was replaced to its end, and reports one whose bytes are gone', async () => {
    const store = new S3ObjectStore(dir);
    await store.ensureBucket('b');
    await put(store, 'k', 'first version');
    const meta = (await store.head('b', 'k'))!;
    const opened = (await store.openRead('b', meta))!;
    await put(store, 'k', 'second');
    const chunks: Buffer[] = [];
    for await (const chunk of opened) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('first version');
    // The old meta names a data file the replace removed: nothing to open (the handler reads the meta again).
    expect(await store.openRead('b', meta)).toBeNull();
  });

  it('ignores what a stop mid-write leaves (a temporary upload, an orphaned data file)', async () => {
    const store = new S3ObjectStore(dir);
    await store.ensureBucket('b');
    await put(store, 'k', 'kept');
    // A twin killed while receiving, or between landing the data and its metadata.
    await writeFile(path.join(dir, 'b', '.upload-dead.tmp'), 'half');
    await writeFile(path.join(dir, 'b', 'deadbeef.000000000000.data'), 'orphan');
    expect(await readAll(new S3ObjectStore(dir), 'k')).toBe('kept');
    expect(await new S3ObjectStore(dir).head('b', 'other')).toBeNull();
  });

  it('deletes an object and its bytes; deleting a missing key is no error', async () => {
    const store = new S3ObjectStore(dir);
    await store.ensureBucket('b');
    await put(store, 'k', 'gone soon');
    await store.delete('b', 'k');
    await store.delete('b', 'k');
    expect(await store.head('b', 'k')).toBeNull();
    expect((await readdir(path.join(dir, 'b'))).filter((file) => file.endsWith('.data'))).toHaveLength(0);
  });
});
