import { describe, expect, it, vi } from 'vitest';
import type { ForwardedEvent } from '@lambdas/lib/notifications/forwarded-event';
import { slackPostsFor } from '@lambdas/slack-forwarder/slack-posts';
import { DEFAULT_SLACK_CLICKS } from '@shared/slack-clicks';

const event = (id: string, detailType: string, detail: Record<string, unknown>): ForwardedEvent => ({
  dedupeKey: `event:${id}`,
  eventId: id,
  detailType,
  time: '2026-11-22T10:00:00Z',
  detail,
});
const click = (id: string) => event(id, 'button_click', { buttonText: 'Go', page: '/' });
const contact = event('c', 'contact', { name: 'Ana', email: 'ana@example.com', message: 'Hello there' });

// Issue 25, requirement 11: the Slack feed is for sign-ups and messages; clicks are counted unless operators ask.
describe('Slack posts under the operators’ click setting', () => {
  it('counts clicks and posts none of them by default', () => {
    expect(DEFAULT_SLACK_CLICKS).toBe('metrics');
    const counted = vi.fn();
    const posts = slackPostsFor(DEFAULT_SLACK_CLICKS, counted)([click('a'), click('b'), contact]);
    expect(counted).toHaveBeenCalledWith(2);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.events.map((e) => e.eventId)).toEqual(['c']);
    expect(JSON.stringify(posts[0]!.payload)).not.toMatch(/button click/);
    // A batch of clicks only: nothing to post at all.
    expect(slackPostsFor('metrics', counted)([click('d')])).toEqual([]);
  });

  it('posts the clicks as one digest when an operator asks for them in Slack', () => {
    const counted = vi.fn();
    const posts = slackPostsFor('slack', counted)([click('a'), click('b'), contact]);
    expect(counted).not.toHaveBeenCalled();
    expect(posts.flatMap((p) => p.events.map((e) => e.eventId)).sort()).toEqual(['a', 'b', 'c']);
    expect(JSON.stringify(posts.map((p) => p.payload))).toContain('2 button clicks');
  });
});
