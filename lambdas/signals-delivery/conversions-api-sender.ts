import * as z from 'zod';
import type { QueuedServerEvent } from '@shared/schemas/signals-endpoint';
import type { GraphClient } from '../lib/meta/graph-client';
import { GraphError } from '../lib/meta/graph-errors';
import { EventRefused } from './deliver-events';

/** Meta's reply to `POST /{pixel_id}/events` (Conversions API, using-the-api): `{events_received, messages, fbtrace_id}`. */
const EventsReceivedSchema = z.object({ events_received: z.number().int(), fbtrace_id: z.string().optional() });

/**
 * Meta's refusal of one event names it as `$['data'][<index>]…` in its message (code 100, subcode 2804019, "Server-side
 * API parameter error"); the message names the field, never its value, so it may be kept and shown.
 */
const REFUSED_EVENT = /\$\['data'\]\[(\d+)\]/;

export async function sendToConversionsApi(
  graph: GraphClient,
  pixelId: string,
  events: QueuedServerEvent[],
  testEventCode: string | undefined,
): Promise<void> {
  try {
    const reply = await graph.post(
      `${pixelId}/events`,
      { data: JSON.stringify(events), ...(testEventCode && { test_event_code: testEventCode }) },
      EventsReceivedSchema,
      // Safe to repeat after a timeout: Meta drops a resent event_name + event_id within 48 hours.
      { idempotent: true },
    );
    if (reply.events_received !== events.length)
      throw new Error(`Meta received ${reply.events_received} of ${events.length} events`);
  } catch (error) {
    const cause = error instanceof GraphError ? error : (error as { cause?: unknown }).cause;
    if (cause instanceof GraphError && cause.code === 100) {
      const message = cause.meta?.error_user_msg ?? cause.meta?.message ?? '';
      const index = REFUSED_EVENT.exec(message)?.[1];
      if (index !== undefined) throw new EventRefused(Number(index), message);
    }
    throw error;
  }
}
