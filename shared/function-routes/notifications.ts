import { CLICK_PATHS } from '../click-tracking';
import {
  ClientErrorRecordedSchema,
  ClientErrorReportSchema,
  NotificationAcceptedSchema,
  NotificationBatchSchema,
  NotificationSchema,
  NotificationStatusSchema,
  NotificationTestQueuedSchema,
  NotificationTestSchema,
} from '../schemas/notifications';
import { route } from '../route-declaration';

/** The routes `notifications` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const notificationsRoutes = {
  // Notifications (the chat notification function) and the operators' views of them.
  notify: route({
    method: 'POST',
    path: '/api/notifications',
    fn: 'notifications',
    access: 'user',
    clientRole: 'answers',
    body: NotificationSchema,
    response: NotificationAcceptedSchema,
    successStatus: 202,
  }),
  notifyBatch: route({
    method: 'POST',
    path: CLICK_PATHS.signedIn,
    fn: 'notifications',
    access: 'user',
    clientRole: 'answers',
    body: NotificationBatchSchema,
    response: NotificationAcceptedSchema,
    successStatus: 202,
  }),
  notificationStatus: route({
    method: 'GET',
    path: '/api/notifications/status',
    fn: 'notifications',
    access: 'user',
    role: 'operator',
    response: NotificationStatusSchema,
  }),
  notificationTest: route({
    method: 'POST',
    path: '/api/notifications/test',
    fn: 'notifications',
    access: 'user',
    role: 'operator',
    body: NotificationTestSchema,
    response: NotificationTestQueuedSchema,
    successStatus: 202,
  }),
  clientErrors: route({
    method: 'POST',
    path: '/api/client-errors',
    fn: 'notifications',
    access: 'user',
    clientRole: 'answers',
    body: ClientErrorReportSchema,
    response: ClientErrorRecordedSchema,
    successStatus: 202,
  }),
} as const;
