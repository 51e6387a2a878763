import { adOptimizerRoutes as routes } from '@shared/function-routes/ad-optimizer';
import { on } from '../lib/http/http-function';
import { remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { proposeElementTests } from './element-tests';
import { adCopyDeps, elements, languages, store } from './route-deps';

export const elementTestsRoute = on(
  routes.adOptimizerElementTests,
  ({ session, graphCalls, params }) =>
    proposeElementTests(session, params.id, {
      store: store(),
      elements: elements(),
      adCopy: adCopyDeps(),
      remainingMs: remainingMsOf(session),
      graphCalls,
      languages: languages(),
    }),
  metaSession(),
);
