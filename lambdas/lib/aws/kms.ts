import { KMSClient } from '@aws-sdk/client-kms';
import { kmsKeyEnvVar, type KmsKeyName } from '@shared/kms-keys';
import { tracer } from '../observability';

let client: KMSClient | undefined;

/** One KMS client per container; endpoint from AWS_ENDPOINT_URL_KMS when set (the twin's local KMS). */
export function kmsClient(): KMSClient {
  client ??= tracer.captureAWSv3Client(new KMSClient({}));
  return client;
}

/** A KMS key's ARN, given to a function only if it declares the key. */
export function kmsKeyArn(key: KmsKeyName): string {
  const arn = process.env[kmsKeyEnvVar(key)];
  if (!arn) throw new Error(`Invalid function configuration: ${kmsKeyEnvVar(key)} is not set`);
  return arn;
}
