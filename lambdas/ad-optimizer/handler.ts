import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each route's schemas and logic load on its first request (route-*.ts): a cold start pays for the route it serves.
export const handler = httpFunction([
  onFirstUse('GET /api/ad-optimizer/ad-accounts/{id}/ads', async () => (await import('./route-ads')).adsRoute),
  onFirstUse('POST /api/ad-optimizer/ads/{id}/rewrites', async () => (await import('./route-rewrite')).rewriteRoute),
  onFirstUse(
    'POST /api/ad-optimizer/rewrites/{id}/approve',
    async () => (await import('./route-ab-tests')).approveRoute,
  ),
  onFirstUse(
    'GET /api/ad-optimizer/ad-accounts/{id}/creative-report',
    async () => (await import('./route-creative-report')).creativeReportRoute,
  ),
  onFirstUse(
    'POST /api/ad-optimizer/ad-accounts/{id}/creative-tags',
    async () => (await import('./route-creative-report')).creativeTagsRoute,
  ),
  onFirstUse(
    'POST /api/ad-optimizer/ad-accounts/{id}/element-tests',
    async () => (await import('./route-element-tests')).elementTestsRoute,
  ),
  onFirstUse('POST /api/ad-optimizer/rewrites/{id}/undo', async () => (await import('./route-ab-tests')).undoRoute),
]);
