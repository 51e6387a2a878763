import { SESv2Client } from '@aws-sdk/client-sesv2';
import { tracer } from '../observability';

let client: SESv2Client | undefined;

/** One SES v2 client per container; endpoint from AWS_ENDPOINT_URL_SESV2 when set (the twin's mailbox). */
export function sesClient(): SESv2Client {
  client ??= tracer.captureAWSv3Client(new SESv2Client({}));
  return client;
}
