import * as z from 'zod';

/**
 * The first-party Conversions API endpoint: per-site keys (created signed in, shown once, stored hashed,
 * revocable, each scoped to one pixel of one workspace), the events a site sends with one, what is queued for
 * delivery to Meta, and the delivery figures the signals screen shows.
 *
 * The event shape is Meta's server event (developers.facebook.com/docs/marketing-api/conversions-api/parameters/
 * server-event), except that `user_data` arrives raw here: Adsmith normalises and hashes it server-side.
 */
const digits = z.string().regex(/^\d{1,20}$/, 'must be digits');

export const SITE_KEY_PREFIX = 'adsk_';
/** Events per request to the endpoint; the worker regroups them into Meta requests of up to 1,000. */
export const MAX_SITE_EVENTS_PER_REQUEST = 100;

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

const rawCustomerValue = z.union([z.string().max(320), z.array(z.string().max(320)).max(5)]);

/** `user_data` as the site knows it: raw contact details (hashed here, never stored) and the clear browser keys. */
export const SiteUserDataSchema = z
  .object({
    em: rawCustomerValue,
    ph: rawCustomerValue,
    fn: rawCustomerValue,
    ln: rawCustomerValue,
    ge: rawCustomerValue,
    db: rawCustomerValue,
    ct: rawCustomerValue,
    st: rawCustomerValue,
    zp: rawCustomerValue,
    country: rawCustomerValue,
    external_id: rawCustomerValue,
    client_ip_address: z.union([z.ipv4(), z.ipv6()]),
    client_user_agent: z.string().min(1).max(1000),
    fbc: z.string().max(500),
    fbp: z.string().max(500),
  })
  .partial()
  .strict();

const customValue = z.union([
  z.string().max(1000),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(200), z.number()])).max(100),
  z.array(z.record(z.string(), z.union([z.string().max(200), z.number()]))).max(100),
]);

export const SiteCustomDataSchema = z
  .object({
    value: z.number().finite().optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code')
      .optional(),
  })
  .catchall(customValue);

export const SiteEventSchema = z
  .object({
    event_name: z.string().trim().min(1).max(100),
    /** Unix seconds; Meta refuses events older than 7 days or in the future (checked on arrival). */
    event_time: z.number().int().positive(),
    /** Required here: it is what makes delivery exactly-once at Meta and de-duplicates the pixel's twin. */
    event_id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\w.:-]+$/, 'may hold letters, digits and . _ : - only'),
    action_source: z.enum([
      'email',
      'website',
      'app',
      'phone_call',
      'chat',
      'physical_store',
      'system_generated',
      'business_messaging',
      'other',
    ]),
    event_source_url: z.url().max(2000).optional(),
    user_data: SiteUserDataSchema.default({}),
    custom_data: SiteCustomDataSchema.optional(),
    opt_out: z.boolean().optional(),
  })
  .strict()
  .superRefine((event, ctx) => {
    // Meta's rules for website events and purchases (server-event and custom-data parameter pages).
    if (event.action_source === 'website' && !event.event_source_url)
      ctx.addIssue({ code: 'custom', path: ['event_source_url'], message: 'is required for website events' });
    if (event.event_name === 'Purchase') {
      if (event.custom_data?.value === undefined)
        ctx.addIssue({ code: 'custom', path: ['custom_data', 'value'], message: 'is required for Purchase events' });
      if (event.custom_data?.currency === undefined)
        ctx.addIssue({ code: 'custom', path: ['custom_data', 'currency'], message: 'is required for Purchase events' });
    }
  });

export const SiteEventsRequestSchema = z
  .object({
    /** The site key (`adsk_…`). In the body, so a browser can post without a CORS preflight. */
    key: z.string().startsWith(SITE_KEY_PREFIX, 'is not a site key').max(200),
    /**
     * Whether the visitor consented to their customer information being shared with Meta. Without it no customer
     * information is kept: not the contact details, not the IP address, fbc, fbp or external id; only the user
     * agent Meta requires of a website event.
     */
    consent: z.boolean(),
    data: z.array(SiteEventSchema).min(1).max(MAX_SITE_EVENTS_PER_REQUEST),
    test_event_code: z.string().max(100).optional(),
  })
  .strict();

export const SiteEventsAcceptedSchema = z.object({
  /** Events queued for Meta by this request. */
  accepted: z.number().int().nonnegative(),
  /** Events whose (event_name, event_id) this pixel had already accepted: not queued again. */
  duplicates: z.number().int().nonnegative(),
});

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
export type SiteEvent = z.infer<typeof SiteEventSchema>;
export type SiteEventsRequest = z.infer<typeof SiteEventsRequestSchema>;
export type QueuedServerEvent = z.infer<typeof QueuedServerEventSchema>;
export type DeliveryJob = z.infer<typeof DeliveryJobSchema>;
export type PixelDelivery = z.infer<typeof PixelDeliverySchema>;
export type DeliveryHour = z.infer<typeof DeliveryHourSchema>;
export type DeliveryDay = z.infer<typeof DeliveryDaySchema>;
