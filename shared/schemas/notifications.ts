import * as z from 'zod';
import { MAX_NOTIFICATION_BATCH } from '../click-tracking';
import { buttonClickEvent, errorEvent } from '../events/browser';

/**
 * What the browser may send to the notification API ("chat notification
 * function": type, data, timestamp). Only the types a browser can honestly witness
 * are accepted: clicks and errors. `signup` comes from Cognito's trigger, `contact`
 * from its own public endpoint, `campaign` from the server when a campaign changes
 * and `payment` from billing; none of them is ever taken from a browser.
 */
export const BROWSER_NOTIFICATION_TYPES = ['button_click', 'error'] as const;
export type BrowserNotificationType = (typeof BROWSER_NOTIFICATION_TYPES)[number];

const timestamp = z.iso.datetime({ offset: true, message: 'timestamp must be an ISO 8601 date-time' });

export const NotificationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('button_click'), data: buttonClickEvent.detail, timestamp }),
  z.object({ type: z.literal('error'), data: errorEvent.detail, timestamp }),
]);
export type NotificationInput = z.input<typeof NotificationSchema>;

export const NotificationBatchSchema = z.object({
  notifications: z
    .array(NotificationSchema)
    .min(1, 'Send at least one notification')
    .max(MAX_NOTIFICATION_BATCH, `Send at most ${MAX_NOTIFICATION_BATCH} notifications at once`),
});

/** Anonymous visitors' clicks (`POST /api/clicks`, public): no email, nothing else. */
export const AnonymousClicksSchema = z.object({
  clicks: z
    .array(
      z
        .object({
          buttonText: buttonClickEvent.detail.shape.buttonText,
          page: buttonClickEvent.detail.shape.page,
          timestamp,
        })
        .strict(),
    )
    .min(1)
    .max(MAX_NOTIFICATION_BATCH),
});

/** Anonymous clicks one client address may send per window (a person clicks far less). */
export const ANONYMOUS_CLICK_LIMIT = { clicks: 600, windowSeconds: 600 } as const;

export const NotificationAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });

/** A browser error for operators' logs (`POST /api/client-errors`). */
export const ClientErrorReportSchema = z.object({
  message: z.string().trim().max(2000),
  code: z.string().trim().min(1).max(100).default('UNKNOWN_ERROR'),
  severity: z.enum(['critical', 'warning', 'info']),
  context: z.object({
    component: z.string().max(300).optional(),
    stack: z.string().max(8000).optional(),
    url: z.string().max(2000),
    userAgent: z.string().max(500),
  }),
  timestamp,
});
export type ClientErrorReport = z.input<typeof ClientErrorReportSchema>;
export const ClientErrorRecordedSchema = z.object({ recorded: z.literal(true) });

export const NOTIFICATION_TARGETS = ['slack', 'webhook'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];

/** One post to Slack or the webhook, as the forwarders record it (no personal data). */
export const DeliverySchema = z.object({
  id: z.string(),
  target: z.enum(NOTIFICATION_TARGETS),
  /** Detail types in the post, e.g. ["button_click"]; a digest holds many events. */
  detailTypes: z.array(z.string()),
  eventCount: z.number().int().nonnegative(),
  status: z.enum(['delivered', 'failed']),
  /** The receiver's HTTP status; 0 when no reply came. */
  httpStatus: z.number().int(),
  /** Why it failed, in a few words (e.g. "429 rate limited, retry after 2 s"). */
  note: z.string().optional(),
  at: z.string(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const NotificationStatusSchema = z.object({
  slack: z.object({ configured: z.boolean(), host: z.string().nullable() }),
  webhook: z.object({ configured: z.boolean(), host: z.string().nullable() }),
  deliveries: z.array(DeliverySchema),
});
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const NotificationTestSchema = z.object({ target: z.enum(NOTIFICATION_TARGETS) }).strict();
export const NotificationTestQueuedSchema = z.object({ queued: z.literal(true), target: z.enum(NOTIFICATION_TARGETS) });
