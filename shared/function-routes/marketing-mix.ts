import {
  CreateDatasetBodySchema,
  DatasetListSchema,
  DatasetSummarySchema,
  DatasetDeletedSchema,
  DatasetParamsSchema,
  DeletedSchema,
  ModelDetailSchema,
  ModelListSchema,
  ModelParamsSchema,
  ModelSummarySchema,
  StartFitBodySchema,
} from '../schemas/mmm';
import {
  CreateShareBodySchema,
  SharedReportSchema,
  SharedTokenParamsSchema,
  ShareLinkSchema,
  ShareListSchema,
  ShareParamsSchema,
  ShareRevokedSchema,
} from '../schemas/mmm-share';
import { WeekPlanBodySchema, WeekPlanSchema } from '../schemas/mmm-week-plan';
import { route } from '../route-declaration';

/** The routes `marketing-mix` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const marketingMixRoutes = {
  // Marketing mix: datasets, fits (queued to marketing-mix-worker), saved models and reports.
  mmmCreateDataset: route({
    method: 'POST',
    path: '/api/mmm/datasets',
    fn: 'marketing-mix',
    access: 'user',
    body: CreateDatasetBodySchema,
    response: DatasetSummarySchema,
    successStatus: 201,
  }),
  mmmListDatasets: route({
    method: 'GET',
    path: '/api/mmm/datasets',
    fn: 'marketing-mix',
    access: 'user',
    response: DatasetListSchema,
  }),
  mmmStartFit: route({
    method: 'POST',
    path: '/api/mmm/models',
    fn: 'marketing-mix',
    access: 'user',
    body: StartFitBodySchema,
    response: ModelSummarySchema,
    successStatus: 202,
  }),
  mmmListModels: route({
    method: 'GET',
    path: '/api/mmm/models',
    fn: 'marketing-mix',
    access: 'user',
    clientRole: 'reads',
    response: ModelListSchema,
  }),
  mmmGetModel: route({
    method: 'GET',
    path: '/api/mmm/models/{id}',
    fn: 'marketing-mix',
    access: 'user',
    clientRole: 'reads',
    params: ModelParamsSchema,
    response: ModelDetailSchema,
  }),
  mmmDeleteModel: route({
    method: 'DELETE',
    path: '/api/mmm/models/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    response: DeletedSchema,
  }),
  // A week-by-week budget plan of a finished model (computed on request, not stored; POST: it takes a body).
  mmmWeekPlan: route({
    method: 'POST',
    path: '/api/mmm/models/{id}/week-plans',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    body: WeekPlanBodySchema,
    response: WeekPlanSchema,
  }),
  // Marketing mix: deleting a dataset (models fitted from it are kept) and share links of reports.
  mmmDeleteDataset: route({
    method: 'DELETE',
    path: '/api/mmm/datasets/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: DatasetParamsSchema,
    response: DatasetDeletedSchema,
  }),
  mmmCreateShare: route({
    method: 'POST',
    path: '/api/mmm/models/{id}/shares',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    body: CreateShareBodySchema,
    response: ShareLinkSchema,
    successStatus: 201,
  }),
  mmmListShares: route({
    method: 'GET',
    path: '/api/mmm/models/{id}/shares',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    response: ShareListSchema,
  }),
  mmmRevokeShare: route({
    method: 'DELETE',
    path: '/api/mmm/shares/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: ShareParamsSchema,
    response: ShareRevokedSchema,
  }),
  // Anyone holding a signed share link (no sign-in): one report, read-only.
  mmmSharedReport: route({
    method: 'GET',
    path: '/api/mmm/shared/{token}',
    fn: 'marketing-mix',
    access: 'public',
    publicBecause:
      "it does serve user data: one marketing-mix report its owner shared, only to a holder of the link's HMAC-signed, expiring, revocable token (checked by the function), rate-limited per viewer address",
    params: SharedTokenParamsSchema,
    response: SharedReportSchema,
  }),
} as const;
