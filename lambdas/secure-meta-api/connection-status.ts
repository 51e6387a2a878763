import * as z from 'zod';
import { NOT_CONNECTED, type MetaConnection } from '@shared/schemas/meta';
import type { RequestUser } from '../lib/http/request-user';
import { logger } from '../lib/observability';
import { revokePermissions } from '../lib/meta/oauth-exchange';
import {
  beginDisconnect,
  finishDisconnect,
  isTokenExpired,
  readConnection,
} from '../lib/meta-connection/connection-store';
import { NEEDS_RECONNECT, toConnectionView } from '../lib/meta-connection/connection-view';
import { isMetaTokenInvalid } from '../lib/meta/graph-errors';
import { connectionTable, graphClientFor, type MetaDeps } from '../lib/meta-session/session';

/**
 * Connected only when the check says so; any failure — no row, an
 * expired or revoked token, Meta unreachable — counts as not connected.
 * The token is checked against Meta (cached briefly), so a revoked app shows at once.
 */
export async function connectionStatus(user: RequestUser, deps: MetaDeps): Promise<MetaConnection> {
  try {
    const row = await readConnection(connectionTable(deps), user.sub);
    if (!row) return NOT_CONNECTED;
    if (isTokenExpired(row, deps.now())) return NEEDS_RECONNECT;
    const app = await deps.metaApp();
    const graph = graphClientFor(row.access_token, app.appSecret, deps);
    // Keyed by connection: a reconnect is checked afresh, never answered from the old token's check.
    await deps.cache.remember(user.sub, `${row.meta_user_id}|${row.connection_id}|token-check`, () =>
      graph.get('/me', { fields: 'id' }, z.object({ id: z.string() })),
    );
    return toConnectionView(row);
  } catch (error) {
    if (isMetaTokenInvalid(error)) {
      logger.info('Meta refused the stored token; asking the user to reconnect');
      return NEEDS_RECONNECT;
    }
    logger.warn('Meta connection check failed; reporting not connected', { error: error as Error });
    return NOT_CONNECTED;
  }
}

/**
 * Disconnects the connection it reads, and only that one: the row becomes a
 * tombstone only if it still holds that connection id, so a reconnect that
 * landed meanwhile stays (and its status is returned). Then Adsmith's
 * permissions are revoked at Meta with the old token (best effort: the user may
 * already have removed the app), and the tombstone records when: Meta's revoke
 * kills every token of that Meta user, so a reconnect whose code exchange began
 * before that moment is refused rather than stored with a dead token.
 */
export async function disconnect(user: RequestUser, deps: MetaDeps): Promise<MetaConnection> {
  const table = connectionTable(deps);
  const row = await readConnection(table, user.sub);
  if (!row) return NOT_CONNECTED;
  const begun = await beginDisconnect(table, user.sub, row.connection_id, deps.now());
  if (!begun) {
    logger.info('A reconnect replaced the connection during disconnect; keeping the new one');
    return connectionStatus(user, deps);
  }
  try {
    const app = await deps.metaApp();
    await revokePermissions(graphClientFor(row.access_token, app.appSecret, deps));
  } catch (error) {
    logger.warn('Revoking Meta permissions failed; the connection is deleted anyway', { error: error as Error });
  }
  await finishDisconnect(table, user.sub, row.connection_id, deps.now());
  await deps.cache.forget(user.sub);
  // The accounts of a removed connection no longer count against the plan.
  await deps.adAccountQuota?.releaseAll(user.sub);
  return NOT_CONNECTED;
}
