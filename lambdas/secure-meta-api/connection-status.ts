import { NOT_CONNECTED, type MetaConnection } from '@shared/schemas/meta';
import type { RequestUser } from '../lib/http/request-user';
import { logger } from '../lib/observability';
import { revokePermissions } from '../lib/meta/oauth-exchange';
import { deleteConnection, isTokenExpired, readConnection } from '../lib/meta-connection/connection-store';
import { NEEDS_RECONNECT, toConnectionView } from '../lib/meta-connection/connection-view';
import { isMetaTokenInvalid } from '../lib/meta/graph-errors';
import { tableName } from '../lib/table-name';
import { graphClientFor, type MetaDeps } from './meta-session';
import * as z from 'zod';

/**
 * Connected only when the check says so; any failure — no row, an
 * expired or revoked token, Meta unreachable — counts as not connected.
 * The token is checked against Meta (cached briefly), so a revoked app shows at once.
 */
export async function connectionStatus(user: RequestUser, deps: MetaDeps): Promise<MetaConnection> {
  try {
    const row = await readConnection(deps.doc, tableName('userMetaConnections'), user.sub);
    if (!row) return NOT_CONNECTED;
    if (isTokenExpired(row, deps.now())) return NEEDS_RECONNECT;
    const app = await deps.metaApp();
    const graph = graphClientFor(row.access_token, app.appSecret, deps);
    await deps.cache.remember(user.sub, `${row.meta_user_id}|token-check`, () =>
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
 * Disconnects: revokes Adsmith's permissions at Meta (best effort — the user may
 * already have removed the app) and deletes everything Adsmith held.
 */
export async function disconnect(user: RequestUser, deps: MetaDeps): Promise<MetaConnection> {
  const table = tableName('userMetaConnections');
  const row = await readConnection(deps.doc, table, user.sub);
  if (row) {
    try {
      const app = await deps.metaApp();
      await revokePermissions(graphClientFor(row.access_token, app.appSecret, deps));
    } catch (error) {
      logger.warn('Revoking Meta permissions failed; deleting the connection anyway', { error: error as Error });
    }
  }
  await deleteConnection(deps.doc, table, user.sub);
  await deps.cache.forget(user.sub);
  return NOT_CONNECTED;
}
