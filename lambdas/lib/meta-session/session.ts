import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../errors';
import type { RequestUser } from '../http/request-user';
import { createGraphClient, type GraphCallInfo, type GraphClient } from '../meta/graph-client';
import {
  isTokenExpired,
  readConnection,
  type ConnectionTable,
  type StoredConnection,
} from '../meta-connection/connection-store';
import type { TokenCipher } from '../meta-connection/token-cipher';
import type { GraphCache } from '../meta-connection/graph-cache';
import { type MetaGraphConfig } from '../meta-connection/meta-config';
import { tableName } from '../table-name';

export interface MetaDeps {
  doc: DynamoDBDocumentClient;
  cipher: TokenCipher;
  /** Only Graph's address and version are read here (a MetaConfig is one). */
  config: MetaGraphConfig;
  cache: GraphCache;
  metaApp: () => Promise<{ appId: string; appSecret: string }>;
  now: () => Date;
  fetch?: typeof fetch;
  /** Told of every Graph call, for logs and benchmarks. */
  onGraphCall?: (info: GraphCallInfo) => void;
  /** Milliseconds the invocation has left (Lambda's context), so long reads stop in time. */
  remainingMs?: () => number;
  /** The plan's connected-ad-accounts quota (absent in tests that do not exercise it). */
  adAccountQuota?: AdAccountQuota;
}

/** Takes the user's plan place for an ad account (QUOTA_EXCEEDED when all are taken); frees them all. */
export interface AdAccountQuota {
  hold(userId: string, adAccountId: string): Promise<void>;
  releaseAll(userId: string): Promise<void>;
  /** QUOTA_EXCEEDED while the user holds more accounts than the plan allows (after a downgrade). */
  assertWithinLimit?(userId: string): Promise<void>;
}

export type { GraphClient };

/** A signed-in user's working connection: their stored row and a Graph client using its token. */
export interface MetaSession {
  user: RequestUser;
  connection: StoredConnection;
  graph: GraphClient;
  deps: MetaDeps;
  /** A read through the per-user cache. */
  cached<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** The connections table with the cipher its tokens are sealed with. */
export function connectionTable(deps: Pick<MetaDeps, 'doc' | 'cipher'>): ConnectionTable {
  return { doc: deps.doc, table: tableName('userMetaConnections'), cipher: deps.cipher };
}

/** What opening a user's Graph client takes: their sealed connection, Meta's app secret, Graph's address, the clock. */
export type UserGraphDeps = Pick<MetaDeps, 'doc' | 'cipher' | 'config' | 'metaApp' | 'now' | 'fetch' | 'onGraphCall'>;

export function graphClientFor(
  token: string,
  appSecret: string,
  deps: Pick<MetaDeps, 'config' | 'fetch' | 'onGraphCall'>,
): GraphClient {
  return createGraphClient({
    baseUrl: deps.config.META_GRAPH_BASE_URL,
    version: deps.config.META_GRAPH_VERSION,
    appSecret,
    accessToken: token,
    fetch: deps.fetch,
    onCall: deps.onGraphCall,
  });
}

/**
 * The user's stored connection and a Graph client acting as them (their KMS-sealed token, with appsecret_proof),
 * or META_NOT_CONNECTED ("Not connected to Meta.") or, for a token past its expiry, META_RECONNECT_REQUIRED.
 */
async function openUserConnection(
  userId: string,
  deps: UserGraphDeps,
): Promise<{ connection: StoredConnection; graph: GraphClient }> {
  const connection = await readConnection(connectionTable(deps), userId);
  if (!connection) throw new AppError('META_NOT_CONNECTED');
  if (isTokenExpired(connection, deps.now())) throw new AppError('META_RECONNECT_REQUIRED');
  const app = await deps.metaApp();
  return { connection, graph: graphClientFor(connection.access_token, app.appSecret, deps) };
}

/**
 * A Graph client acting as the user, for work that needs no per-request session: the rules API, the rules
 * evaluator (which runs with no request) and the marketing-mix spend import. Fails as `openSession` does.
 */
export async function graphForUser(userId: string, deps: UserGraphDeps): Promise<GraphClient> {
  return (await openUserConnection(userId, deps)).graph;
}

/**
 * Opens the user's connection, or fails with META_NOT_CONNECTED ("Not connected
 * to Meta.") or, for a token past its expiry, META_RECONNECT_REQUIRED.
 */
export async function openSession(user: RequestUser, deps: MetaDeps): Promise<MetaSession> {
  const { connection, graph } = await openUserConnection(user.sub, deps);
  return {
    user,
    connection,
    graph,
    deps,
    // The Meta user is part of the key: a reconnect to another Meta user never sees old answers.
    cached: (key, read) => deps.cache.remember(user.sub, `${connection.meta_user_id}|${key}`, read),
  };
}
