import { AppError } from '../errors';
import { createGraphClient, type GraphClient } from '../meta/graph-client';
import { isTokenExpired, readConnection } from '../meta-connection/connection-store';
import type { MetaRuntime } from '../meta-connection/meta-deps';
import { tableName } from '../table-name';

/**
 * A Graph client acting as the user (their stored, KMS-sealed token), for the rules API and the
 * evaluator, which runs with no request: META_NOT_CONNECTED / META_RECONNECT_REQUIRED as everywhere.
 */
export async function graphForUser(userId: string, runtime: MetaRuntime): Promise<GraphClient> {
  const connection = await readConnection(
    { doc: runtime.doc, table: tableName('userMetaConnections'), cipher: runtime.cipher },
    userId,
  );
  if (!connection) throw new AppError('META_NOT_CONNECTED');
  if (isTokenExpired(connection, runtime.now())) throw new AppError('META_RECONNECT_REQUIRED');
  const app = await runtime.metaApp();
  return createGraphClient({
    baseUrl: runtime.config.META_GRAPH_BASE_URL,
    version: runtime.config.META_GRAPH_VERSION,
    appSecret: app.appSecret,
    accessToken: connection.access_token,
    onCall: runtime.onGraphCall,
  });
}
