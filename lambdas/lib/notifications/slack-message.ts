import { errorSeverity } from '@shared/errors';
import type { ForwardedEvent } from './forwarded-event';

/**
 * Slack Block Kit messages for the events table's Slack events: one readable
 * layout per type (who, what, where, amounts formatted), button clicks folded
 * into one digest per batch so a burst never becomes hundreds of posts.
 * Limits are Slack's (reference/slack/notes.md): 50 blocks a message, header
 * plain_text ≤ 150, section text ≤ 3000, ≤ 10 fields of ≤ 2000.
 */
export type SlackText = { type: 'mrkdwn' | 'plain_text'; text: string; emoji?: boolean };
export type SlackBlock =
  | { type: 'header'; text: SlackText & { type: 'plain_text' } }
  | { type: 'section'; text?: SlackText; fields?: SlackText[] }
  | { type: 'context'; elements: SlackText[] }
  | { type: 'divider' };

export interface SlackMessage {
  /** Fallback for notifications and screen readers. */
  text: string;
  blocks: SlackBlock[];
  /** Which events this post carries: lets a receiver (and our tests) count each event once. */
  metadata: { event_type: 'adsmith_notifications'; event_payload: { event_ids: string[] } };
}

export const MAX_BLOCKS_PER_MESSAGE = 50;
const MAX_SECTION_TEXT = 3000;
const MAX_FIELD_TEXT = 2000;
const MAX_HEADER_TEXT = 150;
/** Labels a click digest lists before summing up the rest. */
const DIGEST_TOP_LABELS = 10;

/** Slack's three control characters, escaped so user text cannot ping @channel or forge links. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A user-supplied value as escaped text, or undefined when there is none (for the summaries' fallbacks). */
function escaped(value: unknown): string | undefined {
  const shown = str(value);
  return shown === undefined ? undefined : escapeMrkdwn(shown);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A "*Label*\nvalue" field; Slack rejects empty texts, so a missing value reads "—". */
function field(label: string, value: unknown): SlackText {
  const shown = str(value);
  return { type: 'mrkdwn', text: clip(`*${label}*\n${shown ? escapeMrkdwn(shown) : '—'}`, MAX_FIELD_TEXT) };
}

/** Headers carry user text (rule names, error types); Slack asks for the same escaping in plain_text. */
function header(text: string): SlackBlock {
  return {
    type: 'header',
    text: { type: 'plain_text', text: clip(escapeMrkdwn(text), MAX_HEADER_TEXT), emoji: true },
  };
}

function context(...parts: (string | undefined)[]): SlackBlock {
  return {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: clip(parts.filter(Boolean).join('  ·  '), MAX_SECTION_TEXT) }],
  };
}

function when(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime())
    ? escapeMrkdwn(time)
    : date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d{3}Z$/, ' UTC');
}

/** Payment amounts arrive in minor units (cents); shown with the currency when it is known. */
export function formatMoney(minorUnits: number, currency?: string): string {
  const code = currency?.toUpperCase();
  const zeroDecimal = code ? new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX']).has(code) : false;
  const major = zeroDecimal ? minorUnits : minorUnits / 100;
  if (!code) return major.toFixed(2);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(major);
  } catch {
    return `${major.toFixed(zeroDecimal ? 0 : 2)} ${code}`;
  }
}

function formatBudget(budget: unknown): string | undefined {
  return typeof budget === 'number' && Number.isFinite(budget)
    ? budget.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : undefined;
}

const SEVERITY_ICON: Record<string, string> = {
  critical: ':rotating_light:',
  warning: ':warning:',
  info: ':information_source:',
};

/** A rule's run that acted or failed: each action with its reason, and the run's error. */
function ruleRunMessage(d: Record<string, unknown>, at: string): { summary: string; blocks: SlackBlock[] } {
  const actions = Array.isArray(d.actions) ? (d.actions as Record<string, unknown>[]) : [];
  const failed = d.outcome === 'failed';
  const lines = actions.map(
    (a) =>
      `• ${a.status === 'failed' ? ':x:' : ':white_check_mark:'} *${escapeMrkdwn(str(a.objectName) ?? '—')}* ${escapeMrkdwn(str(a.action) ?? '')}: ${escapeMrkdwn(str(a.reason) ?? '')}${a.status === 'failed' && str(a.error) ? ` — failed: ${escapeMrkdwn(str(a.error)!)}` : ''}`,
  );
  const more = typeof d.moreActions === 'number' && d.moreActions > 0 ? [`…and ${d.moreActions} more`] : [];
  return {
    summary: `Rule ${failed ? 'failed' : 'acted'}: ${escaped(d.ruleName) ?? ''} (${actions.length} action${actions.length === 1 ? '' : 's'})`,
    blocks: [
      header(`${failed ? ':warning: Rule failed' : ':robot_face: Rule acted'}: ${str(d.ruleName) ?? ''}`),
      {
        type: 'section',
        text: { type: 'mrkdwn', text: clip(`_${escapeMrkdwn(str(d.description) ?? '')}_`, MAX_SECTION_TEXT) },
      },
      ...(lines.length > 0
        ? [
            {
              type: 'section' as const,
              text: { type: 'mrkdwn' as const, text: clip([...lines, ...more].join('\n'), MAX_SECTION_TEXT) },
            },
          ]
        : []),
      ...(str(d.error)
        ? [
            {
              type: 'section' as const,
              text: { type: 'mrkdwn' as const, text: clip(`:x: ${escapeMrkdwn(str(d.error)!)}`, MAX_SECTION_TEXT) },
            },
          ]
        : []),
      context(str(d.ruleId) ? `Rule ${escapeMrkdwn(str(d.ruleId)!)}` : undefined, at),
    ],
  };
}

/** An agency client off target or off pace (issue 28, req 2). */
function clientAlertMessage(d: Record<string, unknown>, at: string): { summary: string; blocks: SlackBlock[] } {
  return {
    summary: `${escaped(d.workspaceName) ?? 'A client'}: ${escaped(d.title) ?? ''}`,
    blocks: [
      header(`:chart_with_downwards_trend: ${str(d.title) ?? 'Client alert'}`),
      {
        type: 'section',
        text: { type: 'mrkdwn', text: clip(escapeMrkdwn(str(d.detail) ?? ''), MAX_SECTION_TEXT) },
      },
      {
        type: 'section',
        fields: [field('Client', d.workspaceName), field('Ad account', d.adAccountId), field('Overview', d.url)],
      },
      context(`Day ${escapeMrkdwn(str(d.day) ?? '')}`, at),
    ],
  };
}

/** A client workspace's owner took it off the agency's plan (issue 28, req 1). */
function clientDetachedMessage(d: Record<string, unknown>, at: string): { summary: string; blocks: SlackBlock[] } {
  return {
    summary: `${escaped(d.workspaceName) ?? 'A client'} left the agency’s plan`,
    blocks: [
      header(`:wave: ${str(d.workspaceName) ?? 'A client workspace'} left your Agency plan`),
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: clip(
            `Its owner${str(d.detachedBy) ? ` (${escapeMrkdwn(str(d.detachedBy)!)})` : ''} detached it: it is ` +
              'back on its own plan, and its places in your pool were given back.',
            MAX_SECTION_TEXT,
          ),
        },
      },
      { type: 'section', fields: [field('Client', d.workspaceName), field('Team settings', d.url)] },
      context(at),
    ],
  };
}

/** The blocks and one-line summary for one event (clicks are digested separately). */
export function formatEvent(event: ForwardedEvent): { summary: string; blocks: SlackBlock[] } {
  const d = event.detail;
  const at = when(event.time);
  switch (event.detailType) {
    case 'signup':
      return {
        summary: `New signup: ${escaped(d.email) ?? 'unknown email'}`,
        blocks: [
          header(':tada: New signup'),
          { type: 'section', fields: [field('Name', d.name), field('Email', d.email)] },
          context(`User id ${escapeMrkdwn(str(d.userId) ?? '—')}`, at),
        ],
      };
    case 'contact': {
      const message = str(d.message);
      return {
        summary: `New contact message from ${escaped(d.name) ?? escaped(d.email) ?? 'a visitor'}`,
        blocks: [
          header(':envelope_with_arrow: New contact message'),
          {
            type: 'section',
            fields: [field('Name', d.name), field('Email', d.email), field('Company', d.company)],
          },
          ...(message
            ? [
                {
                  type: 'section' as const,
                  text: {
                    type: 'mrkdwn' as const,
                    text: clip(`>${escapeMrkdwn(message).replace(/\n/g, '\n>')}`, MAX_SECTION_TEXT),
                  },
                },
              ]
            : []),
          context(str(d.id) ? `Message ${escapeMrkdwn(str(d.id)!)}` : undefined, 'from /contact', at),
        ],
      };
    }
    case 'payment': {
      const amount = typeof d.amount === 'number' ? formatMoney(d.amount, str(d.currency)) : '—';
      return {
        summary: `Payment received: ${escapeMrkdwn(amount)} from ${escaped(d.customerEmail) ?? 'a customer'}`,
        blocks: [
          header(':moneybag: Payment received'),
          {
            type: 'section',
            fields: [field('Amount', amount), field('Customer', d.customerEmail), field('Payment id', d.paymentId)],
          },
          context(at),
        ],
      };
    }
    case 'error': {
      const severity = str(d.severity) ?? errorSeverity(str(d.errorType) ?? '', str(d.message) ?? '');
      return {
        summary: `${severity === 'critical' ? 'Critical error' : 'Error'}: ${escaped(d.message) ?? escaped(d.errorType) ?? ''}`,
        blocks: [
          header(
            `${SEVERITY_ICON[severity] ?? ':warning:'} ${severity === 'critical' ? 'Critical error' : `Error (${severity})`}: ${str(d.errorType) ?? 'UNKNOWN_ERROR'}`,
          ),
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: clip(`\`\`\`${escapeMrkdwn(str(d.message) ?? '(no message)')}\`\`\``, MAX_SECTION_TEXT),
            },
          },
          {
            type: 'section',
            fields: [field('Component', d.component), field('User', d.userEmail), field('Page', d.url)],
          },
          context(at),
        ],
      };
    }
    case 'campaign': {
      const action = str(d.action) ?? 'changed';
      return {
        summary: `Campaign ${escapeMrkdwn(action)}: ${escaped(d.campaignName) ?? ''}`,
        blocks: [
          header(`:loudspeaker: Campaign ${action}`),
          {
            type: 'section',
            fields: [
              field('Campaign', d.campaignName),
              field('Action', action),
              field('Budget', formatBudget(d.budget)),
              field('By', d.userEmail),
            ],
          },
          context(str(d.campaignId) ? `Campaign id ${escapeMrkdwn(str(d.campaignId)!)}` : undefined, at),
        ],
      };
    }
    case 'rule_run':
      return ruleRunMessage(d, at);
    case 'signal_alert':
      return {
        summary: `Signals: ${escaped(d.title) ?? ''} (${escaped(d.pixelName) ?? ''})`,
        blocks: [
          header(`:satellite_antenna: ${str(d.title) ?? 'Signals alert'}`),
          {
            type: 'section',
            text: { type: 'mrkdwn', text: clip(escapeMrkdwn(str(d.detail) ?? ''), MAX_SECTION_TEXT) },
          },
          {
            type: 'section',
            fields: [field('Pixel', d.pixelName), field('Ad account', d.adAccountId), field('Signals screen', d.url)],
          },
          context(`Pixel ${escapeMrkdwn(str(d.pixelId) ?? '')}`, `Day ${escapeMrkdwn(str(d.day) ?? '')}`, at),
        ],
      };
    case 'client_alert':
      return clientAlertMessage(d, at);
    case 'client_detached':
      return clientDetachedMessage(d, at);
    case 'notification_test_slack':
      return {
        summary: 'Test notification from Adsmith',
        blocks: [
          header(':white_check_mark: Test notification'),
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: `Slack notifications work. Requested by ${escapeMrkdwn(str(d.requestedBy) ?? 'someone')}.`,
            },
          },
          context(at),
        ],
      };
    default:
      return {
        summary: `Adsmith event ${escapeMrkdwn(event.detailType)}`,
        blocks: [
          header(`Adsmith event: ${event.detailType}`),
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: clip(`\`\`\`${escapeMrkdwn(JSON.stringify(d, null, 2))}\`\`\``, MAX_SECTION_TEXT),
            },
          },
          context(at),
        ],
      };
  }
}

/** One digest for a batch of clicks: how many, which labels on which pages, who (signed-in vs anonymous). */
export function formatClickDigest(clicks: readonly ForwardedEvent[]): { summary: string; blocks: SlackBlock[] } {
  const counts = new Map<string, number>();
  const users = new Set<string>();
  let anonymous = 0;
  for (const click of clicks) {
    const label = `*${escapeMrkdwn(str(click.detail.buttonText) ?? '(no label)')}* on ${escapeMrkdwn(str(click.detail.page) ?? '/')}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
    const email = str(click.detail.userEmail);
    if (email) users.add(email);
    else anonymous += 1;
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const lines = ranked.slice(0, DIGEST_TOP_LABELS).map(([label, n]) => `• ${label} — ${n}`);
  const rest = ranked.slice(DIGEST_TOP_LABELS).reduce((sum, [, n]) => sum + n, 0);
  if (rest > 0) lines.push(`• ${rest} more on ${ranked.length - DIGEST_TOP_LABELS} other buttons`);
  const times = clicks.map((c) => c.time).sort();
  const n = clicks.length;
  const noun = n === 1 ? 'click' : 'clicks';
  return {
    summary: `${n} button ${noun}`,
    blocks: [
      header(`:point_up: ${n} button ${noun}`),
      { type: 'section', text: { type: 'mrkdwn', text: clip(lines.join('\n'), MAX_SECTION_TEXT) } },
      context(
        `${users.size} signed-in ${users.size === 1 ? 'user' : 'users'}, ${anonymous} anonymous ${anonymous === 1 ? 'click' : 'clicks'}`,
        times.length > 1 ? `${when(times[0]!)} – ${when(times.at(-1)!)}` : when(times[0] ?? ''),
      ),
    ],
  };
}

/**
 * Turns a batch of events into as few Slack messages as the block limit allows:
 * every click becomes part of one digest, every other event its own section of
 * blocks, packed into messages of at most 50 blocks. Each message names the ids
 * of the events it carries.
 */
export function buildSlackMessages(
  batch: readonly ForwardedEvent[],
): { message: SlackMessage; events: ForwardedEvent[] }[] {
  const clicks = batch.filter((e) => e.detailType === 'button_click');
  const groups: { summary: string; blocks: SlackBlock[]; events: ForwardedEvent[] }[] = [];
  for (const event of batch) {
    if (event.detailType !== 'button_click') groups.push({ ...formatEvent(event), events: [event] });
  }
  if (clicks.length > 0) groups.push({ ...formatClickDigest(clicks), events: clicks });

  const messages: { summaries: string[]; blocks: SlackBlock[]; events: ForwardedEvent[] }[] = [];
  for (const group of groups) {
    const last = messages.at(-1);
    const divider = last && last.blocks.length > 0 ? 1 : 0;
    if (last && last.blocks.length + divider + group.blocks.length <= MAX_BLOCKS_PER_MESSAGE) {
      last.blocks.push({ type: 'divider' }, ...group.blocks);
      last.summaries.push(group.summary);
      last.events.push(...group.events);
    } else {
      messages.push({ summaries: [group.summary], blocks: [...group.blocks], events: [...group.events] });
    }
  }
  return messages.map(({ summaries, blocks, events }) => ({
    events,
    message: {
      text: clip(summaries.join(' · '), MAX_SECTION_TEXT),
      blocks,
      metadata: {
        event_type: 'adsmith_notifications',
        event_payload: { event_ids: events.map((e) => e.dedupeKey) },
      },
    },
  }));
}
