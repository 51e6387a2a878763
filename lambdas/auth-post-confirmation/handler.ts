import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { cognitoTrigger } from '../lib/http/cognito-trigger';
import { logger } from '../lib/observability';
import { announceSignup } from './signup-event';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1) }));

export const handler = cognitoTrigger<PostConfirmationTriggerEvent>(async (event) => {
  try {
    const sent = await announceSignup(event, { eventBridge: eventBridgeClient, busName: config().EVENT_BUS_NAME });
    if (sent) logger.info('Signup announced');
  } catch (error) {
    // A failed notification must never block the user's confirmation.
    logger.error('Signup announcement failed', { error: error as Error });
  }
  return event;
});
