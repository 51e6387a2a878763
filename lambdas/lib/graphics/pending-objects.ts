import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { deleteObject, writeObject, type AssetBucket } from './asset-objects';
import { releaseStorage, type GraphicsStore } from './graphics-store';

/**
 * S3 and DynamoDB cannot be written in one transaction, so every object graphics writes or deletes is first
 * listed in a marker row (`pending#<id>`, under the user's partition) naming, for each object, the record that
 * owns it and the bytes reserved for it. The rule a marker keeps: an object it lists may outlive the marker only
 * if its record exists. When the work ends the marker is settled at once; when the function dies half-way (a
 * timeout, a crash) the marker stays, and the user's next graphics read settles it (`sweepStragglers`).
 *
 * Settling: each listed object whose record is absent is deleted (S3 deletes are idempotent), then the marker is
 * claimed (deleted with its old value returned, so one settler wins), and only the winner gives the deleted
 * objects' bytes back to the storage counter: a settle that dies before its claim is simply run again, and
 * bytes are never given back twice.
 *
 * A lifecycle rule cannot do this (S3 does not know which objects have a record): the bucket's rules expire only
 * `uploads/`, whose objects never have one.
 */

export interface PendingObject {
  /** The S3 key. */
  key: string;
  /** The item_key of the record that owns the object in the graphics table (`asset#…`, `export#…`). */
  record: string;
  /** Bytes reserved for it in the storage counter, given back when the object goes. */
  bytes: number;
}

export interface PendingMarker {
  id: string;
  objects: PendingObject[];
  createdAt: string;
}

export interface PendingObjectsDeps {
  store: GraphicsStore;
  bucket: AssetBucket;
  now: () => Date;
  log?: (message: string, facts: Record<string, unknown>) => void;
}

const PENDING = 'pending#';

/**
 * How old a marker must be before a sweep settles it: far beyond the 29 s a graphics function may run (300 s for the video worker), so a sweep
 * never races the request that is still writing.
 */
export const STRAGGLER_AGE_MS = 15 * 60 * 1000;

export async function putMarker(store: GraphicsStore, userId: string, marker: PendingMarker): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, item_key: `${PENDING}${marker.id}`, ...marker },
      ConditionExpression: 'attribute_not_exists(item_key)',
    }),
  );
}

/** Removes the marker; true only for the one caller that removed it. */
async function claimMarker(store: GraphicsStore, userId: string, id: string): Promise<boolean> {
  const reply = await store.doc.send(
    new DeleteCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, `${PENDING}${id}`),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return reply.Attributes !== undefined;
}

async function recordExists(store: GraphicsStore, userId: string, itemKey: string): Promise<boolean> {
  const reply = await store.doc.send(
    new GetCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, itemKey),
      ConsistentRead: true,
      ProjectionExpression: 'item_key',
    }),
  );
  return reply.Item !== undefined;
}

/** Deletes the listed objects whose record is absent, removes the marker and gives their bytes back. */
export async function settleMarker(deps: PendingObjectsDeps, userId: string, marker: PendingMarker): Promise<number> {
  const orphans: PendingObject[] = [];
  for (const object of marker.objects) {
    if (!(await recordExists(deps.store, userId, object.record))) orphans.push(object);
  }
  await Promise.all(orphans.map((object) => deleteObject(deps.bucket, object.key)));
  if (!(await claimMarker(deps.store, userId, marker.id))) return 0;
  const bytes = orphans.reduce((sum, object) => sum + object.bytes, 0);
  if (bytes > 0) await releaseStorage(deps.store, userId, bytes);
  return orphans.length;
}

/**
 * Writes objects to S3 and then their records, under a marker. When anything fails, the records already written
 * are removed and the marker settled, so no object stays without its record and its bytes are given back; if even
 * that fails, the marker stays for the sweep. The caller reserved the objects' bytes beforehand; from this call on
 * the reservation is this function's to give back on failure (the caller's clean-up must not give it back again).
 */
export async function writeObjectsThenRecords(
  deps: PendingObjectsDeps,
  userId: string,
  objects: (PendingObject & { body: Buffer; contentType: string })[],
  putRecords: () => Promise<void>,
): Promise<void> {
  const marker: PendingMarker = {
    id: randomUUID(),
    objects: objects.map(({ key, record, bytes }) => ({ key, record, bytes })),
    createdAt: deps.now().toISOString(),
  };
  try {
    await putMarker(deps.store, userId, marker);
  } catch (error) {
    const reserved = objects.reduce((sum, object) => sum + object.bytes, 0);
    if (reserved > 0) await releaseStorage(deps.store, userId, reserved);
    throw error;
  }
  try {
    await Promise.all(objects.map((object) => writeObject(deps.bucket, object.key, object.body, object.contentType)));
    await putRecords();
  } catch (error) {
    await abandon(deps, userId, marker);
    throw error;
  }
  // Done: the marker only says what already holds. Failing to remove it costs the sweep one read, not the write.
  await claimMarker(deps.store, userId, marker.id).catch((error: unknown) =>
    deps.log?.('Pending marker left for the sweep', { markerId: marker.id, error: String(error) }),
  );
}

/** Undoes a failed write: removes the records it wrote, then settles; what cannot be done now is the sweep's. */
async function abandon(deps: PendingObjectsDeps, userId: string, marker: PendingMarker): Promise<void> {
  try {
    await Promise.all(
      marker.objects.map(({ record }) =>
        deps.store.doc.send(
          new DeleteCommand({ TableName: deps.store.table, Key: tableKey('graphicsItems', userId, record) }),
        ),
      ),
    );
    await settleMarker(deps, userId, marker);
  } catch (error) {
    deps.log?.('Failed write left for the sweep', { markerId: marker.id, error: String(error) });
  }
}

/**
 * Deletes records and then their objects, under a marker: `deleteRecords` may refuse (not found), and then nothing
 * is deleted. Once the records are gone the delete has happened for the user; objects that cannot be deleted now
 * are left to the sweep, which also gives their bytes back.
 */
export async function deleteRecordsThenObjects<T>(
  deps: PendingObjectsDeps,
  userId: string,
  objects: PendingObject[],
  deleteRecords: () => Promise<T>,
): Promise<T> {
  const marker: PendingMarker = { id: randomUUID(), objects, createdAt: deps.now().toISOString() };
  await putMarker(deps.store, userId, marker);
  let result: T;
  try {
    result = await deleteRecords();
  } catch (error) {
    await claimMarker(deps.store, userId, marker.id);
    throw error;
  }
  try {
    await settleMarker(deps, userId, marker);
  } catch (error) {
    deps.log?.('Deleted records; objects left for the sweep', { markerId: marker.id, error: String(error) });
  }
  return result;
}

/**
 * Settles the user's markers older than STRAGGLER_AGE_MS: the work of requests that died half-way. One Query on
 * the user's own partition; run when the user's graphics are read. Returns how many objects were deleted.
 */
export async function sweepStragglers(deps: PendingObjectsDeps, userId: string): Promise<number> {
  const rows = await queryAll(deps.store.doc, {
    TableName: deps.store.table,
    KeyConditionExpression: keyCondition('graphicsItems', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': userId, ':prefix': PENDING },
  });
  const before = deps.now().getTime() - STRAGGLER_AGE_MS;
  let deleted = 0;
  for (const row of rows) {
    const marker = { id: String(row.id), objects: row.objects as PendingObject[], createdAt: String(row.createdAt) };
    if (Date.parse(marker.createdAt) > before) continue;
    deleted += await settleMarker(deps, userId, marker);
  }
  if (deleted > 0) deps.log?.('Straggling graphics objects deleted', { objects: deleted });
  return deleted;
}
