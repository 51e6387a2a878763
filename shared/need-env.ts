/**
 * Kept apart from shared/functions.ts so a function reading one of these names does not load the
 * functions table (and, through it, every route's schemas) into its bundle.
 */
/** Env var names of the needs that are not per-key (tables and secrets use tableEnvVar / secretEnvVar). */
export const NEED_ENV = {
  eventBus: 'EVENT_BUS_NAME',
  userPool: 'USER_POOL_ID',
  userTokensIssuer: 'USER_POOL_ISSUER',
  userTokensClientId: 'USER_POOL_CLIENT_ID',
  /** An edge function's alternative to the two above: `s3://<site bucket>/config.json`, the SPA's runtime config. */
  userTokensWebConfig: 'USER_POOL_WEB_CONFIG',
  siteUrl: 'SITE_URL',
  aiOfflineModel: 'AI_OFFLINE_MODEL',
  aiBaseUrl: 'OPENAI_BASE_URL',
  aiDailyGenerationLimit: 'AI_DAILY_GENERATION_LIMIT',
  emailFrom: 'EMAIL_FROM_ADDRESS',
  /**
   * Whether owners of paid workspaces need authenticator-app MFA on routes that move money: `required` or
   * `optional` (the deployment's setting, infra/cdk/config.ts `mfaForPaidOwners`).
   */
  strongSignIn: 'MFA_FOR_PAID_OWNERS',
  /** Where button clicks go (shared/slack-clicks.ts): the operators' setting, read by the Slack forwarder. */
  slackClicks: 'SLACK_CLICKS',
} as const;
