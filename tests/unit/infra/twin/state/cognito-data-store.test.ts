import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from 'cognito-local/lib/services/context';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AtomicJsonDataStoreFactory, parseCognitoStore } from '@infra/twin/state/cognito-data-store';

let dir: string;
const ctx = {} as Context;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adsmith-cognito-store-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('AtomicJsonDataStoreFactory', () => {
  it('creates the file with its defaults, as cognito-local expects', async () => {
    const factory = new AtomicJsonDataStoreFactory(dir);
    const store = await factory.create(ctx, 'clients', { Clients: {} });

    expect(await store.getRoot(ctx)).toEqual({ Clients: {} });
    expect(JSON.parse(await readFile(path.join(dir, 'clients.json'), 'utf8'))).toEqual({ Clients: {} });
  });

  it('saves a burst of concurrent changes whole, and a new twin reads every one back with its dates', async () => {
    const factory = new AtomicJsonDataStoreFactory(dir);
    const store = await factory.create(ctx, 'local_pool', { Users: {} });
    const created = new Date('2026-11-22T10:00:00.000Z');
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        store.set(ctx, ['Users', `user-${n}`], { Username: `user-${n}`, UserCreateDate: created }),
      ),
    );
    await store.delete(ctx, ['Users', 'user-7']);
    await factory.settled();

    const onDisk = parseCognitoStore(await readFile(path.join(dir, 'local_pool.json'), 'utf8'));
    expect(Object.keys(onDisk.Users as object)).toHaveLength(49);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const reopened = await new AtomicJsonDataStoreFactory(dir).create(ctx, 'local_pool', { Users: {} });
    const user = await reopened.get<{ UserCreateDate: Date }>(ctx, ['Users', 'user-3']);
    expect(user?.UserCreateDate).toEqual(created);
    expect(await reopened.get(ctx, ['Users', 'user-7'])).toBeNull();
    expect(await reopened.get(ctx, ['Missing', 'x'], 'fallback')).toBe('fallback');
  });

  it('gives one store per file, so two writers never share it', async () => {
    const factory = new AtomicJsonDataStoreFactory(dir);
    const [a, b] = await Promise.all([
      factory.create(ctx, 'local_pool', { Users: {} }),
      factory.create(ctx, 'local_pool', { Users: {} }),
    ]);
    expect(a).toBe(b);
  });

  it('refuses to save a Date field that holds something else, as cognito-local does', async () => {
    const store = await new AtomicJsonDataStoreFactory(dir).create(ctx, 'local_pool', { Users: {} });
    await expect(store.set(ctx, ['Users', 'x'], { UserCreateDate: 'yesterday' })).rejects.toThrow(/Date/);
  });
});
