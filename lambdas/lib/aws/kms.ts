import type { KMSClient } from '@aws-sdk/client-kms';
import { kmsKeyEnvVar, type KmsKeyName } from '@shared/kms-keys';
import { tracer } from '../observability';
import { loadOnce } from './lazy-sdk';

/** The KMS SDK, loaded by the first request that seals or opens a token (see lazy-sdk). */
export const kmsSdk = loadOnce(() => import('./kms-sdk'));

/** One KMS client per container, built on first use; endpoint from AWS_ENDPOINT_URL_KMS when set (the twin's KMS). */
export const kmsClient = loadOnce(async (): Promise<KMSClient> => {
  const { KMSClient } = await kmsSdk();
  return tracer.captureAWSv3Client(new KMSClient({}));
});

/** A KMS key's ARN, given to a function only if it declares the key. */
export function kmsKeyArn(key: KmsKeyName): string {
  const arn = process.env[kmsKeyEnvVar(key)];
  if (!arn) throw new Error(`Invalid function configuration: ${kmsKeyEnvVar(key)} is not set`);
  return arn;
}
