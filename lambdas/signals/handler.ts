import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): the health read brings the
// insights and delivery code, the site keys little more than their table.
const health = () => import('./route-health');
const siteKeys = () => import('./route-site-keys');

export const handler = httpFunction([
  onFirstUse('GET /api/signals/ad-accounts/{id}/health', async () => (await health()).healthRoute),
  onFirstUse('GET /api/signals/site-keys', async () => (await siteKeys()).siteKeysRoute),
  onFirstUse('POST /api/signals/site-keys', async () => (await siteKeys()).createSiteKeyRoute),
  onFirstUse('DELETE /api/signals/site-keys/{keyId}', async () => (await siteKeys()).revokeSiteKeyRoute),
]);
