import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { logger } from '../lib/observability';
import { announceSignup } from './signup-event';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1) }));

export const handler = middy<PostConfirmationTriggerEvent, PostConfirmationTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    // The user's pool id (`sub`) on every line, like the HTTP functions; never their tokens.
    logger.appendKeys({ userId: event.request.userAttributes.sub });
    try {
      const sent = await announceSignup(event, { eventBridge: eventBridgeClient(), busName: config().EVENT_BUS_NAME });
      if (sent) logger.info('Signup announced');
    } catch (error) {
      // A failed notification must never block the user's confirmation.
      logger.error('Signup announcement failed', { error: error as Error });
    }
    return event;
  });
