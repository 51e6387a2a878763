import { NOT_CONNECTED, type MetaConnection } from '@shared/schemas/meta';
import type { StoredConnection } from './connection-store';

/** A connection Meta no longer honours: not connected, and the person is asked to reconnect. */
export const NEEDS_RECONNECT: MetaConnection = { ...NOT_CONNECTED, needsReconnect: true };

/** What the browser may know about a connection: never the token. */
export function toConnectionView(row: StoredConnection): MetaConnection {
  return {
    isConnected: true,
    metaUserName: row.meta_user_name,
    scopes: row.scopes,
    expiresAt: new Date(row.token_expires_at * 1000).toISOString(),
    connectedAt: row.connected_at,
    needsReconnect: false,
    declinedScopes: row.declined_scopes,
  };
}
