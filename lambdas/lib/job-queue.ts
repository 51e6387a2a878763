import { jobQueueEnvVar, type JobQueueKey } from '@shared/job-queues';
import { sqsClient, sqsSdk } from './aws/sqs';

/**
 * A job queue's URL, read from its env var when first needed: like tableName, a function is given (and granted)
 * only the queues its entry in shared/functions.ts declares (`sendsJobs`), and an undeclared one fails loudly.
 */
export function jobQueueUrl(key: JobQueueKey): string {
  const url = process.env[jobQueueEnvVar(key)];
  if (!url) throw new Error(`Invalid function configuration: ${jobQueueEnvVar(key)} is not set`);
  return url;
}

/** Hands a job to the queue's consumer (shared/job-queues.ts), as one JSON message. */
export async function sendJob(key: JobQueueKey, job: unknown): Promise<void> {
  const [{ SendMessageCommand }, sqs] = await Promise.all([sqsSdk(), sqsClient()]);
  await sqs.send(new SendMessageCommand({ QueueUrl: jobQueueUrl(key), MessageBody: JSON.stringify(job) }));
}
