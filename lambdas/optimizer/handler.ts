import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each route's schemas and logic load on its first request (route-*.ts): a cold start pays for the route it serves.
export const handler = httpFunction([
  onFirstUse(
    'GET /api/optimizer/ad-accounts/{id}/recommendations',
    async () => (await import('./route-recommendations')).recommendationsRoute,
  ),
  onFirstUse(
    'POST /api/optimizer/recommendations/{id}/approve',
    async () => (await import('./route-approve')).approveRoute,
  ),
  onFirstUse('POST /api/optimizer/recommendations/{id}/undo', async () => (await import('./route-approve')).undoRoute),
  onFirstUse(
    'POST /api/optimizer/ad-accounts/{id}/mmm-handoffs',
    async () => (await import('./route-mmm-handoff')).mmmHandoffRoute,
  ),
  onFirstUse('GET /api/optimizer/ad-accounts/{id}/applied', async () => (await import('./route-applied')).appliedRoute),
]);
