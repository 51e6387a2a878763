import type { Suppression } from './template-findings';

/**
 * The one list of what cfn-lint and checkov report on the synthesized templates (both stages) that we
 * keep, each with why it is true of Adsmith. A finding no entry matches fails `npm run check:templates`;
 * an entry that matches nothing fails it too, so a fixed finding takes its suppression with it.
 * `resource` matches the CloudFormation logical id; `message` (optional) the tool's text.
 */
/** Every Lambda function: ours (`<name>Function<hash>`) and CDK's BucketDeployment handler. */
const FUNCTIONS = /(Function[0-9A-F]{8}|^CustomCDKBucketDeployment[0-9A-F]{32}\d+MiB[0-9A-F]{8})$/;

export const TEMPLATE_CHECK_SUPPRESSIONS: readonly Suppression[] = [
  {
    tool: 'cfn-lint',
    rule: 'W3005',
    resource: FUNCTIONS,
    message:
      /^'[A-Za-z0-9]+Role[0-9A-F]{8}' dependency already enforced by a 'GetAtt' at 'Resources\/[A-Za-z0-9]+\/Properties\/Role'$/,
    reason:
      "aws-cdk-lib's lambda.Function adds DependsOn on its own role (so the role's policies exist before the first " +
      'invocation); the edge is redundant with the Role GetAtt and harmless, and the construct offers no switch for it.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_115',
    resource: FUNCTIONS,
    reason:
      'Per-function reserved concurrency would carve the account pool into fixed slices and throttle a busy route ' +
      'while others sit idle; load is bounded before it reaches Lambda by the WAF per-IP rate rule and the HTTP ' +
      "API stage throttle, and queue consumers by their event source mapping's maximum concurrency. The one " +
      'function anyone can keep busy without signing in (the public chat) has its own reserved concurrency.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_116',
    resource: FUNCTIONS,
    reason:
      'A function dead-letter queue only catches asynchronous invocations. HTTP API, function URL and Cognito ' +
      'trigger invocations are synchronous (the caller gets the error); SQS consumers are polled by an event source ' +
      "mapping and their queues redrive to their own DLQs (alarmed); scheduled functions' work is redone by the " +
      'next tick (Scheduler retryAttempts 0); the CDK BucketDeployment handler is a custom resource CloudFormation waits on.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_117',
    resource: FUNCTIONS,
    reason:
      'No resource of Adsmith lives in a VPC: functions reach DynamoDB, S3, SQS, KMS, Secrets Manager and the ' +
      'public Meta, OpenAI, Stripe and Slack APIs over TLS with IAM; a VPC would add NAT gateways and cold-start ' +
      'latency without putting anything behind it.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_173',
    resource: FUNCTIONS,
    reason:
      'Environment variables hold only resource names, ARNs, URLs and switches; secrets are bound by name and read ' +
      'at run time from Secrets Manager (app-function.ts bindSecret). Lambda encrypts the variables at rest with its ' +
      'service key; a customer key would add a KMS call to every cold start and protect no secret.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_158',
    resource: /(LogGroup[0-9A-F]{8}|AccessLogs[0-9A-F]{8})$/,
    reason:
      'CloudWatch Logs encrypts every log group at rest with its service key, and who may read a group is decided ' +
      'by IAM either way. A customer key on 50+ log groups would need the logs service in the key policy and a KMS ' +
      'call per batch of log events, without narrowing who can read them.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_27',
    resource: /^(JobQueues|Notifications)[A-Za-z]+[0-9A-F]{8}$/,
    reason:
      'These queues are encrypted at rest with SQS-managed SSE (SqsManagedSseEnabled: true in the template); the ' +
      'check only recognises KmsMasterKeyId. The outbox pipe DLQ, which holds table stream records, uses the tables’ KMS key.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_18',
    resource: /^(BucketsAccessLogs|WebLogBucket)[0-9A-F]{8}$/,
    reason:
      'These are the access-log destinations themselves; logging their own access would log the log writes in a loop.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_21',
    resource: /^(BucketsAccessLogs|WebLogBucket)[0-9A-F]{8}$/,
    reason:
      'Log buckets are written only by the S3 and CloudFront log delivery services, never overwritten, and expire by ' +
      'lifecycle; versions would only keep expired logs longer.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_21',
    resource: /^Bucketsassets[0-9A-F]{8}$/,
    reason:
      "Objects are written once under fresh keys and never overwritten; a delete is deliberate (a user's delete, " +
      'account deletion, or expiry of unconfirmed uploads) and must erase the data, which versioning would keep.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_21',
    resource: /^BucketscustomerLists[0-9A-F]{8}$/,
    reason:
      "Each object is the hashes of a customer list's last upload, replaced by the next refresh and deleted with the " +
      'audience; the privacy page promises only the last upload is kept, and older versions would keep the earlier ones.',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_149',
    resource: /^OriginVerify[0-9A-F]{8}$/,
    reason:
      'The origin-verify value is a random header CloudFront adds and the API functions compare; it guards no data ' +
      'by itself (every API route also needs its own auth). It is encrypted with the aws/secretsmanager key; a ' +
      'customer key here would add a key to the edge stack without narrowing who may read it (IAM grants name the functions).',
  },
  {
    tool: 'checkov',
    rule: 'CKV_AWS_174',
    resource: /^WebDistribution[0-9A-F]{8}$/,
    reason:
      'Only without a custom domain, as both stages are checked: the default *.cloudfront.net certificate takes no ' +
      'minimum protocol version (CloudFront fixes it). With domainName/certificateArn set the distribution uses ' +
      'TLSv1.2_2021 (infra test edge-stack).',
  },
];
