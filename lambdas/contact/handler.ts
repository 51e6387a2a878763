import * as z from 'zod';
import { routes } from '@shared/routes';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { httpHandler } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { clientAddress, submitContact } from './submit-contact';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1) }));

export const handler = httpHandler(routes.contact, ({ body, event }) =>
  submitContact(body, clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']), {
    doc: dynamoDocumentClient(),
    eventBridge: eventBridgeClient(),
    busName: config().EVENT_BUS_NAME,
    messagesTable: tableName('contactMessages'),
    throttleTable: tableName('contactThrottle'),
    now: () => new Date(),
  }),
);
