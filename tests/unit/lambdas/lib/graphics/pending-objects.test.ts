import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { LOCAL_CREDENTIALS, localTableName } from '@infra/twin/function-environment';
import { startLocalS3, type LocalS3 } from '@infra/twin/s3/s3-service';
import { type AppError } from '@lambdas/lib/errors';
import { exportDesign, type ExportDeps } from '@lambdas/lib/graphics-export/export-design';
import { deleteExport, listExports } from '@lambdas/lib/graphics-export/export-records';
import { removeAsset, storeAsset } from '@lambdas/lib/graphics/asset-uploads';
import { assetKey } from '@lambdas/lib/graphics/asset-objects';
import { listAssets, reserveStorage, saveDesign, storageUsed } from '@lambdas/lib/graphics/graphics-store';
import {
  STRAGGLER_AGE_MS,
  sweepStragglers,
  writeObjectsThenRecords,
  type PendingObjectsDeps,
} from '@lambdas/lib/graphics/pending-objects';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/**
 * No object may outlive its record: writes and deletes that fail half-way, against the twin's own DynamoDB
 * (dynalite) and S3 over their wire protocols, with a store that fails the chosen commands.
 */
let aws: LocalAws;
let s3: LocalS3;
let s3Dir: string;
let client: S3Client;
let users = 0;
const clock = new Date('2026-11-23T05:00:00.000Z');
const later = (ms: number) => new Date(clock.getTime() + ms);

beforeAll(async () => {
  aws = await startLocalAws();
  s3Dir = await mkdtemp(path.join(tmpdir(), 'adsmith-pending-objects-'));
  s3 = await startLocalS3({ port: 0, stateDir: s3Dir, region: 'us-east-1' });
  client = new S3Client({
    endpoint: s3.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
}, 60_000);
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  await aws?.stop();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

type Failing = (command: object) => boolean;

/** The real document client, except that commands `fails` picks reject as a broken network would. */
function failingDoc(fails: Failing): DynamoDBDocumentClient {
  // A real client underneath (paginators check for one), with `send` intercepted.
  const doc = Object.create(aws.doc) as DynamoDBDocumentClient;
  doc.send = ((command: object) =>
    fails(command)
      ? Promise.reject(new Error('DynamoDB is unreachable'))
      : aws.doc.send(command as never)) as DynamoDBDocumentClient['send'];
  return doc;
}

const itemKeyOf = (command: object): string => {
  const input = (command as { input: { Item?: { item_key?: string }; Key?: { item_key?: string } } }).input;
  return String(input.Item?.item_key ?? input.Key?.item_key ?? '');
};

function setup(fails: Failing = () => false) {
  const userId = `pending-user-${++users}-${Date.now()}`;
  const table = localTableName('graphicsItems');
  const logs: string[] = [];
  const deps = (now = clock, failing = fails): PendingObjectsDeps & ExportDeps => ({
    store: { doc: failingDoc(failing), table },
    bucket: { s3: client, bucket: s3.bucketNames.assets },
    planOf: async () => 'free',
    now: () => now,
    quota: {
      consume: async () => ({ used: 1, limit: 10, resetsAt: '2026-12-01T00:00:00.000Z' }) as never,
      refund: async () => undefined,
    },
    render: async () => new Uint8Array(2048).fill(7),
    altText: async () => ({ text: 'Ad: Spring sale.', source: 'design' }),
    log: (message) => logs.push(message),
  });
  const healthy = { doc: aws.doc, table };
  const exists = async (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: s3.bucketNames.assets, Key: key })).then(
      () => true,
      (error: { name?: string }) => {
        if (error.name === 'NotFound') return false;
        throw error;
      },
    );
  const markers = async () =>
    (
      await aws.doc.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'user_id = :u AND begins_with(item_key, :p)',
          ExpressionAttributeValues: { ':u': userId, ':p': 'pending#' },
        }),
      )
    ).Items ?? [];
  /** The S3 keys written through deps from `watched()` on. */
  const keys: string[] = [];
  const watched = (now = clock): PendingObjectsDeps & ExportDeps => {
    const d = deps(now);
    const send = (command: { input: { Key?: string } }) => {
      if (command.constructor.name === 'PutObjectCommand') keys.push(String(command.input.Key));
      return client.send(command as never);
    };
    return { ...d, bucket: { ...d.bucket, s3: { send } as unknown as S3Client } };
  };
  return { userId, deps, watched, keys, healthy, exists, markers, logs };
}

/** A saved design named "Spring", exported at one size. */
async function exportOneSize(deps: ExportDeps, userId: string) {
  const design = await saveDesign(
    deps.store,
    userId,
    { id: crypto.randomUUID(), name: 'Spring', design: defaultDesign() },
    clock,
  );
  return exportDesign(deps, userId, design.id, { version: 1, sizes: ['square'], format: 'png' });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('writing objects then records', () => {
  it('deletes the object and gives its bytes back when the record cannot be written', async () => {
    const { userId, watched, keys, healthy, exists, markers } = setup(
      (command) => command instanceof PutCommand && itemKeyOf(command).startsWith('asset#'),
    );
    const error = await rejection(
      storeAsset(watched(), userId, {
        kind: 'upload',
        purpose: 'logo',
        fileName: 'logo.png',
        mimeType: 'image/png',
        width: 1,
        height: 1,
        bytes: png,
      }),
    );
    expect((error as Error).message).toBe('DynamoDB is unreachable');
    // The object was written before the record failed, and deleted again.
    expect(keys).toHaveLength(1);
    expect(await exists(keys[0]!)).toBe(false);
    expect(await markers()).toEqual([]);
    expect(await listAssets(healthy, userId)).toEqual([]);
    expect(await storageUsed(healthy, userId)).toBe(0);
  });

  it('leaves no export image, ZIP or record behind when the export record fails, and gives the storage back', async () => {
    const { userId, watched, keys, healthy, exists, markers } = setup(
      (command) => command instanceof PutCommand && itemKeyOf(command).startsWith('export#'),
    );
    const design = await saveDesign(
      healthy,
      userId,
      { id: crypto.randomUUID(), name: 'Spring', design: defaultDesign() },
      clock,
    );
    const error = await rejection(
      exportDesign(watched(), userId, design.id, { version: 1, sizes: ['square', 'story'], format: 'png' }),
    );
    expect((error as Error).message).toBe('DynamoDB is unreachable');
    // Two images and the ZIP were written, then deleted again.
    expect(keys.filter((key) => key.includes('/assets/'))).toHaveLength(2);
    expect(keys.filter((key) => key.endsWith('.zip'))).toHaveLength(1);
    for (const key of keys) expect(await exists(key), key).toBe(false);
    // The image records written before the export record failed are gone too.
    expect(await listAssets(healthy, userId)).toEqual([]);
    expect(await markers()).toEqual([]);
    // Reserved before writing, given back with the objects.
    expect(await storageUsed(healthy, userId)).toBe(0);
  });

  it('leaves the marker when the function dies half-way, and the sweep deletes the straggler once it is old', async () => {
    // The record write fails and so does every clean-up step: what a crash between the two would leave.
    const { userId, deps, healthy, exists, markers } = setup(
      (command) =>
        (command instanceof PutCommand && itemKeyOf(command).startsWith('asset#')) || command instanceof DeleteCommand,
    );
    await reserveStorage(healthy, userId, png.length, 10_000_000);
    const id = crypto.randomUUID();
    const key = assetKey(userId, id, 'image/png');
    await rejection(
      writeObjectsThenRecords(
        deps(),
        userId,
        [{ key, record: `asset#${id}`, bytes: png.length, body: png, contentType: 'image/png' }],
        async () => {
          throw new Error('DynamoDB is unreachable');
        },
      ),
    );
    expect(await exists(key)).toBe(true);
    expect(await markers()).toHaveLength(1);
    expect(await storageUsed(healthy, userId)).toBe(png.length);

    // A sweep while the request could still be running leaves it alone.
    expect(
      await sweepStragglers(
        deps(later(60_000), () => false),
        userId,
      ),
    ).toBe(0);
    expect(await exists(key)).toBe(true);

    expect(
      await sweepStragglers(
        deps(later(STRAGGLER_AGE_MS + 1), () => false),
        userId,
      ),
    ).toBe(1);
    expect(await exists(key)).toBe(false);
    expect(await markers()).toEqual([]);
    expect(await storageUsed(healthy, userId)).toBe(0);
    // Run again: nothing left, nothing given back twice.
    expect(
      await sweepStragglers(
        deps(later(STRAGGLER_AGE_MS + 1), () => false),
        userId,
      ),
    ).toBe(0);
    expect(await storageUsed(healthy, userId)).toBe(0);
  });

  it('keeps an object whose record was written when only the marker could not be removed', async () => {
    const { userId, deps, healthy, exists, markers } = setup(
      (command) => command instanceof DeleteCommand && itemKeyOf(command).startsWith('pending#'),
    );
    const asset = await storeAsset(deps(), userId, {
      kind: 'upload',
      purpose: 'logo',
      fileName: 'logo.png',
      mimeType: 'image/png',
      width: 1,
      height: 1,
      bytes: png,
    });
    expect(await markers()).toHaveLength(1);
    expect(
      await sweepStragglers(
        deps(later(STRAGGLER_AGE_MS + 1), () => false),
        userId,
      ),
    ).toBe(0);
    expect(await exists(asset.key)).toBe(true);
    expect(await markers()).toEqual([]);
    expect(await storageUsed(healthy, userId)).toBe(png.length);
  });
});

describe('deleting records then objects', () => {
  it('deletes an image record and object and gives its bytes back; another user gets 404 and nothing moves', async () => {
    const { userId, deps, healthy, exists } = setup();
    const asset = await storeAsset(deps(), userId, {
      kind: 'upload',
      purpose: 'logo',
      fileName: 'logo.png',
      mimeType: 'image/png',
      width: 1,
      height: 1,
      bytes: png,
    });
    const stranger = setup();
    const refused = await rejection(removeAsset(stranger.deps(), stranger.userId, asset.id));
    expect((refused as AppError).code).toBe('NOT_FOUND');
    expect(await exists(asset.key)).toBe(true);
    expect(await removeAsset(deps(), userId, asset.id)).toEqual({ deleted: true });
    expect(await exists(asset.key)).toBe(false);
    expect(await storageUsed(healthy, userId)).toBe(0);
  });

  it('deletes an export: its record, ZIP and images go and their bytes come back; 404 for another user', async () => {
    const { userId, deps, healthy, exists, markers } = setup();
    const reply = await exportOneSize(deps(), userId);
    const listed = await listExports(deps(), userId);
    expect(listed.exports.map((e) => e.exportId)).toEqual([reply.exportId]);
    expect(listed.exports[0]!.zip).toMatchObject({ fileName: 'adsmith-spring-v1.zip', bytes: reply.zip.bytes });
    const zipKey = `users/${userId}/exports/${reply.exportId}/adsmith-spring-v1.zip`;
    expect(await exists(zipKey)).toBe(true);
    const before = await storageUsed(healthy, userId);

    const stranger = setup();
    const refused = await rejection(deleteExport(stranger.deps(), stranger.userId, reply.exportId));
    expect((refused as AppError).code).toBe('NOT_FOUND');
    expect(await exists(zipKey)).toBe(true);

    expect(await deleteExport(deps(), userId, reply.exportId)).toEqual({ deleted: true });
    expect(await exists(zipKey)).toBe(false);
    expect((await listExports(deps(), userId)).exports).toEqual([]);
    expect(await storageUsed(healthy, userId)).toBe(0);
    expect(before).toBe(reply.zip.bytes + reply.images[0]!.bytes);
    expect(await exists(reply.images[0]!.key)).toBe(false);
    expect(await listAssets(healthy, userId)).toEqual([]);
    expect(await markers()).toEqual([]);
    const again = await rejection(deleteExport(deps(), userId, reply.exportId));
    expect((again as AppError).code).toBe('NOT_FOUND');
  });

  it('leaves the ZIP to the sweep when S3 fails after the record is deleted', async () => {
    const { userId, deps, healthy, exists, markers } = setup();
    const reply = await exportOneSize(deps(), userId);
    const zipKey = `users/${userId}/exports/${reply.exportId}/${reply.zip.fileName}`;
    const before = await storageUsed(healthy, userId);
    const unreachable = new S3Client({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
    });
    const broken = { ...deps(), bucket: { s3: unreachable, bucket: s3.bucketNames.assets } };
    expect(await deleteExport(broken, userId, reply.exportId)).toEqual({ deleted: true });
    expect((await listExports(deps(), userId)).exports).toEqual([]);
    expect(await exists(zipKey)).toBe(true);
    expect(await markers()).toHaveLength(1);

    // The ZIP and the one image.
    expect(await sweepStragglers(deps(later(STRAGGLER_AGE_MS + 1)), userId)).toBe(2);
    expect(await exists(zipKey)).toBe(false);
    expect(await exists(reply.images[0]!.key)).toBe(false);
    expect(await storageUsed(healthy, userId)).toBe(before - reply.zip.bytes - reply.images[0]!.bytes);
  });
});
