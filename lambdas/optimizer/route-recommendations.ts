import { randomUUID } from 'node:crypto';
import { optimizerRoutes as routes } from '@shared/function-routes/optimizer';
import { aiRuntime } from '../lib/ai/ai-runtime';
import { on } from '../lib/http/http-function';
import { sendJob } from '../lib/job-queue';
import { remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { logger } from '../lib/observability';
import { aiExplainDeps } from './explain-deps';
import { listRecommendations } from './list-recommendations';
import { store } from './route-stores';

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);

export const recommendationsRoute = on(
  routes.optimizerRecommendations,
  ({ session, graphCalls, params, query }) => {
    const remainingMs = remainingMsOf(session);
    return listRecommendations(session, params.id, {
      store: store(),
      remainingMs,
      graphCalls,
      refresh: query.refresh === 'true',
      enqueueRead: (job) => sendJob('optimizerReads', job),
      newId: randomUUID,
      // Reading costs nothing: explanations are written once per proposal and take none of the daily AI generations.
      explain: aiExplainDeps({ runtime: aiRuntime, remainingMs, log }),
    });
  },
  metaSession(),
);
