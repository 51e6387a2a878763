import * as z from 'zod';

/**
 * The events a site sends to the first-party Conversions API endpoint (`signals-intake`) and its reply: apart from
 * signals-endpoint.ts (which re-exports them), so the endpoint does not build the site keys' and the delivery
 * figures' schemas at init.
 *
 * The event shape is Meta's server event (developers.facebook.com/docs/marketing-api/conversions-api/parameters/
 * server-event), except that `user_data` arrives raw here: Adsmith normalises and hashes it server-side.
 */

export const SITE_KEY_PREFIX = 'adsk_';
/** Events per request to the endpoint; the worker regroups them into Meta requests of up to 1,000. */
export const MAX_SITE_EVENTS_PER_REQUEST = 100;

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

export type SiteEvent = z.infer<typeof SiteEventSchema>;
export type SiteEventsRequest = z.infer<typeof SiteEventsRequestSchema>;
