import { optimizerRoutes as routes } from '@shared/function-routes/optimizer';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { tableName } from '../lib/table-name';
import { listAppliedOutcomes } from './applied-outcomes';
import { store } from './route-stores';

export const appliedRoute = on(
  routes.optimizerApplied,
  ({ session, graphCalls, params }) =>
    listAppliedOutcomes(session, params.id, {
      store: store(),
      audit: { doc: dynamoDocumentClient(), table: tableName('campaignAudit') },
      tests: { doc: dynamoDocumentClient(), table: tableName('adOptimizerTests') },
      graphCalls,
    }),
  metaSession(),
);
