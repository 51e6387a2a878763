import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { outboxEntry } from '@lambdas/lib/outbox/event-outbox';
import { OutboxRowSchema, type OutboxRow } from '@lambdas/lib/outbox/outbox-row';
import { LOCAL_CREDENTIALS } from '../function-environment';

export interface OutboxRelayOptions {
  dynamodbUrl: string;
  eventBridgeUrl: string;
  region: string;
  table: string;
  busName: string;
  /** How often the table is read when idle. @default 200 ms */
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface OutboxRelay {
  /** Relays what is in the outbox now (tests and the loop call it). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The twin's stand-in for the outbox table's stream and its EventBridge Pipe (dynalite has no
 * streams): it reads new rows, puts each on the bus, and deletes the row only once PutEvents
 * accepted it, in the order rows were written. While the bus fails, rows stay and are tried
 * again, with back-off, until it recovers; so each row reaches the bus once.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const log = options.log ?? ((line: string) => console.warn(line));
  const clientConfig = { region: options.region, credentials: LOCAL_CREDENTIALS };
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ ...clientConfig, endpoint: options.dynamodbUrl }));
  // One attempt per call: the relay's own loop is the retry (as the pipe's retry policy is in AWS).
  const bus = new EventBridgeClient({ ...clientConfig, endpoint: options.eventBridgeUrl, maxAttempts: 1 });
  const intervalMs = options.intervalMs ?? 200;
  let stopped = false;
  let failingSince: number | null = null;
  let running: Promise<number> = Promise.resolve(0);

  async function readRows(): Promise<OutboxRow[]> {
    const rows: OutboxRow[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: options.table, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        const parsed = OutboxRowSchema.safeParse(item);
        if (parsed.success) rows.push(parsed.data);
        else log(`[outbox] skipping a malformed outbox row: ${JSON.stringify(item).slice(0, 200)}`);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  async function drainOnce(): Promise<number> {
    let relayed = 0;
    for (const row of await readRows()) {
      if (stopped) break;
      const reply = await bus.send(new PutEventsCommand({ Entries: [outboxEntry(row, options.busName)] }));
      if (reply.FailedEntryCount) {
        throw new Error(`PutEvents rejected the entry: ${reply.Entries?.[0]?.ErrorCode ?? 'unknown'}`);
      }
      await doc.send(new DeleteCommand({ TableName: options.table, Key: { event_id: row.event_id } }));
      relayed += 1;
    }
    return relayed;
  }

  const drain = () => {
    running = running.then(drainOnce, drainOnce);
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    drain()
      .then(
        () => {
          if (failingSince !== null) log('[outbox] the event bus answers again; relaying resumed');
          failingSince = null;
        },
        (error: unknown) => {
          if (failingSince === null) log(`[outbox] relaying paused, will retry: ${(error as Error).message}`);
          failingSince ??= Date.now();
        },
      )
      .finally(() => {
        if (stopped) return;
        // Back off while the bus (or the table) fails, up to 2 s between tries.
        const wait = failingSince === null ? intervalMs : Math.min(2000, intervalMs * 4);
        timer = setTimeout(tick, wait);
      });
  };
  timer = setTimeout(tick, intervalMs);

  return {
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
      doc.destroy();
      bus.destroy();
    },
  };
}
