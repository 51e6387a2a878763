import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SerialFileWriter, writeFileAtomic } from '@infra/twin/state/atomic-file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adsmith-atomic-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temporary file behind', async () => {
    const file = path.join(dir, 'state.json');
    await writeFileAtomic(file, 'old');
    await writeFileAtomic(file, 'new');

    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('cleans up and rejects when the folder is gone', async () => {
    await expect(writeFileAtomic(path.join(dir, 'missing', 'x.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('SerialFileWriter', () => {
  it('lands many quick writes in the order asked, the last one last, each whole', async () => {
    const file = path.join(dir, 'users.json');
    const writer = new SerialFileWriter(file);
    // Large enough that two unserialised writes would overlap on disk.
    const payload = (n: number) => JSON.stringify({ n, filler: 'x'.repeat(200_000 + n) });
    const writes = Array.from({ length: 40 }, (_, n) => writer.write(payload(n)));
    // Readers in between only ever see whole files.
    const seen: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text !== null) seen.push((JSON.parse(text) as { n: number }).n);
    }
    await Promise.all(writes);

    expect(JSON.parse(await readFile(file, 'utf8')).n).toBe(39);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps going after a failed write', async () => {
    const file = path.join(dir, 'later', 'file.json');
    const writer = new SerialFileWriter(file);
    await expect(writer.write('a')).rejects.toMatchObject({ code: 'ENOENT' });
    await mkdir(path.dirname(file));
    await writer.write('b');

    expect(await readFile(file, 'utf8')).toBe('b');
  });
});
