import { adOptimizerRoutes as routes } from '@shared/function-routes/ad-optimizer';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { approveAdTest, undoAdTest } from './ab-test';
import { abTestDeps } from './route-deps';

export const approveRoute = on(
  routes.adOptimizerApprove,
  ({ session, params, body }) => approveAdTest(abTestDeps(session), params.id, body),
  metaSession(),
);

export const undoRoute = on(
  routes.adOptimizerUndo,
  ({ session, params }) => undoAdTest(abTestDeps(session), params.id),
  metaSession(),
);
