import type { BucketKey, BucketNeed } from './buckets';
import type { JobQueueKey } from './job-queues';
import type { KmsKeyName } from './kms-keys';
import type { SecretKey } from './secrets';
import type { TableKey } from './tables';
// No import of the routes table here: functions import this file (a worker's timeout), and the routes table would
// bring every route's schemas into their bundles. What the routes imply is in shared/granted-needs.ts.

/**
 * The functions table: every Lambda function of Adsmith and exactly what it may touch.
 * CDK builds each function's environment and least-privilege IAM grants from its entry, and
 * the local twin runs each function in its own worker thread with only the environment its
 * entry declares, so a forgotten need fails locally instead of first in AWS.
 *
 * Adding a function: one entry here plus `lambdas/<name>/handler.ts`; HTTP routes name it in
 * shared/routes.ts. Adding a KIND of need (an SQS queue to consume or send to, a KMS key, an S3
 * bucket, a schedule, ...) is three edits, and the compiler points at the last two:
 *   1. a field in `FunctionNeeds` below (what the function declares; its env var names here too),
 *   2. a binder in `needBinders` (infra/cdk/lib/constructs/app-function.ts): env var + narrowest grant,
 *   3. a line in `localNeedEnvironment` (infra/twin/function-environment.ts): the same env var, locally.
 */

/** DynamoDB data-plane actions, granted one by one (no read/write bundles). */
export type DynamoAction =
  | 'GetItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'ConditionCheckItem'
  | 'Query'
  | 'Scan'
  | 'BatchGetItem'
  | 'BatchWriteItem';

/** What a function may do on one table. */
export interface TableNeed {
  /** Actions on the table itself. */
  actions: readonly DynamoAction[];
  /** Actions on its global indexes (`<table>/index/*`); absent = no access to any index. */
  indexActions?: readonly ('Query' | 'Scan')[];
}

/** Cognito admin actions a function may call on the user pool (least privilege: name each one). */
export type UserPoolAction =
  'AdminGetUser' | 'AdminUpdateUserAttributes' | 'AdminDeleteUser' | 'AdminUserGlobalSignOut';

/** KMS operations a function may call on a field-encryption key, always under its encryption context. */
export type KmsKeyAction = 'kms:Encrypt' | 'kms:Decrypt';

/** The user pool triggers the stateful stack wires to a function. */
export type CognitoTrigger = 'customMessage' | 'postConfirmation' | 'preSignUp';

/**
 * Everything a function can need from outside its code. Each field is one kind of need with
 * one binder in CDK and one line in the twin (see the comment at the top).
 */
export interface FunctionNeeds {
  /** Tables by key with the exact actions. Env: TABLE_* (tableEnvVar) = the table's physical name. */
  tables?: Partial<Record<TableKey, TableNeed>>;
  /** Secrets it reads. Env: SECRET_* (secretEnvVar) = the secret's id (ARN in AWS). */
  secrets?: readonly SecretKey[];
  /**
   * Field-encryption keys of shared/kms-keys.ts and the operations it calls on each.
   * Env: KMS_KEY_* (kmsKeyEnvVar) = the key's ARN; every grant requires the key's encryption context.
   */
  kmsKeys?: Partial<Record<KmsKeyName, readonly KmsKeyAction[]>>;
  /** Puts events on the bus. Env: EVENT_BUS_NAME. */
  eventBus?: boolean;
  /** Admin actions on the user pool. Env: USER_POOL_ID. */
  userPool?: readonly UserPoolAction[];
  /**
   * Verifies the web app's access tokens itself, for a route no authorizer guards (a function
   * URL). Env: USER_POOL_ISSUER, USER_POOL_CLIENT_ID.
   */
  userTokens?: boolean;
  /** Builds links back to the site. Env: SITE_URL. */
  siteUrl?: boolean;
  /** Reads where the operators want button clicks (shared/slack-clicks.ts). Env: SLACK_CLICKS. */
  slackClicks?: boolean;
  /**
   * Calls the AI model (lambdas/lib/ai). Env: AI_OFFLINE_MODEL, OPENAI_BASE_URL when the model is
   * not api.openai.com, AI_DAILY_GENERATION_LIMIT when an operator overrides the plans' quota.
   * The key itself comes from the `openai` secret, declared under `secrets`.
   */
  ai?: boolean;
  /**
   * Reports the daily AI generation limit that applies without calling the model (the usage endpoint).
   * Env: AI_DAILY_GENERATION_LIMIT when an operator overrides the plans' quota, as `ai` gives it.
   */
  aiLimitOverride?: boolean;
  /**
   * Job queues of shared/job-queues.ts it sends messages to. Env: JOB_QUEUE_URL_* (jobQueueEnvVar)
   * = the queue's URL; the grant is sqs:SendMessage on that queue only.
   */
  sendsJobs?: readonly JobQueueKey[];
  /**
   * Invoked on a fixed rate by an EventBridge Scheduler schedule (no env var; the schedule's role may
   * invoke this function only). The twin runs the same rate as a tick (infra/twin/schedule-ticks.ts).
   */
  schedule?: { everyMinutes: number };
  /**
   * Buckets of shared/buckets.ts with the exact S3 object actions, each on the declared key
   * patterns only. Env: BUCKET_* (bucketEnvVar) = the bucket's name.
   */
  buckets?: Partial<Record<BucketKey, BucketNeed>>;
  /**
   * Sends email through SES v2 (SendEmail) from the stage's sender address. Env: EMAIL_FROM_ADDRESS (absent when
   * the stage has no domain to send from: the function then hands its links to the person instead); the grant is
   * ses:SendEmail on that domain's identity, from that address only. The twin's mailbox answers as SES.
   */
  email?: boolean;
  /**
   * Serves a route that moves money (`movesMoney` in the routes table): told whether the owner of a paid workspace
   * must have authenticator-app MFA for it. Implied by the routes (shared/granted-needs.ts), never declared by hand.
   * Env: MFA_FOR_PAID_OWNERS = `required` | `optional`.
   */
  strongSignIn?: boolean;
}

export type NeedKind = keyof FunctionNeeds;

export interface FunctionDeclaration extends FunctionNeeds {
  /** Shown in the Lambda console; say what the function is for. */
  description: string;
  /**
   * Set for Cognito triggers: they are created beside the user pool (stateful stack), which
   * references them, so they must not need the pool itself (a dependency cycle); Cognito hands
   * them the pool id in every event anyway.
   */
  cognitoTrigger?: CognitoTrigger;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 (seconds) */
  timeoutSeconds?: number;
  /**
   * Concurrency reserved for this function, which is also its ceiling (Lambda's reserved concurrency). Set only for a
   * function anyone on the internet can keep busy without signing in, so it can never take the concurrency the API
   * needs. AWS requires 100 unreserved executions left in the account beside every reservation (docs:
   * "Configuring reserved concurrency", https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html),
   * so a new account with a lower quota asks for an increase before deploying (docs/deploying.md).
   * @default none: the account's shared pool
   */
  reservedConcurrency?: number;
  /**
   * Files the handler reads at run time, copied beside its bundle by CDK's bundling (and the twin's): a set of
   * infra/cdk/lib/bundling/bundled-files.ts. No env var, no grant.
   */
  bundledFiles?: BundledFileSet;
  /**
   * The processor Lambda runs it on. arm64 costs less per GB-second; x86_64 for a function whose native addon is
   * installed for x64 only (the video encoder: npm installs the addon of the machine that runs `npm ci`).
   * @default 'arm64'
   */
  architecture?: 'arm64' | 'x86_64';
  /**
   * Deployed in the edge stack, beside the CloudFront distribution that fronts its function URL with origin
   * access control (a streaming route). The edge stack comes before the stateful one, so the function reaches
   * the later stacks' resources by name: tables and secrets by their physical names, their KMS key by its
   * alias, and the user pool's ids from the site's config.json (env USER_POOL_WEB_CONFIG instead of
   * USER_POOL_ISSUER / USER_POOL_CLIENT_ID). Its needs may not include what has no name to find it by.
   */
  edge?: true;
}

/** Named sets of run-time files bundled next to a handler. */
export type BundledFileSet = 'graphicsRenderer' | 'videoRenderer' | 'reportRenderer';

export { NEED_ENV } from './need-env';

/**
 * What the agent's tools read and propose, served alike by the in-app agent and the MCP server. Read tools: the
 * optimizer's recommendations (and proposals stored as pending change sets), rules and their runs, marketing-mix
 * models, the audit trail. Proposals are conditional puts of pending rows only.
 */
const agentToolTables = {
  optimizerRecommendations: { actions: ['GetItem', 'PutItem', 'Query'] },
  // A rule the agent proposes is created switched off (its first version and its row: conditional puts).
  automationRules: { actions: ['Query', 'PutItem'] },
  ruleRuns: { actions: ['Query'] },
  // A model's row and its report's parts: its allocation is read, and proposed as budgets.
  mmmModels: { actions: ['GetItem', 'Query'] },
  campaignAudit: { actions: ['Query'] },
  // A copy rewrite the agent proposes waits in the ad optimizer as a pending rewrite (a conditional put).
  adOptimizerTests: { actions: ['PutItem'] },
} as const satisfies FunctionNeeds['tables'];

export const functions = {
  health: {
    description: 'GET /api/health: liveness of the API',
    memorySize: 256,
  },
  account: {
    description: 'The signed-in user profile (/api/me), read from and written to Cognito',
    userPool: ['AdminGetUser', 'AdminUpdateUserAttributes'],
  },
  'secure-meta-api': {
    description: 'Meta connection status, ad accounts, campaigns, insights and campaign changes',
    tables: {
      // Status reads the connection; disconnect turns it into a tombstone and records the revoke (conditional
      // UpdateItem); a row stored before field encryption is re-written encrypted (UpdateItem) on first use.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // Append-only: an audit row is never changed or removed by the app. A change writes a
      // pending row, then a second row with its outcome (no UpdateItem to flip a status).
      campaignAudit: { actions: ['PutItem'] },
      // One change per campaign at a time: put the lock item if free, delete it when done.
      campaignLocks: { actions: ['PutItem', 'DeleteItem'] },
      // The `campaign` event goes to the outbox; its stream's pipe puts it on the bus.
      eventOutbox: { actions: ['PutItem'] },
      // The per-user request budget of the Meta routes: read the bucket, write it back conditionally.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      // Hits and fills; `forget` lists a user's entries (Query) and deletes them in batches.
      graphCache: { actions: ['GetItem', 'PutItem', 'Query', 'BatchWriteItem'] },
      // The plan's connected-ad-accounts quota: take a place (conditional update), free them on disconnect;
      // read the places held before a change that spends (above the limit after a downgrade, it waits).
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      // The user's plan, which sets how many ad accounts they may use.
      userPlans: { actions: ['GetItem'] },
    },
    // Decrypt to use the stored token; Encrypt to re-write a row stored before field encryption.
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    siteUrl: true,
    memorySize: 1024,
    // Graph calls can be slow; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'meta-oauth-callback': {
    description: 'Meta OAuth: dialog config with a signed state, and the code exchange on callback',
    tables: {
      // Remember an issued state; claim it for one callback and give it back if the exchange
      // failed (UpdateItem); consume it once the exchange succeeded (conditional delete).
      oauthStates: { actions: ['PutItem', 'UpdateItem', 'DeleteItem'] },
      // Put returns the replaced row (ReturnValues), whose token is revoked if another Meta user's.
      userMetaConnections: { actions: ['PutItem'] },
      // Client onboarding links: made (conditional put), read by their token's hash, used once (conditional update),
      // a workspace's listed through its index.
      clientOnboardingLinks: { actions: ['PutItem', 'GetItem', 'UpdateItem'], indexActions: ['Query'] },
    },
    // Encrypt the new token; Decrypt the one it replaces, to revoke it at Meta.
    kmsKeys: { metaTokens: ['kms:Encrypt', 'kms:Decrypt'] },
    secrets: ['metaApp', 'oauthStateKey'],
    siteUrl: true,
    timeoutSeconds: 29,
  },
  billing: {
    description: 'Plans and billing: Stripe Checkout and portal sessions, the Stripe webhook, the enforced plan',
    tables: {
      // Read the plan; webhooks and checkout update fields of it, never replace the row.
      userPlans: { actions: ['GetItem', 'UpdateItem'], indexActions: ['Query'] },
      // Claim an event once (conditional put), read a claim, mark it done, release it on failure.
      stripeEvents: { actions: ['PutItem', 'GetItem', 'UpdateItem', 'DeleteItem'] },
      // Usage against each limit: one Query over the user's counters; above the ad-account limit the user
      // keeps some accounts (read the places, give the others back).
      quotaUsage: { actions: ['Query', 'GetItem', 'UpdateItem'] },
    },
    secrets: ['stripe'],
    // invoice.paid puts a payment event on the bus.
    eventBus: true,
    // The customer's email for receipts: access tokens carry none.
    userPool: ['AdminGetUser'],
    siteUrl: true,
    // The usage endpoint reports the generation limit the AI functions really apply.
    aiLimitOverride: true,
    timeoutSeconds: 29,
  },
  'ai-campaign-optimizer': {
    description: 'The AI engine: connection test, ad copy generation (daily quota), saved ad copy history',
    tables: {
      // Token totals per day: one UpdateItem per generation.
      aiUsage: { actions: ['UpdateItem'] },
      // The daily generation quota: conditional increment and refund, one UpdateItem each.
      quotaUsage: { actions: ['UpdateItem'] },
      // The user's plan, which sets their limit.
      userPlans: { actions: ['GetItem'] },
      // Save, and list newest first.
      adCopyHistory: { actions: ['PutItem', 'Query'] },
    },
    secrets: ['openai'],
    ai: true,
    memorySize: 1024,
    // A generation with one retry can take 20 s; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'marketing-mix': {
    description: 'Marketing mix: CSV datasets, fits queued to the worker, saved models and their reports',
    tables: {
      // Store a validated dataset, read one to fit, list a user's, delete one (conditional on existing).
      mmmDatasets: { actions: ['PutItem', 'GetItem', 'Query', 'DeleteItem'] },
      // A queued model row (conditional put), its status and report parts (Query), delete all parts.
      mmmModels: { actions: ['PutItem', 'GetItem', 'Query', 'BatchWriteItem', 'DeleteItem'] },
      // "Use my Meta spend": read the connection; a row stored before field encryption is re-written
      // encrypted on first use (UpdateItem), as in every function that reads connections.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The month's fits of the user's plan: one conditional UpdateItem per fit, after reading the plan.
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
      // Share links: create (conditional put), open by id, revoke (delete); a model's links through the index.
      mmmShares: { actions: ['PutItem', 'GetItem', 'DeleteItem'], indexActions: ['Query'] },
      // The public share page's rate limits (per viewer address, per link): read a bucket, write it back.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
    },
    // Decrypt the stored token; Encrypt for that one-time re-write.
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp', 'mmmShareKey'],
    // Meta settings (lambdas/lib/meta-connection/meta-config.ts) include the site URL.
    siteUrl: true,
    sendsJobs: ['mmmFits'],
    timeoutSeconds: 29,
  },
  'marketing-mix-worker': {
    description: 'Runs queued marketing-mix fits: progress while it fits, then the report in parts',
    tables: {
      mmmDatasets: { actions: ['GetItem'] },
      // Claim the queued row and write progress (UpdateItem), write the report parts (PutItem).
      mmmModels: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    },
    // A standard fit is about 10,000 candidate fits plus the bootstrap: seconds, far below the limit;
    // 2 GB gives a whole vCPU.
    memorySize: 2048,
    timeoutSeconds: 900,
  },
  chatbot: {
    description: 'POST /api/chat: the chatbot widget, answers streamed through CloudFront from the function URL',
    // CloudFront's `/api/chat` behaviour signs requests to its URL (origin access control): see `edge`.
    edge: true,
    tables: {
      // The rate-limit counters: one conditional ADD per window.
      chatRateLimits: { actions: ['UpdateItem'] },
      // Whether a signed-in visitor has a Meta connection, and its sealed token to read their account's figures.
      userMetaConnections: { actions: ['GetItem'] },
      // A signed-in visitor's answers are AI generations of their plan: the conditional count and its
      // refund (UpdateItem), the plan that sets the limit, and the day's token totals.
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
      aiUsage: { actions: ['UpdateItem'] },
      // A teammate's answers count against their workspace's plan, and speak of its Meta connection: their
      // memberships are queried to check the workspace their request names.
      workspaceMemberships: { actions: ['Query'] },
    },
    // A connected visitor's questions about their results are answered from their account's figures: the stored
    // token is decrypted (never re-written: no Encrypt, no UpdateItem on the connection) and Graph is called with
    // the Meta app's appsecret_proof. Reading an account takes one of the plan's places (quotaUsage UpdateItem).
    kmsKeys: { metaTokens: ['kms:Decrypt'] },
    // chatAddressSalt keys the stored hashes of visitors' address blocks (rate-limit.ts).
    secrets: ['openai', 'metaApp', 'chatAddressSalt'],
    ai: true,
    userTokens: true,
    memorySize: 1024,
    // A streamed answer is short; the model's own timeout and one retry fit well inside.
    timeoutSeconds: 60,
    // Anonymous visitors reach it: at most 20 answers stream at once (about 2 a second at ~10 s each, far above the
    // per-address limits' sum for real visitors), and the rest of the API never waits for a slot behind them.
    reservedConcurrency: 20,
  },
  agent: {
    description:
      'POST /api/agent: the in-app agent (issue 26), one turn streamed through CloudFront from the function URL',
    edge: true,
    tables: {
      // Each person's conversation in the workspace, its guardrails, the day's proposed increases (conditional ADD).
      agentState: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
      // The chat's rate limits: the agent is rate-limited like the chat.
      chatRateLimits: { actions: ['UpdateItem'] },
      // The workspace's Meta connection, read only (the token is decrypted, never re-written).
      userMetaConnections: { actions: ['GetItem'] },
      // Each turn is an AI generation of the plan; reading an ad account takes one of the plan's places.
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
      aiUsage: { actions: ['UpdateItem'] },
      // The person's memberships, to check the workspace their request names.
      workspaceMemberships: { actions: ['Query'] },
      ...agentToolTables,
    },
    kmsKeys: { metaTokens: ['kms:Decrypt'] },
    secrets: ['openai', 'metaApp', 'chatAddressSalt'],
    ai: true,
    userTokens: true,
    memorySize: 1024,
    // Up to five model calls and their tools in one turn.
    timeoutSeconds: 60,
  },
  'agent-settings': {
    description:
      "The in-app agent's conversation (read, delete), the workspace's guardrails (read; the owner changes) and each person's MCP access tokens",
    tables: {
      // Each person's conversation (GetItem, DeleteItem) and the workspace's guardrails (GetItem, PutItem).
      agentState: { actions: ['GetItem', 'PutItem', 'DeleteItem'] },
      // Each person's MCP access tokens: listed (Query), created (a conditional put), revoked (a conditional update).
      agentAccessTokens: { actions: ['Query', 'PutItem', 'UpdateItem'] },
    },
    memorySize: 256,
  },
  mcp: {
    description:
      "POST /api/mcp: the agent's tools over the Model Context Protocol (issue 26), for MCP clients with a personal access token",
    tables: {
      // Tokens are found by their hash (the index), re-read consistently, and their last use recorded.
      agentAccessTokens: { actions: ['GetItem', 'UpdateItem'], indexActions: ['Query'] },
      // The workspace's guardrails and the day's proposed increases (conditional ADD), as the in-app agent.
      agentState: { actions: ['GetItem', 'UpdateItem'] },
      // Tool calls count against the chat's rate limits.
      chatRateLimits: { actions: ['UpdateItem'] },
      // The workspace's Meta connection, read only (the token is decrypted, never re-written).
      userMetaConnections: { actions: ['GetItem'] },
      // Reading an ad account takes one of the plan's places; a copy rewrite is one of the plan's AI generations.
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
      aiUsage: { actions: ['UpdateItem'] },
      // A token works only while its person still works in its workspace (their memberships, one Query).
      workspaceMemberships: { actions: ['Query'] },
      // The agent's read tools and its proposals, exactly as the agent function has them.
      ...agentToolTables,
    },
    kmsKeys: { metaTokens: ['kms:Decrypt'] },
    secrets: ['openai', 'metaApp', 'chatAddressSalt'],
    ai: true,
    memorySize: 1024,
    // Behind the HTTP API (its 30-second limit): one tool call per request.
    timeoutSeconds: 29,
  },
  'campaign-generator': {
    description:
      'Campaign generator: AI plan from a brief, drafts, targeting search, estimates, previews, publish; the business languages',
    tables: {
      // Save and reopen drafts; the publish record is claimed with a conditional update.
      campaignDrafts: { actions: ['PutItem', 'GetItem', 'UpdateItem', 'Query'] },
      // Every object a publish creates is audited: a pending row and its outcome row (PutItem only); and each change
      // of the workspace's business languages.
      campaignAudit: { actions: ['PutItem'] },
      // Read the user's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // Ad account lists are read through the per-user cache; after a publish the user's cached
      // reads are forgotten (Query + BatchWriteItem), so /campaigns shows the new campaign.
      graphCache: { actions: ['GetItem', 'PutItem', 'Query', 'BatchWriteItem'] },
      // The plan's daily generation quota (conditional increment, refund) and the plan that sets it; the
      // connected-ad-accounts places (an account read takes one; publish reads them to wait above the limit).
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      userPlans: { actions: ['GetItem'] },
      aiUsage: { actions: ['UpdateItem'] },
      // The `campaign` event of a publish goes to the outbox; its stream's pipe puts it on the bus.
      eventOutbox: { actions: ['PutItem'] },
      // "Require approval before publishing": the workspace's setting and the draft's approvals (read only).
      approvals: { actions: ['GetItem', 'Query'] },
      // Each published ad's elements (angle, call to action, format) for the creative report.
      creativeElements: { actions: ['PutItem'] },
      // The design elements (template, layout, colours, picture, offer) recorded on the ads' exported images;
      // the videos already sent to each ad account (`meta-video#…`, by content hash), so a retry uploads nothing;
      // the workspace's business languages (`business-languages`), read and written beside its brand kit.
      graphicsItems: { actions: ['GetItem', 'PutItem'] },
    },
    buckets: {
      // A video ad's MP4 and thumbnail (made by graphics-video under users/) are read to send them to Meta.
      assets: { actions: ['s3:GetObject'], keyPatterns: ['users/*'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp', 'openai'],
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    ai: true,
    memorySize: 1024,
    // A generation plus Meta's targeting search, or a publish of ~20 objects; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'auth-custom-message': {
    description: 'Cognito custom message: turns verification and reset codes into links to the site',
    cognitoTrigger: 'customMessage',
    siteUrl: true,
    memorySize: 256,
    timeoutSeconds: 5,
  },
  'auth-post-confirmation': {
    description: 'Cognito post confirmation: puts a signup event on the bus',
    cognitoTrigger: 'postConfirmation',
    eventBus: true,
    memorySize: 256,
    timeoutSeconds: 5,
  },
  notifications: {
    description:
      'Notifications from the browser (clicks, errors) onto the bus, client error logs, and the ops view of deliveries',
    tables: { notificationDeliveries: { actions: ['Query'] } },
    secrets: ['notifications'],
    eventBus: true,
    // The web sends access tokens (no email claim); the user's email comes from the pool.
    userPool: ['AdminGetUser'],
  },
  contact: {
    description: 'Public endpoints: the contact form (stored, announced) and anonymous clicks, throttled per address',
    tables: {
      contactMessages: { actions: ['PutItem'] },
      publicThrottle: { actions: ['UpdateItem'] },
    },
    eventBus: true,
    memorySize: 256,
  },
  'slack-forwarder': {
    description:
      'Drains the Slack queue: Block Kit posts, click digests, 1 post/s, Retry-After, partial batch failures',
    tables: {
      // A whole SQS batch's dedupe keys are checked, then recorded, in one call each.
      notificationDedupe: { actions: ['BatchGetItem', 'BatchWriteItem'] },
      notificationDeliveries: { actions: ['PutItem'] },
    },
    secrets: ['notifications'],
    slackClicks: true,
    timeoutSeconds: 60,
  },
  'webhook-forwarder': {
    description: 'Drains the webhook queue: posts {event, timestamp, source} + fields to the automation webhook',
    tables: {
      notificationDedupe: { actions: ['BatchGetItem', 'BatchWriteItem'] },
      notificationDeliveries: { actions: ['PutItem'] },
    },
    secrets: ['notifications'],
    siteUrl: true,
    timeoutSeconds: 30,
  },
  'auth-pre-sign-up': {
    description: 'Cognito pre sign-up: refuses a display name with control, text-direction or non-text characters',
    cognitoTrigger: 'preSignUp',
    memorySize: 256,
    timeoutSeconds: 5,
  },
  optimizer: {
    description: 'Optimizer: recommendations from an ad account’s results, applied to Meta on approval, undo',
    tables: {
      // Recommendations per user: new proposals (BatchWriteItem), changed ones (conditional put), status steps
      // (conditional update), the account's rows (Query).
      optimizerRecommendations: { actions: ['PutItem', 'BatchWriteItem', 'GetItem', 'UpdateItem', 'Query'] },
      // Read the user's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // Approved changes go through the object-change module: append-only audit, a lock per object, the outbox.
      // The Applied tab reads the user's audit rows since a change was applied (Query): any other change
      // to its objects in its 7 days means the outcome cannot be put down to it.
      campaignAudit: { actions: ['PutItem', 'Query'] },
      campaignLocks: { actions: ['PutItem', 'DeleteItem'] },
      eventOutbox: { actions: ['PutItem'] },
      // The per-user request budget of the Meta routes.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      // Ad account lists through the per-user cache; a change forgets the user's cached reads.
      graphCache: { actions: ['GetItem', 'PutItem', 'Query', 'BatchWriteItem'] },
      // The plan's connected-ad-accounts quota (an account takes a place when first read; an approval that
      // spends reads the places held, as after a downgrade), the daily AI generation an explanation batch
      // counts (conditional increment and refund), and the plan.
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      userPlans: { actions: ['GetItem'] },
      // Token totals per day: one UpdateItem per explanation batch.
      aiUsage: { actions: ['UpdateItem'] },
      // The marketing-mix hand-off reads one of the user's models: its row and its report's parts.
      mmmModels: { actions: ['GetItem', 'Query'] },
      // The Applied tab lists the A/B copies the ad optimizer made (the user's rewrites, read only).
      adOptimizerTests: { actions: ['Query'] },
      // "Require the client's approval": the workspace's setting and its approvals of changes (read only).
      approvals: { actions: ['GetItem', 'Query'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    // The AI engine writes the recommendations' explanations (lambdas/lib/ai, offline model on the twin).
    secrets: ['metaApp', 'openai'],
    ai: true,
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    // A stale or refreshed read of Meta is handed to optimizer-worker.
    sendsJobs: ['optimizerReads'],
    memorySize: 1024,
    // Three lists and three insights reports of a large account; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'optimizer-worker': {
    description: 'Reads an ad account from Meta for the optimizer in the background: proposals and the run item',
    tables: {
      // The account's stored proposals (Query), new ones (BatchWriteItem), changed ones (conditional put); the run
      // item's figures and the end of its lease, or the failure (conditional UpdateItem).
      optimizerRecommendations: { actions: ['Query', 'BatchWriteItem', 'PutItem', 'UpdateItem'] },
      // Read the user's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The ad account list through the per-user cache.
      graphCache: { actions: ['GetItem', 'PutItem'] },
      // Reading an account holds one of the plan's connected-ad-accounts places, as it did in the request.
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      userPlans: { actions: ['GetItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    memorySize: 1024,
    // A read stops paging when time runs short (a partial read); no request waits on it. The run item's lease
    // outlives this by a minute (lambdas/optimizer/read-decision.ts).
    timeoutSeconds: 60,
  },
  'automation-rules': {
    description:
      'Automation rules: save versioned rules, backtest on the account history, switch on/off, run now, history',
    tables: {
      // Rules, their versions and settings: conditional puts and updates on the version, list, delete.
      automationRules: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'] },
      // Run history, newest first.
      ruleRuns: { actions: ['Query'] },
      // The backtest reads the account's history with the user's token (re-written once if stored unencrypted).
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The plan's rules-on-at-once limit: take a place when a rule is switched on (conditional update), free it.
      quotaUsage: { actions: ['UpdateItem'] },
      // The user's plan, which sets that limit.
      userPlans: { actions: ['GetItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    siteUrl: true,
    // "Run now" queues the user's run like the scheduler does.
    sendsJobs: ['ruleRuns'],
    memorySize: 1024,
    timeoutSeconds: 29,
  },
  'rules-runner': {
    description: 'Automation rules tick: finds switched-on rules and queues one run per user',
    tables: {
      // The sparse index of switched-on rules: one Query per tick, no Scan.
      automationRules: { actions: [], indexActions: ['Query'] },
    },
    sendsJobs: ['ruleRuns'],
    schedule: { everyMinutes: 5 },
    timeoutSeconds: 60,
  },
  'rules-evaluator': {
    description: "Evaluates one user's due rules on their Meta data and acts through the audited Meta change path",
    tables: {
      // Read the rules and settings; per-object cooldown and daily budget state (conditional put/update).
      automationRules: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'] },
      // Claim a rule's window once (conditional put), give it back when the run failed, write history.
      ruleRuns: { actions: ['PutItem', 'DeleteItem'] },
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The Meta change path (lambdas/lib/meta-changes): lock per object, append-only audit, outbox event.
      campaignAudit: { actions: ['PutItem'] },
      campaignLocks: { actions: ['PutItem', 'DeleteItem'] },
      eventOutbox: { actions: ['PutItem'] },
      // After a change the user's cached Meta reads are forgotten, so /campaigns shows it.
      graphCache: { actions: ['Query', 'BatchWriteItem'] },
      // The plan: its ad-account limit before a change that spends (read the places held), and its rules-on
      // limit after a downgrade (read the rules' places, free the ones switched off, hold the ones kept).
      quotaUsage: { actions: ['GetItem', 'UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    siteUrl: true,
    memorySize: 1024,
    // An account with thousands of ads: paged reads and a few changes, well inside 5 minutes.
    timeoutSeconds: 300,
  },
  graphics: {
    description:
      'Graphics generator: presigned uploads and their checks, brand kit, saved designs, AI images, past exports (list, delete), upload to Meta adimages',
    tables: {
      // Assets, pending uploads (claimed once by DeleteItem), brand kit, versioned designs (conditional
      // PutItem), export records (listed, deleted), pending-object markers (put, claimed by DeleteItem, swept
      // by Query) and the storage counter (conditional UpdateItem), all under the user's partition.
      graphicsItems: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'] },
      // AI images count against the plan's daily AI generations (and are given back on failure).
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
      aiUsage: { actions: ['UpdateItem'] },
      // "Use in a campaign" reads the user's Meta token; a row stored before field encryption is re-written.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
    },
    buckets: {
      // Uploads land under uploads/ and are read, checked and deleted on confirm; confirmed images, AI
      // images and exports live under users/. Presigned URLs act with these same permissions.
      assets: { actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], keyPatterns: ['uploads/*', 'users/*'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp', 'openai'],
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    ai: true,
    // Decoding and re-encoding images, rendering four sizes: memory buys CPU on Lambda.
    memorySize: 1536,
    // An AI image or an export of four sizes; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'ad-optimizer': {
    description:
      'Ad optimizer: ad cards with fatigue curves and verdicts, rewrites through the ad copy generator, paused A/B copies',
    tables: {
      // Rewrites and their A/B copies per user: conditional put, claim and status steps (conditional update), list.
      adOptimizerTests: { actions: ['PutItem', 'GetItem', 'UpdateItem', 'Query'] },
      // Read the user's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // A/B copies go through the object-change module: append-only audit, a lock per object, the outbox.
      campaignAudit: { actions: ['PutItem'] },
      campaignLocks: { actions: ['PutItem', 'DeleteItem'] },
      eventOutbox: { actions: ['PutItem'] },
      // The per-user request budget of the Meta routes.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      // Ad account lists through the per-user cache; a change forgets the user's cached reads.
      graphCache: { actions: ['GetItem', 'PutItem', 'Query', 'BatchWriteItem'] },
      // The plan's connected-ad-accounts and daily AI generations quotas (conditional updates; creating the
      // A/B copy reads the places held, as after a downgrade), the plan.
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      userPlans: { actions: ['GetItem'] },
      // Token totals per day, as the ad copy generator keeps them.
      aiUsage: { actions: ['UpdateItem'] },
      // The creative report reads an ad account's recorded ad elements; tagging ads made elsewhere adds theirs
      // (a conditional put: never over a record).
      creativeElements: { actions: ['Query', 'PutItem'] },
      // The workspace's business languages (`business-languages`): a rewrite of an ad whose words do not say their
      // language is written in the primary one.
      graphicsItems: { actions: ['GetItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp', 'openai'],
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    ai: true,
    memorySize: 1024,
    // Three insights reads of an account, or a generation with one retry; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  signals: {
    description: 'Signals: pixel and Conversions API health read from Meta, with the fixes ranked',
    tables: {
      // Read the user's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The per-user request budget of the Meta routes.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      // Ad account lists through the per-user cache.
      graphCache: { actions: ['GetItem', 'PutItem', 'Query', 'BatchWriteItem'] },
      // The plan's connected-ad-accounts quota, and the plan.
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      userPlans: { actions: ['GetItem'] },
      // Site keys of the first-party endpoint: create (conditional put), list, revoke (conditional update).
      signalSiteKeys: { actions: ['PutItem', 'Query', 'UpdateItem'] },
      // The endpoint's delivery figures per pixel (hourly counters and refusals); reading an account's signals puts
      // (renews) it among the accounts the signals monitor watches.
      signalDeliveries: { actions: ['Query', 'PutItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    memorySize: 512,
    // Five Graph reads per pixel, in parallel; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  audiences: {
    description:
      'Audiences: custom audiences on Meta (customer lists normalised and hashed here before upload, website visitors, Page engagers, lookalikes)',
    tables: {
      // Read the user's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The per-user request budget of the Meta routes.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      // Ad account lists through the per-user cache.
      graphCache: { actions: ['GetItem', 'PutItem', 'Query', 'BatchWriteItem'] },
      // The plan's connected-ad-accounts quota, and the plan.
      quotaUsage: { actions: ['UpdateItem', 'GetItem'] },
      userPlans: { actions: ['GetItem'] },
      // Whether a member may upload customer lists (GetItem), which the owner sets on the member's row (UpdateItem);
      // the caller's memberships, to check the workspace their request names (Query).
      workspaceMemberships: { actions: ['GetItem', 'UpdateItem', 'Query'] },
      // Every customer-data upload and refresh is audited in the append-only trail (conditional puts only), and
      // the owner reads the latest ones (Query on the customer-data key prefix).
      campaignAudit: { actions: ['PutItem', 'Query'] },
    },
    buckets: {
      // Each customer list's hashes from its last upload: written after an upload, read by a refresh, deleted
      // with the audience. A large list's upload: its state written (PutObject) and the browser's PUT presigned
      // under uploads/*, its state and whether the file arrived read (GetObject, HeadObject) there.
      customerLists: {
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        keyPatterns: ['hashes/*', 'uploads/*'],
      },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    // The Meta configuration (redirect URI) is built from the site's URL.
    siteUrl: true,
    // A large customer list is handed to customer-list-worker once its file is in the bucket.
    sendsJobs: ['customerLists'],
    // A 5 MB CSV is read, normalised and hashed in memory, then sent in requests of 10,000 rows.
    memorySize: 1024,
    // Up to six uploads of 10,000 rows; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'customer-list-worker': {
    description:
      'Streams a large customer list from the bucket, normalises and hashes it, uploads it to Meta in sessions of 10,000, records progress, deletes the file',
    tables: {
      // The workspace's Meta token; re-write a row stored before field encryption.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // Every upload is audited in the append-only trail (conditional puts only).
      campaignAudit: { actions: ['PutItem'] },
    },
    buckets: {
      // Read the file and the upload's state, write its progress, delete the file once hashed (uploads/*); keep the
      // hashes for a later refresh (hashes/*, written only).
      customerLists: {
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        keyPatterns: ['uploads/*', 'hashes/*'],
      },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    siteUrl: true,
    // The file is streamed: memory holds a piece of it, a batch of 10,000 rows and the kept hashes (about 160 MB for
    // a million rows, benchmarks.md); 2 GB gives a whole vCPU for the hashing.
    memorySize: 2048,
    // 1,000,000 rows take about a minute on this machine (benchmarks.md); Lambda's most.
    timeoutSeconds: 900,
  },
  'signals-intake': {
    description:
      'POST /api/signals/events: the first-party Conversions API endpoint; checks the site key, hashes customer data, queues for Meta',
    tables: {
      // The key by its hash (the index only: the table itself is never read or written here).
      signalSiteKeys: { actions: [], indexActions: ['Query'] },
      // Claim each event once (leased conditional put; a refused claim is read to tell a duplicate from one in
      // flight), confirm it once queued or give it back when queuing failed, count the hour.
      signalDeliveries: { actions: ['PutItem', 'GetItem', 'DeleteItem', 'UpdateItem'] },
    },
    sendsJobs: ['signalDeliveries'],
    memorySize: 256,
    // Anyone holding a site key (it is in the site's pages) can call it: its ceiling keeps the API's concurrency free.
    reservedConcurrency: 20,
  },
  'signals-delivery': {
    description:
      'Drains the signal deliveries queue: batches of up to 1,000 events per pixel to the Conversions API, with retries',
    tables: {
      // Which events were already delivered (a redelivered message), then their new status; counters and refusals.
      signalDeliveries: { actions: ['BatchGetItem', 'BatchWriteItem', 'UpdateItem'] },
      // The workspace's Meta token (a row stored before field encryption is re-written encrypted).
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    siteUrl: true,
    memorySize: 512,
    // A batch of 1,000 messages may be a few Meta requests, each retried with backoff.
    timeoutSeconds: 120,
  },
  'signals-monitor': {
    description:
      'Signals monitor (hourly): the pixels of each ad account whose signals someone read in the last 30 days, from Meta; an event that stops, falling de-duplication or a match-quality drop raises one alert a day',
    tables: {
      // The workspace's Meta token (re-written encrypted if stored before field encryption).
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      // The watched accounts (one partition, queried a page at a time), each pixel's daily quality snapshot (put,
      // earlier days queried) and each alert's claim (conditional put, deleted when the bus refused the alert).
      signalDeliveries: { actions: ['PutItem', 'Query', 'DeleteItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    eventBus: true,
    // The Meta configuration and the alert's link to the signals screen.
    siteUrl: true,
    schedule: { everyMinutes: 60 },
    memorySize: 512,
    // Five Graph reads per pixel, pixels one after another, for every watched account.
    timeoutSeconds: 300,
  },
  reports: {
    description:
      'Reports (issue 28 req 4): per-workspace report settings, a period’s figures and PDF from the dashboard’s Meta reads, the sends',
    tables: {
      // The settings (get, put) and the sends (Query of `send#`).
      reports: { actions: ['GetItem', 'PutItem', 'Query'] },
      // The Meta session as the dashboard's routes open it: the workspace's token (re-written encrypted once if
      // stored before field encryption), the request budget, the cached reads, the plan's ad-account places.
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      graphCache: { actions: ['GetItem', 'PutItem'] },
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
      // The changes applied in the period: the optimizer's rows of the account, read only.
      optimizerRecommendations: { actions: ['Query'] },
      // The brand kit's colours and logo.
      graphicsItems: { actions: ['GetItem'] },
      // The newest fitted marketing-mix model and its report's parts, read only.
      mmmModels: { actions: ['Query'] },
    },
    // The brand kit's logo (a PNG or SVG the workspace uploaded), read only.
    buckets: { assets: { actions: ['s3:GetObject'], keyPatterns: ['users/*/assets/*'] } },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    // The written summary: one structured generation from the report's figures, checked number by number.
    secrets: ['metaApp', 'openai'],
    ai: true,
    siteUrl: true,
    // pdfkit's standard fonts, which it loads at run time, and resvg's .wasm for an SVG logo
    // (infra/cdk/lib/bundling/bundled-files.ts).
    bundledFiles: 'reportRenderer',
    memorySize: 1024,
    // Three insights reads of a month and the PDF; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'reports-sender': {
    description:
      'Reports tick (hourly): each workspace whose weekly or monthly period ended gets its report once (claimed before the email)',
    tables: {
      // The switched-on settings (the sparse `by-cadence` index), each workspace's settings, the send claimed by a
      // conditional put before sending and marked sent or failed after (given back, DeleteItem, when Meta could not be read).
      reports: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexActions: ['Query'] },
      // The workspace's Meta token (re-written encrypted once if stored before field encryption).
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
      optimizerRecommendations: { actions: ['Query'] },
      // The brand kit (colours, logo) and the newest fitted marketing-mix model, read only.
      graphicsItems: { actions: ['GetItem'] },
      mmmModels: { actions: ['Query'] },
    },
    buckets: { assets: { actions: ['s3:GetObject'], keyPatterns: ['users/*/assets/*'] } },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    // The written summary, as the reports function writes it.
    secrets: ['metaApp', 'openai'],
    ai: true,
    siteUrl: true,
    email: true,
    schedule: { everyMinutes: 60 },
    bundledFiles: 'reportRenderer',
    memorySize: 1024,
    // Three insights reads and a PDF per workspace, one workspace after another.
    timeoutSeconds: 300,
  },
  'graphics-export': {
    description:
      'Graphics export: renders a saved design at Meta sizes with the one renderer (satori + resvg WASM), checks it, writes PNG/JPEG and a ZIP to S3, alt text, export quota',
    tables: {
      // The saved design (GetItem), the exported images' asset records and the export record (PutItem), and the
      // storage counter (conditional UpdateItem), all under the user's partition. A pending marker is put before
      // the objects are written and deleted after; a failed write deletes the records it wrote (DeleteItem) and
      // checks which records exist (GetItem) before deleting their objects.
      graphicsItems: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
      // The plan's graphics exports a month, counted before rendering and given back when it fails.
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
    },
    buckets: {
      // Reads the design's images and writes the exports, under users/ only; presigned GETs act with GetObject.
      // A write whose records fail deletes the objects it wrote (DeleteObject), so none stays without a record.
      assets: { actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], keyPatterns: ['users/*'] },
    },
    // Alt text through the AI engine (a failed model falls back to the design's own words).
    secrets: ['openai'],
    ai: true,
    // The fonts and resvg .wasm copied beside the bundle (shared/graphics/render-assets.ts).
    bundledFiles: 'graphicsRenderer',
    // Rasterising four 1080-wide images and encoding them: memory buys CPU on Lambda.
    memorySize: 2048,
    // The HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'graphics-video': {
    description:
      'Video ads from a saved design: checks the request, counts a graphics export and queues the render (202), answers its progress, lists the renders under way or ended unseen, and marks one seen',
    tables: {
      // The saved design and its images' records (GetItem); the render job (PutItem, read with GetItem, marked
      // failed with UpdateItem when it cannot be queued, marked seen with UpdateItem; the workspace's jobs under way
      // or ended unseen listed with Query); the finished video's record (GetItem).
      graphicsItems: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'] },
      // A video counts as one graphics export a month, counted when queued and given back when queueing fails.
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
    },
    buckets: {
      // Reads the design's images (they must exist before a render is queued); presigns the finished video's GETs.
      assets: { actions: ['s3:GetObject'], keyPatterns: ['users/*'] },
    },
    sendsJobs: ['videoRenders'],
    timeoutSeconds: 29,
  },
  'graphics-video-worker': {
    description:
      'Renders queued video ads: a 6–15 s H.264 MP4 (9:16 or 1:1) with FFmpeg (node-av) and a closing-card PNG, stored in S3, progress on the job',
    tables: {
      // The job (GetItem; claimed, progress, ready or failed with UpdateItem); the saved design and its images'
      // records (GetItem); the video record and the pending marker around its objects (PutItem, DeleteItem; GetItem
      // when a failed write checks which records exist); the storage counter (UpdateItem).
      graphicsItems: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
      // A failed render gives its graphics export back (UpdateItem); the plan sets the storage limit (GetItem).
      quotaUsage: { actions: ['UpdateItem'] },
      userPlans: { actions: ['GetItem'] },
    },
    buckets: {
      // Reads the design's images and writes the video and its thumbnail, under users/ only.
      assets: { actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], keyPatterns: ['users/*'] },
    },
    // The renderer's fonts and WASM, and FFmpeg's addon (node-av) in node_modules/ beside the bundle.
    bundledFiles: 'videoRenderer',
    // The addon npm installs here is linux-x64's (arm64's would have to be fetched for the asset at synth).
    architecture: 'x86_64',
    // A 15 s 1080×1920 render took 10.6 s of CPU on one core, peak 880 MB (docs/benchmarks.md); 3,008 MB gives
    // ~1.7 vCPUs (x264 uses them) and is the most a new account may configure without asking.
    memorySize: 3008,
    // No request waits: room for the longest video on a slow vCPU (and the twin on a busy machine), many times over.
    timeoutSeconds: 300,
  },
  team: {
    description: 'Team of a workspace: invitations by email (single-use hashed tokens), members, seats of the plan',
    tables: {
      // A member's rows: read, put once on accept (conditional), deleted on remove or leave; the caller's own
      // memberships (Query, also to check the workspace their request names); the members by workspace (index).
      workspaceMemberships: { actions: ['GetItem', 'PutItem', 'DeleteItem', 'Query'], indexActions: ['Query'] },
      // Invitations: put, read by id on accept, claimed by the accepting person (conditional UpdateItem: the first
      // step of a crash-safe accept), deleted (conditionally) when accepted, revoked or found expired.
      teamInvitations: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexActions: ['Query'] },
      // Seats are a held quota: one conditional UpdateItem takes or frees a place; usage read consistently. An
      // agency's client workspaces are its `client#<id>` items (put on attach or create, deleted on detach, listed
      // by Query); detaching gives the client's ad-account places in the pool back (GetItem, UpdateItem).
      quotaUsage: { actions: ['GetItem', 'UpdateItem', 'PutItem', 'DeleteItem', 'Query'] },
      // Plans read for seats; a client workspace's plan record (billed to its agency) put once when an agency
      // creates it (conditional: never over an existing record); attach sets and detach removes its `billed_to`
      // (conditional UpdateItem).
      userPlans: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
      // Attaching and detaching a client workspace, one row in the agency's trail and one in the client's.
      campaignAudit: { actions: ['PutItem'] },
      // A client workspace's owner leaving its agency's plan is announced to the agency (client_detached).
      eventOutbox: { actions: ['PutItem'] },
    },
    // The inviter's and the invitee's verified email come from their pool attributes (access tokens carry none).
    userPool: ['AdminGetUser'],
    // The join link in the invitation.
    siteUrl: true,
    email: true,
  },
  approvals: {
    description:
      'Client approvals: a campaign plan, recommendations or an agent proposal sent to the client in the app or by a signed link, answered once, audited',
    tables: {
      // Approvals: put once (conditional), read, listed per workspace or draft, decided once (conditional update);
      // the workspace's setting (put, read); a link found by its token's hash (index); a resend's fresh link
      // (conditional update) and the replaced link's row (put).
      approvals: { actions: ['PutItem', 'GetItem', 'UpdateItem', 'Query'], indexActions: ['Query'] },
      // The plan sent is read from the workspace's draft.
      campaignDrafts: { actions: ['GetItem'] },
      // Recommendations and agent proposals sent are read from the workspace's rows.
      optimizerRecommendations: { actions: ['GetItem'] },
      // The public link page's rate limit per viewer address: read a bucket, write it back.
      rateLimitBuckets: { actions: ['GetItem', 'PutItem'] },
      // Sent and answered approvals go to Slack as `campaign` events through the outbox.
      eventOutbox: { actions: ['PutItem'] },
      // An email's From name when none is given: the Reports sender name, else the workspace's name (the acting
      // person's membership, GetItem); Query is the request's workspace lookup every workspace route makes.
      reports: { actions: ['GetItem'] },
      workspaceMemberships: { actions: ['GetItem', 'Query'] },
    },
    // A link may be emailed to the client (SES), pointing at the site.
    siteUrl: true,
    email: true,
    timeoutSeconds: 10,
  },
  'agency-overview': {
    description:
      "Agency overview: every workspace the person belongs to, its month's spend, results, cost per result, ROAS and budget pace against the targets its agency set",
    tables: {
      // The caller's own memberships (the only source of the workspaces listed), and the one row checked before a
      // target is set.
      workspaceMemberships: { actions: ['GetItem', 'Query'] },
      // Targets: read each listed workspace's (GetItem), set one (PutItem).
      clientTargets: { actions: ['GetItem', 'PutItem'] },
      // Each workspace's Meta token (re-written encrypted if stored before field encryption).
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    siteUrl: true,
    memorySize: 512,
    // One account-level insights read per workspace, four at a time; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'agency-monitor': {
    description:
      'Agency monitor (hourly): each client with targets read as the overview reads it; off target or off pace raises one alert per client, kind and day',
    tables: {
      // All targets (one partition, a page at a time), each alert's claim (conditional put, deleted when the bus
      // refused the alert so the next tick tries again).
      clientTargets: { actions: ['Query', 'PutItem', 'DeleteItem'] },
      userMetaConnections: { actions: ['GetItem', 'UpdateItem'] },
    },
    kmsKeys: { metaTokens: ['kms:Decrypt', 'kms:Encrypt'] },
    secrets: ['metaApp'],
    eventBus: true,
    // The Meta configuration and the alert's link to the overview.
    siteUrl: true,
    schedule: { everyMinutes: 60 },
    memorySize: 512,
    timeoutSeconds: 300,
  },
} as const satisfies Record<string, FunctionDeclaration>;

export type FunctionName = keyof typeof functions;

/** Functions Cognito invokes (created beside the user pool). */
export type TriggerFunctionName = {
  [K in FunctionName]: (typeof functions)[K] extends { cognitoTrigger: CognitoTrigger } ? K : never;
}[FunctionName];

/** Functions deployed with the code (stateless stack, or the edge stack for `edge: true`): all but the Cognito triggers. */
export type AppFunctionName = Exclude<FunctionName, TriggerFunctionName>;

/** A function's entry, widened to the declaration type (for code that walks the table). */
export function functionDeclaration(name: FunctionName): FunctionDeclaration {
  return functions[name];
}

export function functionNames(): FunctionName[] {
  return Object.keys(functions) as FunctionName[];
}

export function triggerFunctionNames(): TriggerFunctionName[] {
  return functionNames().filter((name): name is TriggerFunctionName => 'cognitoTrigger' in functions[name]);
}

export function appFunctionNames(): AppFunctionName[] {
  return functionNames().filter((name): name is AppFunctionName => !('cognitoTrigger' in functions[name]));
}

/** App functions deployed in the edge stack (`edge: true`): the ones CloudFront fronts by function URL. */
export function edgeFunctionNames(): AppFunctionName[] {
  return appFunctionNames().filter((name) => functionDeclaration(name).edge === true);
}

/** App functions deployed in the stateless stack: all but the Cognito triggers and the edge functions. */
export function statelessFunctionNames(): AppFunctionName[] {
  return appFunctionNames().filter((name) => functionDeclaration(name).edge !== true);
}

/** The function wired to a user pool trigger. */
export function triggerFunction(trigger: CognitoTrigger): TriggerFunctionName {
  const found = triggerFunctionNames().find((name) => functionDeclaration(name).cognitoTrigger === trigger);
  if (!found) throw new Error(`No function in shared/functions.ts declares cognitoTrigger: '${trigger}'`);
  return found;
}
