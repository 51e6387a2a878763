import * as z from 'zod';
import type { EventDeclaration } from './declaration';
import { SHORT } from './detail-text';

/** "Send test" on the Notifications page: proves the Slack pipe end to end. */
export const slackTestEvent = {
  detailType: 'notification_test_slack',
  detail: z.object({ requestedBy: SHORT }),
  deliverTo: ['slack'],
} as const satisfies EventDeclaration;

/** "Send test" on the Notifications page: proves the webhook pipe end to end. */
export const webhookTestEvent = {
  detailType: 'notification_test_webhook',
  detail: z.object({ requestedBy: SHORT }),
  deliverTo: ['webhook'],
} as const satisfies EventDeclaration;
