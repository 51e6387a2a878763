import type { SecretKey } from '../../shared/secrets';
import type { TableKey } from '../../shared/tables';

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

export interface FunctionNeeds {
  /** Shown in the Lambda console; say what the function is for. */
  description: string;
  /** Tables by key, with the access the function needs. Env: TABLE_* (tableEnvVar). */
  tables?: Partial<Record<TableKey, 'read' | 'readWrite'>>;
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

/** Functions behind HTTP API routes; the keys must equal `httpFunctionNames()`. */
export const httpFunctions = {
  health: {
    description: 'GET /api/health: liveness of the API',
    memorySize: 256,
  },
  account: {
    description: 'The signed-in user profile (/api/me), read from and written to Cognito',
    userPool: ['AdminGetUser', 'AdminUpdateUserAttributes'],
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
 * Checks that the catalogue and the routes table agree, so a route can never
 * point at a function that is not deployed (or vice versa). Throws naming each mismatch.
 */
export function assertCatalogueCoversRoutes(routeFunctionNames: readonly string[]): void {
  const catalogued = Object.keys(httpFunctions);
  const missing = routeFunctionNames.filter((name) => !catalogued.includes(name));
  const unused = catalogued.filter((name) => !routeFunctionNames.includes(name));
  const problems = [
    ...missing.map((name) => `"${name}" serves routes in shared/routes.ts but has no entry in httpFunctions`),
    ...unused.map((name) => `"${name}" is in httpFunctions but no route in shared/routes.ts uses it`),
  ];
  if (problems.length > 0) {
    throw new Error(`Function catalogue out of step with the routes table:\n  - ${problems.join('\n  - ')}`);
  }
}
