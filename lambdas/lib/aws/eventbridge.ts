import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { tracer } from '../observability';

let client: EventBridgeClient | undefined;

/** One EventBridge client per container; endpoint from AWS_ENDPOINT_URL_EVENTBRIDGE when set. */
export function eventBridgeClient(): EventBridgeClient {
  client ??= tracer.captureAWSv3Client(new EventBridgeClient({}));
  return client;
}
