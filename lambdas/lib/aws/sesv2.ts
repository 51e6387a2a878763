import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { tracer } from '../observability';
import { loadOnce } from './lazy-sdk';

/** The SES v2 SDK, loaded by the first request that sends an email (see lazy-sdk). */
export const sesSdk = loadOnce(() => import('./sesv2-sdk'));

/** One SES v2 client per container, built on first use; endpoint from AWS_ENDPOINT_URL_SESV2 when set (the twin's mailbox). */
export const sesClient = loadOnce(async (): Promise<SESv2Client> => {
  const { SESv2Client } = await sesSdk();
  return tracer.captureAWSv3Client(new SESv2Client({}));
});
