import { presignedUrl, s3Of, s3Sdk, type S3Access } from '../aws/s3';
import * as z from 'zod';
import { CUSTOMER_UPLOADS_PREFIX } from '@shared/buckets';
import {
  CUSTOMER_COLUMN_FIELDS,
  CUSTOMER_LIST_UPLOAD_URL_SECONDS,
  CustomerListUploadProgressSchema,
} from '@shared/schemas/audiences';
import type { Uploader } from './customer-upload-audit';

/**
 * A large customer list's two objects in the customer-lists bucket, both under `uploads/{workspace}/{uploadId}/`
 * (keys built here from the verified workspace id, never from a request, so one workspace never reaches another's):
 * `file.csv`, the browser's PUT, deleted by the worker as soon as it is hashed, and `state.json`, the upload's
 * settings (audience name, column mapping: header names, never a customer's value) and progress. The bucket's
 * one-day lifecycle on `uploads/` deletes both whatever happens.
 */
export interface UploadBucket {
  s3: S3Access;
  bucket: string;
}

const UploaderSchema = z.object({ id: z.string(), email: z.string().optional(), owner: z.boolean() });

export const UploadStateSchema = z.object({
  progress: CustomerListUploadProgressSchema,
  settings: z.object({
    mapping: z.record(z.string(), z.enum(CUSTOMER_COLUMN_FIELDS)),
    defaultCountry: z.string().optional(),
    size: z.number().int(),
    uploader: UploaderSchema,
    /** A refresh: the customer list (audience id) whose people the file replaces. */
    refreshOf: z.string().optional(),
  }),
});
export type UploadState = z.infer<typeof UploadStateSchema> & { settings: { uploader: Uploader } };

const folder = (workspaceId: string, uploadId: string) =>
  `${CUSTOMER_UPLOADS_PREFIX}${encodeURIComponent(workspaceId)}/${uploadId}/`;
export const uploadFileKey = (workspaceId: string, uploadId: string) => `${folder(workspaceId, uploadId)}file.csv`;
const stateKey = (workspaceId: string, uploadId: string) => `${folder(workspaceId, uploadId)}state.json`;

/** A PUT signed for the exact size and `text/csv`: S3 refuses another size or type. */
export async function presignFilePut(
  bucket: UploadBucket,
  workspaceId: string,
  uploadId: string,
  size: number,
): Promise<{ url: string; headers: Record<string, string> }> {
  const { PutObjectCommand } = await s3Sdk();
  const url = await presignedUrl(
    bucket.s3,
    new PutObjectCommand({
      Bucket: bucket.bucket,
      Key: uploadFileKey(workspaceId, uploadId),
      ContentType: 'text/csv',
      ContentLength: size,
    }),
    { expiresIn: CUSTOMER_LIST_UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return { url, headers: { 'content-type': 'text/csv' } };
}

export async function readUploadState(
  bucket: UploadBucket,
  workspaceId: string,
  uploadId: string,
): Promise<UploadState | undefined> {
  const [{ GetObjectCommand, NoSuchKey }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  try {
    const reply = await s3.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: stateKey(workspaceId, uploadId) }));
    return UploadStateSchema.parse(JSON.parse(await reply.Body!.transformToString()));
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

export async function writeUploadState(bucket: UploadBucket, workspaceId: string, state: UploadState): Promise<void> {
  const [{ PutObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket.bucket,
      Key: stateKey(workspaceId, state.progress.uploadId),
      Body: JSON.stringify(state),
      ContentType: 'application/json',
    }),
  );
}

/** The uploaded file's size, or undefined when nothing arrived yet. */
export async function uploadedFileSize(
  bucket: UploadBucket,
  workspaceId: string,
  uploadId: string,
): Promise<number | undefined> {
  const [{ HeadObjectCommand, NoSuchKey, NotFound }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  try {
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: bucket.bucket, Key: uploadFileKey(workspaceId, uploadId) }),
    );
    return head.ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

/** The file as a stream of bytes (read as it is hashed, never whole). */
export async function openUploadedFile(
  bucket: UploadBucket,
  workspaceId: string,
  uploadId: string,
): Promise<AsyncIterable<Uint8Array>> {
  const [{ GetObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  const reply = await s3.send(
    new GetObjectCommand({ Bucket: bucket.bucket, Key: uploadFileKey(workspaceId, uploadId) }),
  );
  return reply.Body as unknown as AsyncIterable<Uint8Array>;
}

export async function deleteUploadedFile(bucket: UploadBucket, workspaceId: string, uploadId: string): Promise<void> {
  const [{ DeleteObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(bucket.s3)]);
  await s3.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: uploadFileKey(workspaceId, uploadId) }));
}
