import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import type { QueueDeclaration } from '@shared/queues';
import { SerialFileWriter } from '../state/atomic-file';
import { readJsonStateFile } from '../state/json-state-file';

/** How often the poller looks for visible messages, like Lambda's SQS pollers do continuously. */
const POLL_MS = 25;

const QueueMessageSchema = z.object({
  messageId: z.string(),
  body: z.string(),
  sentAt: z.number(),
  receiveCount: z.number().int().nonnegative(),
  firstReceivedAt: z.number().nullable(),
  /** Wall-clock ms: a message received before a restart stays hidden until its visibility timeout ends. */
  visibleAt: z.number(),
});
type QueueMessage = z.infer<typeof QueueMessageSchema>;

const DeadLetterSchema = z.object({
  queue: z.string(),
  messageId: z.string(),
  body: z.string(),
  receiveCount: z.number().int(),
  sentAt: z.string(),
  deadLetteredAt: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/** The state file: every message not deleted yet (waiting, in flight, waiting for a retry) and the DLQ. */
const SavedQueueSchema = z.object({
  version: z.literal(1),
  messages: z.array(QueueMessageSchema),
  deadLetters: z.array(DeadLetterSchema),
});

export interface QueueStats {
  name: string;
  consumer: string;
  /** ApproximateNumberOfMessagesVisible */
  visible: number;
  /** ApproximateNumberOfMessagesNotVisible */
  inFlight: number;
  /** ApproximateAgeOfOldestMessage, seconds */
  oldestAgeSeconds: number;
  invocations: number;
  deadLetters: { name: string; visible: number };
}

export interface LocalQueueOptions {
  region: string;
  /** Runs the consumer function with an SQS event; resolves to its partial batch response. */
  invoke: (event: SQSEvent) => Promise<SQSBatchResponse | void>;
  /** Overrides for tests that run the same scenario scaled down. */
  visibilityTimeoutMs?: number;
  batchingWindowMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Where the queue and its DLQ are kept across restarts, written whole and atomically after every change.
   * Unset: memory only (a throwaway twin).
   */
  stateFile?: string;
}

/**
 * An SQS queue with its dead-letter queue and Lambda event source mapping, as
 * the queues table declares them: batches of up to `batchSize` gathered for
 * the batching window, at most `maxConcurrency` invocations at once, records a
 * function reports failed (or all of them when it throws) hidden for the
 * visibility timeout and retried, and moved to the DLQ once received
 * `maxReceiveCount` times without success.
 *
 * Durable as SQS keeps messages: with a `stateFile`, a message is on disk before `settled()` resolves (PutEvents
 * answers only then), and stays there until its consumer succeeded or it was dead-lettered. A twin killed while a
 * message waits, or while its consumer runs, finds it again at `restore()`: a message in flight becomes visible
 * once its visibility timeout has passed and is delivered again with its receive count kept (at-least-once), and
 * one received `maxReceiveCount` times goes to the DLQ, as SQS's redrive policy does.
 */
export class LocalQueue {
  readonly #messages: QueueMessage[] = [];
  readonly #deadLetters: DeadLetter[] = [];
  #running = 0;
  #invocations = 0;
  #timer: NodeJS.Timeout | null = null;
  readonly #writer?: SerialFileWriter;
  readonly #now: () => number;
  readonly #visibilityMs: number;
  readonly #windowMs: number;

  constructor(
    readonly declaration: QueueDeclaration,
    private readonly options: LocalQueueOptions,
  ) {
    this.#now = options.now ?? Date.now;
    this.#visibilityMs = options.visibilityTimeoutMs ?? declaration.visibilityTimeoutSeconds * 1000;
    this.#windowMs = options.batchingWindowMs ?? declaration.batchingWindowSeconds * 1000;
    if (options.stateFile) this.#writer = new SerialFileWriter(options.stateFile, { mode: 0o600 });
  }

  /**
   * Reads what a previous twin left. A file that does not parse is set aside (renamed `….damaged-<time>`, kept)
   * and the queue starts empty, with one line saying so.
   */
  async restore(): Promise<void> {
    const file = this.options.stateFile;
    if (!file) return;
    const saved = await readJsonStateFile(
      file,
      (value) => SavedQueueSchema.parse(value),
      'the queue',
      this.options.log,
    );
    if (!saved) return;
    this.#messages.push(...saved.messages);
    this.#deadLetters.push(...saved.deadLetters);
    const count = saved.messages.length + saved.deadLetters.length;
    if (count > 0) this.options.log?.(`[queue] ${this.declaration.name}: restored ${count} message(s) from ${file}`);
  }

  /** Resolves once every change so far has been written (at once without a state file; a failed write is logged). */
  settled(): Promise<void> {
    return this.#writer?.settled() ?? Promise.resolve();
  }

  #save(): void {
    if (!this.#writer) return;
    const data = JSON.stringify({ version: 1, messages: this.#messages, deadLetters: this.#deadLetters });
    this.#writer
      .write(data)
      .catch((error: unknown) =>
        this.options.log?.(`[queue] ${this.declaration.name}: could not save the queue: ${String(error)}`),
      );
  }

  get arn(): string {
    return `arn:aws:sqs:${this.options.region}:000000000000:${this.declaration.name}`;
  }

  start(): void {
    this.#timer ??= setInterval(() => this.#poll(), POLL_MS);
    this.#timer.unref();
  }

  /** Stops polling; invocations under way finish on their own. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  send(body: string): string {
    const messageId = randomUUID();
    this.#messages.push({
      messageId,
      body,
      sentAt: this.#now(),
      receiveCount: 0,
      firstReceivedAt: null,
      visibleAt: this.#now(),
    });
    this.#save();
    return messageId;
  }

  deadLetters(): DeadLetter[] {
    return [...this.#deadLetters];
  }

  /** Moves every dead letter back to the queue (SQS's DLQ redrive). */
  redrive(): number {
    const moved = this.#deadLetters.splice(0);
    for (const letter of moved) this.send(letter.body);
    this.#save();
    return moved.length;
  }

  /** Drops everything (tests start from an empty queue). */
  purge(): void {
    this.#messages.length = 0;
    this.#deadLetters.length = 0;
    this.#save();
  }

  stats(): QueueStats {
    const now = this.#now();
    const visible = this.#messages.filter((m) => m.visibleAt <= now);
    const oldest = this.#messages.reduce((min, m) => Math.min(min, m.sentAt), Infinity);
    return {
      name: this.declaration.name,
      consumer: this.declaration.consumer,
      visible: visible.length,
      inFlight: this.#messages.length - visible.length,
      oldestAgeSeconds: Number.isFinite(oldest) ? Math.floor((now - oldest) / 1000) : 0,
      invocations: this.#invocations,
      deadLetters: { name: `${this.declaration.name}-dlq`, visible: this.#deadLetters.length },
    };
  }

  #poll(): void {
    const now = this.#now();
    let changed = false;
    // SQS's redrive policy: a message received maxReceiveCount times that becomes visible again goes to the DLQ.
    for (let i = this.#messages.length - 1; i >= 0; i -= 1) {
      const m = this.#messages[i]!;
      if (m.visibleAt <= now && m.receiveCount >= this.declaration.maxReceiveCount) {
        this.#messages.splice(i, 1);
        this.#deadLetters.push({
          queue: this.declaration.name,
          messageId: m.messageId,
          body: m.body,
          receiveCount: m.receiveCount,
          sentAt: new Date(m.sentAt).toISOString(),
          deadLetteredAt: new Date(now).toISOString(),
        });
        this.options.log?.(`[queue] ${this.declaration.name}: message ${m.messageId} moved to the dead-letter queue`);
        changed = true;
      }
    }
    if (changed) this.#save();
    while (this.#running < this.declaration.maxConcurrency) {
      const visible = this.#messages.filter((m) => m.visibleAt <= now);
      if (visible.length === 0) return;
      const waitingSince = Math.min(...visible.map((m) => Math.max(m.visibleAt, m.sentAt)));
      // Gather for the batching window unless a full batch is already there.
      if (visible.length < this.declaration.batchSize && now - waitingSince < this.#windowMs) return;
      const batch = visible.slice(0, this.declaration.batchSize);
      for (const m of batch) {
        m.receiveCount += 1;
        m.firstReceivedAt ??= now;
        m.visibleAt = now + this.#visibilityMs;
      }
      // The receive count and visibility are kept, so a restart neither forgets a receive nor redelivers early.
      this.#save();
      void this.#invoke(batch);
    }
  }

  async #invoke(batch: QueueMessage[]): Promise<void> {
    this.#running += 1;
    this.#invocations += 1;
    let failedIds: Set<string>;
    try {
      const reply = await this.options.invoke({ Records: batch.map((m) => this.#record(m)) });
      failedIds = new Set((reply?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      // As Lambda does: a failure id that is not in the batch fails the whole batch.
      if ([...failedIds].some((id) => !batch.some((m) => m.messageId === id)))
        failedIds = new Set(batch.map((m) => m.messageId));
    } catch (error) {
      this.options.log?.(`[queue] ${this.declaration.consumer} failed a batch of ${batch.length}: ${String(error)}`);
      failedIds = new Set(batch.map((m) => m.messageId));
    } finally {
      this.#running -= 1;
    }
    for (const m of batch) {
      if (failedIds.has(m.messageId)) continue; // stays hidden until its visibility timeout, then retried
      const index = this.#messages.indexOf(m);
      if (index >= 0) this.#messages.splice(index, 1);
    }
    if (failedIds.size < batch.length) this.#save();
  }

  #record(m: QueueMessage): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: `${m.messageId}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'AIDAEVENTBRIDGE',
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(m.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: this.arn,
      awsRegion: this.options.region,
    };
  }
}
