import { adOptimizerRoutes as routes } from '@shared/function-routes/ad-optimizer';
import { rewriteAd } from '../lib/ad-optimizer/rewrite-ad';
import { on } from '../lib/http/http-function';
import { remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { adCopyDeps, languages, store } from './route-deps';

export const rewriteRoute = on(
  routes.adOptimizerRewrite,
  ({ session, params, body }) =>
    rewriteAd(session, params.id, body, {
      store: store(),
      adCopy: adCopyDeps(),
      remainingMs: remainingMsOf(session),
      languages: languages(),
    }),
  metaSession(),
);
