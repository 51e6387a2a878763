import { secureMetaApiRoutes as routes } from '@shared/function-routes/secure-meta-api';
import { on } from '../lib/http/http-function';
import { listAdAccounts, toAdAccount } from '../lib/meta-session/ad-accounts';
import { listCampaignsWithMetrics } from '../lib/meta-session/campaigns';
import { accountInsights, campaignInsights } from '../lib/meta-session/insights-series';
import { metaSession } from '../lib/meta-session/meta-route';
import { performanceTable } from '../lib/meta-session/performance-table';
import { listCampaignAdSets } from './campaign-adsets';

// What the dashboard reads through the user's Meta session.
export const adAccountsRoute = on(
  routes.metaAdAccounts,
  async ({ session }) => ({ data: (await listAdAccounts(session)).map(toAdAccount) }),
  metaSession(),
);
export const campaignsRoute = on(
  routes.metaCampaigns,
  ({ session, params, query }) => listCampaignsWithMetrics(session, params.id, query),
  metaSession(),
);
export const accountInsightsRoute = on(
  routes.metaAccountInsights,
  ({ session, params, query }) => accountInsights(session, params.id, query),
  metaSession(),
);
export const performanceTableRoute = on(
  routes.metaPerformanceTable,
  ({ session, params, query }) => performanceTable(session, params.id, query),
  metaSession(),
);
export const campaignInsightsRoute = on(
  routes.metaCampaignInsights,
  ({ session, params, query }) => campaignInsights(session, params.id, query),
  metaSession(),
);
export const campaignAdSetsRoute = on(
  routes.metaCampaignAdSets,
  ({ session, params }) => listCampaignAdSets(session, params.id),
  metaSession(),
);
