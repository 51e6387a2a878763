import type { ObjectChangeDeps } from '../meta-changes/apply-object-change';
import { notFound } from '../errors';
import { listAdAccounts } from './ad-accounts';
import type { MetaSession } from './session';

/**
 * The object-change dependencies of a signed-in user's session: their Graph client, ownership by
 * the connection's ad accounts (holding the plan's place for the account, as any read of it does),
 * the plan's ad-account limit on changes that spend, and their cached reads forgotten once Meta accepted a change.
 */
export function objectChangeDeps(
  session: MetaSession,
  extra: Pick<ObjectChangeDeps, 'userEmail' | 'lock'> = {},
  notOwnedMessage = 'That object is not part of your Meta connection.',
): ObjectChangeDeps {
  return {
    doc: session.deps.doc,
    graph: session.graph,
    now: session.deps.now,
    ownedAccount: async (accountId: string) => {
      const account = (await listAdAccounts(session)).find((a) => a.account_id === accountId);
      if (!account) throw notFound(notOwnedMessage);
      await session.deps.adAccountQuota?.hold(session.user.sub, account.id);
      return {
        id: account.id,
        ...(account.min_daily_budget ? { minDailyBudget: account.min_daily_budget, currency: account.currency } : {}),
      };
    },
    // Above the plan's ad-account limit (a downgrade), changes that spend wait for the user to choose what to keep.
    assertMaySpend: async () => session.deps.adAccountQuota?.assertWithinLimit?.(session.user.sub),
    forgetCachedReads: () => session.deps.cache.forget(session.user.sub),
    ...extra,
  };
}
