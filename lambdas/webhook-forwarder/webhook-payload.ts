import type { ForwardedEvent } from '../lib/notifications/forwarded-event';
import type { OutgoingPost } from '../lib/notifications/forward-batch';

/** The event names the automation webhook receives, by detail-type. */
const WEBHOOK_EVENT_NAMES: Record<string, string> = {
  user_signup: 'user_signup',
  form_submission: 'form_submission',
  notification_test_webhook: 'notification_test',
};

/**
 * The automation webhook's body: `{event, timestamp, source}` plus the
 * event's own fields (user_signup: email, userId; form_submission: formData).
 * `source` is the site's origin, as the browser would have sent it.
 */
export function webhookPayload(event: ForwardedEvent, source: string): Record<string, unknown> {
  return {
    ...event.detail,
    event: WEBHOOK_EVENT_NAMES[event.detailType] ?? event.detailType,
    timestamp: event.time,
    source,
  };
}

/** One post per event: automation tools expect one event per call. */
export function webhookPosts(events: ForwardedEvent[], source: string): OutgoingPost[] {
  return events.map((event) => ({ payload: webhookPayload(event, source), events: [event] }));
}
