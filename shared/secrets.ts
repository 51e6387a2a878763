import * as z from 'zod';

/**
 * A secret's declaration. Its schema is built when it is first read, not when the table is imported: every HTTP
 * function imports the table (the origin check reads `originVerify`) and reads one to three of its secrets, so it
 * builds only theirs (issue 23 req 15: the table's eight schemas were ~31 zod instances at every function's init).
 */
function secret<Schema extends z.ZodObject>(declaration: { name: string; description: string; schema: () => Schema }) {
  let built: Schema | undefined;
  return {
    name: declaration.name,
    description: declaration.description,
    /** The JSON the secret holds. */
    get schema(): Schema {
      return (built ??= declaration.schema());
    },
  };
}

/**
 * The secrets table: each Secrets Manager secret, the JSON it holds, and what
 * an operator puts in it. CDK creates them (with placeholders, never values),
 * the twin provisions them with local values, functions read them by key.
 */
export const secrets = {
  /** Meta app credentials for OAuth and appsecret_proof. */
  metaApp: secret({
    name: 'meta-app',
    description: 'Meta app id and app secret: {"appId":"...","appSecret":"..."}',
    schema: () => z.object({ appId: z.string(), appSecret: z.string() }),
  }),
  /** Key that signs OAuth state values (HMAC-SHA256). Generated at deploy. */
  oauthStateKey: secret({
    name: 'oauth-state-key',
    description: 'HMAC key for OAuth state: {"key":"..."} (generated)',
    schema: () => z.object({ key: z.string().min(32) }),
  }),
  /** OpenAI API key; empty means the offline model. */
  openai: secret({
    name: 'openai',
    description: 'OpenAI API key: {"apiKey":"sk-..."}',
    schema: () => z.object({ apiKey: z.string() }),
  }),
  /** Incoming-webhook URLs for Slack and the automation webhook. */
  notifications: secret({
    name: 'notifications',
    description:
      'Delivery URLs: {"slackWebhookUrl":"https://hooks.slack.com/...","automationWebhookUrl":"https://..."}',
    schema: () => z.object({ slackWebhookUrl: z.string(), automationWebhookUrl: z.string() }),
  }),
  /** Key that signs marketing-mix share links (HMAC-SHA256). Generated at deploy. */
  mmmShareKey: secret({
    name: 'mmm-share-key',
    description: 'HMAC key for marketing-mix share links: {"key":"..."} (generated)',
    schema: () => z.object({ key: z.string().min(32) }),
  }),
  /**
   * Keys the chatbot's stored address hashes (HMAC-SHA256), so the rate-limit table cannot be turned back into
   * visitors' addresses by anyone who reads this code. Generated at deploy.
   */
  chatAddressSalt: secret({
    name: 'chat-address-salt',
    description: 'HMAC key for the chat rate limit address hashes: {"key":"..."} (generated)',
    schema: () => z.object({ key: z.string().min(32) }),
  }),
  /** Stripe API key and the webhook endpoint's signing secret. */
  stripe: secret({
    name: 'stripe',
    description: 'Stripe keys: {"secretKey":"sk_live_...","webhookSecret":"whsec_..."}',
    schema: () => z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1) }),
  }),
  /**
   * The value CloudFront adds to every `/api/*` request (ORIGIN_VERIFY_HEADER); functions behind
   * the HTTP API refuse a request without it, so the execute-api URL alone reaches nothing.
   * Generated at deploy; the distribution reads it through a CloudFormation dynamic reference.
   */
  originVerify: secret({
    name: 'origin-verify',
    description: 'Shared value CloudFront sends to the API in the origin-verify header: {"value":"..."} (generated)',
    schema: () => z.object({ value: z.string().min(32) }),
  }),
} as const;

/** The header that carries the `originVerify` secret from CloudFront (or the twin's web proxy) to the API. */
export const ORIGIN_VERIFY_HEADER = 'x-adsmith-origin-verify';

export type SecretKey = keyof typeof secrets;
export type SecretValue<K extends SecretKey> = z.infer<(typeof secrets)[K]['schema']>;

/** The environment variable that carries a secret's id (name or ARN) to a function. */
export function secretEnvVar(key: SecretKey): string {
  return `SECRET_${secrets[key].name.toUpperCase().replace(/-/g, '_')}`;
}
