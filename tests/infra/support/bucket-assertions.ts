import type { Template } from 'aws-cdk-lib/assertions';
import { expect } from 'vitest';
import { buckets, type BucketKey } from '@shared/buckets';
import { functions, type FunctionName } from '@shared/functions';
import { resourcesOf } from './build-app';
import { allowedActions, roleStatements } from './template-queries';

/**
 * What every bucket of shared/buckets.ts must be in the stateful stack, and what a function's declared grant on one
 * must come to, asserted once for the asset and customer-list bucket tests.
 */

/** The bucket whose physical name joins `adsmith-dev-<declared name>-` with the account and region. */
export function bucketProperties(template: Template, key: BucketKey): Record<string, unknown> {
  const prefix = `adsmith-dev-${buckets[key].name}-`;
  const found = resourcesOf(template, 'AWS::S3::Bucket').find(([, b]) =>
    JSON.stringify(b.Properties.BucketName ?? '').includes(prefix),
  );
  if (!found) throw new Error(`no ${buckets[key].name} bucket in the stateful stack`);
  return found[1].Properties;
}

/** S3-managed encryption, and every kind of public access blocked. */
export function expectPrivateAndEncrypted(bucket: Record<string, unknown>): void {
  expect(bucket.BucketEncryption).toEqual({
    ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
  });
  expect(bucket.PublicAccessBlockConfiguration).toEqual({
    BlockPublicAcls: true,
    BlockPublicPolicy: true,
    IgnorePublicAcls: true,
    RestrictPublicBuckets: true,
  });
}

/**
 * The declared lifecycle: incomplete multipart uploads aborted, each `expireUnder` prefix expired after its days,
 * and no rule at all on `keptPrefix` (what stays until the product deletes it).
 */
export function expectDeclaredLifecycle(bucket: Record<string, unknown>, key: BucketKey, keptPrefix: string): void {
  const declared = buckets[key];
  const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
  expect(rules).toContainEqual(
    expect.objectContaining({
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: declared.abortIncompleteMultipartUploadDays },
      Status: 'Enabled',
    }),
  );
  for (const { prefix, days } of declared.expireUnder)
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: prefix, ExpirationInDays: days, Status: 'Enabled' }),
    );
  expect(rules.some((rule) => rule.Prefix === keptPrefix)).toBe(false);
}

/** One CORS rule: the declared methods, the site's origin only (never `*`), the signed content type. */
export function expectSiteOnlyCors(bucket: Record<string, unknown>, key: BucketKey): void {
  const cors = (bucket.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
  expect(cors).toHaveLength(1);
  expect(cors[0]).toMatchObject({
    AllowedMethods: [...buckets[key].cors.allowedMethods],
    AllowedHeaders: ['content-type'],
    ExposedHeaders: [...buckets[key].cors.exposedHeaders],
    MaxAge: buckets[key].cors.maxAgeSeconds,
  });
  expect(JSON.stringify(cors[0]!.AllowedOrigins)).not.toContain('*');
}

/**
 * A function's S3 access to a bucket is exactly its declaration in shared/functions.ts: those actions, on those key
 * patterns of that bucket, never the bucket itself (no ListBucket).
 */
export function expectDeclaredObjectGrant(stateless: Template, fn: FunctionName, key: BucketKey): void {
  const need = (
    functions[fn] as {
      buckets?: Partial<Record<BucketKey, { actions: readonly string[]; keyPatterns: readonly string[] }>>;
    }
  ).buckets?.[key];
  if (!need) throw new Error(`${fn} declares no access to the ${key} bucket`);
  const name = `adsmith-dev-${fn}`;
  const s3Actions = [...new Set(allowedActions(stateless, name).filter((action) => action.startsWith('s3:')))];
  expect(s3Actions.sort(), fn).toEqual([...need.actions].sort());
  const statement = roleStatements(stateless, name).find((s) => [s.Action].flat().some((a) => a.startsWith('s3:')))!;
  const resources = JSON.stringify(statement.Resource);
  expect(resources, fn).toContain(`adsmith-dev-${buckets[key].name}-`);
  for (const pattern of need.keyPatterns) expect(resources, fn).toContain(`/${pattern}`);
  expect([statement.Resource].flat(), fn).toHaveLength(need.keyPatterns.length);
}
