import * as z from 'zod';
import { dedupeKeyFrom, type EventDeclaration } from './declaration';
import { SHORT } from './detail-text';

/**
 * A client workspace's owner took it off its agency's Agency plan (issue 28 req 1): the agency hears it through the
 * fan-out, as it hears its clients' alerts. Written through the outbox (the detach must not lose it).
 */
export const clientDetachedEvent = {
  detailType: 'client_detached',
  detail: z.object({
    agencyId: SHORT,
    clientId: SHORT,
    /** The client workspace's name as the agency listed it. */
    workspaceName: SHORT,
    /** Who detached it (the client workspace's owner's email, when known). */
    detachedBy: SHORT.optional(),
    /** The agency's team settings, where its client workspaces are listed. */
    url: SHORT.optional(),
    /** The outbox row it was relayed from (set by lambdas/lib/outbox, never by the caller). */
    outboxId: z.string().optional(),
  }),
  deliverTo: ['slack', 'webhook'],
  dedupeKey: dedupeKeyFrom('outbox', ['outboxId']),
} as const satisfies EventDeclaration;
