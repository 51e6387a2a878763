import { DEFAULT_SLACK_CLICKS, type SlackClickMode } from '@shared/slack-clicks';
import { AssetHashType, Aspects, DockerImage, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { bucketEnvVar, type BucketKey, type BucketNeed } from '@shared/buckets';
import { Construct } from 'constructs';
import {
  NEED_ENV,
  type FunctionDeclaration,
  type FunctionNeeds,
  type KmsKeyAction,
  type NeedKind,
  type TableNeed,
  type UserPoolAction,
} from '@shared/functions';
import { METRICS_NAMESPACE, physicalFunctionName } from '@shared/physical-names';
import { jobQueueEnvVar, type JobQueueKey } from '@shared/job-queues';
import { kmsKeyEnvVar, kmsKeys, type KmsKeyName } from '@shared/kms-keys';
import { secretEnvVar, type SecretKey } from '@shared/secrets';
import { tableEnvVar, type TableKey } from '@shared/tables';
import { LAMBDA_RUNTIME_ENVIRONMENT } from '../lambda-bundling';
import { bundleLambdaSync } from '../bundling/bundle-lambda-sync';
import { bundledFiles, copyBundledFilesInto, type BundledFile } from '../bundling/bundled-files';
import { AcknowledgeWildcards } from '../nag';
import { lambdaEntry, REPO_ROOT } from '../paths';

export interface AppFunctionProps {
  /** The folder under `lambdas/` whose `handler.ts` exports `handler`; also the Powertools service name. */
  readonly name: string;
  /** Physical function name prefix, e.g. `adsmith-dev`; the function is `<prefix>-<name>`. */
  readonly namePrefix: string;
  readonly description: string;
  /** Log retention of the function's own log group. */
  readonly logRetention: RetentionDays;
  /** Whether the log group outlives the stack. @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** Powertools log level. @default 'INFO' */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Reserved concurrency, also the function's ceiling (functions table `reservedConcurrency`). @default none */
  readonly reservedConcurrency?: number;
  /** Run-time files copied beside the bundle after esbuild (fonts, WASM). @default none */
  readonly bundledFiles?: readonly BundledFile[];
  /** The processor (functions table `architecture`). @default 'arm64' */
  readonly architecture?: 'arm64' | 'x86_64';
}

/**
 * Every Lambda function of Adsmith, with our defaults baked in: Node.js 22 on
 * arm64 (x86_64 where the functions table says), bundled by the local esbuild (no Docker) as minified ESM with source
 * maps (settings in lambda-bundling.ts), X-Ray tracing, Powertools env, and its
 * own log group with retention.
 *
 * Permissions are added only through the `bind*` helpers, each of which sets
 * the env var the code reads AND the narrowest IAM grant that makes it work,
 * so the two can never drift apart.
 */
export class AppFunction extends Construct {
  readonly function: LambdaFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    // An explicit log group (instead of the implicit /aws/lambda one) so retention
    // is set by CloudFormation and the group is deleted with a dev stack.
    this.logGroup = new LogGroup(this, 'LogGroup', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });

    // Our own role instead of the default one with AWSLambdaBasicExecutionRole:
    // it may write to this function's log group and nothing else until a bind* adds to it.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.namePrefix}-${props.name}`,
    });
    this.logGroup.grantWrite(this.role);

    // The same construct id as the NodejsFunction this replaced, so the function keeps its logical id.
    this.function = new LambdaFunction(this, 'Function', {
      role: this.role,
      functionName: physicalFunctionName(props.namePrefix, props.name),
      description: props.description,
      code: lambdaCode(props.name, props.bundledFiles ?? []),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: props.architecture === 'x86_64' ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: props.name,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: props.logLevel ?? 'INFO',
        ...LAMBDA_RUNTIME_ENVIRONMENT,
      },
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the chosen runtime: it is the newest line the code is tested against (Node 20/22 locally). Moving to a newer runtime is a one-line change here.',
    });
    Aspects.of(this).add(new AcknowledgeWildcards(FUNCTION_WILDCARDS));
  }

  /**
   * Env KMS_KEY_<ALIAS> = the key's ARN, plus exactly `actions` on that key, allowed
   * only when every call carries the key's encryption context keys (and no others).
   */
  bindKmsKey(key: KmsKeyName, kmsKey: IKey, actions: readonly KmsKeyAction[]): this {
    this.function.addEnvironment(kmsKeyEnvVar(key), kmsKey.keyArn);
    const contextKeys = [...kmsKeys[key].encryptionContextKeys];
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...actions],
        resources: [kmsKey.keyArn],
        conditions: {
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': contextKeys },
          Null: Object.fromEntries(contextKeys.map((name) => [`kms:EncryptionContext:${name}`, 'false'])),
        },
      }),
    );
    return this;
  }

  /**
   * Env TABLE_<NAME> = table name, plus exactly the declared DynamoDB actions on the table
   * (and on its indexes only when the entry declares index actions). Writing needs the
   * table key for encryption too; reading only for decryption.
   */
  bindTable(key: TableKey, table: ITable, need: TableNeed): this {
    this.function.addEnvironment(tableEnvVar(key), table.tableName);
    if (need.actions.length > 0) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: need.actions.map((action) => `dynamodb:${action}`),
          resources: [table.tableArn],
        }),
      );
    }
    if (need.indexActions?.length) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: need.indexActions.map((action) => `dynamodb:${action}`),
          resources: [`${table.tableArn}/index/*`],
        }),
      );
    }
    if (table.encryptionKey) {
      if (need.actions.some((action) => WRITE_ACTIONS.has(action))) table.encryptionKey.grantEncryptDecrypt(this.role);
      else table.encryptionKey.grantDecrypt(this.role);
    }
    return this;
  }

  /**
   * Reads a secret: env SECRET_<NAME> = secret ARN, plus GetSecretValue on it and
   * kms:Decrypt on its key through Secrets Manager only. Written out rather than
   * `secret.grantRead`, which names this role in the key's policy: with the key in
   * the stateful stack that would make it depend on this stack (a cycle). The key
   * policy already lets the account's IAM policies use it via Secrets Manager.
   */
  bindSecret(key: SecretKey, secret: ISecret): this {
    // A secret imported by name (an edge function's) has no full ARN: the function asks for it by name, and the
    // grant covers the six random characters Secrets Manager appends to the ARN.
    this.function.addEnvironment(secretEnvVar(key), secret.secretFullArn ?? secret.secretName);
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
        resources: [secret.secretFullArn ?? `${secret.secretArn}-??????`],
      }),
    );
    if (secret.encryptionKey) {
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['kms:Decrypt'],
          resources: [secret.encryptionKey.keyArn],
          conditions: {
            StringEquals: { 'kms:ViaService': `secretsmanager.${Stack.of(this).region}.${Stack.of(this).urlSuffix}` },
          },
        }),
      );
    }
    return this;
  }

  /** Puts events on the bus: env EVENT_BUS_NAME, plus events:PutEvents on that bus only. */
  bindEventBus(bus: IEventBus): this {
    this.function.addEnvironment(NEED_ENV.eventBus, bus.eventBusName);
    bus.grantPutEventsTo(this.function);
    return this;
  }

  /** Calls the named Cognito admin actions: env USER_POOL_ID, plus exactly those actions on this pool. */
  bindUserPool(pool: IUserPool, actions: readonly UserPoolAction[]): this {
    this.function.addEnvironment(NEED_ENV.userPool, pool.userPoolId);
    pool.grant(this.function, ...actions.map((action) => `cognito-idp:${action}`));
    return this;
  }

  /**
   * Verifies the web app's access tokens itself (a function URL has no authorizer in front):
   * env USER_POOL_ISSUER and USER_POOL_CLIENT_ID. The JWKS is public, so nothing to grant.
   */
  bindUserTokens(pool: IUserPool, client: IUserPoolClient): this {
    const { region, urlSuffix } = Stack.of(this);
    this.function.addEnvironment(
      NEED_ENV.userTokensIssuer,
      `https://cognito-idp.${region}.${urlSuffix}/${pool.userPoolId}`,
    );
    this.function.addEnvironment(NEED_ENV.userTokensClientId, client.userPoolClientId);
    return this;
  }

  /**
   * Sends email through SES: env EMAIL_FROM_ADDRESS, plus ses:SendEmail on the domain's identity only, and only
   * from that address (the domain must be verified in SES, and out of the SES sandbox to reach anyone).
   */
  bindEmail(sender: EmailSender): this {
    const { region, account, partition } = Stack.of(this);
    this.function.addEnvironment(NEED_ENV.emailFrom, sender.address);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${partition}:ses:${region}:${account}:identity/${sender.domain}`],
        conditions: { StringEquals: { 'ses:FromAddress': sender.address } },
      }),
    );
    return this;
  }

  /**
   * Verifies the web app's access tokens with the pool and client named in the site's config.json (an edge
   * function, deployed before the pool exists): env USER_POOL_WEB_CONFIG = `s3://<bucket>/<key>`, plus
   * s3:GetObject on that one object.
   */
  bindUserTokensWebConfig(bucket: IBucket, key: string): this {
    this.function.addEnvironment(NEED_ENV.userTokensWebConfig, `s3://${bucket.bucketName}/${key}`);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(key)] }),
    );
    return this;
  }

  /** Builds links back to the site: env SITE_URL. No permission involved. */
  bindSiteUrl(siteUrl: string): this {
    this.function.addEnvironment(NEED_ENV.siteUrl, siteUrl);
    return this;
  }

  /**
   * Calls the AI model: api.openai.com with the key from the `openai` secret (bound under
   * `secrets`), so nothing to grant here; the flag says the model is a real one, not the twin's.
   */
  bindAi(): this {
    this.function.addEnvironment(NEED_ENV.aiOfflineModel, 'false');
    return this;
  }

  /** Sends jobs to a queue: env JOB_QUEUE_URL_<NAME> = its URL, plus SendMessage on that queue only. */
  bindJobQueue(key: JobQueueKey, queue: IQueue): this {
    this.function.addEnvironment(jobQueueEnvVar(key), queue.queueUrl);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    return this;
  }

  /**
   * Uses a bucket: env BUCKET_<NAME> = its name, plus exactly the declared S3 object actions on
   * the declared key patterns (never the whole bucket, never ListBucket).
   */
  bindBucket(key: BucketKey, bucket: IBucket, need: BucketNeed): this {
    this.function.addEnvironment(bucketEnvVar(key), bucket.bucketName);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...need.actions],
        resources: need.keyPatterns.map((pattern) => bucket.arnForObjects(pattern)),
      }),
    );
    return this;
  }

  /**
   * Applies a functions-table entry's needs, one binder per kind of need, failing loudly
   * when the caller did not provide a resource the entry asks for.
   */
  bindNeeds(needs: FunctionNeeds, resources: BindableResources): this {
    for (const kind of Object.keys(needBinders) as NeedKind[]) {
      if (needs[kind] !== undefined) (needBinders[kind] as NeedBinder<NeedKind>)(this, needs[kind], resources);
    }
    return this;
  }
}

/**
 * The function's code: its handler bundled by the local esbuild as the benchmark builds it (lambda-bundling.ts
 * shippedBuildOptions: minified ESM, code split so heavy SDKs load on the routes that use them, source maps without
 * our sources, read only when an error is logged: lambdas/lib/stack-source-maps.ts; its plugins), and the run-time
 * files of its entry copied beside it. NodejsFunction cannot split (it builds one outfile), hence esbuild's own API,
 * in a worker thread (bundle-lambda-sync.ts) because the plugins need its asynchronous build. The hash is the
 * output's, so an unchanged bundle is not uploaded again; Docker is never used (the image named is only CDK's
 * required fallback).
 */
function lambdaCode(name: string, files: readonly BundledFile[]): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-esbuild-only'),
      // CDK reuses a staged asset whose cache key matches, and the key leaves functions (tryBundle) out: every
      // function bundles from the repo root, so without its name in the key each one after the first would ship the
      // first one's bundle. The variable is only part of the key (Docker is never run).
      environment: { ADSMITH_LAMBDA: name },
      local: {
        tryBundle(outputDir) {
          bundleLambdaSync(lambdaEntry(name), outputDir);
          copyBundledFilesInto(files, outputDir);
          return true;
        },
      },
    },
  });
}

/** Actions that write items: they need the table key to encrypt, not only to decrypt. */
const WRITE_ACTIONS: ReadonlySet<string> = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);

type NeedBinder<K extends NeedKind> = (
  fn: AppFunction,
  need: NonNullable<FunctionNeeds[K]>,
  resources: BindableResources,
) => void;

/**
 * One binder per kind of need of shared/functions.ts: sets the env var the code reads AND
 * the narrowest grant that makes it work. A new field in FunctionNeeds does not compile
 * until it has its binder here.
 */
const needBinders: { [K in NeedKind]-?: NeedBinder<K> } = {
  tables: (fn, tables, resources) => {
    for (const [key, need] of Object.entries(tables) as [TableKey, TableNeed][]) {
      fn.bindTable(key, required(resources.tables?.[key], `table ${key}`, fn), need);
    }
  },
  secrets: (fn, keys, resources) => {
    for (const key of keys) fn.bindSecret(key, required(resources.secrets?.[key], `secret ${key}`, fn));
  },
  kmsKeys: (fn, keys, resources) => {
    for (const [key, actions] of Object.entries(keys) as [KmsKeyName, readonly KmsKeyAction[]][]) {
      fn.bindKmsKey(key, required(resources.kmsKeys?.[key], `KMS key ${key}`, fn), actions);
    }
  },
  eventBus: (fn, wanted, resources) => {
    if (wanted) fn.bindEventBus(required(resources.eventBus, 'the event bus', fn));
  },
  userPool: (fn, actions, resources) => {
    if (actions.length > 0) fn.bindUserPool(required(resources.userPool, 'the user pool', fn), actions);
  },
  userTokens: (fn, wanted, resources) => {
    if (wanted && !resources.userPool && resources.userTokensWebConfig) {
      fn.bindUserTokensWebConfig(resources.userTokensWebConfig.bucket, resources.userTokensWebConfig.key);
    } else if (wanted) {
      fn.bindUserTokens(
        required(resources.userPool, 'the user pool', fn),
        required(resources.userPoolClient, 'the web app client', fn),
      );
    }
  },
  siteUrl: (fn, wanted, resources) => {
    if (wanted) fn.bindSiteUrl(required(resources.siteUrl, 'the site URL', fn));
  },
  slackClicks: (fn, wanted, resources) => {
    if (wanted) fn.function.addEnvironment(NEED_ENV.slackClicks, resources.slackClicks ?? DEFAULT_SLACK_CLICKS);
  },
  ai: (fn, wanted) => {
    if (wanted) fn.bindAi();
  },
  // Nothing to bind in AWS: a deployment applies the plans' own limits (the override is the twin's and the
  // benchmark's), and `ai` sets no override either.
  aiLimitOverride: () => undefined,
  buckets: (fn, needs, resources) => {
    for (const [key, need] of Object.entries(needs) as [BucketKey, BucketNeed][]) {
      fn.bindBucket(key, required(resources.buckets?.[key], `bucket ${key}`, fn), need);
    }
  },
  sendsJobs: (fn, keys, resources) => {
    for (const key of keys) fn.bindJobQueue(key, required(resources.jobQueues?.[key], `job queue ${key}`, fn));
  },
  schedule: (fn, need) => {
    // EventBridge Scheduler (not a rule on the bus), with its own role that may invoke this one function only.
    const role = new Role(fn, 'ScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(fn).account } },
      }),
    });
    new Schedule(fn, 'Schedule', {
      schedule: ScheduleExpression.rate(Duration.minutes(need.everyMinutes)),
      // A missed tick is not retried: the next one, minutes later, finds the same due rules.
      target: new LambdaInvoke(fn.function, { retryAttempts: 0, role }),
      description: `Invokes ${fn.function.node.id} every ${need.everyMinutes} minutes`,
    });
  },
  email: (fn, wanted, resources) => {
    // No sender without a domain of the stage's own: the function then hands its links to the person.
    if (wanted && resources.emailFrom) fn.bindEmail(resources.emailFrom);
  },
  // A setting, no grant: the check reads the plan (userPlans, declared) and asks Cognito's GetUser with the
  // caller's own access token, which IAM does not govern.
  strongSignIn: (fn, wanted, resources) => {
    if (wanted) fn.function.addEnvironment(NEED_ENV.strongSignIn, resources.mfaForPaidOwners ? 'required' : 'optional');
  },
};

/** The only wildcards a function's role may carry, each for a reason. */
const FUNCTION_WILDCARDS = [
  {
    finding: /^Resource::<[A-Za-z0-9]+\.Arn>:\*$/,
    actions: /^lambda:InvokeFunction$/,
    reason:
      "A scheduled function's EventBridge Scheduler role: grantInvoke covers that one function's versions and aliases (<arn>:*), nothing else.",
  },
  {
    finding: /^Resource::\*$/,
    actions: /^xray:(PutTraceSegments|PutTelemetryRecords)$/,
    reason: 'X-Ray tracing: PutTraceSegments and PutTelemetryRecords support no resource-level permissions.',
  },
  {
    finding: /^Resource::arn:[^/]+:dynamodb:[^/]+:table\/adsmith-[a-z]+-[a-z0-9_]+\/index\/\*$/,
    actions: /^dynamodb:/,
    reason:
      "Query/Scan on a table's global indexes (table/index/*, that one table only), granted only to a function whose entry in shared/functions.ts declares index actions.",
  },
  {
    finding:
      /^Resource::arn:(aws[a-z-]*|<AWS::Partition>):s3:::adsmith-[a-z]+-[a-z]+-<AWS::AccountId>-<AWS::Region>\/(uploads\/\*|users\/\*|users\/\*\/assets\/\*)$/,
    actions: /^s3:(PutObject|GetObject|DeleteObject)$/,
    reason:
      "Objects under one declared key prefix of an assets bucket (uploads/*, users/*, or users/*/assets/* for the report functions' read of a brand kit's logo), the prefixes the function's entry in shared/functions.ts lists; every key below is built from the verified user id.",
  },
  {
    finding:
      /^Resource::arn:(aws[a-z-]*|<AWS::Partition>):s3:::adsmith-[a-z]+-customer-lists-<AWS::AccountId>-<AWS::Region>\/(hashes|uploads)\/\*$/,
    actions: /^s3:(PutObject|GetObject|DeleteObject)$/,
    reason:
      "The hashes of customer lists (hashes/*) and large lists waiting to be hashed with their progress (uploads/*, one-day lifecycle), the prefixes the audiences and customer-list-worker entries in shared/functions.ts list; every key below is built from the verified workspace id and an audience id Meta confirmed is the account's or an upload id the function made.",
  },
  {
    finding:
      /^Resource::arn:(aws[a-z-]*|<AWS::Partition>):kms:([a-z0-9-]+|<AWS::Region>):(\d{12}|<AWS::AccountId>):key\/\*$/,
    actions: /^kms:(Decrypt|Encrypt|ReEncrypt\*|GenerateDataKey\*)$/,
    reason:
      "An edge function's keys, which the stateful stack creates after the edge stack, named by alias: any key of the account, but each statement holds only for the key with its alias (kms:ResourceAliases). The stage's data key only through DynamoDB or Secrets Manager (kms:ViaService). A field-encryption key of shared/kms-keys.ts (the chat function's Meta-token key) directly, kms:Decrypt only and only with the key's encryption context (user_id), which binds each token's ciphertext to its user.",
  },
  {
    finding: /^Action::kms:(ReEncrypt|GenerateDataKey)\*$/,
    reason:
      'Writing items of a table encrypted with the customer-managed key: grantEncryptDecrypt adds kms:ReEncrypt* and kms:GenerateDataKey* on that one key only; functions that only read get kms:Decrypt alone.',
  },
];

/** What a stack can offer to `bindNeeds`; a stack leaves out what it cannot reference. */
export interface BindableResources {
  readonly tables?: Partial<Record<TableKey, ITable>>;
  readonly secrets?: Partial<Record<SecretKey, ISecret>>;
  readonly kmsKeys?: Partial<Record<KmsKeyName, IKey>>;
  readonly eventBus?: IEventBus;
  readonly userPool?: IUserPool;
  readonly userPoolClient?: IUserPoolClient;
  /** Where an edge stack's function finds the pool ids instead (no userPool): the site's config.json. */
  readonly userTokensWebConfig?: { bucket: IBucket; key: string };
  readonly siteUrl?: string;
  /** Where button clicks go (shared/slack-clicks.ts). @default DEFAULT_SLACK_CLICKS */
  readonly slackClicks?: SlackClickMode;
  readonly jobQueues?: Partial<Record<JobQueueKey, IQueue>>;
  readonly buckets?: Partial<Record<BucketKey, IBucket>>;
  /** The stage's sender for email (absent without a custom domain). */
  readonly emailFrom?: EmailSender;
  /** Owners of paid workspaces need authenticator-app MFA on routes that move money. @default false */
  readonly mfaForPaidOwners?: boolean;
}

/** An address on a domain verified in SES. */
export interface EmailSender {
  address: string;
  domain: string;
}

function required<T>(value: T | undefined, what: string, fn: Construct): T {
  if (value === undefined) throw new Error(`${fn.node.path} needs ${what}, but its stack did not provide it`);
  return value;
}

/** The stage-wide settings every function shares. */
export interface FunctionSettings {
  namePrefix: string;
  logRetention: RetentionDays;
  /** Keep log groups when the stack goes (prod). */
  retainLogs: boolean;
}

/**
 * One AppFunction per functions-table entry, sized and named from the entry and bound to
 * what it needs: how both stacks turn shared/functions.ts into functions.
 */
export function tableFunctions<K extends string>(
  scope: Construct,
  entries: Record<K, FunctionDeclaration>,
  settings: FunctionSettings,
  resources: BindableResources,
): Record<K, AppFunction> {
  const built = {} as Record<K, AppFunction>;
  for (const [name, needs] of Object.entries(entries) as [K, FunctionDeclaration][]) {
    built[name] = new AppFunction(scope, name, {
      name,
      namePrefix: settings.namePrefix,
      description: needs.description,
      memorySize: needs.memorySize,
      reservedConcurrency: needs.reservedConcurrency,
      timeout: needs.timeoutSeconds ? Duration.seconds(needs.timeoutSeconds) : undefined,
      logRetention: settings.logRetention,
      bundledFiles: bundledFiles(needs.bundledFiles),
      architecture: needs.architecture,
      logRemovalPolicy: settings.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    }).bindNeeds(needs, resources);
  }
  return built;
}
