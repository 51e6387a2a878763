import * as z from 'zod';
import { dedupeKeyFrom, type EventDeclaration } from './declaration';
import { SHORT } from './detail-text';

/** A payment, for Slack. */
export const paymentEvent = {
  detailType: 'payment',
  // Emitted by billing (server-side only): amount in the currency's minor units.
  detail: z.object({
    amount: z.number(),
    currency: z.string().length(3).optional(),
    customerEmail: SHORT,
    paymentId: SHORT,
  }),
  deliverTo: ['slack'],
  dedupeKey: dedupeKeyFrom('payment', ['paymentId']),
} as const satisfies EventDeclaration;
