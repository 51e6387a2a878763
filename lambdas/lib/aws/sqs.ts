import type { SQSClient } from '@aws-sdk/client-sqs';
import { tracer } from '../observability';
import { loadOnce } from './lazy-sdk';

/** The SQS SDK, loaded by the first request that sends a job (see lazy-sdk). */
export const sqsSdk = loadOnce(() => import('./sqs-sdk'));

/** One SQS client per container, built on first use; endpoint from AWS_ENDPOINT_URL_SQS (the twin's local SQS). */
export const sqsClient = loadOnce(async (): Promise<SQSClient> => {
  const { SQSClient } = await sqsSdk();
  return tracer.captureAWSv3Client(new SQSClient({}));
});
