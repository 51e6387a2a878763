import { marketingMixRoutes as routes } from '@shared/function-routes/marketing-mix';
import { on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { metaSpendForPeriods } from '../lib/mmm/account-spend';
import { createDataset, datasetList, removeDataset } from './datasets';
import { tables } from './mmm-deps';

// Datasets: the CSV import and the spend read from Meta load with them.
export const createDatasetRoute = on(routes.mmmCreateDataset, ({ user, body }) =>
  createDataset(tables(), user.sub, body, {
    metaSpend: (adAccountId, dates) => metaSpendForPeriods(user.sub, metaRuntime(), adAccountId, dates),
  }),
);
export const listDatasetsRoute = on(routes.mmmListDatasets, ({ user }) => datasetList(tables(), user.sub));
export const deleteDatasetRoute = on(routes.mmmDeleteDataset, ({ user, params }) =>
  removeDataset(tables(), user.sub, params.id),
);
