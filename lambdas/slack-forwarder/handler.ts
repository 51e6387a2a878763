import { NEED_ENV } from '@shared/need-env';
import { queueBatchFunction } from '../lib/http/queue-function';
import { forwardBatch } from '../lib/notifications/forward-batch';
import { forwarderEnv, forwarderServices } from '../lib/notifications/forwarder-runtime';
import { fetchPostJson } from '../lib/notifications/post-json';
import { PostPacer } from '../lib/notifications/post-pacer';
import { logger } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { slackPostsFor } from './slack-posts';

const env = forwarderEnv();
const services = forwarderServices('Slack');
// Module scope: the pacer outlives invocations, and the queue runs one invocation at a time.
const pacer = new PostPacer(env.NOTIFY_MIN_POST_INTERVAL_MS);
const post = fetchPostJson(env.NOTIFY_POST_TIMEOUT_MS);

export const handler = queueBatchFunction(async (records, context) => {
  const { slackWebhookUrl } = await readSecret('notifications');
  if (!slackWebhookUrl) {
    // Kept, not dropped: the records retry and end in the DLQ, whose alarm tells the operator.
    logger.error('Slack webhook URL is not configured (secret notifications.slackWebhookUrl)');
    return { batchItemFailures: records.map((r) => ({ itemIdentifier: r.messageId })) };
  }
  return forwardBatch(
    records,
    slackPostsFor(env[NEED_ENV.slackClicks], (count) => services.count('ClicksCounted', count)),
    {
      ...services,
      target: 'slack',
      url: slackWebhookUrl,
      post,
      pacer,
      remainingMs: () => context.getRemainingTimeInMillis(),
      serverErrorBackoffMs: env.NOTIFY_SERVER_ERROR_BACKOFF_MS,
      // With the back-off doubling from 1 s, five attempts ride out about 15 s of 5xx in one invocation.
      serverErrorAttempts: 5,
    },
  );
});
