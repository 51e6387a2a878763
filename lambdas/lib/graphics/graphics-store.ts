import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { BrandKitSchema, type BrandKit } from '@shared/graphics/brand-kit-schema';
import { DesignSchema, type Design } from '@shared/graphics/design-schema';
import type { DesignElements } from '@shared/graphics/design-elements';
import { keyCondition, tableKey } from '@shared/table-keys';
import { conflict, notFound } from '../errors';
import { queryAll as queryAllItems } from '../aws/query-all';

/**
 * A user's graphics records in one table (partition = the user's `sub`, so one user's reads
 * never reach another's): assets (`asset#<id>`), the brand kit (`brand-kit`), designs
 * (`design#<id>`, versioned: a save names the version it started from and a stale one is
 * refused) and the storage counter (`storage`, bytes kept, raised conditionally under the
 * plan's limit before anything is written to S3).
 */
export interface GraphicsStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

export interface AssetRecord {
  id: string;
  kind: 'upload' | 'ai' | 'export';
  purpose: string;
  key: string;
  fileName: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
  altText?: string;
  removed?: string[];
  /** An exported image's design elements (template, layout, colours, picture, offer), for the creative report. */
  elements?: DesignElements;
}

export interface DesignRecord {
  id: string;
  name: string;
  version: number;
  design: Design;
  updatedAt: string;
}

const ASSET = 'asset#';
const DESIGN = 'design#';
const BRAND_KIT = 'brand-kit';
const STORAGE = 'storage';

/** The item_key of an asset's record: what an object's pending marker names as its owner. */
export const assetItemKey = (id: string) => `${ASSET}${id}`;

function queryAll(store: GraphicsStore, userId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAllItems(store.doc, {
    TableName: store.table,
    KeyConditionExpression: keyCondition('graphicsItems', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': userId, ':prefix': prefix },
  });
}

export async function putAsset(store: GraphicsStore, userId: string, asset: AssetRecord): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, item_key: `${ASSET}${asset.id}`, ...asset },
      ConditionExpression: 'attribute_not_exists(item_key)',
    }),
  );
}

function assetFrom(item: Record<string, unknown>): AssetRecord {
  const { user_id: _user, item_key: _key, ...asset } = item;
  return asset as unknown as AssetRecord;
}

export async function getAsset(store: GraphicsStore, userId: string, id: string): Promise<AssetRecord> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', userId, `${ASSET}${id}`) }),
  );
  if (!reply.Item) throw notFound('That image does not exist.');
  return assetFrom(reply.Item);
}

/** The user's asset whose object key is `key`, or null: designs and brand kits may only point at their own. */
export async function findAssetByKey(store: GraphicsStore, userId: string, key: string): Promise<AssetRecord | null> {
  const match = /\/assets\/([0-9a-f-]{36})\.[a-z]+$/.exec(key);
  if (!match) return null;
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', userId, `${ASSET}${match[1]}`) }),
  );
  return reply.Item && reply.Item.key === key ? assetFrom(reply.Item) : null;
}

export async function listAssets(store: GraphicsStore, userId: string): Promise<AssetRecord[]> {
  const assets = (await queryAll(store, userId, ASSET)).map(assetFrom);
  return assets.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function deleteAssetRecord(store: GraphicsStore, userId: string, id: string): Promise<AssetRecord> {
  const reply = await store.doc.send(
    new DeleteCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, `${ASSET}${id}`),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!reply.Attributes) throw notFound('That image does not exist.');
  return assetFrom(reply.Attributes);
}

export async function getBrandKit(store: GraphicsStore, userId: string): Promise<BrandKit | null> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', userId, BRAND_KIT) }),
  );
  // Parsed on the way out too: a kit stored under an older schema must not reach the renderer unchecked.
  return reply.Item ? BrandKitSchema.parse(reply.Item.brand_kit) : null;
}

export async function putBrandKit(store: GraphicsStore, userId: string, kit: BrandKit, now: Date): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, item_key: BRAND_KIT, brand_kit: kit, updated_at: now.toISOString() },
    }),
  );
}

function designFrom(item: Record<string, unknown>): DesignRecord {
  return {
    id: String(item.item_key).slice(DESIGN.length),
    name: String(item.name),
    version: Number(item.version),
    design: DesignSchema.parse(item.design),
    updatedAt: String(item.updated_at),
  };
}

export async function listDesigns(store: GraphicsStore, userId: string): Promise<DesignRecord[]> {
  const designs = (await queryAll(store, userId, DESIGN)).map(designFrom);
  return designs.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export async function getDesign(store: GraphicsStore, userId: string, id: string): Promise<DesignRecord> {
  const reply = await store.doc.send(
    new GetCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, `${DESIGN}${id}`),
      ConsistentRead: true,
    }),
  );
  if (!reply.Item) throw notFound('That design does not exist.');
  return designFrom(reply.Item);
}

/**
 * Saves a design as the next version. Without `expectedVersion` it must be new; with it, the
 * stored version must still be that one: two tabs editing the same design cannot overwrite
 * each other unseen (the second save answers 409 and reopens the newer one).
 */
export async function saveDesign(
  store: GraphicsStore,
  userId: string,
  input: { id: string; name: string; design: Design; expectedVersion?: number },
  now: Date,
): Promise<DesignRecord> {
  const version = (input.expectedVersion ?? 0) + 1;
  const record: DesignRecord = {
    id: input.id,
    name: input.name,
    version,
    design: input.design,
    updatedAt: now.toISOString(),
  };
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: {
          user_id: userId,
          item_key: `${DESIGN}${input.id}`,
          name: input.name,
          version,
          design: input.design,
          updated_at: record.updatedAt,
        },
        ConditionExpression:
          input.expectedVersion === undefined ? 'attribute_not_exists(item_key)' : 'version = :expected',
        ...(input.expectedVersion === undefined
          ? {}
          : { ExpressionAttributeValues: { ':expected': input.expectedVersion } }),
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw conflict(
        input.expectedVersion === undefined
          ? 'A design with this id already exists: open it and save again.'
          : 'This design was changed elsewhere since you opened it: reopen it to see the newer version.',
      );
    }
    throw error;
  }
  return record;
}

export async function deleteDesign(store: GraphicsStore, userId: string, id: string): Promise<void> {
  const reply = await store.doc.send(
    new DeleteCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, `${DESIGN}${id}`),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!reply.Attributes) throw notFound('That design does not exist.');
}

/**
 * Reserves `bytes` of the user's storage before they are written: one conditional update, so
 * concurrent uploads cannot pass the limit together. Throws `StorageFullError` when they would.
 */
export async function reserveStorage(
  store: GraphicsStore,
  userId: string,
  bytes: number,
  limitBytes: number,
): Promise<number> {
  try {
    const reply = await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('graphicsItems', userId, STORAGE),
        UpdateExpression: 'ADD bytes_used :bytes',
        ConditionExpression: 'attribute_not_exists(bytes_used) OR bytes_used <= :room',
        ExpressionAttributeValues: { ':bytes': bytes, ':room': limitBytes - bytes },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(reply.Attributes?.bytes_used ?? bytes);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new StorageFullError(limitBytes);
    throw error;
  }
}

export async function releaseStorage(store: GraphicsStore, userId: string, bytes: number): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, STORAGE),
      UpdateExpression: 'ADD bytes_used :minus',
      ExpressionAttributeValues: { ':minus': -bytes },
    }),
  );
}

export async function storageUsed(store: GraphicsStore, userId: string): Promise<number> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', userId, STORAGE) }),
  );
  return Number(reply.Item?.bytes_used ?? 0);
}

export class StorageFullError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Storage full: the plan keeps up to ${Math.round(limitBytes / 1024 / 1024)} MB of images.`);
    this.name = 'StorageFullError';
  }
}

/** A presigned upload waiting for its confirm call; expires with its URL (plus a margin). */
export interface PendingUpload {
  id: string;
  purpose: string;
  fileName: string;
  contentType: string;
  size: number;
  expiresAt: string;
}

const UPLOAD = 'upload#';

export async function putPendingUpload(store: GraphicsStore, userId: string, upload: PendingUpload): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        user_id: userId,
        item_key: `${UPLOAD}${upload.id}`,
        ...upload,
        // TTL cleans up; confirm checks the time itself (TTL deletion is late by design).
        expires_at: Math.floor(Date.parse(upload.expiresAt) / 1000) + 3600,
      },
    }),
  );
}

/**
 * Claims a pending upload once: the record is deleted as it is read, so two confirms of the
 * same upload (a retry, a double click) record one asset. Null when there is none.
 */
export async function takePendingUpload(
  store: GraphicsStore,
  userId: string,
  id: string,
): Promise<PendingUpload | null> {
  const reply = await store.doc.send(
    new DeleteCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, `${UPLOAD}${id}`),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!reply.Attributes) return null;
  const { user_id: _user, item_key: _key, expires_at: _ttl, ...upload } = reply.Attributes;
  return upload as unknown as PendingUpload;
}

/** Puts a claimed upload back (its checks could not run: S3 was unreachable), so the user can retry. */
export async function restorePendingUpload(store: GraphicsStore, userId: string, upload: PendingUpload): Promise<void> {
  await putPendingUpload(store, userId, upload);
}

/** An image sent to an ad account by "Use in a campaign" (`adimage#<act_id>#<hash>`): what the generator offers. */
export interface AdImageRecord {
  adAccountId: string;
  hash: string;
  name: string;
  assetId: string;
  width?: number;
  height?: number;
  uploadedAt: string;
}

const AD_IMAGE = 'adimage#';

export async function putAdImage(store: GraphicsStore, userId: string, image: AdImageRecord): Promise<void> {
  // Keyed by hash: sending the same image again (Meta answers the same hash) refreshes one row, never two.
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, item_key: `${AD_IMAGE}${image.adAccountId}#${image.hash}`, ...image },
    }),
  );
}

export async function listAdImages(
  store: GraphicsStore,
  userId: string,
  adAccountId: string,
): Promise<AdImageRecord[]> {
  const rows = await queryAll(store, userId, `${AD_IMAGE}${adAccountId}#`);
  const images = rows.map((item) => {
    const { user_id: _user, item_key: _key, ...image } = item;
    return image as unknown as AdImageRecord;
  });
  return images.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}
