import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDeclaration } from '@shared/queues';

/** How often the poller looks for visible messages, like Lambda's SQS pollers do continuously. */
const POLL_MS = 25;

interface QueueMessage {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  visibleAt: number;
}

export interface DeadLetter {
  queue: string;
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: string;
  deadLetteredAt: string;
}

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
}

/**
 * An SQS queue with its dead-letter queue and Lambda event source mapping, as
 * the queues table declares them: batches of up to `batchSize` gathered for
 * the batching window, at most `maxConcurrency` invocations at once, records a
 * function reports failed (or all of them when it throws) hidden for the
 * visibility timeout and retried, and moved to the DLQ once received
 * `maxReceiveCount` times without success.
 */
export class LocalQueue {
  readonly #messages: QueueMessage[] = [];
  readonly #deadLetters: DeadLetter[] = [];
  #running = 0;
  #invocations = 0;
  #timer: NodeJS.Timeout | null = null;
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
    return messageId;
  }

  deadLetters(): DeadLetter[] {
    return [...this.#deadLetters];
  }

  /** Moves every dead letter back to the queue (SQS's DLQ redrive). */
  redrive(): number {
    const moved = this.#deadLetters.splice(0);
    for (const letter of moved) this.send(letter.body);
    return moved.length;
  }

  /** Drops everything (tests start from an empty queue). */
  purge(): void {
    this.#messages.length = 0;
    this.#deadLetters.length = 0;
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
      }
    }
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
