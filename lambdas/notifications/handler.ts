import * as z from 'zod';
import { notificationsRoutes as routes } from '@shared/function-routes/notifications';
import { cognitoClient } from '../lib/aws/cognito';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { publishEvent } from '../lib/events';
import { httpFunction, on } from '../lib/http/http-function';
import type { RequestUser } from '../lib/http/request-user';
import { dynamoDeliveryLog } from '../lib/notifications/delivery-log';
import { logger, metrics } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { tableName } from '../lib/table-name';
import { acceptNotifications } from './accept-notifications';
import { recordClientError } from './client-errors';
import { notificationStatus, TEST_EVENTS } from './notification-status';
import { userEmail } from './user-email';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1), USER_POOL_ID: z.string().min(1) }));

const emailOf = (user: RequestUser) => () =>
  userEmail(user, { cognito: cognitoClient, userPoolId: config().USER_POOL_ID });
const acceptDeps = (user: RequestUser) => ({
  eventBridge: eventBridgeClient,
  busName: config().EVENT_BUS_NAME,
  email: emailOf(user),
});

export const handler = httpFunction([
  on(routes.notify, ({ user, body }) => acceptNotifications([body], acceptDeps(user))),
  on(routes.notifyBatch, ({ user, body }) => acceptNotifications(body.notifications, acceptDeps(user))),
  on(routes.clientErrors, async ({ user, body }) => recordClientError(body, user, { logger, metrics })),
  on(routes.notificationStatus, () =>
    notificationStatus({
      readUrls: () => readSecret('notifications'),
      deliveries: dynamoDeliveryLog(dynamoDocumentClient(), tableName('notificationDeliveries')),
    }),
  ),
  on(routes.notificationTest, async ({ user, body }) => {
    const requestedBy = (await emailOf(user)()) ?? user.sub;
    await publishEvent(eventBridgeClient, config().EVENT_BUS_NAME, TEST_EVENTS[body.target], { requestedBy });
    return { queued: true as const, target: body.target };
  }),
]);
