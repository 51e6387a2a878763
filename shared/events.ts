import * as z from 'zod';

/**
 * The events table: every event Adsmith puts on its EventBridge bus, the detail
 * it carries (the notification types) and where it is delivered. CDK turns
 * `deliverTo` into rules, the local bus routes by it, forwarders parse `detail`.
 */
export const EVENT_SOURCE = 'adsmith.app';

export type EventTarget = 'slack' | 'webhook';

export const events = {
  signup: {
    detailType: 'signup',
    detail: z.object({ email: z.string(), name: z.string(), userId: z.string() }),
    deliverTo: ['slack', 'webhook'],
  },
  contact: {
    detailType: 'contact',
    detail: z.record(z.string(), z.unknown()),
    deliverTo: ['slack', 'webhook'],
  },
  buttonClick: {
    detailType: 'button_click',
    detail: z.object({ buttonText: z.string(), page: z.string(), userEmail: z.string().optional() }),
    deliverTo: ['slack'],
  },
  payment: {
    detailType: 'payment',
    detail: z.object({ amount: z.number(), customerEmail: z.string(), paymentId: z.string() }),
    deliverTo: ['slack'],
  },
  error: {
    detailType: 'error',
    detail: z.object({
      errorType: z.string(),
      message: z.string(),
      component: z.string().optional(),
      userEmail: z.string().optional(),
      url: z.string().optional(),
    }),
    deliverTo: ['slack'],
  },
  campaign: {
    detailType: 'campaign',
    detail: z.object({
      action: z.string(),
      campaignName: z.string(),
      userEmail: z.string().optional(),
      budget: z.number().optional(),
      campaignId: z.string().optional(),
      userId: z.string().optional(),
    }),
    deliverTo: ['slack'],
  },
} as const satisfies Record<string, { detailType: string; detail: z.ZodType; deliverTo: readonly EventTarget[] }>;

export type EventKey = keyof typeof events;
export type EventDetail<K extends EventKey> = z.infer<(typeof events)[K]['detail']>;

/** The bus's name without stage prefix; the physical name reaches functions as EVENT_BUS_NAME. */
export const EVENT_BUS_BASE_NAME = 'adsmith';
