import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each route's schemas and logic load on its first request (route-*.ts): a cold start pays for the route it serves.
export const handler = httpFunction([
  onFirstUse('POST /api/campaign-generator/drafts', async () => (await import('./route-plan')).planRoute),
  onFirstUse('GET /api/campaign-generator/drafts', async () => (await import('./route-drafts')).draftsRoute),
  onFirstUse('GET /api/campaign-generator/drafts/{id}', async () => (await import('./route-drafts')).draftRoute),
  onFirstUse('PUT /api/campaign-generator/drafts/{id}', async () => (await import('./route-drafts')).saveDraftRoute),
  onFirstUse(
    'POST /api/campaign-generator/drafts/{id}/publish',
    async () => (await import('./route-publish')).publishRoute,
  ),
  onFirstUse('GET /api/campaign-generator/interests', async () => (await import('./route-targeting')).interestsRoute),
  onFirstUse(
    'POST /api/campaign-generator/delivery-estimate',
    async () => (await import('./route-targeting')).estimateRoute,
  ),
  onFirstUse('POST /api/campaign-generator/previews', async () => (await import('./route-targeting')).previewsRoute),
  onFirstUse(
    'GET /api/campaign-generator/business-languages',
    async () => (await import('./route-drafts')).businessLanguagesRoute,
  ),
  onFirstUse(
    'PUT /api/campaign-generator/business-languages',
    async () => (await import('./route-drafts')).saveBusinessLanguagesRoute,
  ),
]);
