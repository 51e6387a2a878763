import { createHash, randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { jobQueues, type JobQueueKey } from '@shared/job-queues';
import { AwsServiceError, serveAwsJsonCall } from '../aws-json/aws-json-protocol';
import { sendJson } from '../http-io';
import { SerialFileWriter } from '../state/atomic-file';
import { readJsonStateFile } from '../state/json-state-file';

/** SQS's largest message body (1 MiB). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

const LocalMessageSchema = z.object({
  messageId: z.string(),
  body: z.string(),
  md5: z.string(),
  sentAt: z.number(),
  receiveCount: z.number().int().nonnegative(),
});
type LocalMessage = z.infer<typeof LocalMessageSchema>;

const DeadLetterSchema = z.object({
  queue: z.string(),
  messageId: z.string(),
  body: z.string(),
  receiveCount: z.number().int(),
  reason: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/** The state file: every message not yet deleted (waiting, being handled, waiting for a retry) and the dead letters. */
const SavedQueuesSchema = z.object({
  version: z.literal(1),
  queues: z.record(z.string(), z.array(LocalMessageSchema)),
  deadLetters: z.array(DeadLetterSchema),
});

export interface LocalSqsOptions {
  region: string;
  /** `<prefix>-<name>` of each queue, as the stack names it. */
  queueName: (key: JobQueueKey) => string;
  /** Runs a consumer with an SQS event; resolves to its reply (batchItemFailures) or throws. */
  invoke: (fn: string, event: SQSEvent) => Promise<unknown>;
  /** Wait before a failed message is received again (SQS: the visibility timeout). Default 1 s locally. */
  retryDelayMs?: number;
  /**
   * Where the queues are kept across restarts (written whole, atomically, after every change).
   * Unset: in memory only (tests on a throwaway twin).
   */
  stateFile?: string;
  log?: (line: string) => void;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * The job queues of shared/job-queues.ts as SQS runs them for Lambda: SendMessage over SQS's
 * JSON protocol (what @aws-sdk/client-sqs speaks, MD5 of the body checked by the SDK), then the
 * event source mapping: batches of `batchSize` handed to the consumer, at most `maxConcurrency`
 * at a time, a failed message (thrown, or named in batchItemFailures) received again after a
 * delay, and dead-lettered after `maxReceiveCount` receives.
 *
 * Durable like SQS: with a `stateFile`, SendMessage answers only once the message is on disk, and
 * a message stays in the file until its consumer succeeded or it was dead-lettered. A twin stopped
 * or killed mid-fit finds the message again at start and delivers it once more (as SQS does when a
 * consumer dies before deleting it: at-least-once, with its receive count kept). Deliveries wait
 * for `start()`, so nothing is handed to a function before the twin can run it.
 */
interface Queue {
  key: JobQueueKey;
  waiting: LocalMessage[];
  running: number;
  /** Every message not deleted yet, whatever it is doing: what the state file keeps. */
  undeleted: Map<string, LocalMessage>;
}

export class LocalSqs {
  readonly #queues = new Map<string, Queue>();
  readonly #deadLetters: DeadLetter[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #writer?: SerialFileWriter;
  #baseUrl = '';
  #stopped = false;
  #started = false;

  constructor(private readonly options: LocalSqsOptions) {
    for (const key of Object.keys(jobQueues) as JobQueueKey[])
      this.#queues.set(options.queueName(key), { key, waiting: [], running: 0, undeleted: new Map() });
    if (options.stateFile) this.#writer = new SerialFileWriter(options.stateFile, { mode: 0o600 });
  }

  /**
   * Reads the queues a previous twin left. A file that does not parse is set aside (renamed
   * `….damaged-<time>`, kept) and the queues start empty, with one line saying so.
   */
  async restore(): Promise<void> {
    const file = this.options.stateFile;
    if (!file) return;
    const saved = await readJsonStateFile(
      file,
      (value) => SavedQueuesSchema.parse(value),
      'the job queues',
      this.options.log,
    );
    if (!saved) return;
    for (const [name, messages] of Object.entries(saved.queues)) {
      const queue = this.#queues.get(name);
      if (!queue) continue; // A queue no longer declared: its jobs have no consumer.
      for (const m of messages) {
        queue.undeleted.set(m.messageId, m);
        queue.waiting.push(m);
      }
    }
    this.#deadLetters.push(...saved.deadLetters);
    const count = saved.deadLetters.length + [...this.#queues.values()].reduce((n, q) => n + q.waiting.length, 0);
    if (count > 0) this.options.log?.(`[sqs] restored ${count} message(s) from ${file}`);
  }

  /** Starts handing messages to consumers (once the twin can run functions). */
  start(): void {
    this.#started = true;
    for (const name of this.#queues.keys()) this.#drain(name);
  }

  #save(): Promise<void> {
    if (!this.#writer) return Promise.resolve();
    const queues = Object.fromEntries(
      [...this.#queues.entries()].map(([name, q]) => [name, [...q.undeleted.values()]]),
    );
    return this.#writer.write(JSON.stringify({ version: 1, queues, deadLetters: this.#deadLetters }));
  }

  /** Saves in the background (a state change that is not an answer to a caller); a failure is logged. */
  #saveLater(): void {
    this.#save().catch((error: unknown) => this.options.log?.(`[sqs] could not save the queues: ${String(error)}`));
  }

  /** Resolves once every save asked for so far is on disk. */
  settled(): Promise<void> {
    return this.#writer?.settled() ?? Promise.resolve();
  }

  /** Where the server listens; queue URLs are `<url>/000000000000/<name>` as in SQS. */
  setBaseUrl(url: string): void {
    this.#baseUrl = url;
  }

  queueUrl(key: JobQueueKey): string {
    return `${this.#baseUrl}/000000000000/${this.options.queueName(key)}`;
  }

  queueUrls(): Record<JobQueueKey, string> {
    return Object.fromEntries(
      (Object.keys(jobQueues) as JobQueueKey[]).map((key) => [key, this.queueUrl(key)]),
    ) as Record<JobQueueKey, string>;
  }

  #queueFromUrl(url: unknown) {
    if (typeof url !== 'string' || url.length === 0)
      throw new AwsServiceError('InvalidAddress', 'The address QueueUrl is not valid for this endpoint.');
    const name = url.split('/').at(-1) ?? '';
    const queue = this.#queues.get(name);
    if (!queue) throw new AwsServiceError('QueueDoesNotExist', 'The specified queue does not exist.');
    return { name, queue };
  }

  async sendMessage(input: Record<string, unknown>) {
    const { name, queue } = this.#queueFromUrl(input.QueueUrl);
    const body = input.MessageBody;
    if (typeof body !== 'string' || body.length === 0)
      throw new AwsServiceError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body, 'utf8') > MAX_MESSAGE_BYTES)
      throw new AwsServiceError(
        'InvalidParameterValue',
        `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`,
      );
    if (input.DelaySeconds !== undefined)
      throw new AwsServiceError('InvalidParameterValue', 'DelaySeconds is not supported by the local twin.');
    const message: LocalMessage = {
      messageId: randomUUID(),
      body,
      md5: md5(body),
      sentAt: Date.now(),
      receiveCount: 0,
    };
    queue.undeleted.set(message.messageId, message);
    // Acknowledged only once on disk: a twin killed right after still has the message.
    await this.#save();
    queue.waiting.push(message);
    this.#drain(name);
    return { MessageId: message.messageId, MD5OfMessageBody: message.md5 };
  }

  #record(name: string, m: LocalMessage): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: `${m.messageId}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: '000000000000',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.md5,
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${this.options.region}:000000000000:${name}`,
      awsRegion: this.options.region,
    };
  }

  #drain(name: string): void {
    const queue = this.#queues.get(name)!;
    const declaration = jobQueues[queue.key];
    while (this.#started && !this.#stopped && queue.waiting.length > 0 && queue.running < declaration.maxConcurrency) {
      const batch = queue.waiting.splice(0, declaration.batchSize);
      for (const m of batch) m.receiveCount += 1;
      // The receive counts are kept, so a restart cannot give a failing message endless tries.
      this.#saveLater();
      queue.running += 1;
      void this.#deliver(name, batch).finally(() => {
        queue.running -= 1;
        this.#drain(name);
      });
    }
  }

  async #deliver(name: string, batch: LocalMessage[]): Promise<void> {
    const queue = this.#queues.get(name)!;
    const declaration = jobQueues[queue.key];
    let failed: LocalMessage[] = [];
    let reason = '';
    try {
      const reply = (await this.options.invoke(declaration.consumer, {
        Records: batch.map((m) => this.#record(name, m)),
      })) as { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
      const ids = new Set((reply?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      failed = batch.filter((m) => ids.has(m.messageId));
      reason = 'reported as a batch item failure';
    } catch (error) {
      failed = batch;
      reason = String(error);
    }
    if (this.#stopped) return;
    for (const m of batch) if (!failed.includes(m)) queue.undeleted.delete(m.messageId);
    for (const m of failed) {
      if (m.receiveCount >= declaration.maxReceiveCount) {
        queue.undeleted.delete(m.messageId);
        this.#deadLetters.push({
          queue: name,
          messageId: m.messageId,
          body: m.body,
          receiveCount: m.receiveCount,
          reason,
        });
        this.options.log?.(`[sqs] ${name}: message ${m.messageId} moved to the dead-letter queue (${reason})`);
        continue;
      }
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        queue.waiting.push(m);
        this.#drain(name);
      }, this.options.retryDelayMs ?? 1000);
      this.#timers.add(timer);
    }
    this.#saveLater();
  }

  stats() {
    return [...this.#queues.entries()].map(([name, q]) => ({
      name,
      consumer: jobQueues[q.key].consumer,
      waiting: q.waiting.length,
      inFlight: q.running,
      deadLetters: this.#deadLetters.filter((d) => d.queue === name).length,
    }));
  }

  deadLetters(): DeadLetter[] {
    return [...this.#deadLetters];
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}

/** The HTTP side: SQS's JSON protocol (`AmazonSQS.<Operation>`), plus `GET /queues` and `/dead-letters` to look. */
export function localSqsHandler(sqs: LocalSqs): RequestListener {
  const operations = {
    SendMessage: async (input: Record<string, unknown>) => sqs.sendMessage(input),
    GetQueueUrl: (input: Record<string, unknown>) => {
      const key = (Object.keys(jobQueues) as JobQueueKey[]).find((k) =>
        sqs.queueUrl(k).endsWith(`/${String(input.QueueName)}`),
      );
      if (!key) throw new AwsServiceError('QueueDoesNotExist', 'The specified queue does not exist.');
      return { QueueUrl: sqs.queueUrl(key) };
    },
  };
  return (req, res) => {
    void serveAwsJsonCall(req, res, 'AmazonSQS', operations).then((served) => {
      if (served) return;
      if (req.method === 'GET' && req.url === '/queues') return sendJson(res, 200, sqs.stats());
      if (req.method === 'GET' && req.url === '/dead-letters') return sendJson(res, 200, sqs.deadLetters());
      sendJson(res, 404, { message: 'Not found', endpoints: ['POST / (AmazonSQS.*)', '/queues', '/dead-letters'] });
    });
  };
}
