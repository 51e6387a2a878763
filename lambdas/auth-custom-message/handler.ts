import type { CustomMessageTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { lazyEnv } from '../lib/env';
import { cognitoTrigger } from '../lib/http/cognito-trigger';
import { logger } from '../lib/observability';
import { composeAuthEmail } from './verification-email';

const config = lazyEnv(z.object({ SITE_URL: z.string().url() }));

export const handler = cognitoTrigger<CustomMessageTriggerEvent>(async (event) => {
  logger.info('Composing auth email', { triggerSource: event.triggerSource });
  return composeAuthEmail(event, config().SITE_URL);
});
