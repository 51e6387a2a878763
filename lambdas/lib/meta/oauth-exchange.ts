import * as z from 'zod';
import { META_DEFAULT_GRAPH_VERSION } from '@shared/constants';
import { type ApiErrorCode } from '@shared/errors';
import { AppError, isAppError } from '../errors';
import { createAppGraphClient, type GraphClient, type GraphTransportOptions } from './graph-client';

/**
 * Meta's manual login flow, server side: the dialog URL, code → short-lived
 * token, short-lived → long-lived (~60 days), and the reads that follow.
 * The app secret and tokens travel only as request parameters and are never
 * logged (the client reports paths without their query).
 */

export const TokenReplySchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().default('bearer'),
  /** Seconds; Meta leaves it out for tokens that do not expire. */
  expires_in: z.coerce.number().optional(),
});
export type TokenReply = z.infer<typeof TokenReplySchema>;

export interface AppCredentials {
  appId: string;
  appSecret: string;
}

export const exchangeMessages = {
  codeRejected: 'Meta did not accept this sign-in. Please try connecting again.',
} as const;

export interface ExchangeCodeInput extends AppCredentials {
  code: string;
  /** Exactly the redirect_uri the dialog was opened with. */
  redirectUri: string;
  transport?: GraphTransportOptions;
}

/** GET /{v}/oauth/access_token?client_id&client_secret&redirect_uri&code. */
export async function exchangeCode({
  code,
  redirectUri,
  appId,
  appSecret,
  transport,
}: ExchangeCodeInput): Promise<TokenReply> {
  const client = createAppGraphClient(transport ?? {});
  return rejectionsAs(
    exchangeMessages.codeRejected,
    // A code is single-use: repeating a request Meta may already have answered only earns "code has been used".
    client.get(
      'oauth/access_token',
      { client_id: appId, client_secret: appSecret, redirect_uri: redirectUri, code },
      TokenReplySchema,
      { idempotent: false },
    ),
  );
}

export interface LongLivedTokenInput extends AppCredentials {
  /** The short-lived user token from `exchangeCode`. */
  accessToken: string;
  transport?: GraphTransportOptions;
}

/** GET /{v}/oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token. */
export async function exchangeForLongLivedToken({
  accessToken,
  appId,
  appSecret,
  transport,
}: LongLivedTokenInput): Promise<TokenReply> {
  const client = createAppGraphClient(transport ?? {});
  // A 190 here stays a MetaTokenInvalidError (CONFLICT): the caller should mark the connection invalid.
  return client.get(
    'oauth/access_token',
    { grant_type: 'fb_exchange_token', client_id: appId, client_secret: appSecret, fb_exchange_token: accessToken },
    TokenReplySchema,
  );
}

const MeSchema = z.object({ id: z.string().min(1), name: z.string().optional() });
export type MetaUser = z.infer<typeof MeSchema>;

export function readMe(client: GraphClient): Promise<MetaUser> {
  return client.get('me', { fields: ['id', 'name'] }, MeSchema);
}

const PermissionsSchema = z.object({
  data: z.array(z.object({ permission: z.string(), status: z.string() })),
});

export interface GrantedPermissions {
  /** Only `granted` counts: `declined` and `expired` permissions are as good as missing. */
  granted: string[];
  /** What the person unticked in the dialog (`declined`). */
  declined: string[];
}

export async function readPermissions(client: GraphClient): Promise<GrantedPermissions> {
  const reply = await client.get('me/permissions', undefined, PermissionsSchema);
  const withStatus = (status: string) =>
    reply.data.filter((entry) => entry.status === status).map((entry) => entry.permission);
  return { granted: withStatus('granted'), declined: withStatus('declined') };
}

export async function readGrantedScopes(client: GraphClient): Promise<string[]> {
  return (await readPermissions(client)).granted;
}

const SuccessSchema = z.union([
  z.literal(true),
  z.object({ success: z.boolean() }).transform((reply) => reply.success),
]);

/** DELETE /me/permissions: removes the app from the user's Meta account; the token dies with it. */
export function revokePermissions(client: GraphClient): Promise<boolean> {
  return client.delete('me/permissions', undefined, SuccessSchema);
}

export interface DialogUrlInput {
  /** Default 'https://www.facebook.com'. */
  dialogBaseUrl?: string;
  /** Default META_DEFAULT_GRAPH_VERSION. */
  version?: string;
  appId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  /** Ask again for permissions the person declined before (Meta shows them ticked once more). */
  rerequest?: boolean;
}

/** `${base}/${version}/dialog/oauth?client_id&redirect_uri&scope=<a,b>&response_type=code&state`. */
export function buildDialogUrl({
  dialogBaseUrl = 'https://www.facebook.com',
  version = META_DEFAULT_GRAPH_VERSION,
  appId,
  redirectUri,
  scopes,
  state,
  rerequest = false,
}: DialogUrlInput): string {
  const url = new URL(`${dialogBaseUrl.replace(/\/+$/, '')}/${version}/dialog/oauth`);
  url.search = new URLSearchParams({
    client_id: appId,
    redirect_uri: redirectUri,
    scope: scopes.join(','),
    response_type: 'code',
    state,
    ...(rerequest ? { auth_type: 'rerequest' } : {}),
  }).toString();
  return url.toString();
}

const REJECTED_SIGN_IN_CODES = new Set<ApiErrorCode>([
  'VALIDATION_ERROR',
  'CONFLICT',
  'NOT_FOUND',
  'META_RECONNECT_REQUIRED',
]);

/**
 * During the exchange, Meta's "invalid parameter" (100, e.g. a used or expired
 * code, a redirect_uri mismatch) and "invalid token" (190) mean this sign-in
 * attempt is dead, not that the person typed something wrong.
 */
async function rejectionsAs<T>(message: string, reply: Promise<T>): Promise<T> {
  try {
    return await reply;
  } catch (error) {
    if (isAppError(error) && REJECTED_SIGN_IN_CODES.has(error.code)) {
      throw new AppError('VALIDATION_ERROR', message, { cause: error.cause ?? error });
    }
    throw error;
  }
}
