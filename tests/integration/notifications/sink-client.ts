import { twin } from '../twin-client';

/** What the sinks recorded (infra/twin/sinks): one row per request. */
export interface SinkRow {
  id: string;
  receivedAt: string;
  status: number;
  reply: string;
  body: Record<string, unknown> & { text?: string };
  eventIds: string[];
}

export async function slackRequests(): Promise<SinkRow[]> {
  return (await (await fetch(twin().slackSink.requests)).json()) as SinkRow[];
}

export async function webhookRequests(): Promise<SinkRow[]> {
  return (await (await fetch(twin().webhookSink.requests)).json()) as SinkRow[];
}

export async function setSlackFault(fault: { status: number; forMs?: number; count?: number }): Promise<void> {
  const reply = await fetch(twin().slackSink.faults, { method: 'POST', body: JSON.stringify(fault) });
  if (!reply.ok) throw new Error(`Fault switch answered ${reply.status}: ${await reply.text()}`);
}

export async function clearSlackFault(): Promise<void> {
  await fetch(twin().slackSink.faults, { method: 'DELETE' });
}

/** Bus events of a detail-type, as the twin's bus accepted them. */
export async function busEvents<D>(detailType: string): Promise<{ event: { id: string; detail: D } }[]> {
  return (await (await fetch(`${twin().eventBridge}/events?detailType=${detailType}`)).json()) as {
    event: { id: string; detail: D };
  }[];
}

export interface QueueStatsRow {
  name: string;
  visible: number;
  inFlight: number;
  deadLetters: { name: string; visible: number };
}

export async function queueStats(): Promise<QueueStatsRow[]> {
  return (await (await fetch(`${twin().eventBridge}/queues`)).json()) as QueueStatsRow[];
}

export async function alarms(): Promise<{ name: string; state: 'OK' | 'ALARM'; value: number }[]> {
  return (await (await fetch(`${twin().eventBridge}/alarms`)).json()) as {
    name: string;
    state: 'OK' | 'ALARM';
    value: number;
  }[];
}

export async function deadLetters(): Promise<{ queue: string; body: string }[]> {
  return (await (await fetch(`${twin().eventBridge}/dead-letters`)).json()) as { queue: string; body: string }[];
}

/** How often each event id appears in the Slack posts Slack accepted. */
export function deliveredCounts(rows: readonly SinkRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== 200) continue;
    for (const id of row.eventIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
