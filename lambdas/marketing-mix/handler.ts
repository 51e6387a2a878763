import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): datasets bring the CSV import
// and Meta's spend, models the week planner, shares only the links.
const datasets = () => import('./route-datasets');
const models = () => import('./route-models');
const shares = () => import('./route-shares');

export const handler = httpFunction([
  onFirstUse('POST /api/mmm/datasets', async () => (await datasets()).createDatasetRoute),
  onFirstUse('GET /api/mmm/datasets', async () => (await datasets()).listDatasetsRoute),
  onFirstUse('POST /api/mmm/models', async () => (await models()).startFitRoute),
  onFirstUse('GET /api/mmm/models', async () => (await models()).listModelsRoute),
  onFirstUse('GET /api/mmm/models/{id}', async () => (await models()).getModelRoute),
  onFirstUse('DELETE /api/mmm/models/{id}', async () => (await models()).deleteModelRoute),
  onFirstUse('POST /api/mmm/models/{id}/week-plans', async () => (await models()).weekPlanRoute),
  onFirstUse('DELETE /api/mmm/datasets/{id}', async () => (await datasets()).deleteDatasetRoute),
  onFirstUse('POST /api/mmm/models/{id}/shares', async () => (await shares()).createShareRoute),
  onFirstUse('GET /api/mmm/models/{id}/shares', async () => (await shares()).listSharesRoute),
  onFirstUse('DELETE /api/mmm/shares/{id}', async () => (await shares()).revokeShareRoute),
  onFirstUse('GET /api/mmm/shared/{token}', async () => (await shares()).sharedReportRoute),
]);
