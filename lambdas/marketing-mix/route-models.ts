import { marketingMixRoutes as routes } from '@shared/function-routes/marketing-mix';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { sendJob } from '../lib/job-queue';
import { modelWeekPlan } from '../lib/mmm/model-week-plan';
import { tableName } from '../lib/table-name';
import { monthlyFitCharge } from './fit-quota';
import { shareDeps, tables } from './mmm-deps';
import { modelDetail, modelList, removeModel, startFit } from './models';

const enqueue = (job: object) => sendJob('mmmFits', job);

const fitCharge = () =>
  monthlyFitCharge(
    { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  );

// Models: a fit queued, the fitted models read, a week planned from one.
export const startFitRoute = on(routes.mmmStartFit, ({ user, body }) =>
  startFit({ tables: tables(), enqueue, chargeMonthlyFit: fitCharge() }, user.sub, body),
);
export const listModelsRoute = on(routes.mmmListModels, ({ user }) => modelList(tables(), user.sub));
export const getModelRoute = on(routes.mmmGetModel, ({ user, params }) => modelDetail(tables(), user.sub, params.id));
export const deleteModelRoute = on(routes.mmmDeleteModel, ({ user, params }) =>
  removeModel(tables(), user.sub, params.id, shareDeps()),
);
export const weekPlanRoute = on(routes.mmmWeekPlan, ({ user, params, body }) =>
  modelWeekPlan(tables(), user.sub, params.id, body),
);
