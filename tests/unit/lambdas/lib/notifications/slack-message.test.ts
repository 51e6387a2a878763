import { describe, expect, it } from 'vitest';
import { events } from '@shared/events';
import type { ForwardedEvent } from '@lambdas/lib/notifications/forwarded-event';
import { parseForwardedEvent } from '@lambdas/lib/notifications/forwarded-event';
import {
  buildSlackMessages,
  escapeMrkdwn,
  formatEvent,
  formatMoney,
  MAX_BLOCKS_PER_MESSAGE,
} from '@lambdas/lib/notifications/slack-message';
import { slackPayloadProblem } from '@infra/twin/sinks/slack-payload-check';

let n = 0;
function event(detailType: string, detail: Record<string, unknown>): ForwardedEvent {
  n += 1;
  return { eventId: `e${n}`, dedupeKey: `event:e${n}`, detailType, time: '2026-11-22T10:00:00Z', detail };
}

const text = (value: unknown) => JSON.stringify(value);

describe('Slack messages per event type', () => {
  it('signup: who signed up, with name, email and user id', () => {
    const { blocks, summary } = formatEvent(
      event('signup', { email: 'ana@example.com', name: 'Ana Lima', userId: 'u-1' }),
    );
    expect(summary).toBe('New signup: ana@example.com');
    expect(text(blocks)).toContain(':tada: New signup');
    expect(text(blocks)).toContain('*Name*\\nAna Lima');
    expect(text(blocks)).toContain('User id u-1');
  });

  it('payment: the amount in the currency, from minor units', () => {
    const { blocks } = formatEvent(
      event('payment', { amount: 4900, currency: 'usd', customerEmail: 'a@b.c', paymentId: 'pi_1' }),
    );
    expect(text(blocks)).toContain('*Amount*\\n$49.00');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(1999)).toBe('19.99');
  });

  it('error: severity by the spec rule when the event does not carry one', () => {
    const critical = formatEvent(event('error', { errorType: 'DB', message: 'critical failure' }));
    expect(text(critical.blocks)).toContain(':rotating_light: Critical error: DB');
    const warning = formatEvent(event('error', { errorType: 'AUTH_ERROR', message: 'x' }));
    expect(text(warning.blocks)).toContain('Error (warning): AUTH_ERROR');
  });

  it('campaign: action, campaign, budget and who', () => {
    const { blocks } = formatEvent(
      event('campaign', { action: 'paused', campaignName: 'Spring', budget: 1250.5, userEmail: 'm@x.y' }),
    );
    expect(text(blocks)).toContain('Campaign paused');
    expect(text(blocks)).toContain('*Budget*\\n1,250.50');
  });

  it('contact: the message quoted, visitor text escaped so it cannot ping or link', () => {
    const { blocks } = formatEvent(
      event('contact', { name: '<!channel>', email: 'v@x.y', message: 'Hi <https://evil|click> & bye' }),
    );
    const json = text(blocks);
    expect(json).not.toContain('<!channel>');
    expect(json).toContain('&lt;!channel&gt;');
    expect(json).toContain('&lt;https://evil|click&gt; &amp; bye');
    expect(json).toContain('*Company*\\n—');
  });

  it('every type yields blocks Slack accepts', () => {
    const all = [
      event('signup', { email: 'a@b.c', name: '', userId: 'u' }),
      event('contact', { name: 'n', email: 'e', message: 'x'.repeat(5000) }),
      event('payment', { amount: 1, customerEmail: 'c', paymentId: 'p' }),
      event('error', { errorType: 'E', message: 'm'.repeat(4000) }),
      event('campaign', { action: 'a'.repeat(300), campaignName: 'c' }),
      event('notification_test_slack', { requestedBy: 'me' }),
      event('button_click', { buttonText: 'Go', page: '/' }),
    ];
    for (const { message } of buildSlackMessages(all)) {
      expect(slackPayloadProblem('application/json', JSON.stringify(message))).toBeNull();
    }
  });

  it('escapes exactly Slack’s three control characters', () => {
    expect(escapeMrkdwn('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d "e"');
  });
});

describe('batching', () => {
  it('folds a burst of clicks into one digest that says how many clicks it stands for', () => {
    const clicks = Array.from({ length: 250 }, (_, i) =>
      event('button_click', {
        buttonText: `Button ${i % 12}`,
        page: '/dashboard',
        ...(i % 5 === 0 ? {} : { userEmail: `u${i % 3}@x.y` }),
      }),
    );
    const messages = buildSlackMessages(clicks);
    expect(messages).toHaveLength(1);
    const { message, events } = messages[0]!;
    expect(events).toHaveLength(250);
    expect(message.text).toBe('250 button clicks');
    expect(message.metadata.event_payload.event_ids).toHaveLength(250);
    const json = text(message.blocks);
    expect(json).toContain('3 signed-in users, 50 anonymous clicks');
    // Top ten labels listed, the other two summed up.
    expect(json).toMatch(/more on 2 other buttons/);
  });

  it('packs other events into posts of at most 50 blocks, each event in exactly one post', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      event('signup', { email: `s${i}@x.y`, name: 'S', userId: `u${i}` }),
    );
    const messages = buildSlackMessages([...many, event('button_click', { buttonText: 'Go', page: '/' })]);
    expect(messages.length).toBeGreaterThan(1);
    for (const { message } of messages) expect(message.blocks.length).toBeLessThanOrEqual(MAX_BLOCKS_PER_MESSAGE);
    const ids = messages.flatMap((m) => m.message.metadata.event_payload.event_ids);
    expect(ids).toHaveLength(41);
    expect(new Set(ids).size).toBe(41);
  });
});

describe('parseForwardedEvent', () => {
  const envelope = (detailType: string, detail: unknown) =>
    JSON.stringify({
      id: 'ev-1',
      'detail-type': detailType,
      source: 'adsmith.app',
      time: '2026-11-22T10:00:00Z',
      detail,
    });

  it('dedupes signups by user id, other events by event id', () => {
    expect(parseForwardedEvent(envelope('signup', { email: 'a', name: 'b', userId: 'u-9' })).dedupeKey).toBe(
      'signup:u-9',
    );
    expect(parseForwardedEvent(envelope('button_click', { buttonText: 'a', page: '/' })).dedupeKey).toBe('event:ev-1');
  });

  it('refuses what is not an EventBridge event or breaks the events table', () => {
    expect(() => parseForwardedEvent('nope')).toThrow(/not JSON/);
    expect(() => parseForwardedEvent('{"a":1}')).toThrow(/not an EventBridge event/);
    expect(() => parseForwardedEvent(envelope('signup', { email: 'a' }))).toThrow(/does not match/);
    expect(() => parseForwardedEvent(envelope('mystery', {}))).toThrow(/No event mystery/);
  });
});

/**
 * Every user-supplied string of every event that reaches Slack, made hostile one at a time: Slack's control
 * characters must arrive escaped in every part of the post (the summary `text`, every block), so a contact form
 * named `<!channel>` cannot ping the channel and a rule or campaign name cannot carry a disguised link.
 */
const HOSTILE = '<!channel> <https://evil.example|click> & <@U123>';

/** A valid detail per Slack event type (its user-supplied strings are what the test makes hostile). */
const DETAILS: Record<string, Record<string, unknown>> = {
  signup: { email: 'ana@example.com', name: 'Ana Lima', userId: 'u-1' },
  contact: { name: 'Ana', email: 'ana@example.com', company: 'Acme', message: 'Hello\nthere', id: 'm-1' },
  button_click: { buttonText: 'Start', page: '/pricing', userEmail: 'ana@example.com' },
  payment: { amount: 4900, currency: 'USD', customerEmail: 'ana@example.com', paymentId: 'pi_1' },
  error: {
    errorType: 'TypeError',
    message: 'boom',
    component: 'Chart',
    userEmail: 'ana@example.com',
    url: '/dashboard',
    severity: 'warning',
  },
  campaign: { action: 'paused', campaignName: 'Trail shoes', userEmail: 'ana@example.com', campaignId: '120' },
  rule_run: {
    ruleId: 'r-1',
    ruleName: 'Pause losers',
    description: 'Pause campaigns that spend without results',
    outcome: 'failed',
    actions: [
      { objectName: 'Trail', objectId: '1', action: 'pause', reason: 'spend ≥ 10', status: 'failed', error: 'nope' },
    ],
    error: 'Meta said no',
    userId: 'u-1',
    runKey: 'k-1',
  },
  notification_test_slack: { requestedBy: 'ana@example.com' },
  signal_alert: {
    workspaceId: 'u-1',
    adAccountId: '1001',
    pixelId: '555',
    pixelName: 'Shop Pixel',
    eventName: 'AddToCart',
    kind: 'stopped',
    day: '2026-11-16',
    title: 'AddToCart stopped 4 days ago',
    detail: 'Meta has received no AddToCart event since 2026-11-16.',
    url: 'https://adsmith.example/signals',
  },
  client_alert: {
    workspaceId: 'ws_01JD0000000000000000000000',
    workspaceName: 'Client A',
    adAccountId: 'act_1001',
    kind: 'over_pace',
    day: '2026-11-16',
    title: 'Client A is ahead of its budget pace',
    detail: 'Spent 2,000 USD by day 16 of 30, against 1,600 USD on pace.',
    url: 'https://adsmith.example/agency',
  },
  client_detached: {
    agencyId: 'agency-1',
    clientId: 'ws_01JD0000000000000000000000',
    workspaceName: 'Client A',
    detachedBy: 'bea@bakery.example.com',
    url: 'https://adsmith.example/settings/team',
  },
};

const slackEvents = Object.values(events).filter((e) => (e.deliverTo as readonly string[]).includes('slack'));

/** Every path to a string leaf of a detail. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(detail: Record<string, unknown>, path: (string | number)[], value: string) {
  const copy = structuredClone(detail) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

describe('Slack posts escape every user-supplied string', () => {
  it('every Slack event type has a detail here', () => {
    expect(Object.keys(DETAILS).sort()).toEqual(slackEvents.map((e) => e.detailType).sort());
  });

  const cases = slackEvents.flatMap((declaration) => {
    const detail = DETAILS[declaration.detailType] ?? {};
    // Enum fields (severity, outcome, status, currency) are not free text: the schema refuses other values.
    return stringPaths(detail)
      .filter((path) => declaration.detail.safeParse(withValue(detail, path, HOSTILE)).success)
      .filter((path) => !['currency'].includes(String(path.at(-1))))
      .map((path) => [declaration.detailType, path.join('.'), detail, path] as const);
  });

  it.each(cases)(
    '%s: a hostile %s never appears unescaped in text, blocks or attachments',
    (type, _p, detail, path) => {
      const event: ForwardedEvent = {
        eventId: 'e1',
        dedupeKey: 'event:e1',
        detailType: type,
        time: '2026-11-22T10:00:00Z',
        detail: withValue(detail, path, HOSTILE),
      };
      const posts = buildSlackMessages([event]).map((p) => p.message);
      expect(posts.length).toBeGreaterThan(0);
      for (const post of posts) {
        const strings = allStrings(post);
        for (const s of strings) {
          expect(s).not.toContain('<');
          expect(s).not.toMatch(/&(?!amp;|lt;|gt;)/);
        }
      }
    },
  );
});
