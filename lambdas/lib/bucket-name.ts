import { bucketEnvVar, type BucketKey } from '@shared/buckets';

/**
 * A bucket's physical name, read from its env var when first needed: a function is given
 * (and granted) only the buckets its entry in shared/functions.ts declares, so an undeclared
 * bucket fails loudly here, naming the variable.
 */
export function bucketName(key: BucketKey): string {
  const name = process.env[bucketEnvVar(key)];
  if (!name) throw new Error(`Invalid function configuration: ${bucketEnvVar(key)} is not set`);
  return name;
}
