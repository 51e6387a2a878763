import { gunzipSync } from 'node:zlib';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { DatasetSummarySchema } from '@shared/schemas/mmm';
import { ErrorBodySchema } from '@shared/errors';
import { InsightsSeriesSchema } from '@shared/schemas/meta';
import { twinDocumentClient } from '../ai/ai-user';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

const doc = twinDocumentClient();
let user: FreshUser;

beforeAll(async () => {
  user = await freshUser('mmm-meta');
});
afterAll(async () => {
  await user?.remove();
  doc.destroy();
});

/** Twelve Mondays ending at least a week before today (inside the sandbox's 120 days of results). */
function recentWeeks(): string[] {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(monday);
    d.setUTCDate(d.getUTCDate() - 7 * (11 - i));
    return d.toISOString().slice(0, 10);
  });
}

const csvFor = (weeks: string[]) =>
  ['week,revenue,search_spend', ...weeks.map((w, i) => `${w},${1000 + 37 * i},${50 + (i % 4) * 10}`)].join('\n');
const mapping = { date: 'week', kpi: 'revenue', spend: ['search_spend'] };

describe('use my Meta spend', () => {
  it('needs a Meta connection', async () => {
    const reply = await user.call('/api/mmm/datasets', {
      method: 'POST',
      body: JSON.stringify({ name: 'x', csv: csvFor(recentWeeks()), mapping, metaSpend: { adAccountId: 'act_1' } }),
    });
    expect(reply.status).toBe(409);
    expect(ErrorBodySchema.parse(await reply.json()).error.code).toBe('META_NOT_CONNECTED');
  });

  it('adds the connected account’s weekly spend, equal to Meta’s daily spend summed per week', async () => {
    await connectMeta(user);
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as { id: string }[];
    const account = accounts[0]!.id;
    const weeks = recentWeeks();
    const reply = await user.call('/api/mmm/datasets', {
      method: 'POST',
      body: JSON.stringify({
        name: 'With Meta',
        csv: csvFor(weeks),
        mapping,
        metaSpend: { adAccountId: account, channel: 'meta' },
      }),
    });
    expect(reply.status).toBe(201);
    const summary = DatasetSummarySchema.parse(await reply.json());
    expect(summary.channels).toEqual(['search_spend', 'meta']);

    const row = await doc.send(
      new GetCommand({
        TableName: localTableName('mmmDatasets'),
        Key: { user_id: ((await (await user.call('/api/me')).json()) as { uid: string }).uid, dataset_id: summary.id },
      }),
    );
    expect(row.Item).toBeDefined();
    const stored = JSON.parse(gunzipSync(row.Item!.data as Uint8Array).toString('utf8')) as {
      channels: { name: string; spend: number[] }[];
    };

    const last = new Date(`${weeks.at(-1)!}T00:00:00Z`);
    last.setUTCDate(last.getUTCDate() + 6);
    const series = InsightsSeriesSchema.parse(
      await (
        await user.call(
          `/api/meta/ad-accounts/${account}/insights?since=${weeks[0]}&until=${last.toISOString().slice(0, 10)}`,
        )
      ).json(),
    );
    const weekly = weeks.map((w, i) =>
      series.data
        .filter((d) => d.date >= w && (i + 1 < weeks.length ? d.date < weeks[i + 1]! : true))
        .reduce((s, d) => s + d.spend, 0),
    );
    expect(weekly.some((v) => v > 0)).toBe(true);
    const meta = stored.channels.find((c) => c.name === 'meta')!;
    expect(meta.spend).toHaveLength(weeks.length);
    meta.spend.forEach((v, i) => expect(v).toBeCloseTo(weekly[i]!, 2));
  }, 60_000);

  it('refuses an account whose spend is all outside the dataset’s weeks, saving nothing', async () => {
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as { id: string }[];
    const old = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2019, 0, 7 + 7 * i)).toISOString().slice(0, 10));
    const reply = await user.call('/api/mmm/datasets', {
      method: 'POST',
      body: JSON.stringify({ name: 'Old', csv: csvFor(old), mapping, metaSpend: { adAccountId: accounts[0]!.id } }),
    });
    expect(reply.status).toBe(400);
    expect(ErrorBodySchema.parse(await reply.json()).error.message).toMatch(/Meta reports no spend/);
  });
});
