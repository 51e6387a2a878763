import * as z from 'zod';
import { events, eventKeyOf } from '@shared/events';

/**
 * An event as a rule's SQS target receives it: EventBridge's envelope, JSON in
 * the SQS record body. Forwarders parse it with this schema before anything else.
 */
export const BusEnvelopeSchema = z.object({
  id: z.string().min(1),
  'detail-type': z.string().min(1),
  source: z.string(),
  time: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type BusEnvelope = z.infer<typeof BusEnvelopeSchema>;

/** What a forwarder works with: the envelope's essentials and the key that suppresses duplicates. */
export interface ForwardedEvent {
  eventId: string;
  dedupeKey: string;
  detailType: string;
  time: string;
  detail: Record<string, unknown>;
}

export class MalformedRecordError extends Error {
  override name = 'MalformedRecordError';
}

/** Parses an SQS record body into a forwarded event, checking the detail against the events table. */
export function parseForwardedEvent(body: string): ForwardedEvent {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MalformedRecordError('The record body is not JSON');
  }
  const envelope = BusEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new MalformedRecordError('The record body is not an EventBridge event');
  const { id, time, detail } = envelope.data;
  const detailType = envelope.data['detail-type'];
  const key = eventKeyOf(detailType);
  if (!key) throw new MalformedRecordError(`No event ${detailType} in the events table`);
  const declaration = events[key];
  const parsed = declaration.detail.safeParse(detail);
  if (!parsed.success) throw new MalformedRecordError(`The ${detailType} detail does not match the events table`);
  const checked = parsed.data as Record<string, unknown>;
  const custom = 'dedupeKey' in declaration ? declaration.dedupeKey(checked) : undefined;
  return { eventId: id, dedupeKey: custom ?? `event:${id}`, detailType, time, detail: checked };
}
