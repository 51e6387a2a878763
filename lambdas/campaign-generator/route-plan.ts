import { campaignGeneratorRoutes as routes } from '@shared/function-routes/campaign-generator';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { on } from '../lib/http/http-function';
import { metrics } from '../lib/observability';
import { generateDraft } from './campaign-drafts';
import { drafts, languageStore, log, withMeta } from './route-deps';

export const planRoute = on(
  routes.campaignGeneratorPlan,
  ({ session, body }) =>
    generateDraft(session, body, {
      runtime: aiRuntime,
      quota: aiGenerationQuota(),
      limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
      drafts: drafts(),
      languages: languageStore(),
      metrics,
      log,
    }),
  withMeta(),
);
