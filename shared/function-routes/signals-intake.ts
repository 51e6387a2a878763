import { SiteEventsAcceptedSchema, SiteEventsRequestSchema } from '../schemas/site-events';
import { route } from '../route-declaration';

/** The route `signals-intake` serves: the first-party Conversions API endpoint sites post events to. */
export const signalsIntakeRoutes = {
  signalsSendEvents: route({
    method: 'POST',
    path: '/api/signals/events',
    fn: 'signals-intake',
    access: 'public',
    publicBecause:
      "sites post their visitors' events with a per-site key (checked by the function against its stored hash, revocable, scoped to one pixel of one workspace); it returns only counts, and the WAF limits each address",
    body: SiteEventsRequestSchema,
    response: SiteEventsAcceptedSchema,
    successStatus: 202,
    // The snippet posts with sendBeacon from the customer's site: no preflight, the key is in the body.
    plainTextBody: true,
  }),
} as const;
