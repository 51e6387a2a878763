import { buckets, type BucketKey } from '@shared/buckets';
import type { FunctionName } from '@shared/functions';
import { jobQueues, physicalQueueName, type JobQueueKey } from '@shared/job-queues';
import { kmsKeys, type KmsKeyName } from '@shared/kms-keys';
import { functionEnvironment, LOCAL_NAME_PREFIX, type LocalResources } from '@infra/twin/function-environment';
import { LAMBDA_RUNTIME_ENVIRONMENT } from '@infra/cdk/lib/lambda-bundling';

/**
 * Where the services of a bundle whose init is timed "are": a loopback port nothing listens on.
 * Module init only reads configuration and builds clients; a call made at init would fail here,
 * which is what the bench wants to learn.
 */
const NOWHERE = 'http://127.0.0.1:9';

const resources: LocalResources = {
  region: 'us-east-1',
  dynamodbUrl: NOWHERE,
  secretsManagerUrl: NOWHERE,
  eventBridgeUrl: NOWHERE,
  cognitoUrl: NOWHERE,
  userPoolId: 'us-east-1_bench',
  userPoolIssuer: `${NOWHERE}/us-east-1_bench`,
  userPoolClientId: 'bench-client',
  siteUrl: 'https://adsmith.example',
  metaUrl: NOWHERE,
  stripeUrl: NOWHERE,
  kmsUrl: NOWHERE,
  kmsKeyArns: Object.fromEntries(
    (Object.keys(kmsKeys) as KmsKeyName[]).map((key) => [key, `arn:aws:kms:us-east-1:000000000000:key/${key}`]),
  ) as Record<KmsKeyName, string>,
  sqsUrl: NOWHERE,
  jobQueueUrls: Object.fromEntries(
    (Object.keys(jobQueues) as JobQueueKey[]).map((key) => [
      key,
      `${NOWHERE}/000000000000/${physicalQueueName(LOCAL_NAME_PREFIX, key)}`,
    ]),
  ),
  s3Url: NOWHERE,
  bucketNames: Object.fromEntries(
    (Object.keys(buckets) as BucketKey[]).map((key) => [key, `${LOCAL_NAME_PREFIX}-${buckets[key].name}`]),
  ),
  sesUrl: NOWHERE,
  ai: { offline: false },
};

/**
 * The environment a function's bundle starts with: exactly what its entry in shared/functions.ts
 * declares (as CDK and the twin give it), so a function whose init reads its configuration can be
 * timed, and Node's options as every function ships with them (LAMBDA_RUNTIME_ENVIRONMENT). Tracing is
 * left as Lambda leaves it; metrics stay off stdout.
 */
export function functionInitEnvironment(fn: FunctionName): Record<string, string> {
  const env = functionEnvironment(fn, resources);
  delete env.POWERTOOLS_TRACE_ENABLED;
  return { ...env, ...LAMBDA_RUNTIME_ENVIRONMENT, PATH: process.env.PATH ?? '', POWERTOOLS_LOG_LEVEL: 'ERROR' };
}
