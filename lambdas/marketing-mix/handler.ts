import { marketingMixRoutes as routes } from '@shared/function-routes/marketing-mix';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { sendJob } from '../lib/job-queue';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { metaSpendForPeriods } from '../lib/mmm/account-spend';
import { type MmmTables } from '../lib/mmm/mmm-store';
import { modelWeekPlan } from '../lib/mmm/model-week-plan';
import { takeToken } from '../lib/rate-limit/user-token-bucket';
import { readSecret } from '../lib/secrets';
import { tableName } from '../lib/table-name';
import { clientAddress } from '../lib/http/client-address';
import { createDataset, datasetList, removeDataset } from './datasets';
import { monthlyFitCharge } from './fit-quota';
import { modelDetail, modelList, removeModel, startFit } from './models';
import { createShare, listShares, openSharedReport, revokeShare, type ShareDeps } from './shares';

const tables = (): MmmTables => ({
  doc: dynamoDocumentClient(),
  datasets: tableName('mmmDatasets'),
  models: tableName('mmmModels'),
});
const enqueue = (job: object) => sendJob('mmmFits', job);

const shareDeps = (): ShareDeps => ({
  mmm: tables(),
  shares: { doc: dynamoDocumentClient(), table: tableName('mmmShares') },
  key: async () => (await readSecret('mmmShareKey')).key,
  takeToken: (key, rule) => takeToken({ doc: dynamoDocumentClient(), table: tableName('rateLimitBuckets') }, key, rule),
});

const fitCharge = () =>
  monthlyFitCharge(
    { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  );

export const handler = httpFunction([
  on(routes.mmmCreateDataset, ({ user, body }) =>
    createDataset(tables(), user.sub, body, {
      metaSpend: (adAccountId, dates) => metaSpendForPeriods(user.sub, metaRuntime(), adAccountId, dates),
    }),
  ),
  on(routes.mmmListDatasets, ({ user }) => datasetList(tables(), user.sub)),
  on(routes.mmmStartFit, ({ user, body }) =>
    startFit({ tables: tables(), enqueue, chargeMonthlyFit: fitCharge() }, user.sub, body),
  ),
  on(routes.mmmListModels, ({ user }) => modelList(tables(), user.sub)),
  on(routes.mmmGetModel, ({ user, params }) => modelDetail(tables(), user.sub, params.id)),
  on(routes.mmmDeleteModel, ({ user, params }) => removeModel(tables(), user.sub, params.id, shareDeps())),
  on(routes.mmmWeekPlan, ({ user, params, body }) => modelWeekPlan(tables(), user.sub, params.id, body)),
  on(routes.mmmDeleteDataset, ({ user, params }) => removeDataset(tables(), user.sub, params.id)),
  on(routes.mmmCreateShare, ({ user, params, body }) => createShare(shareDeps(), user.sub, params.id, body)),
  on(routes.mmmListShares, ({ user, params }) => listShares(shareDeps(), user.sub, params.id)),
  on(routes.mmmRevokeShare, ({ user, params }) => revokeShare(shareDeps(), user.sub, params.id)),
  on(routes.mmmSharedReport, ({ params, event }) =>
    openSharedReport(
      shareDeps(),
      params.token,
      clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']),
    ),
  ),
]);
