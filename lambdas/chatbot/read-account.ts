import type { ChatAccountContext } from '@shared/schemas/chat-account';
import { addDays } from '../lib/meta-connection/date-range';
import { isTokenExpired, readConnection } from '../lib/meta-connection/connection-store';
import { listAdAccounts, toAdAccount } from '../lib/meta-session/ad-accounts';
import { listCampaignsWithMetrics } from '../lib/meta-session/campaigns';
import { connectionTable, graphClientFor, type MetaDeps, type MetaSession } from '../lib/meta-session/session';
import { accountContext } from './account-context';

/** The account's figures are read once per answer, then kept this long for the next questions (a warm container). */
export const ACCOUNT_CONTEXT_TTL_MS = 5 * 60_000;
/** An answer should not wait on Meta for long: paging stops by then and the figures are marked partial. */
const READ_BUDGET_MS = 8_000;
const DAY_MS = 86_400_000;

/**
 * Opens the workspace's Meta connection for reading only (the chatbot never writes the connections table), or
 * undefined when there is none or its token has expired. Reads within one answer are shared, not cached across
 * users: the per-user Graph cache belongs to the functions behind the API.
 */
async function openReadOnlySession(workspaceId: string, deps: MetaDeps): Promise<MetaSession | undefined> {
  const connection = await readConnection(connectionTable(deps), workspaceId, { rewritePlaintext: false });
  if (!connection || isTokenExpired(connection, deps.now())) return undefined;
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

/**
 * The connected workspace's account as the chatbot is told it: its first active ad account (the others named),
 * its campaigns' figures over the last 30 days and the 30 before, in four Graph calls (accounts, campaigns, two
 * campaign-level insights reports). Taking the account counts as using it, like the dashboard: a plan already
 * holding all its accounts elsewhere refuses (QUOTA_EXCEEDED), and the caller answers without figures.
 */
export async function readChatAccount(workspaceId: string, deps: MetaDeps): Promise<ChatAccountContext | undefined> {
  const session = await openReadOnlySession(workspaceId, deps);
  if (!session) return undefined;
  const accounts = (await listAdAccounts(session)).map(toAdAccount);
  const chosen = accounts.find((account) => account.status === 'ACTIVE') ?? accounts[0];
  if (!chosen) return undefined;
  const current = await listCampaignsWithMetrics(session, chosen.id, { datePreset: 'last_30d' });
  const days = Math.round((Date.parse(current.range.until) - Date.parse(current.range.since)) / DAY_MS) + 1;
  const previousRange = { since: addDays(current.range.since, -days), until: addDays(current.range.since, -1) };
  // The period before only adds trends (CPM, CTR): without it the answer still has the figures.
  const previous = await listCampaignsWithMetrics(session, chosen.id, previousRange).catch(() => undefined);
  return accountContext({
    account: chosen,
    current: { campaigns: current.data, range: current.range },
    ...(previous ? { previous: { campaigns: previous.data, range: previous.range } } : {}),
    otherAdAccounts: accounts.filter((account) => account !== chosen).map((account) => account.name),
  });
}

/** Remembers each workspace's account for a few minutes in this container, so a conversation reads Meta once. */
export function cachedChatAccount(
  read: (workspaceId: string) => Promise<ChatAccountContext | undefined>,
  now: () => number = Date.now,
): (workspaceId: string) => Promise<ChatAccountContext | undefined> {
  const kept = new Map<string, { at: number; value: Promise<ChatAccountContext | undefined> }>();
  return (workspaceId) => {
    const hit = kept.get(workspaceId);
    if (hit && now() - hit.at < ACCOUNT_CONTEXT_TTL_MS) return hit.value;
    const value = read(workspaceId);
    kept.set(workspaceId, { at: now(), value });
    // A failed read is not remembered: the next question tries again.
    value.catch(() => kept.delete(workspaceId));
    return value;
  };
}
