import type * as z from 'zod';

/**
 * What every event of the events table is: its detail-type on the bus, the detail's schema and where it is
 * delivered. Each event is declared in a module of its own under shared/events/, so a function that writes one
 * builds only that event's schema; the table that names them all (shared/events.ts) is imported where every event
 * is needed: the forwarders, CDK's rules, the twin's bus.
 */
export const EVENT_SOURCE = 'adsmith.app';

/** The bus's name without stage prefix; the physical name reaches functions as EVENT_BUS_NAME. */
export const EVENT_BUS_BASE_NAME = 'adsmith';

export type EventTarget = 'slack' | 'webhook';

export interface EventDeclaration {
  detailType: string;
  detail: z.ZodType;
  deliverTo: readonly EventTarget[];
  /**
   * What makes two events "the same" for duplicate suppression, when that is more
   * than EventBridge's event id: a retried Cognito trigger puts a second event with
   * a new id for the same signup, and that must still reach Slack once.
   */
  dedupeKey?: (detail: Record<string, unknown>) => string | undefined;
}

/**
 * A `dedupeKey` made of `prefix` and the named detail fields, in order (`client_alert:<workspace>:<kind>:<day>`); none
 * when any of them is missing or not a string, so a malformed detail is never suppressed as another's duplicate.
 */
export function dedupeKeyFrom(prefix: string, fields: readonly string[]): NonNullable<EventDeclaration['dedupeKey']> {
  return (detail) => {
    const values = fields.map((field) => detail[field]);
    return values.every((value) => typeof value === 'string') ? [prefix, ...values].join(':') : undefined;
  };
}
