import { SQSClient } from '@aws-sdk/client-sqs';
import { tracer } from '../observability';

let client: SQSClient | undefined;

/** One SQS client per container; endpoint only from AWS_ENDPOINT_URL_SQS (the twin's local SQS). */
export function sqsClient(): SQSClient {
  client ??= tracer.captureAWSv3Client(new SQSClient({}));
  return client;
}
