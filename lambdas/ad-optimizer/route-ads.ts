import { adOptimizerRoutes as routes } from '@shared/function-routes/ad-optimizer';
import { on } from '../lib/http/http-function';
import { remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { listAdCards } from './list-ads';
import { store } from './route-deps';

export const adsRoute = on(
  routes.adOptimizerAds,
  ({ session, graphCalls, params }) =>
    listAdCards(session, params.id, { store: store(), remainingMs: remainingMsOf(session), graphCalls }),
  metaSession(),
);
