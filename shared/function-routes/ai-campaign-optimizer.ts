import {
  AdCopyHistoryPageSchema,
  AdCopyHistoryQuerySchema,
  AdCopyRequestSchema,
  AdCopyResultSchema,
  AiConnectionTestSchema,
  SaveAdCopyBodySchema,
  SavedAdCopySchema,
} from '../schemas/ai';
import { route } from '../route-declaration';

/** The routes `ai-campaign-optimizer` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const aiCampaignOptimizerRoutes = {
  // AI: the spec's `ai-campaign-optimizer` function (the AI engine).
  aiTestConnection: route({
    method: 'POST',
    path: '/api/ai/test-connection',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    response: AiConnectionTestSchema,
  }),
  aiGenerateAdCopy: route({
    method: 'POST',
    path: '/api/ai/ad-copy',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    body: AdCopyRequestSchema,
    response: AdCopyResultSchema,
  }),
  aiAdCopyHistory: route({
    method: 'GET',
    path: '/api/ai/ad-copy/history',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    query: AdCopyHistoryQuerySchema,
    response: AdCopyHistoryPageSchema,
  }),
  aiSaveAdCopy: route({
    method: 'POST',
    path: '/api/ai/ad-copy/history',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    body: SaveAdCopyBodySchema,
    response: SavedAdCopySchema,
    successStatus: 201,
  }),
} as const;
