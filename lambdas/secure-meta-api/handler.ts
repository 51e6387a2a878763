import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes (its schemas, its logic) loads with the first request that needs it, not at init
// (issue 23 req 15): the connection's state needs no Graph reading code, and only the campaign update needs the
// change machinery.
const connection = () => import('./route-connection');
const reads = () => import('./route-reads');
const update = () => import('./route-update-campaign');

export const handler = httpFunction([
  onFirstUse('GET /api/meta/connection', async () => (await connection()).connectionRoute),
  onFirstUse('DELETE /api/meta/connection', async () => (await connection()).disconnectRoute),
  onFirstUse('GET /api/meta/ad-accounts', async () => (await reads()).adAccountsRoute),
  onFirstUse('GET /api/meta/ad-accounts/{id}/campaigns', async () => (await reads()).campaignsRoute),
  onFirstUse('GET /api/meta/ad-accounts/{id}/insights', async () => (await reads()).accountInsightsRoute),
  onFirstUse('GET /api/meta/ad-accounts/{id}/performance', async () => (await reads()).performanceTableRoute),
  onFirstUse('GET /api/meta/campaigns/{id}/insights', async () => (await reads()).campaignInsightsRoute),
  onFirstUse('PATCH /api/meta/campaigns/{id}', async () => (await update()).updateCampaignRoute),
  onFirstUse('GET /api/meta/campaigns/{id}/adsets', async () => (await reads()).campaignAdSetsRoute),
]);
