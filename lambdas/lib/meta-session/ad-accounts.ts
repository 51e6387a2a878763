import type { AdAccount } from '@shared/schemas/meta';
import { notFound } from '../errors';
import { AD_ACCOUNT_FIELDS, GRAPH_PAGE_SIZE, GraphAdAccountSchema, type GraphAdAccount } from './graph-shapes';
import type { GraphClient, MetaSession } from './session';

/** Meta's account_status codes as words (fields-and-enums.json). */
const ACCOUNT_STATUS: Record<number, string> = {
  1: 'ACTIVE',
  2: 'DISABLED',
  3: 'UNSETTLED',
  7: 'PENDING_RISK_REVIEW',
  8: 'PENDING_SETTLEMENT',
  9: 'IN_GRACE_PERIOD',
  100: 'PENDING_CLOSURE',
  101: 'CLOSED',
  201: 'ANY_ACTIVE',
  202: 'ANY_CLOSED',
};

/** Upper bound on pages read for one list: a guard against a runaway cursor, far above real accounts. */
const MAX_PAGES = 20;

export function toAdAccount(account: GraphAdAccount): AdAccount {
  return {
    id: account.id,
    accountId: account.account_id,
    name: account.name || account.id,
    currency: account.currency,
    timezoneName: account.timezone_name,
    status: ACCOUNT_STATUS[account.account_status] ?? `STATUS_${account.account_status}`,
    // amount_spent is in minor units like budgets; the UI converts with the currency.
    amountSpent: account.amount_spent ?? null,
    minDailyBudget: account.min_daily_budget ?? null,
  };
}

/** The ad accounts this connection can see, one cached Graph read (paged if very many). */
export async function listAdAccounts(session: MetaSession): Promise<GraphAdAccount[]> {
  return session.cached('me/adaccounts', async () => {
    const page = await session.graph.paginate(
      '/me/adaccounts',
      { fields: AD_ACCOUNT_FIELDS.join(','), limit: GRAPH_PAGE_SIZE.adAccounts },
      GraphAdAccountSchema,
      { maxPages: MAX_PAGES },
    );
    return page.items;
  });
}

/**
 * One of the user's own ad accounts, or NOT_FOUND; QUOTA_EXCEEDED when it would
 * be one more account than the user's plan allows. Meta would refuse a foreign
 * account anyway; checking here keeps one user's ids from ever reaching Meta
 * under another user's token.
 */
export async function ownedAdAccount(session: MetaSession, adAccountId: string): Promise<GraphAdAccount> {
  const accounts = await listAdAccounts(session);
  const account = accounts.find((a) => a.id === adAccountId || `act_${a.account_id}` === adAccountId);
  if (!account) throw notFound('That ad account is not part of your Meta connection.');
  // Working with an account takes one of the plan's ad-account places (free if already taken).
  await session.deps.adAccountQuota?.hold(session.user.sub, account.id);
  return account;
}

const HeldAdAccountSchema = GraphAdAccountSchema.pick({ id: true, account_id: true });

/**
 * NOT_FOUND unless the connection behind `graph` holds the ad account, as `ownedAdAccount` answers for the
 * session routes: for work that keeps an account id to act on later without a session (automation rules), so a
 * rule on someone else's account is refused when saved, switched on or run, not discovered by Meta later.
 */
export async function assertAdAccountHeld(graph: GraphClient, adAccountId: string): Promise<void> {
  const page = await graph.paginate(
    '/me/adaccounts',
    { fields: 'id,account_id', limit: GRAPH_PAGE_SIZE.adAccounts },
    HeldAdAccountSchema,
    { maxPages: MAX_PAGES },
  );
  if (!page.items.some((a) => a.id === adAccountId || `act_${a.account_id}` === adAccountId))
    throw notFound('That ad account is not part of your Meta connection.');
}
