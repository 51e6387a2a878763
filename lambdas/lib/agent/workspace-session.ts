import { isTokenExpired, readConnection } from '../meta-connection/connection-store';
import { AppError } from '../errors';
import { connectionTable, graphClientFor, type MetaDeps, type MetaSession } from '../meta-session/session';

/** An agent turn should not wait on Meta for long: paging stops by then and reads are marked partial. */
const READ_BUDGET_MS = 10_000;

/**
 * The workspace's Meta session for one agent turn: its own stored connection (never re-written here), reads
 * shared within the turn. Without a usable connection the tools refuse with a reason the model repeats.
 */
export async function openWorkspaceSession(workspaceId: string, deps: MetaDeps): Promise<MetaSession> {
  const connection = await readConnection(connectionTable(deps), workspaceId, { rewritePlaintext: false });
  if (!connection || isTokenExpired(connection, deps.now()))
    throw new AppError('NOT_FOUND', 'This workspace has no working Meta connection: connect Meta in Account first.');
  const app = await deps.metaApp();
  const reads = new Map<string, Promise<unknown>>();
  return {
    user: { sub: workspaceId, username: workspaceId },
    connection,
    graph: graphClientFor(connection.access_token, app.appSecret, deps),
    deps: { ...deps, remainingMs: deps.remainingMs ?? (() => READ_BUDGET_MS) },
    cached<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (!reads.has(key)) reads.set(key, read());
      return reads.get(key) as Promise<T>;
    },
  };
}
