import * as z from 'zod';
import { dedupeKeyFrom, type EventDeclaration } from './declaration';

/** A change made to a campaign, ad set or ad through Adsmith, for Slack (written through the outbox). */
export const campaignEvent = {
  detailType: 'campaign',
  detail: z.object({
    action: z.string(),
    campaignName: z.string(),
    userEmail: z.string().optional(),
    budget: z.number().optional(),
    campaignId: z.string().optional(),
    userId: z.string().optional(),
    /** Set when an ad set or ad changed (campaignName then names that object; campaignId its campaign). */
    level: z.enum(['campaign', 'adset', 'ad']).optional(),
    objectId: z.string().optional(),
    /** The outbox row it was relayed from (set by lambdas/lib/outbox, never by the caller). */
    outboxId: z.string().optional(),
  }),
  deliverTo: ['slack'],
  // The outbox's relay (an EventBridge Pipe) delivers at least once: a row relayed twice becomes two bus
  // events with different ids but one outbox id, and must still reach Slack once.
  dedupeKey: dedupeKeyFrom('outbox', ['outboxId']),
} as const satisfies EventDeclaration;
