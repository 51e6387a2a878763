import { routes } from '@shared/routes';
import { httpFunction, on } from '../lib/http/http-function';
import { listAdAccounts, toAdAccount } from '../lib/meta-session/ad-accounts';
import { listCampaignAdSets } from './campaign-adsets';
import { listCampaignsWithMetrics } from '../lib/meta-session/campaigns';
import { connectionStatus, disconnect } from './connection-status';
import { accountInsights, campaignInsights } from './insights-series';
import { metaHandlerDeps, spendMetaBudget } from '../lib/meta-session/handler-deps';
import { openSession } from '../lib/meta-session/session';
import { updateCampaign } from './update-campaign';

export const handler = httpFunction([
  on(routes.metaConnection, async ({ user }) => {
    await spendMetaBudget(user);
    return connectionStatus(user, metaHandlerDeps());
  }),
  on(routes.metaDisconnect, async ({ user }) => {
    await spendMetaBudget(user);
    return disconnect(user, metaHandlerDeps());
  }),
  on(routes.metaAdAccounts, async ({ user }) => {
    await spendMetaBudget(user);
    const session = await openSession(user, metaHandlerDeps());
    return { data: (await listAdAccounts(session)).map(toAdAccount) };
  }),
  on(routes.metaCampaigns, async ({ user, params, query, context }) => {
    await spendMetaBudget(user);
    return listCampaignsWithMetrics(await openSession(user, metaHandlerDeps(context)), params.id, query);
  }),
  on(routes.metaAccountInsights, async ({ user, params, query, context }) => {
    await spendMetaBudget(user);
    return accountInsights(await openSession(user, metaHandlerDeps(context)), params.id, query);
  }),
  on(routes.metaCampaignInsights, async ({ user, params, query, context }) => {
    await spendMetaBudget(user);
    return campaignInsights(await openSession(user, metaHandlerDeps(context)), params.id, query);
  }),
  on(routes.metaUpdateCampaign, async ({ user, params, body }) => {
    await spendMetaBudget(user);
    return updateCampaign(await openSession(user, metaHandlerDeps()), params.id, body, { userEmail: user.email });
  }),
  on(routes.metaCampaignAdSets, async ({ user, params, context }) => {
    await spendMetaBudget(user);
    return listCampaignAdSets(await openSession(user, metaHandlerDeps(context)), params.id);
  }),
]);
