import { optimizerRoutes as routes } from '@shared/function-routes/optimizer';
import { on } from '../lib/http/http-function';
import { approvalOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { approveRecommendation, undoRecommendation } from './approve-recommendation';
import { approvals, store } from './route-stores';

export const approveRoute = on(
  routes.optimizerApprove,
  ({ session, params, body }) =>
    approveRecommendation({ store: store(), approvals: approvals(), ...approvalOf(session) }, params.id, body),
  metaSession(),
);

export const undoRoute = on(
  routes.optimizerUndo,
  ({ session, params }) => undoRecommendation({ store: store(), ...approvalOf(session) }, params.id),
  metaSession(),
);
