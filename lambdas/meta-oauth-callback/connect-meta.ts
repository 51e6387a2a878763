import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { META_SCOPES, messages } from '@shared/constants';
import type { MetaConnection, MetaOAuthConfig } from '@shared/schemas/meta';
import { conflict } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { createGraphClient } from '../lib/meta/graph-client';
import {
  buildDialogUrl,
  exchangeCode,
  exchangeForLongLivedToken,
  readGrantedScopes,
  readMe,
} from '../lib/meta/oauth-exchange';
import { issueState, verifyState } from '../lib/meta/oauth-state';
import { consumeState, rememberState } from '../lib/meta/oauth-state-store';
import { saveConnection } from '../lib/meta-connection/connection-store';
import { metaRedirectUri, type MetaConfig } from '../lib/meta-connection/meta-config';
import { tableName } from '../lib/table-name';
import { toConnectionView } from '../lib/meta-connection/connection-view';

export interface ConnectDeps {
  doc: DynamoDBDocumentClient;
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
 * and it is remembered so the callback can use it once.
 */
export async function oauthConfig(user: RequestUser, deps: ConnectDeps): Promise<MetaOAuthConfig> {
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
    }),
  };
}

/**
 * Finishes the connection: the state must be this user's, fresh and unused; the
 * code is exchanged server-side with the app secret, upgraded to a long-lived
 * token, and stored. The token never leaves the server.
 */
export async function completeConnection(
  user: RequestUser,
  input: { code: string; state: string },
  deps: ConnectDeps,
): Promise<MetaConnection> {
  const now = deps.now();
  const verified = verifyState(input.state, { userId: user.sub, key: await deps.stateKey(), now });
  await consumeState(deps.doc, tableName('oauthStates'), verified.nonce, user.sub, now);

  const app = await configuredApp(deps);
  const transport = {
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
  const [me, scopes] = await Promise.all([readMe(client), readGrantedScopes(client)]);

  const nowSeconds = Math.floor(now.getTime() / 1000);
  const row = {
    user_id: user.sub,
    meta_user_id: me.id,
    meta_user_name: me.name ?? `Meta user ${me.id}`,
    access_token: longLived.access_token,
    token_expires_at: nowSeconds + (longLived.expires_in ?? LONG_LIVED_FALLBACK_SECONDS),
    scopes,
    connected_at: now.toISOString(),
  };
  await saveConnection(deps.doc, tableName('userMetaConnections'), row);
  return toConnectionView(row);
}
