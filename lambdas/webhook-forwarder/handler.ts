import * as z from 'zod';
import { readEnv } from '../lib/env';
import { queueBatchFunction } from '../lib/http/queue-function';
import { forwardBatch } from '../lib/notifications/forward-batch';
import { forwarderEnv, forwarderServices } from '../lib/notifications/forwarder-runtime';
import { fetchPostJson } from '../lib/notifications/post-json';
import { PostPacer } from '../lib/notifications/post-pacer';
import { logger } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { webhookPosts } from './webhook-payload';

const env = forwarderEnv();
const { SITE_URL } = readEnv(z.object({ SITE_URL: z.string().min(1) }));
const source = new URL(SITE_URL).origin;
const services = forwarderServices('Webhook');
// An automation webhook has no published rate limit; no spacing, but 5xx back-off still applies.
const pacer = new PostPacer(0);
const post = fetchPostJson(env.NOTIFY_POST_TIMEOUT_MS);

export const handler = queueBatchFunction(async (records, context) => {
  const { automationWebhookUrl } = await readSecret('notifications');
  if (!automationWebhookUrl) {
    logger.error('Automation webhook URL is not configured (secret notifications.automationWebhookUrl)');
    return { batchItemFailures: records.map((r) => ({ itemIdentifier: r.messageId })) };
  }
  return forwardBatch(records, (events) => webhookPosts(events, source), {
    ...services,
    target: 'webhook',
    url: automationWebhookUrl,
    post,
    pacer,
    remainingMs: () => context.getRemainingTimeInMillis(),
    serverErrorBackoffMs: env.NOTIFY_SERVER_ERROR_BACKOFF_MS,
    serverErrorAttempts: 3,
  });
});
