import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobQueueEnvVar } from '@shared/job-queues';
import { jobQueueUrl, sendJob } from '@lambdas/lib/job-queue';

// The SQS client, as the container's one client would be: it records what it is asked to send.
const sent = vi.hoisted(() => [] as unknown[]);
vi.mock('@lambdas/lib/aws/sqs', () => ({
  sqsSdk: () => import('@aws-sdk/client-sqs'),
  sqsClient: async () => ({
    send: async (command: unknown) => {
      sent.push(command);
      return { MessageId: 'm-1' };
    },
  }),
}));

const URL_VAR = jobQueueEnvVar('mmmFits');
const QUEUE_URL = 'http://localhost:9324/000000000000/adsmith-test-mmm-fits';

afterEach(() => {
  vi.unstubAllEnvs();
  sent.length = 0;
});

describe('jobQueueUrl', () => {
  it('reads the queue URL from the env var the functions table grants', () => {
    vi.stubEnv(URL_VAR, QUEUE_URL);
    expect(URL_VAR).toBe('JOB_QUEUE_URL_MMM_FITS');
    expect(jobQueueUrl('mmmFits')).toBe(QUEUE_URL);
  });

  it('fails loudly, naming the variable, for a queue the function was not given', () => {
    vi.stubEnv(URL_VAR, '');
    expect(() => jobQueueUrl('mmmFits')).toThrow(`Invalid function configuration: ${URL_VAR} is not set`);
  });
});

describe('sendJob', () => {
  it('sends the job to its queue as one JSON message', async () => {
    vi.stubEnv(URL_VAR, QUEUE_URL);
    await sendJob('mmmFits', { userId: 'user-1', modelId: 'model-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(SendMessageCommand);
    const { input } = sent[0] as SendMessageCommand;
    expect(input.QueueUrl).toBe(QUEUE_URL);
    expect(JSON.parse(input.MessageBody!)).toEqual({ userId: 'user-1', modelId: 'model-1' });
  });

  it('sends nothing when the queue is not configured', async () => {
    vi.stubEnv(URL_VAR, '');
    await expect(sendJob('mmmFits', { userId: 'user-1' })).rejects.toThrow(URL_VAR);
    expect(sent).toEqual([]);
  });
});
