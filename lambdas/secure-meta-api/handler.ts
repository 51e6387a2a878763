import { secureMetaApiRoutes as routes } from '@shared/function-routes/secure-meta-api';
import { httpFunction, on } from '../lib/http/http-function';
import { listAdAccounts, toAdAccount } from '../lib/meta-session/ad-accounts';
import { listCampaignsWithMetrics } from '../lib/meta-session/campaigns';
import { metaConnection, metaSession } from '../lib/meta-session/meta-route';
import { listCampaignAdSets } from './campaign-adsets';
import { connectionStatus, disconnect } from './connection-status';
import { accountInsights, campaignInsights } from '../lib/meta-session/insights-series';
import { performanceTable } from '../lib/meta-session/performance-table';
import { updateCampaign } from './update-campaign';

export const handler = httpFunction([
  on(routes.metaConnection, ({ user, meta }) => connectionStatus(user, meta), metaConnection()),
  on(routes.metaDisconnect, ({ user, meta }) => disconnect(user, meta), metaConnection()),
  on(
    routes.metaAdAccounts,
    async ({ session }) => ({ data: (await listAdAccounts(session)).map(toAdAccount) }),
    metaSession(),
  ),
  on(
    routes.metaCampaigns,
    ({ session, params, query }) => listCampaignsWithMetrics(session, params.id, query),
    metaSession(),
  ),
  on(
    routes.metaAccountInsights,
    ({ session, params, query }) => accountInsights(session, params.id, query),
    metaSession(),
  ),
  on(
    routes.metaPerformanceTable,
    ({ session, params, query }) => performanceTable(session, params.id, query),
    metaSession(),
  ),
  on(
    routes.metaCampaignInsights,
    ({ session, params, query }) => campaignInsights(session, params.id, query),
    metaSession(),
  ),
  on(
    routes.metaUpdateCampaign,
    ({ session, user, params, body }) => updateCampaign(session, params.id, body, { userEmail: user.email }),
    metaSession(),
  ),
  on(routes.metaCampaignAdSets, ({ session, params }) => listCampaignAdSets(session, params.id), metaSession()),
]);
