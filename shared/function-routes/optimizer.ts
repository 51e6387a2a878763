import { AdAccountParamsSchema } from '../schemas/meta';
import {
  ApproveRecommendationBodySchema,
  RecommendationListQuerySchema,
  RecommendationsReplySchema,
  isFirstReadUnderWay,
  RecommendationParamsSchema,
  StoredRecommendationSchema,
} from '../schemas/optimizer';
import { AppliedListSchema } from '../schemas/optimizer-outcomes';
import { MmmHandoffBodySchema } from '../schemas/mmm-handoff';
import { route } from '../route-declaration';

/** The routes `optimizer` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const optimizerRoutes = {
  // Optimizer: recommendations from the account's own results, applied only on approval.
  optimizerRecommendations: route({
    method: 'GET',
    path: '/api/optimizer/ad-accounts/{id}/recommendations',
    fn: 'optimizer',
    access: 'user',
    clientRole: 'reads',
    params: AdAccountParamsSchema,
    query: RecommendationListQuerySchema,
    response: RecommendationsReplySchema,
    // The account's first read of Meta is under way in the background: no figures yet.
    acceptedWhen: isFirstReadUnderWay,
  }),
  optimizerApprove: route({
    method: 'POST',
    path: '/api/optimizer/recommendations/{id}/approve',
    fn: 'optimizer',
    access: 'user',
    movesMoney: true,
    params: RecommendationParamsSchema,
    body: ApproveRecommendationBodySchema,
    response: StoredRecommendationSchema,
  }),
  optimizerUndo: route({
    method: 'POST',
    path: '/api/optimizer/recommendations/{id}/undo',
    fn: 'optimizer',
    access: 'user',
    movesMoney: true,
    params: RecommendationParamsSchema,
    response: StoredRecommendationSchema,
  }),
  // Marketing mix → optimizer: a model's Meta allocation proposed as budgets, approved in /optimizer's drawer.
  optimizerMmmHandoff: route({
    method: 'POST',
    path: '/api/optimizer/ad-accounts/{id}/mmm-handoffs',
    fn: 'optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    body: MmmHandoffBodySchema,
    response: StoredRecommendationSchema,
    successStatus: 201,
  }),
  // Optimizer, closing the loop: applied recommendations, predicted against actual after 7 days, detector hit rates.
  optimizerApplied: route({
    method: 'GET',
    path: '/api/optimizer/ad-accounts/{id}/applied',
    fn: 'optimizer',
    access: 'user',
    clientRole: 'reads',
    params: AdAccountParamsSchema,
    response: AppliedListSchema,
  }),
} as const;
