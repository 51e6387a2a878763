import type { NotificationStatus, NotificationTarget } from '@shared/schemas/notifications';
import type { EventDeclaration } from '@shared/events/declaration';
import { slackTestEvent, webhookTestEvent } from '@shared/events/notification-tests';
import type { SecretValue } from '@shared/secrets';
import type { DeliveryLog } from '../lib/notifications/delivery-log';
import { webhookHost } from '../lib/notifications/post-json';

/** Deliveries per target shown on the Notifications page. */
const RECENT_PER_TARGET = 10;

/**
 * What this deployment sends where, for the Notifications page: whether each
 * URL is configured (its host only: the path is the secret) and the latest posts.
 */
export async function notificationStatus(deps: {
  readUrls: () => Promise<SecretValue<'notifications'>>;
  deliveries: DeliveryLog;
}): Promise<NotificationStatus> {
  const [urls, slack, webhook] = await Promise.all([
    deps.readUrls(),
    deps.deliveries.recent('slack', RECENT_PER_TARGET),
    deps.deliveries.recent('webhook', RECENT_PER_TARGET),
  ]);
  const describe = (url: string) => ({ configured: webhookHost(url) !== null, host: webhookHost(url) });
  return {
    slack: describe(urls.slackWebhookUrl),
    webhook: describe(urls.automationWebhookUrl),
    deliveries: [...slack, ...webhook].sort((a, b) => b.at.localeCompare(a.at)),
  };
}

/** The event "Send test" puts on the bus for each target. */
export const TEST_EVENTS = { slack: slackTestEvent, webhook: webhookTestEvent } as const satisfies Record<
  NotificationTarget,
  EventDeclaration
>;
