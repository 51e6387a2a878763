import * as z from 'zod';
import { MAX_SITE_EVENTS_PER_REQUEST } from './site-events';

/**
 * The first-party Conversions API endpoint: per-site keys (created signed in, shown once, stored hashed,
 * revocable, each scoped to one pixel of one workspace), the events a site sends with one, what is queued for
 * delivery to Meta, and the delivery figures the signals screen shows.
 *
 * The event shape is Meta's server event (developers.facebook.com/docs/marketing-api/conversions-api/parameters/
 * server-event), except that `user_data` arrives raw here: Adsmith normalises and hashes it server-side.
 */

export {
  MAX_SITE_EVENTS_PER_REQUEST,
  SITE_KEY_PREFIX,
  SiteCustomDataSchema,
  SiteEventSchema,
  SiteEventsAcceptedSchema,
  SiteEventsRequestSchema,
  SiteUserDataSchema,
  type SiteEvent,
  type SiteEventsRequest,
} from './site-events';

const digits = z.string().regex(/^\d{1,20}$/, 'must be digits');

export const SiteKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  adAccountId: z.string(),
  pixelId: z.string(),
  /** The first characters of the key, so a person can tell keys apart; the rest is never shown again. */
  keyStart: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().optional(),
});
export const SiteKeyListSchema = z.object({ keys: z.array(SiteKeySchema) });
export const CreateSiteKeyRequestSchema = z
  .object({
    label: z.string().trim().min(1, 'is required').max(60),
    adAccountId: digits,
    pixelId: digits,
  })
  .strict();
/** The created key: `key` is in this reply only. */
export const CreatedSiteKeySchema = SiteKeySchema.extend({ key: z.string() });
export const SiteKeyParamsSchema = z.object({ keyId: z.string().regex(/^[a-f0-9]{16}$/, 'is not a site key id') });
export const SiteKeyRevokedSchema = z.object({ revoked: z.literal(true) });

/** One event as it waits in the delivery queue: user_data already hashed (or stripped without consent). */
export const QueuedServerEventSchema = z
  .object({
    event_name: z.string(),
    event_time: z.number().int(),
    event_id: z.string(),
    action_source: z.string(),
    event_source_url: z.string().optional(),
    user_data: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    custom_data: z.record(z.string(), z.unknown()).optional(),
    opt_out: z.boolean().optional(),
  })
  .strict();

export const DeliveryJobSchema = z.object({
  workspaceId: z.string().min(1),
  pixelId: z.string().min(1),
  /** When the endpoint accepted the events (ms), for the delay to Meta. */
  acceptedAt: z.number().int(),
  testEventCode: z.string().optional(),
  events: z.array(QueuedServerEventSchema).min(1).max(MAX_SITE_EVENTS_PER_REQUEST),
});

/** One hour of a pixel's endpoint traffic. */
export const DeliveryHourSchema = z.object({
  hour: z.string(),
  accepted: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  /** Mean and longest delay from acceptance to Meta's reply, of the events delivered in the hour (ms). */
  meanDelayMs: z.number().nonnegative().optional(),
  maxDelayMs: z.number().nonnegative().optional(),
});

/**
 * One 24-hour period of a pixel's endpoint deliveries: how fresh the events were when Meta got them. Age is Meta's
 * notion of freshness, from the event's own `event_time` to Meta's reply, so a site that batches its events shows
 * here even when Adsmith delivers them at once; the delay is the part Adsmith added (acceptance to Meta's reply).
 */
export const DeliveryDaySchema = z.object({
  /** The end of the 24 hours (ISO); the last day ends at the time of reading. */
  end: z.string(),
  delivered: z.number().int().nonnegative(),
  meanAgeMs: z.number().nonnegative().optional(),
  maxAgeMs: z.number().nonnegative().optional(),
  meanDelayMs: z.number().nonnegative().optional(),
});

export const PixelDeliverySchema = z.object({
  pixelId: z.string(),
  /** The last 48 hours that had traffic, oldest first. */
  hours: z.array(DeliveryHourSchema),
  /** The last 7 days, oldest first, each day whether or not it had traffic. */
  days: z.array(DeliveryDaySchema),
  /** Accepted in the window and neither delivered nor rejected yet (queued, retrying or dead-lettered). */
  waiting: z.number().int().nonnegative(),
  /** The newest reasons Meta refused an event (field names, never values). */
  recentRejections: z.array(z.object({ eventName: z.string(), reason: z.string(), at: z.string() })),
});

export type SiteKey = z.infer<typeof SiteKeySchema>;
export type CreatedSiteKey = z.infer<typeof CreatedSiteKeySchema>;
export type QueuedServerEvent = z.infer<typeof QueuedServerEventSchema>;
export type DeliveryJob = z.infer<typeof DeliveryJobSchema>;
export type PixelDelivery = z.infer<typeof PixelDeliverySchema>;
export type DeliveryHour = z.infer<typeof DeliveryHourSchema>;
export type DeliveryDay = z.infer<typeof DeliveryDaySchema>;
