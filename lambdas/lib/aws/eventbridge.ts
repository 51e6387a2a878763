import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { tracer } from '../observability';
import { loadOnce } from './lazy-sdk';

/** The EventBridge SDK, loaded by the first request that puts an event (see lazy-sdk). */
export const eventBridgeSdk = loadOnce(() => import('./eventbridge-sdk'));

/** One EventBridge client per container, built on first use; endpoint from AWS_ENDPOINT_URL_EVENTBRIDGE when set. */
export const eventBridgeClient = loadOnce(async (): Promise<EventBridgeClient> => {
  const { EventBridgeClient } = await eventBridgeSdk();
  return tracer.captureAWSv3Client(new EventBridgeClient({}));
});
