import { AdAccountParamsSchema } from '../schemas/meta';
import {
  AdCardListSchema,
  AdParamsSchema,
  AdTestParamsSchema,
  AdTestSchema,
  ApproveAdTestBodySchema,
  ElementTestReplySchema,
  RewriteAdBodySchema,
} from '../schemas/ad-optimizer';
import { CreativeReportSchema, CreativeTagReplySchema } from '../schemas/creative-report';
import { route } from '../route-declaration';

/** The routes `ad-optimizer` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const adOptimizerRoutes = {
  // Ad optimizer (/ad-optimizer): ad cards, rewrites through the ad copy generator, A/B copies created paused.
  adOptimizerAds: route({
    method: 'GET',
    path: '/api/ad-optimizer/ad-accounts/{id}/ads',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: AdCardListSchema,
  }),
  adOptimizerRewrite: route({
    method: 'POST',
    path: '/api/ad-optimizer/ads/{id}/rewrites',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdParamsSchema,
    body: RewriteAdBodySchema,
    response: AdTestSchema,
    successStatus: 201,
  }),
  adOptimizerApprove: route({
    method: 'POST',
    path: '/api/ad-optimizer/rewrites/{id}/approve',
    fn: 'ad-optimizer',
    access: 'user',
    movesMoney: true,
    params: AdTestParamsSchema,
    body: ApproveAdTestBodySchema,
    response: AdTestSchema,
  }),
  adOptimizerUndo: route({
    method: 'POST',
    path: '/api/ad-optimizer/rewrites/{id}/undo',
    fn: 'ad-optimizer',
    access: 'user',
    movesMoney: true,
    params: AdTestParamsSchema,
    response: AdTestSchema,
  }),
  // One-element A/B tests from the creative report (issue 29 req 5): stored as rewrites, approved as any rewrite.
  adOptimizerElementTests: route({
    method: 'POST',
    path: '/api/ad-optimizer/ad-accounts/{id}/element-tests',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: ElementTestReplySchema,
  }),
  // Creative report (/creative-report): the account's element values ranked, with significance and weekly series.
  creativeReport: route({
    method: 'GET',
    path: '/api/ad-optimizer/ad-accounts/{id}/creative-report',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: CreativeReportSchema,
  }),
  // Ads made outside Adsmith tagged once by the AI engine (angle, offer, language), a batch per request.
  creativeTags: route({
    method: 'POST',
    path: '/api/ad-optimizer/ad-accounts/{id}/creative-tags',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: CreativeTagReplySchema,
  }),
} as const;
