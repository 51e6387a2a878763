import { randomUUID } from 'node:crypto';
import { graphicsStorageBytes, type PlanKey } from '@shared/plans';
import type { Asset, UploadRequest } from '@shared/schemas/graphics';
import { UPLOAD_URL_SECONDS, uploadLimits, type UploadPurpose } from '@shared/schemas/graphics-basics';
import { AppError, conflict, notFound, validationError } from '../errors';
import {
  assetKey,
  deleteObject,
  objectSize,
  presignDownload,
  presignUpload,
  readObject,
  uploadKey,
  type AssetBucket,
} from './asset-objects';
import {
  assetItemKey,
  deleteAssetRecord,
  getAsset,
  putAsset,
  putPendingUpload,
  reserveStorage,
  restorePendingUpload,
  StorageFullError,
  takePendingUpload,
  type AssetRecord,
  type GraphicsStore,
} from './graphics-store';
import { inspectImage } from './image-inspect';
import { deleteRecordsThenObjects, writeObjectsThenRecords } from './pending-objects';

/**
 * Browser uploads in two steps. `startUpload` checks the declared type and size against the
 * purpose's limits and presigns a PUT (5 minutes, type and length signed) to a holding key.
 * `confirmUpload` then reads what actually arrived and trusts nothing the browser said: the
 * type comes from the bytes (magic numbers; SVG parsed and sanitised), the size and pixel
 * dimensions are checked, and only then is the file copied under the user's prefix and
 * recorded. The holding object is deleted either way; whatever is never confirmed expires
 * under the bucket's lifecycle rule.
 */
export interface GraphicsDeps {
  store: GraphicsStore;
  bucket: AssetBucket;
  /** The user's plan, for the storage limit. */
  planOf: (userId: string) => Promise<PlanKey>;
  now: () => Date;
  log?: (message: string, facts: Record<string, unknown>) => void;
}

export function storageFull(error: StorageFullError): AppError {
  return new AppError('QUOTA_EXCEEDED', error.message, {
    details: { quota: 'graphicsStorageBytes', limit: String(error.limitBytes) },
  });
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

export async function startUpload(deps: GraphicsDeps, userId: string, request: UploadRequest) {
  const limits = uploadLimits[request.purpose];
  if (!limits.mimeTypes.includes(request.contentType)) {
    throw validationError(
      `A ${request.purpose} must be ${limits.mimeTypes.map((type) => type.replace('image/', '').toUpperCase()).join(' or ')}.`,
      { contentType: request.contentType },
    );
  }
  if (request.size > limits.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A ${request.purpose} may be at most ${megabytes(limits.maxBytes)}.`, {
      details: { maxBytes: String(limits.maxBytes) },
    });
  }
  const id = randomUUID();
  const expiresAt = new Date(deps.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString();
  await putPendingUpload(deps.store, userId, {
    id,
    purpose: request.purpose,
    fileName: request.fileName,
    contentType: request.contentType,
    size: request.size,
    expiresAt,
  });
  const signed = await presignUpload(deps.bucket, uploadKey(userId, id), request.contentType, request.size);
  return { uploadId: id, uploadUrl: signed.url, method: 'PUT' as const, headers: signed.headers, expiresAt };
}

/** The reply shape of an asset: its record plus a fresh presigned GET. */
export async function assetView(bucket: AssetBucket, asset: AssetRecord): Promise<Asset> {
  return { ...asset, url: await presignDownload(bucket, asset.key) };
}

export async function confirmUpload(deps: GraphicsDeps, userId: string, uploadId: string): Promise<Asset> {
  const pending = await takePendingUpload(deps.store, userId, uploadId);
  if (!pending) throw notFound('That upload does not exist or was already confirmed.');
  const holding = uploadKey(userId, uploadId);
  const purpose = pending.purpose as UploadPurpose;
  const limits = uploadLimits[purpose];

  let bytes: Buffer;
  try {
    const size = await objectSize(deps.bucket, holding);
    if (size === null) {
      // Nothing arrived yet: keep the upload open while its URL is valid, so the user can retry.
      if (Date.parse(pending.expiresAt) > deps.now().getTime()) await restorePendingUpload(deps.store, userId, pending);
      throw conflict('The file has not been uploaded yet: PUT it to the upload URL first.');
    }
    if (size > limits.maxBytes) {
      await deleteObject(deps.bucket, holding);
      throw new AppError('PAYLOAD_TOO_LARGE', `A ${purpose} may be at most ${megabytes(limits.maxBytes)}.`);
    }
    bytes = await readObject(deps.bucket, holding);
  } catch (error) {
    if (error instanceof AppError) throw error;
    await restorePendingUpload(deps.store, userId, pending);
    throw error;
  }
  // From here the holding object is only evidence: it goes whatever the verdict.
  await deleteObject(deps.bucket, holding);

  const image = inspectImage(bytes);
  if (!image.ok) throw validationError(`${pending.fileName}: ${image.reason}`, { fileName: pending.fileName });
  if (!limits.mimeTypes.includes(image.mimeType)) {
    throw validationError(
      `${pending.fileName} is ${image.mimeType.replace('image/', '').toUpperCase()}, which a ${purpose} cannot be.`,
    );
  }
  if (image.mimeType !== pending.contentType) {
    throw validationError(
      `${pending.fileName} was declared as ${pending.contentType} but is ${image.mimeType}: upload it again as what it is.`,
    );
  }
  const shorter = Math.min(image.width, image.height);
  const longer = Math.max(image.width, image.height);
  if (image.mimeType !== 'image/svg+xml' && shorter < limits.minSidePx) {
    throw validationError(
      `${pending.fileName} is ${image.width}×${image.height}: a ${purpose} needs at least ${limits.minSidePx} px on its shorter side, or it would print blurry.`,
    );
  }
  if (longer > limits.maxSidePx) {
    throw validationError(
      `${pending.fileName} is ${image.width}×${image.height}: at most ${limits.maxSidePx} px a side.`,
    );
  }

  return storeAsset(deps, userId, {
    kind: 'upload',
    purpose,
    fileName: pending.fileName,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    ...(image.removed?.length ? { removed: image.removed } : {}),
  });
}

/**
 * Writes an image under the user's prefix and records it, after reserving its bytes against
 * the plan's storage; if the record cannot be written the object is deleted and the bytes given back.
 */
export async function storeAsset(
  deps: GraphicsDeps,
  userId: string,
  input: Omit<AssetRecord, 'id' | 'key' | 'createdAt' | 'bytes'> & { bytes: Buffer },
): Promise<Asset> {
  const plan = await deps.planOf(userId);
  try {
    await reserveStorage(deps.store, userId, input.bytes.length, graphicsStorageBytes[plan]);
  } catch (error) {
    if (error instanceof StorageFullError) throw storageFull(error);
    throw error;
  }
  const id = randomUUID();
  const record: AssetRecord = {
    ...input,
    id,
    key: assetKey(userId, id, input.mimeType),
    bytes: input.bytes.length,
    createdAt: deps.now().toISOString(),
  };
  // From here the reservation is the marked write's: given back with the object if the record cannot be written.
  await writeObjectsThenRecords(
    deps,
    userId,
    [
      {
        key: record.key,
        record: assetItemKey(id),
        bytes: record.bytes,
        body: input.bytes,
        contentType: input.mimeType,
      },
    ],
    () => putAsset(deps.store, userId, record),
  );
  return assetView(deps.bucket, record);
}

/**
 * Deletes one of the user's images: its record, then its object, under a marker (a function that dies in between
 * leaves no object behind for good), and gives its bytes back. 404 for an id the user does not have.
 */
export async function removeAsset(deps: GraphicsDeps, userId: string, id: string): Promise<{ deleted: true }> {
  const asset = await getAsset(deps.store, userId, id);
  await deleteRecordsThenObjects(deps, userId, [{ key: asset.key, record: assetItemKey(id), bytes: asset.bytes }], () =>
    deleteAssetRecord(deps.store, userId, id),
  );
  return { deleted: true };
}
