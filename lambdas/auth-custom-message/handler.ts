import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { lazyEnv } from '../lib/env';
import { logger } from '../lib/observability';
import { composeAuthEmail } from './verification-email';

const config = lazyEnv(z.object({ SITE_URL: z.string().url() }));

export const handler = middy<CustomMessageTriggerEvent, CustomMessageTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    // The user's pool id (`sub`) on every line, like the HTTP functions; never their tokens.
    logger.appendKeys({ userId: event.request.userAttributes.sub });
    logger.info('Composing auth email', { triggerSource: event.triggerSource });
    return composeAuthEmail(event, config().SITE_URL);
  });
