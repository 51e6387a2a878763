import * as z from 'zod';
import { dedupeKeyFrom, type EventDeclaration } from './declaration';
import { SHORT, TEXT } from './detail-text';

/**
 * The signals monitor (lambdas/signals-monitor) saw a pixel's event stop, its de-duplication fall or its match
 * quality drop in Meta's own figures. Once per workspace, pixel, event, kind and day: the monitor claims each
 * alert before putting it on the bus, and the forwarders drop a second delivery by the same key.
 */
export const signalAlertEvent = {
  detailType: 'signal_alert',
  detail: z.object({
    workspaceId: SHORT,
    adAccountId: SHORT,
    pixelId: SHORT,
    pixelName: SHORT,
    eventName: SHORT,
    kind: z.enum(['stopped', 'deduplication', 'matchQuality']),
    /** The UTC day (YYYY-MM-DD) the alert is about: when the event was last received, or the day of the drop. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    title: SHORT,
    detail: TEXT,
    /** The signals screen of the ad account. */
    url: SHORT.optional(),
  }),
  deliverTo: ['slack', 'webhook'],
  dedupeKey: dedupeKeyFrom('signal_alert', ['workspaceId', 'pixelId', 'eventName', 'kind', 'day']),
} as const satisfies EventDeclaration;
