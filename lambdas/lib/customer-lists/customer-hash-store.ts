import { s3Of, s3Sdk, type S3Access } from '../aws/s3';
import { CUSTOMER_HASHES_PREFIX } from '@shared/buckets';
import { parseSnapshot, serialiseSnapshot, type HashSnapshot } from './customer-hash-snapshot';

/**
 * Where a customer list's hashes live between uploads: one object per audience in the customer-lists bucket
 * (S3-managed encryption, TLS only), under the workspace's prefix so one workspace never reads another's. S3
 * rather than DynamoDB: a 1,000,000-row list is about 160 MB of hashes, 400 times DynamoDB's 400 KB item limit.
 */
export interface CustomerHashStore {
  s3: S3Access;
  bucket: string;
}

const keyOf = (workspaceId: string, audienceId: string) =>
  `${CUSTOMER_HASHES_PREFIX}${encodeURIComponent(workspaceId)}/${audienceId}`;

/** The last upload's hashes, or undefined for a list Adsmith has none of (made elsewhere, or before they were kept). */
export async function readHashes(
  store: CustomerHashStore,
  workspaceId: string,
  audienceId: string,
): Promise<HashSnapshot | undefined> {
  const [{ GetObjectCommand, NoSuchKey }, s3] = await Promise.all([s3Sdk(), s3Of(store.s3)]);
  try {
    const reply = await s3.send(new GetObjectCommand({ Bucket: store.bucket, Key: keyOf(workspaceId, audienceId) }));
    return parseSnapshot(Buffer.from(await reply.Body!.transformToByteArray()));
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

export async function writeHashes(
  store: CustomerHashStore,
  workspaceId: string,
  audienceId: string,
  snapshot: HashSnapshot,
): Promise<void> {
  const [{ PutObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(store.s3)]);
  await s3.send(
    new PutObjectCommand({
      Bucket: store.bucket,
      Key: keyOf(workspaceId, audienceId),
      Body: serialiseSnapshot(snapshot),
      ContentType: 'application/octet-stream',
    }),
  );
}

export async function deleteHashes(store: CustomerHashStore, workspaceId: string, audienceId: string): Promise<void> {
  const [{ DeleteObjectCommand }, s3] = await Promise.all([s3Sdk(), s3Of(store.s3)]);
  await s3.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: keyOf(workspaceId, audienceId) }));
}
