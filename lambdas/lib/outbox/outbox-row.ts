import * as z from 'zod';

/**
 * The outbox table's row as a schema: only the relay checks rows it reads (infra/twin/events/outbox-relay.ts; in AWS
 * the pipe passes them on). Apart from event-outbox.ts, so the functions that write events do not build it.
 */

/** One row of the outbox table, as written and as the relay reads it. */
export const OutboxRowSchema = z.object({
  event_id: z.string().min(1),
  source: z.string().min(1),
  detail_type: z.string().min(1),
  /** The event's detail as JSON text: the pipe passes it on unchanged as the event's detail. */
  detail: z.string().min(2),
  created_at: z.string(),
  expires_at: z.number().int(),
});
export type OutboxRow = z.infer<typeof OutboxRowSchema>;
