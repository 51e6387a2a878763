import { httpFunction } from '../lib/http/http-function';
import { createDatasetRoute, deleteDatasetRoute, listDatasetsRoute } from './route-datasets';
import { deleteModelRoute, getModelRoute, listModelsRoute, startFitRoute, weekPlanRoute } from './route-models';
import { createShareRoute, listSharesRoute, revokeShareRoute, sharedReportRoute } from './route-shares';

// The routes' modules are grouped by what they load, but imported at init: loading them on first use
// (onFirstUse) cut init to the shared wrapper (~50 ms) yet made each route's first request pay as much as the whole
// cold start had or more (docs/benchmarks.md, session 23, h23e). Switching a group back is a one-line change here.
export const handler = httpFunction([
  createDatasetRoute,
  listDatasetsRoute,
  startFitRoute,
  listModelsRoute,
  getModelRoute,
  deleteModelRoute,
  weekPlanRoute,
  deleteDatasetRoute,
  createShareRoute,
  listSharesRoute,
  revokeShareRoute,
  sharedReportRoute,
]);
