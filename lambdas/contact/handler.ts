import * as z from 'zod';
import { contactRoutes as routes } from '@shared/function-routes/contact';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { httpFunction, on, type HttpEvent } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { clientAddress } from '../lib/http/client-address';
import { acceptAnonymousClicks, submitContact } from './submit-contact';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1) }));

const deps = () => ({
  doc: dynamoDocumentClient(),
  eventBridge: eventBridgeClient,
  busName: config().EVENT_BUS_NAME,
  messagesTable: tableName('contactMessages'),
  throttleTable: tableName('publicThrottle'),
  now: () => new Date(),
});
const addressOf = (event: HttpEvent) =>
  clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']);

/** The public endpoints: both throttled per client address, neither trusts any identity. */
export const handler = httpFunction([
  on(routes.contact, ({ body, event }) => submitContact(body, addressOf(event), deps())),
  on(routes.trackClicks, ({ body, event }) => acceptAnonymousClicks(body.clicks, addressOf(event), deps())),
]);
