import type { SlackClickMode } from '@shared/slack-clicks';
import type { OutgoingPost } from '../lib/notifications/forward-batch';
import type { ForwardedEvent } from '../lib/notifications/forwarded-event';
import { buildSlackMessages } from '../lib/notifications/slack-message';

/** A batch of events as Slack posts: clicks in one digest, the rest one block group each, ≤ 50 blocks a post. */
export function slackPosts(events: ForwardedEvent[]): OutgoingPost[] {
  return buildSlackMessages(events).map(({ message, events: carried }) => ({ payload: message, events: carried }));
}

/**
 * The posts for a batch under the operator's click setting (shared/slack-clicks.ts): with `metrics`, clicks are
 * counted through `countClicks` and left out of every post (their records are done: nothing to retry); with
 * `slack`, they go in the batch's digest.
 */
export function slackPostsFor(
  mode: SlackClickMode,
  countClicks: (count: number) => void,
): (events: ForwardedEvent[]) => OutgoingPost[] {
  if (mode === 'slack') return slackPosts;
  return (events) => {
    const clicks = events.filter((e) => e.detailType === 'button_click').length;
    if (clicks > 0) countClicks(clicks);
    const rest = events.filter((e) => e.detailType !== 'button_click');
    return rest.length > 0 ? slackPosts(rest) : [];
  };
}
