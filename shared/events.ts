import type * as z from 'zod';
import { buttonClickEvent, errorEvent } from './events/browser';
import { campaignEvent } from './events/campaign';
import { clientAlertEvent } from './events/client-alert';
import { clientDetachedEvent } from './events/client-detached';
import { contactEvent, formSubmissionEvent } from './events/contact';
import type { EventDeclaration, EventTarget } from './events/declaration';
import { slackTestEvent, webhookTestEvent } from './events/notification-tests';
import { paymentEvent } from './events/payment';
import { ruleRunEvent } from './events/rule-run';
import { signalAlertEvent } from './events/signal-alert';
import { signupEvent, userSignupEvent } from './events/signup';

export { EVENT_BUS_BASE_NAME, EVENT_SOURCE, type EventDeclaration, type EventTarget } from './events/declaration';

/**
 * The events table: every event Adsmith puts on its EventBridge bus, the detail
 * it carries (notification types and webhook events) and where it is
 * delivered. CDK turns `deliverTo` into rules (bus → SQS → forwarder), the local
 * bus routes by it, forwarders parse `detail` with the same schemas.
 *
 * Each event is declared in its own module under shared/events/: a function that writes an event imports that
 * module (and this one for types only), so it builds one event's schema at init, not every event's.
 */
export const events = {
  signup: signupEvent,
  contact: contactEvent,
  buttonClick: buttonClickEvent,
  payment: paymentEvent,
  error: errorEvent,
  campaign: campaignEvent,
  userSignup: userSignupEvent,
  formSubmission: formSubmissionEvent,
  slackTest: slackTestEvent,
  webhookTest: webhookTestEvent,
  ruleRun: ruleRunEvent,
  signalAlert: signalAlertEvent,
  clientAlert: clientAlertEvent,
  clientDetached: clientDetachedEvent,
} as const satisfies Record<string, EventDeclaration>;

export type EventKey = keyof typeof events;
export type EventDetail<K extends EventKey> = z.infer<(typeof events)[K]['detail']>;

/** One event of the table, as its own module exports it (what the writers in lambdas/lib take). */
export type AppEvent = (typeof events)[EventKey];
export type AppEventDetail<E extends AppEvent> = z.infer<E['detail']>;

/** The events-table entry for a detail-type, if any. */
export function eventKeyOf(detailType: string): EventKey | undefined {
  return (Object.keys(events) as EventKey[]).find((key) => events[key].detailType === detailType);
}

/** The event keys a target receives: what CDK's rule for that target matches. */
export function eventKeysFor(target: EventTarget): EventKey[] {
  return (Object.keys(events) as EventKey[]).filter((key) =>
    (events[key].deliverTo as readonly EventTarget[]).includes(target),
  );
}
