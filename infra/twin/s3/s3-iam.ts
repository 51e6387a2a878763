import { buckets, localBucketName, type BucketAction, type BucketKey } from '@shared/buckets';
import { functionNames, type FunctionName } from '@shared/functions';
import { grantedNeeds } from '@shared/granted-needs';
import { functionOfAccessKey, LOCAL_NAME_PREFIX } from '../function-environment';

/**
 * IAM for the functions' object calls, as the stack grants them (infra/cdk/lib/constructs/app-function.ts
 * `bindBucket`: each declared action on `arn:…:<bucket>/<pattern>` for each key pattern). A presigned URL is
 * judged by the credentials that signed it, as in AWS: a browser upload through a function's URL needs that
 * function's PutObject on the key. Requests signed as `local` (the twin, tests) pass.
 */
const ACTION_OF_METHOD: Readonly<Record<string, BucketAction>> = {
  PUT: 's3:PutObject',
  GET: 's3:GetObject',
  HEAD: 's3:GetObject',
  DELETE: 's3:DeleteObject',
};

/** IAM's wildcards in a resource: `*` any run of characters (slashes too), `?` one character. */
export function keyPatternMatches(pattern: string, key: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(key);
}

export function refusedObjectAccess(
  accessKeyId: string,
  method: string,
  bucket: string,
  key: string,
): { fn: FunctionName; action: string } | undefined {
  const fn = functionOfAccessKey(accessKeyId);
  if (!fn || !(functionNames() as string[]).includes(fn)) return undefined;
  const action = ACTION_OF_METHOD[method] ?? `s3:${method}`;
  const bucketKey = (Object.keys(buckets) as BucketKey[]).find(
    (candidate) => localBucketName(LOCAL_NAME_PREFIX, candidate) === bucket,
  );
  const need = bucketKey ? grantedNeeds(fn as FunctionName).buckets?.[bucketKey] : undefined;
  const allowed =
    need !== undefined &&
    (need.actions as readonly string[]).includes(action) &&
    need.keyPatterns.some((pattern) => keyPatternMatches(pattern, key));
  return allowed ? undefined : { fn: fn as FunctionName, action };
}
