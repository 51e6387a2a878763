import type { SecretKey } from '@shared/secrets';
import type { TableKey } from '@shared/tables';

/**
 * The function catalogue: every Lambda function and what it may touch. This is
 * the ONE place that decides a function's environment and IAM permissions; the
 * stacks read it and call the matching `bind*` helper of `AppFunction`, which
 * sets the env var and the grant together. Adding a function is one entry here
 * (plus its `lambdas/<name>/handler.ts`); its routes come from shared/routes.ts.
 */

/** Cognito admin actions a function may call on the user pool (least privilege: name each one). */
export type UserPoolAction =
  'AdminGetUser' | 'AdminUpdateUserAttributes' | 'AdminDeleteUser' | 'AdminUserGlobalSignOut';

export type TableAccess = 'read' | 'readWrite';

export interface FunctionNeeds {
  /** Shown in the Lambda console; say what the function is for. */
  description: string;
  /**
   * Tables by key, with the access the function needs. Env: TABLE_* (tableEnvVar).
   * A function learns only the names of the tables it may use.
   */
  tables?: Partial<Record<TableKey, TableAccess>>;
  /** Secrets it reads. Env: SECRET_* (secretEnvVar) holding the secret's ARN. */
  secrets?: readonly SecretKey[];
  /** Puts events on the bus. Env: EVENT_BUS_NAME. */
  eventBus?: boolean;
  /** Admin actions on the user pool. Env: USER_POOL_ID. */
  userPool?: readonly UserPoolAction[];
  /** Builds links back to the site. Env: SITE_URL. */
  siteUrl?: boolean;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 (seconds) */
  timeoutSeconds?: number;
}

/**
 * Functions behind HTTP API routes. Every function named by shared/routes.ts must
 * have an entry; an entry no route names yet is simply not deployed.
 */
export const httpFunctions = {
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
      userMetaConnections: 'readWrite',
      campaignAudit: 'readWrite',
      graphCache: 'readWrite',
    },
    secrets: ['metaApp'],
    eventBus: true,
    siteUrl: true,
    memorySize: 1024,
    // Graph calls can be slow; the HTTP API gives up at 30 s.
    timeoutSeconds: 29,
  },
  'meta-oauth-callback': {
    description: 'Meta OAuth: dialog config with a signed state, and the code exchange on callback',
    tables: {
      oauthStates: 'readWrite',
      userMetaConnections: 'readWrite',
    },
    secrets: ['metaApp', 'oauthStateKey'],
    siteUrl: true,
    timeoutSeconds: 29,
  },
} as const satisfies Record<string, FunctionNeeds>;

/**
 * Cognito triggers. They live beside the user pool, which references them, so
 * they must not need the pool itself (that would be a dependency cycle): no
 * `userPool` here, and Cognito hands them the pool id in every event anyway.
 */
export const authTriggerFunctions = {
  'auth-custom-message': {
    description: 'Cognito custom message: turns verification and reset codes into links to the site',
    siteUrl: true,
    memorySize: 256,
    timeoutSeconds: 5,
  },
  'auth-post-confirmation': {
    description: 'Cognito post confirmation: puts a signup event on the bus',
    eventBus: true,
    memorySize: 256,
    timeoutSeconds: 5,
  },
} as const satisfies Record<string, Omit<FunctionNeeds, 'userPool'>>;

/**
 * The catalogue entries of the functions the routes table names, so a route can
 * never point at a function that is not deployed. Throws naming each missing entry.
 */
export function routedFunctions(routeFunctionNames: readonly string[]): Record<string, FunctionNeeds> {
  const catalogue: Record<string, FunctionNeeds> = httpFunctions;
  const missing = routeFunctionNames.filter((name) => !(name in catalogue));
  if (missing.length > 0) {
    throw new Error(
      `Functions named in shared/routes.ts have no entry in infra/lib/function-catalogue.ts (httpFunctions): ${missing
        .map((name) => `"${name}"`)
        .join(', ')}`,
    );
  }
  return Object.fromEntries(routeFunctionNames.map((name) => [name, catalogue[name]!]));
}
