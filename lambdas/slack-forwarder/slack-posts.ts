import type { OutgoingPost } from '../lib/notifications/forward-batch';
import type { ForwardedEvent } from '../lib/notifications/forwarded-event';
import { buildSlackMessages } from '../lib/notifications/slack-message';

/** A batch of events as Slack posts: clicks in one digest, the rest one block group each, ≤ 50 blocks a post. */
export function slackPosts(events: ForwardedEvent[]): OutgoingPost[] {
  return buildSlackMessages(events).map(({ message, events: carried }) => ({ payload: message, events: carried }));
}
