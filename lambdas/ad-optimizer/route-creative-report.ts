import { adOptimizerRoutes as routes } from '@shared/function-routes/ad-optimizer';
import { tagOutsideAds } from '../lib/creative-report/tag-outside-ads';
import { on } from '../lib/http/http-function';
import { remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { creativeReport } from './creative-report';
import { adCopyDeps, elements } from './route-deps';

export const creativeReportRoute = on(
  routes.creativeReport,
  ({ session, graphCalls, params }) =>
    creativeReport(session, params.id, { elements: elements(), remainingMs: remainingMsOf(session), graphCalls }),
  metaSession(),
);

export const creativeTagsRoute = on(
  routes.creativeTags,
  ({ session, params }) => tagOutsideAds(session, params.id, { elements: elements(), ...adCopyDeps() }),
  metaSession(),
);
