import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { META_SCOPES, messages } from '@shared/constants';
import type { MetaConnection, MetaOAuthConfig, MetaOAuthConfigQuery } from '@shared/schemas/meta';
import { conflict } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { logger } from '../lib/observability';
import { createGraphClient, type GraphTransportOptions } from '../lib/meta/graph-client';
import {
  buildDialogUrl,
  exchangeCode,
  exchangeForLongLivedToken,
  readMe,
  readPermissions,
  revokePermissions,
} from '../lib/meta/oauth-exchange';
import { issueState, verifyState } from '../lib/meta/oauth-state';
import { claimState, consumeState, releaseState, rememberState } from '../lib/meta/oauth-state-store';
import { saveConnection, type StoredConnection } from '../lib/meta-connection/connection-store';
import { metaRedirectUri, type MetaConfig } from '../lib/meta-connection/meta-config';
import { tableName } from '../lib/table-name';
import { toConnectionView } from '../lib/meta-connection/connection-view';
import type { TokenCipher } from '../lib/meta-connection/token-cipher';

export interface ConnectDeps {
  doc: DynamoDBDocumentClient;
  cipher: TokenCipher;
  config: MetaConfig;
  metaApp: () => Promise<{ appId: string; appSecret: string }>;
  stateKey: () => Promise<string>;
  now: () => Date;
  fetch?: typeof fetch;
}

/** Meta's fallback lifetime for a long-lived user token when it does not say (about 60 days). */
const LONG_LIVED_FALLBACK_SECONDS = 60 * 24 * 3600;

async function configuredApp(deps: ConnectDeps) {
  const app = await deps.metaApp();
  if (!app.appId.trim()) throw conflict(messages.metaAppNotConfigured);
  return app;
}

/**
 * What the browser needs to open Meta's consent dialog. The state is fresh each
 * time: the readable prefix + user id, plus nonce, expiry and signature,
 * and it is remembered so the callback can use it once. `rerequest` asks Meta to
 * show permissions the person declined before (auth_type=rerequest).
 */
export async function oauthConfig(
  user: RequestUser,
  deps: ConnectDeps,
  query: MetaOAuthConfigQuery = {},
): Promise<MetaOAuthConfig> {
  const app = await configuredApp(deps);
  const issued = issueState({ userId: user.sub, key: await deps.stateKey(), now: deps.now() });
  await rememberState(deps.doc, tableName('oauthStates'), {
    nonce: issued.nonce,
    userId: user.sub,
    expiresAt: issued.expiresAt,
  });
  const redirectUri = metaRedirectUri(deps.config.SITE_URL);
  const scopes = [...META_SCOPES];
  return {
    appId: app.appId,
    graphVersion: deps.config.META_GRAPH_VERSION,
    redirectUri,
    scopes,
    state: issued.state,
    dialogUrl: buildDialogUrl({
      dialogBaseUrl: deps.config.META_DIALOG_BASE_URL,
      version: deps.config.META_GRAPH_VERSION,
      appId: app.appId,
      redirectUri,
      scopes,
      state: issued.state,
      rerequest: query.rerequest === 'true',
    }),
  };
}

/** Code → short-lived → long-lived token, then who it is and what was granted. */
async function exchange(input: { code: string }, deps: ConnectDeps, app: { appId: string; appSecret: string }) {
  const transport: GraphTransportOptions = {
    baseUrl: deps.config.META_GRAPH_BASE_URL,
    version: deps.config.META_GRAPH_VERSION,
    fetch: deps.fetch,
  };
  const shortLived = await exchangeCode({
    transport,
    code: input.code,
    redirectUri: metaRedirectUri(deps.config.SITE_URL),
    appId: app.appId,
    appSecret: app.appSecret,
  });
  const longLived = await exchangeForLongLivedToken({
    transport,
    accessToken: shortLived.access_token,
    appId: app.appId,
    appSecret: app.appSecret,
  });
  const client = createGraphClient({ ...transport, appSecret: app.appSecret, accessToken: longLived.access_token });
  const [me, permissions] = await Promise.all([readMe(client), readPermissions(client)]);
  return { longLived, me, permissions, transport };
}

/**
 * Finishes the connection: the state must be this user's, fresh and unused; the
 * code is exchanged server-side with the app secret, upgraded to a long-lived
 * token, and stored encrypted. The token never leaves the server.
 *
 * The state is claimed before the exchange and used up only after it succeeded,
 * so a transient failure (Meta or the network) can be retried with the same
 * callback, while a second callback with the same state is still refused.
 * A connection this one replaces belonging to another Meta user has its token
 * revoked at Meta; for the same Meta user it is not, because Meta's only
 * revocation (DELETE /me/permissions) removes the app for that person and would
 * kill the new token too.
 */
export async function completeConnection(
  user: RequestUser,
  input: { code: string; state: string },
  deps: ConnectDeps,
): Promise<MetaConnection> {
  const now = deps.now();
  const verified = verifyState(input.state, { userId: user.sub, key: await deps.stateKey(), now });
  const statesTable = tableName('oauthStates');
  const claim = await claimState(deps.doc, statesTable, verified.nonce, user.sub, now);

  let exchanged: Awaited<ReturnType<typeof exchange>>;
  let app: { appId: string; appSecret: string };
  try {
    app = await configuredApp(deps);
    exchanged = await exchange(input, deps, app);
  } catch (error) {
    await releaseState(deps.doc, statesTable, verified.nonce, claim).catch((releaseError: unknown) =>
      logger.warn('Could not release the OAuth state after a failed exchange', { error: releaseError as Error }),
    );
    throw error;
  }
  await consumeState(deps.doc, statesTable, verified.nonce, claim);

  const { longLived, me, permissions, transport } = exchanged;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const row = {
    user_id: user.sub,
    meta_user_id: me.id,
    meta_user_name: me.name ?? `Meta user ${me.id}`,
    access_token: longLived.access_token,
    token_expires_at: nowSeconds + (longLived.expires_in ?? LONG_LIVED_FALLBACK_SECONDS),
    scopes: permissions.granted,
    declined_scopes: permissions.declined,
    connected_at: now.toISOString(),
    connection_id: randomUUID(),
  };
  const table = { doc: deps.doc, table: tableName('userMetaConnections'), cipher: deps.cipher };
  // `now` was taken before the code exchange: a disconnect that revoked after it may have killed this token.
  const replaced = await saveConnection(table, row, { exchangeStartedAt: now });
  if (replaced) await revokeReplaced(replaced, row.meta_user_id, { transport, appSecret: app.appSecret });
  return toConnectionView({ ...row, declined_scopes: row.declined_scopes });
}

/** Revokes the token of a connection another Meta user's connection replaced (best effort, logged). */
async function revokeReplaced(
  replaced: StoredConnection,
  newMetaUserId: string,
  options: { transport: GraphTransportOptions; appSecret: string },
): Promise<void> {
  if (replaced.meta_user_id === newMetaUserId || replaced.access_token.length === 0) return;
  try {
    await revokePermissions(
      createGraphClient({ ...options.transport, appSecret: options.appSecret, accessToken: replaced.access_token }),
    );
  } catch (error) {
    logger.warn('Revoking the replaced Meta connection failed', { error: error as Error });
  }
}
