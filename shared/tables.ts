/**
 * The tables table: every DynamoDB table, its keys, indexes and TTL. CDK creates
 * them, the local twin provisions them, repositories find them by key.
 */
export type AttributeType = 'S' | 'N';

export interface KeyDeclaration {
  name: string;
  type: AttributeType;
}

export interface TableDeclaration {
  /** Logical name, also the physical name's suffix. */
  name: string;
  partitionKey: KeyDeclaration;
  sortKey?: KeyDeclaration;
  /** Attribute holding epoch seconds after which DynamoDB may delete the item. Clean-up only: readers check expiry. */
  ttlAttribute?: string;
  globalIndexes?: { name: string; partitionKey: KeyDeclaration; sortKey?: KeyDeclaration }[];
  /**
   * A DynamoDB stream of new items (NEW_IMAGE), for tables whose inserts are relayed elsewhere
   * (the event outbox: stream → EventBridge Pipes; the twin relays by reading the table).
   */
  stream?: 'NEW_IMAGE';
}

export const tables = {
  /** A user's Meta connection: one row per Cognito user. */
  userMetaConnections: {
    name: 'user_meta_connections',
    partitionKey: { name: 'user_id', type: 'S' },
  },
  /** Issued OAuth `state` nonces, consumed once on callback. */
  oauthStates: {
    name: 'oauth_states',
    partitionKey: { name: 'nonce', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Who changed which campaign, from what to what, when. */
  campaignAudit: {
    name: 'campaign_audit',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'changed_at_id', type: 'S' },
  },
  /**
   * Who is changing a campaign right now: one item per campaign, put only if absent or expired,
   * deleted by its holder, so changes to one campaign run one at a time.
   */
  campaignLocks: {
    name: 'campaign_locks',
    partitionKey: { name: 'campaign_id', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Events waiting to reach the bus (lambdas/lib/outbox): written in the request, relayed by the
   * table's stream through EventBridge Pipes (locally by the twin's relay), so a bus outage
   * delays an event instead of losing it. TTL clears relayed rows.
   */
  eventOutbox: {
    name: 'event_outbox',
    partitionKey: { name: 'event_id', type: 'S' },
    ttlAttribute: 'expires_at',
    stream: 'NEW_IMAGE',
  },
  /** Per-user token buckets (lambdas/lib/rate-limit): the request budget of the Meta routes. */
  rateLimitBuckets: {
    name: 'rate_limit_buckets',
    partitionKey: { name: 'bucket_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Short-lived per-user cache of identical Graph reads. */
  graphCache: {
    name: 'graph_cache',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'cache_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Each user's plan as billing recorded it from Stripe; found by Stripe customer for webhooks. */
  userPlans: {
    name: 'user_plans',
    partitionKey: { name: 'user_id', type: 'S' },
    globalIndexes: [{ name: 'by_stripe_customer', partitionKey: { name: 'stripe_customer_id', type: 'S' } }],
  },
  /** Stripe webhook events already handled (Stripe may deliver one more than once). */
  stripeEvents: {
    name: 'stripe_events',
    partitionKey: { name: 'event_id', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Tokens each user's AI generations used per UTC day (the generation quota itself is in quotaUsage). */
  aiUsage: {
    name: 'ai_usage',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'day', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Plan quota counters (lambdas/lib/quota): one item per user per windowed limit and window
   * (`aiGenerationsPerDay#2026-11-22`, `mmmFitsPerMonth#2026-11`), one per held limit (`connectedAdAccounts`).
   */
  quotaUsage: {
    name: 'quota_usage',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'counter', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Ad copy a user saved, newest first by sort key. */
  adCopyHistory: {
    name: 'ad_copy_history',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'saved_at_id', type: 'S' },
  },
  /** Contact form submissions (public `POST /api/contact`), one row each. */
  contactMessages: {
    name: 'contact_messages',
    partitionKey: { name: 'id', type: 'S' },
  },
  /** Requests per client address per window on public endpoints (contact form, anonymous clicks). */
  publicThrottle: {
    name: 'public_throttle',
    partitionKey: { name: 'client_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Events already delivered, by dedupe key: SQS and EventBridge deliver at least once, Slack must see once. */
  notificationDedupe: {
    name: 'notification_dedupe',
    partitionKey: { name: 'dedupe_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** The forwarders' recent posts (no personal data), newest first per target: the ops page reads them. */
  notificationDeliveries: {
    name: 'notification_deliveries',
    partitionKey: { name: 'target', type: 'S' },
    sortKey: { name: 'at_id', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Marketing-mix datasets a user uploaded (validated, compressed), one row each. */
  mmmDatasets: {
    name: 'mmm_datasets',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'dataset_id', type: 'S' },
  },
  /**
   * Marketing-mix models per user: the model row (`<id>`: status, progress, headline figures) and
   * its report in compressed parts (`<id>#part#<n>`), so a report of any size stays under the
   * 400 KB item limit.
   */
  mmmModels: {
    name: 'mmm_models',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
  },
  /**
   * The first-party Conversions API's site keys per workspace (`key_id`): label, pixel, SHA-256 of the key (never the
   * key), revocation. The endpoint finds a key by its hash through `by-key-hash`; revoking removes the hash, so the
   * index no longer holds it.
   */
  signalSiteKeys: {
    name: 'signal_site_keys',
    partitionKey: { name: 'workspace_id', type: 'S' },
    sortKey: { name: 'key_id', type: 'S' },
    globalIndexes: [{ name: 'by-key-hash', partitionKey: { name: 'key_hash', type: 'S' } }],
  },
  /**
   * The endpoint's deliveries per workspace and pixel (`<workspace>#<pixel>`): one row per accepted event
   * (`event#<name>#<id>`: its status, never its data), hourly counters (`hour#<yyyy-mm-ddThh>`) and Meta's refusals
   * (`rejection#<time>#<id>`: the field Meta named). Everything expires after 8 days (Meta takes no event older than 7).
   * The signals monitor keeps here too: each pixel's daily quality snapshot (`quality#<day>`) and alert claims
   * (`alert#<day>#<kind>#<event>`), 8 days; and the accounts it watches, in the partition `monitor#watched-accounts`
   * (`<workspace>#<ad account>`), 30 days after someone last read the account's signals.
   */
  signalDeliveries: {
    name: 'signal_deliveries',
    partitionKey: { name: 'pixel_scope', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * The in-app agent (issue 26), per workspace: each person's conversation there (`conversation#<sub>`, kept 30
   * days after its last turn), the workspace's guardrails (`guardrails`, kept), and the day's budget increases its
   * proposals carry (`increases#<UTC day>`, kept two days), counted with a conditional ADD so two tabs cannot pass the cap.
   */
  agentState: {
    name: 'agent_state',
    partitionKey: { name: 'workspace_id', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Personal access tokens of the agent's MCP server (issue 26), per workspace (`token_id`): whose they are
   * (`user_id`, the person), label, scope, SHA-256 of the token (never the token), expiry, last use, revocation. The
   * MCP endpoint finds a token by its hash through `by-token-hash`, then re-reads its row consistently; revoking
   * removes the hash. Rows go 30 days after the token expired (`delete_at`), so the list shows recent expiries.
   */
  agentAccessTokens: {
    name: 'agent_access_tokens',
    partitionKey: { name: 'workspace_id', type: 'S' },
    sortKey: { name: 'token_id', type: 'S' },
    ttlAttribute: 'delete_at',
    globalIndexes: [{ name: 'by-token-hash', partitionKey: { name: 'token_hash', type: 'S' } }],
  },
  /** The chatbot's rate-limit counters: per IP (hashed) or user, per minute and per UTC day. */
  chatRateLimits: {
    name: 'chat_rate_limits',
    partitionKey: { name: 'subject', type: 'S' },
    sortKey: { name: 'window', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Campaign generator drafts (brief, plan, publish record) per user; the publish record makes publishing once-only. */
  campaignDrafts: {
    name: 'campaign_drafts',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'draft_id', type: 'S' },
  },
  /**
   * The optimizer's recommendations per user (keyed by the user, so nobody else can read or approve
   * them), with their proposed changes and, once approved, what was applied and its before values
   * for undo. TTL clears old ones.
   */
  optimizerRecommendations: {
    name: 'optimizer_recommendations',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'recommendation_id', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Share links of marketing-mix reports, keyed by the random share id a signed link carries (so
   * the public page finds the report without naming its owner); the owner lists a model's links
   * through `by_owner_model` (`<user id>#<model id>`). Revoking deletes the row.
   */
  mmmShares: {
    name: 'mmm_shares',
    partitionKey: { name: 'share_id', type: 'S' },
    ttlAttribute: 'expires_at_epoch',
    globalIndexes: [
      {
        name: 'by_owner_model',
        partitionKey: { name: 'owner_model', type: 'S' },
        sortKey: { name: 'created_at', type: 'S' },
      },
    ],
  },
  /**
   * Automation rules per user (issue 13): the current rule (`rule#<id>`), each saved version
   * (`rule#<id>#v#<000001>`, never rewritten), the user's settings (`settings`: the kill switch) and
   * per-object state (`object#<id>`: last action for the cooldown, the day's first budget for the
   * daily cap). Switched-on rules carry `enabled_shard`, so the sparse index lists exactly them.
   */
  automationRules: {
    name: 'automation_rules',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    globalIndexes: [
      {
        name: 'enabled-rules',
        partitionKey: { name: 'enabled_shard', type: 'S' },
        sortKey: { name: 'user_rule', type: 'S' },
      },
    ],
  },
  /**
   * Reports that send themselves (issue 28 req 4), per workspace: its settings (`settings`) and one row per period
   * sent (`send#<period key>`), claimed by a conditional put before the email goes, so a period is sent once.
   * Switched-on settings carry `cadence_on` (weekly|monthly), the sparse index the hourly sender queries.
   */
  reports: {
    name: 'reports',
    partitionKey: { name: 'workspace_id', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    globalIndexes: [
      {
        name: 'by-cadence',
        partitionKey: { name: 'cadence_on', type: 'S' },
        sortKey: { name: 'workspace_id', type: 'S' },
      },
    ],
  },
  /**
   * Rule runs per user: the run claim of a rule and window (`claim#<rule>#<window>`, put once, so a
   * window is evaluated once) and the history row of each run (`run#<time>#<rule>`: every action and
   * why). TTL clears both after 90 days.
   */
  ruleRuns: {
    name: 'rule_runs',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'run_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Graphics per user: assets (`asset#<id>`), uploads awaiting their checks (`upload#<id>`, TTL),
   * the brand kit (`brand-kit`), versioned designs (`design#<id>`), rendered videos (`video#<id>`) and
   * their background renders (`render#<id>`, TTL: only polled while it runs), the storage
   * counter (`storage`) and the videos the campaign generator sent to an ad account (`meta-video#<act>#<sha256>`).
   */
  graphicsItems: {
    name: 'graphics_items',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * The ad optimizer's rewrites per user (keyed by the user, so nobody else can read or approve
   * them): the variants written for an ad and, once approved, the paused A/B copy made from them.
   * The status steps are conditional updates, so a retried approve never creates a second copy.
   */
  adOptimizerTests: {
    name: 'ad_optimizer_tests',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'test_id', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * The elements of each ad (template, layout, headline angle, offer, colour scheme, image kind, call to action,
   * language, format) by Meta ad account and ad id: recorded when Adsmith publishes an ad (`source: 'adsmith'`),
   * tagged once by the AI engine for an ad made elsewhere (`source: 'ai'`). The creative report reads an account's.
   */
  creativeElements: {
    name: 'creative_elements',
    partitionKey: { name: 'ad_account_id', type: 'S' },
    sortKey: { name: 'ad_id', type: 'S' },
  },
  /**
   * Who works in whose workspace: one row per person and workspace they were invited into, with its role
   * (admin, member, client). `workspace_id` is the owner's `sub`; every signed-in request queries its user's rows
   * once (lambdas/lib/team) and keys its data by the workspace it resolves. Nobody has a row for their own.
   */
  /**
   * Before issue 28: one row per member (a person was in at most one workspace besides their own). Kept, unread,
   * so an upgrade replaces nothing: `npm run migrate:memberships` copies its rows into workspaceMemberships once
   * (docs/deploying.md). Remove it in the release after every stage has run the copy.
   */
  teamMemberships: {
    name: 'team_memberships',
    partitionKey: { name: 'user_id', type: 'S' },
    globalIndexes: [
      {
        name: 'by_workspace',
        partitionKey: { name: 'workspace_id', type: 'S' },
        sortKey: { name: 'user_id', type: 'S' },
      },
    ],
  },
  workspaceMemberships: {
    // A new table (not team_memberships with a sort key added): a named table's key schema cannot change in
    // place. One row per (person, workspace) since a person can belong to several (issue 28, req 1).
    name: 'workspace_memberships',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'workspace_id', type: 'S' },
    globalIndexes: [
      {
        name: 'by_workspace',
        partitionKey: { name: 'workspace_id', type: 'S' },
        sortKey: { name: 'user_id', type: 'S' },
      },
    ],
  },
  /**
   * Pending invitations to a workspace: the token's SHA-256 only (the token itself is in the email and nowhere
   * else), deleted when accepted or revoked, so a token works once. Readers check `expires_at`; TTL cleans up.
   */
  teamInvitations: {
    name: 'team_invitations',
    partitionKey: { name: 'invitation_id', type: 'S' },
    ttlAttribute: 'expires_at',
    globalIndexes: [
      {
        name: 'by_workspace',
        partitionKey: { name: 'workspace_id', type: 'S' },
        sortKey: { name: 'invitation_id', type: 'S' },
      },
    ],
  },
  /**
   * Client approvals (issue 28, req 3), per workspace: each approval (`approval#<draft>#<time id>`: what was sent, a
   * snapshot of the plan and its hash, who sent it and when, and who decided what, when, with which comment) and the
   * workspace's setting (`settings`). Rows are the audit trail and are kept. A link's token is stored as its SHA-256
   * only; the public page finds the approval through `by-token-hash`.
   */
  approvals: {
    name: 'approvals',
    partitionKey: { name: 'workspace_id', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    globalIndexes: [{ name: 'by-token-hash', partitionKey: { name: 'token_hash', type: 'S' } }],
  },
  /**
   * The cross-client overview (issue 28, req 2): each client workspace's targets in one partition (`targets`, sort key
   * the workspace id), so the hourly monitor reads them all with one paged Query; and each alert's claim
   * (`alerts#<workspace>`, sort key `<day>#<kind>`), put once before the alert goes out, cleared by TTL.
   */
  clientTargets: {
    name: 'client_targets',
    partitionKey: { name: 'target_scope', type: 'S' },
    sortKey: { name: 'item_key', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Client onboarding links (issue 28, req 5): keyed by the SHA-256 of the link's token (the token is shown once and
   * stored nowhere), with the client workspace, who made it, its expiry and when it was used (once). Readers check
   * `expires_at`; TTL cleans up. The workspace's links are listed through `by_workspace`.
   */
  clientOnboardingLinks: {
    name: 'client_onboarding_links',
    partitionKey: { name: 'token_hash', type: 'S' },
    ttlAttribute: 'expires_at_epoch',
    // The agency's list of a client workspace's links (made, used, expired), newest first.
    globalIndexes: [
      {
        name: 'by_workspace',
        partitionKey: { name: 'workspace_id', type: 'S' },
        sortKey: { name: 'created_at', type: 'S' },
      },
    ],
  },
} as const satisfies Record<string, TableDeclaration>;

export type TableKey = keyof typeof tables;

/** The environment variable that carries a table's physical name to a function. */
export function tableEnvVar(key: TableKey): string {
  return `TABLE_${tables[key].name.toUpperCase()}`;
}
