import { presignedUrl, s3Of, s3Sdk, type S3Access } from '../aws/s3';
import { UPLOADS_PREFIX, USER_ASSETS_PREFIX } from '@shared/buckets';
import { DOWNLOAD_URL_SECONDS, UPLOAD_URL_SECONDS } from '@shared/schemas/graphics-basics';

/**
 * The assets bucket as graphics uses it. Every key is built here from the verified user id,
 * never taken from a request: `uploads/{sub}/{id}` while a browser upload waits for its checks,
 * `users/{sub}/assets/{id}.{ext}` once it passed (and for AI images and exports).
 */
export interface AssetBucket {
  s3: S3Access;
  bucket: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/zip': 'zip',
};

export function uploadKey(userId: string, uploadId: string): string {
  return `${UPLOADS_PREFIX}${userId}/${uploadId}`;
}

export function assetKey(userId: string, assetId: string, mimeType: string): string {
  return `${USER_ASSETS_PREFIX}${userId}/assets/${assetId}.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

export function exportKey(userId: string, exportId: string, fileName: string): string {
  return `${USER_ASSETS_PREFIX}${userId}/exports/${exportId}/${fileName}`;
}

/** True when `key` lies under this user's own prefix (a design may only point at the user's objects). */
export function isUsersKey(userId: string, key: string): boolean {
  return key.startsWith(`${USER_ASSETS_PREFIX}${userId}/`) && !key.split('/').includes('..');
}

/**
 * A presigned PUT whose signature covers the content type and exact length the user declared:
 * S3 refuses a different type or size, so a 15 MB limit cannot become a 5 GB upload.
 */
export async function presignUpload(
  bucket: AssetBucket,
  key: string,
  contentType: string,
  size: number,
): Promise<{ url: string; headers: Record<string, string> }> {
  const { PutObjectCommand } = await s3Sdk();
  const url = await presignedUrl(
    bucket.s3,
    new PutObjectCommand({ Bucket: bucket.bucket, Key: key, ContentType: contentType, ContentLength: size }),
    { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return { url, headers: { 'content-type': contentType } };
}

/** A presigned GET; `downloadName` makes the browser save it under that name. */
export async function presignDownload(bucket: AssetBucket, key: string, downloadName?: string): Promise<string> {
  const { GetObjectCommand } = await s3Sdk();
  return presignedUrl(
    bucket.s3,
    new GetObjectCommand({
      Bucket: bucket.bucket,
      Key: key,
      ...(downloadName
        ? { ResponseContentDisposition: `attachment; filename="${downloadName.replace(/["\\\r\n]/g, '_')}"` }
        : {}),
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
}

/** The object's size, or null when nothing was uploaded there (yet). */
export async function objectSize(bucket: AssetBucket, key: string): Promise<number | null> {
  const [{ HeadObjectCommand, NoSuchKey, NotFound }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey) return null;
    throw error;
  }
}

export async function readObject(bucket: AssetBucket, key: string): Promise<Buffer> {
  const [{ GetObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  const reply = await s3.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
  return Buffer.from(await reply.Body!.transformToByteArray());
}

export async function writeObject(bucket: AssetBucket, key: string, bytes: Buffer, contentType: string): Promise<void> {
  const [{ PutObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  await s3.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: key, Body: bytes, ContentType: contentType }));
}

export async function deleteObject(bucket: AssetBucket, key: string): Promise<void> {
  const [{ DeleteObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  await s3.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: key }));
}
