import { OptimizerReadJobSchema } from '@shared/schemas/optimizer';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { queueFunction } from '../lib/http/queue-function';
import { metaHandlerDeps } from '../lib/meta-session/handler-deps';
import { openSession } from '../lib/meta-session/session';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { runReadJob } from './read-job';

/**
 * Drains the optimizer-reads queue (batch size 1): each message is one ad account to read from Meta for the
 * optimizer, queued by a request that found the last read stale or was asked to refresh. A malformed message is
 * dropped (our own producer); a failed read is recorded on the account's run item, never retried by SQS.
 */
export const handler = queueFunction(
  OptimizerReadJobSchema,
  ({ body, context }) =>
    runReadJob(body, {
      store: { doc: dynamoDocumentClient(), table: tableName('optimizerRecommendations') },
      open: async (userId) => {
        let calls = 0;
        const session = await openSession(
          { sub: userId, username: userId },
          metaHandlerDeps(context, () => (calls += 1)),
        );
        return { session, graphCalls: () => calls };
      },
      remainingMs: () => context.getRemainingTimeInMillis(),
      now: () => new Date(),
      log: (level, message, facts) => logger[level](message, facts),
    }),
  { malformed: 'drop' },
);
