import { optimizerRoutes as routes } from '@shared/function-routes/optimizer';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { handOffAllocation } from '../lib/optimizer/mmm-handoff';
import { tableName } from '../lib/table-name';
import { store } from './route-stores';

export const mmmHandoffRoute = on(
  routes.optimizerMmmHandoff,
  ({ session, params, body }) =>
    handOffAllocation(session, params.id, body, {
      store: store(),
      models: { doc: dynamoDocumentClient(), models: tableName('mmmModels') },
      remainingMs: remainingMsOf(session),
    }),
  metaSession(),
);
