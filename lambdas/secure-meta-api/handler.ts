import { routes } from '@shared/routes';
import { httpFunction, on } from '../lib/http/http-function';
import { metaGraphCache, metaRuntime } from '../lib/meta-connection/meta-deps';
import { listAdAccounts, toAdAccount } from './ad-accounts';
import { listCampaignsWithMetrics } from './campaigns';
import { connectionStatus, disconnect } from './connection-status';
import { accountInsights, campaignInsights } from './insights-series';
import { openSession, type MetaDeps } from './meta-session';
import { updateCampaign } from './update-campaign';

const deps = (): MetaDeps => ({ ...metaRuntime(), cache: metaGraphCache() });

export const handler = httpFunction([
  on(routes.metaConnection, ({ user }) => connectionStatus(user, deps())),
  on(routes.metaDisconnect, ({ user }) => disconnect(user, deps())),
  on(routes.metaAdAccounts, async ({ user }) => {
    const session = await openSession(user, deps());
    return { data: (await listAdAccounts(session)).map(toAdAccount) };
  }),
  on(routes.metaCampaigns, async ({ user, params, query }) =>
    listCampaignsWithMetrics(await openSession(user, deps()), params.id, query),
  ),
  on(routes.metaAccountInsights, async ({ user, params, query }) =>
    accountInsights(await openSession(user, deps()), params.id, query),
  ),
  on(routes.metaCampaignInsights, async ({ user, params, query }) =>
    campaignInsights(await openSession(user, deps()), params.id, query),
  ),
  on(routes.metaUpdateCampaign, async ({ user, params, body }) =>
    updateCampaign(await openSession(user, deps()), params.id, body, { userEmail: user.email }),
  ),
]);
