import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): the saved ad copy needs none of
// the AI code.
const generate = () => import('./route-generate');
const history = () => import('./route-history');

export const handler = httpFunction([
  onFirstUse('POST /api/ai/test-connection', async () => (await generate()).testConnectionRoute),
  onFirstUse('POST /api/ai/ad-copy', async () => (await generate()).generateAdCopyRoute),
  onFirstUse('GET /api/ai/ad-copy/history', async () => (await history()).adCopyHistoryRoute),
  onFirstUse('POST /api/ai/ad-copy/history', async () => (await history()).saveAdCopyRoute),
]);
