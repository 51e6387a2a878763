import * as z from 'zod';
import { dedupeKeyFrom, type EventDeclaration } from './declaration';
import { SHORT, TEXT } from './detail-text';

/**
 * A client workspace went off target (cost per result above, or ROAS below, its agency's target) or off its
 * monthly budget's pace (issue 28, req 2). Once per workspace, kind and day: the agency monitor claims each alert
 * before putting it on the bus, and the forwarders drop a second delivery by the same key.
 */
export const clientAlertEvent = {
  detailType: 'client_alert',
  detail: z.object({
    workspaceId: SHORT,
    workspaceName: SHORT,
    adAccountId: SHORT,
    kind: z.enum(['off_target', 'over_pace', 'under_pace']),
    /** The account's day (YYYY-MM-DD) the figures run to. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    title: SHORT,
    detail: TEXT,
    /** The agency overview screen. */
    url: SHORT.optional(),
  }),
  deliverTo: ['slack', 'webhook'],
  dedupeKey: dedupeKeyFrom('client_alert', ['workspaceId', 'kind', 'day']),
} as const satisfies EventDeclaration;
