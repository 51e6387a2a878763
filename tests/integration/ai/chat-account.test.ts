import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { ChatStreamEventSchema } from '@shared/schemas/chat';
import { CampaignListSchema, AdAccountListSchema, type CampaignWithMetrics } from '@shared/schemas/meta';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import { CONTENT_SHA256_HEADER, STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';
import { twin } from '../twin-client';

/**
 * POST /api/chat as the web does (body hash, token header), from the loopback address 127.0.0.2: the chat limits
 * each visitor address per minute, and the other suites' questions all come from 127.0.0.1, so this suite neither
 * waits for their allowance nor uses it up.
 */
function chatFromOwnAddress(body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const text = JSON.stringify(body);
  const url = new URL(`${twin().api}/api/chat`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: {
          ...apiOriginHeaders(twin()),
          'content-type': 'application/json',
          [CONTENT_SHA256_HEADER]: createHash('sha256').update(text).digest('hex'),
          ...(token ? { [STREAM_TOKEN_HEADER]: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** The whole streamed answer. */
async function answerTo(question: string, token?: string): Promise<string> {
  const reply = await chatFromOwnAddress(
    { messages: [{ role: 'user', content: question }], page: '/dashboard' },
    token,
  );
  expect(reply.status).toBe(200);
  const events = reply.text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => ChatStreamEventSchema.parse(JSON.parse(block.slice(6))));
  expect(events.at(-1)?.type).toBe('done');
  return events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The campaign a marketer would call the worst from the campaigns page (last 30 days): the highest cost per
 * result against the median of the campaigns with the same result type.
 */
function worstCampaign(campaigns: CampaignWithMetrics[]): CampaignWithMetrics {
  const priced = campaigns.filter((c) => c.metrics.costPerResult !== null && c.metrics.resultType !== null);
  // Against the campaigns with the same result type; a campaign alone of its kind, against all of them.
  const typical = (c: CampaignWithMetrics) => {
    const peers = priced.filter((p) => p.metrics.resultType === c.metrics.resultType);
    return median((peers.length > 1 ? peers : priced).map((p) => p.metrics.costPerResult!));
  };
  return [...priced].sort(
    (a, b) =>
      b.metrics.costPerResult! / typical(b) - a.metrics.costPerResult! / typical(a) ||
      b.metrics.spend - a.metrics.spend,
  )[0]!;
}

describe('POST /api/chat for a visitor connected to Meta (the demo account, offline model)', () => {
  let user: FreshUser;

  beforeAll(async () => {
    user = await freshUser('chat-account');
    await connectMeta(user);
  });
  afterAll(async () => {
    await user?.remove();
  });

  it('answers "why is my cost per result high?" from the account: the worst campaign and its figure, no price list', async () => {
    const accounts = AdAccountListSchema.parse(await (await user.call('/api/meta/ad-accounts')).json()).data;
    // The chat speaks of the first active ad account of the connection, as Meta lists them.
    const account = accounts.find((a) => a.status === 'ACTIVE')!;
    const list = CampaignListSchema.parse(
      await (await user.call(`/api/meta/ad-accounts/${account.id}/campaigns?datePreset=last_30d`)).json(),
    );
    const worst = worstCampaign(list.data);
    const figure = new Intl.NumberFormat('en-US', { style: 'currency', currency: list.currency }).format(
      worst.metrics.costPerResult!,
    );

    const answer = await answerTo('why is my cost per result high?', user.token);
    expect(answer).toContain(`In ${account.name} from ${list.range.since} to ${list.range.until}`);
    expect(answer).toContain(`${worst.name} has the highest cost per result: ${figure} per result`);
    expect(answer).toMatch(/against a median of|only campaign getting/);
    expect(answer).not.toMatch(/ plan: |a month/);
  });

  it('still quotes prices when asked about them, and tells a visitor without a connection it cannot see figures', async () => {
    expect(await answerTo('How much does Adsmith cost?', user.token)).toContain(`${plans.pro.name} plan:`);
    const anonymous = await answerTo('why is my cost per result high?');
    expect(anonymous).toMatch(/audience fatigue/);
    expect(anonymous).not.toMatch(/has the highest cost per result/);
  });
});
