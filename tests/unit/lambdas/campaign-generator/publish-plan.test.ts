import { describe, expect, it } from 'vitest';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { AppError } from '@lambdas/lib/errors';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import { PublishFailedError, publishPlan } from '@lambdas/campaign-generator/publish-plan';
import { buildPlan, sensibleAgeRange, splitBudget } from '@lambdas/campaign-generator/build-plan';
import { ImageReadError, imageFetcher } from '@lambdas/campaign-generator/image-bytes';
import type { CampaignPlan } from '@shared/schemas/campaign-plan';

/** A Graph client that records calls, answers creates with ids, and fails the chosen create. */
function fakeGraph(failOn?: string) {
  const calls: string[] = [];
  const params: Record<string, unknown>[] = [];
  let next = 1;
  const graph = {
    version: 'v26.0',
    async post(path: string, body: Record<string, unknown>) {
      const edge = path.split('/').pop()!;
      calls.push(`POST ${edge}`);
      params.push(body);
      if (edge === failOn) {
        throw new AppError('VALIDATION_ERROR', 'Invalid parameter', {
          cause: new GraphError({
            kind: 'meta',
            message: 'Invalid parameter',
            method: 'POST',
            path,
            status: 400,
            meta: { message: 'Invalid parameter', code: 100, error_user_msg: 'The ad could not be created.' },
          }),
        });
      }
      if (edge === 'adimages') return { images: { photo: { hash: `hash${next++}` } } };
      return { id: `${edge}-${next++}` };
    },
    async delete(path: string, params?: Record<string, unknown>) {
      calls.push(`DELETE ${params?.hash ? `image ${String(params.hash)}` : path.slice(1)}`);
      return { success: true };
    },
  };
  return { graph: graph as unknown as GraphClient, calls, params };
}

/** The image the brief points at, as its server would send it: a tiny PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const images = async (url: string) => ({ bytes: PNG, type: 'png' as const, name: url.split('/').pop()! });
const publish = (graph: GraphClient) => publishPlan(graph, plan(), facts, undefined, images);

const brief = {
  adAccountId: 'act_1',
  product: 'Trail shoes',
  goal: 'traffic' as const,
  landingUrl: 'https://shop.example.com',
  budgetType: 'daily' as const,
  budgetAmount: 19.99,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  countries: ['US'],
  regions: [],
  cities: [],
  audience: 'Hikers',
  specialAdCategories: [],
  imageUrls: ['https://cdn.example.com/a.jpg'],
};
const ad = {
  headline: 'Go further',
  primaryText: 'Light shoes.',
  description: 'Free returns',
  callToAction: 'SHOP_NOW' as const,
};
const draft = {
  campaignName: 'Trail shoes',
  adSets: [
    { name: 'Hikers', audienceSummary: 'x', interestKeywords: ['Hiking'], ageMin: 50, ageMax: 25, ads: [ad, ad] },
    { name: 'Runners', audienceSummary: 'x', interestKeywords: ['Running'], ageMin: 18, ageMax: 40, ads: [ad, ad] },
  ],
};
const facts = { adAccountId: 'act_1', currency: 'USD', minDailyBudgetMinor: 100, pageId: '10', pixelId: '7' };

function plan(): CampaignPlan {
  return buildPlan(brief, draft, facts, [[{ id: '1', name: 'Hiking' }], [{ id: '2', name: 'Running' }]]);
}

describe('building the plan', () => {
  it('takes budgets in minor units, the ODAX pairing from the goal, and ordered ages', () => {
    const built = plan();
    expect(built.campaign).toMatchObject({
      objective: 'OUTCOME_TRAFFIC',
      budget: { type: 'daily', amountMinor: 1999 },
    });
    expect(built.adSets[0]).toMatchObject({ optimizationGoal: 'LINK_CLICKS', billingEvent: 'IMPRESSIONS' });
    expect(built.adSets[0]!.targeting).toMatchObject({ ageMin: 25, ageMax: 50 });
  });

  it.each([
    [19, 20, 18, 28],
    [18, 19, 18, 28],
    [40, 44, 37, 47],
    [65, 64, 55, 65],
    [30, 30, 25, 35],
    [40, 25, 25, 40],
    [10, 90, 18, 65],
  ])('keeps the model’s ages %i–%i sensible: %i–%i', (a, b, ageMin, ageMax) => {
    const range = sensibleAgeRange(a, b);
    expect(range).toEqual({ ageMin, ageMax });
    expect(range.ageMax - range.ageMin).toBeGreaterThanOrEqual(10);
  });

  it('splits a campaign budget over the ad sets without losing a cent', () => {
    const split = splitBudget(plan());
    expect(split.campaign.budget).toBeNull();
    expect(split.campaign.isAdsetBudgetSharingEnabled).toBe(false);
    expect(split.adSets.map((set) => set.budget?.amountMinor)).toEqual([1000, 999]);
  });
});

describe('publishing', () => {
  it('creates campaign, ad sets, images, creatives, ads in that order', async () => {
    const { graph, calls } = fakeGraph();
    const result = await publish(graph);
    expect(calls).toEqual([
      'POST campaigns',
      'POST adsets',
      'POST adsets',
      'POST adimages',
      ...Array(4).fill('POST adcreatives'),
      ...Array(4).fill('POST ads'),
    ]);
    expect(result.campaignId).toBe('campaigns-1');
  });

  it('uploads each image as its bytes, as Meta requires, never as a URL for Meta to fetch', async () => {
    const { graph, calls, params } = fakeGraph();
    await publish(graph);
    const upload = params[calls.indexOf('POST adimages')]!;
    expect(upload).toEqual({ bytes: PNG.toString('base64'), name: 'a.jpg' });
    expect(upload).not.toHaveProperty('url');
  });

  it('fails the image step (and rolls back) when an image cannot be read', async () => {
    const { graph, calls } = fakeGraph();
    const broken = async () =>
      Promise.reject(new ImageReadError('The file at https://cdn.example.com/a.jpg is not a JPG, PNG or GIF image.'));
    const error = await publishPlan(graph, plan(), facts, undefined, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishFailedError);
    expect((error as PublishFailedError).message).toMatch(/not a JPG, PNG or GIF/);
    expect((error as PublishFailedError).failedStep).toMatch(/^Image /);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([
      'DELETE adsets-3',
      'DELETE adsets-2',
      'DELETE campaigns-1',
    ]);
  });

  it('rolls back in reverse order when an ad fails, and carries what Meta said', async () => {
    const { graph, calls } = fakeGraph('ads');
    const error = await publish(graph).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishFailedError);
    expect((error as PublishFailedError).message).toBe('The ad could not be created.');
    const deletes = calls.filter((call) => call.startsWith('DELETE'));
    expect(deletes).toEqual([
      'DELETE adcreatives-8',
      'DELETE adcreatives-7',
      'DELETE adcreatives-6',
      'DELETE adcreatives-5',
      'DELETE image hash4',
      'DELETE adsets-3',
      'DELETE adsets-2',
      'DELETE campaigns-1',
    ]);
    const steps = (error as PublishFailedError).steps;
    expect(steps.map((step) => step.status)).toEqual([...Array(8).fill('rolled_back'), 'failed']);
    expect(steps.at(-1)).toMatchObject({ kind: 'ad' });
  });

  it('deletes nothing when the campaign itself is refused', async () => {
    const { graph, calls } = fakeGraph('campaigns');
    await expect(publish(graph)).rejects.toBeInstanceOf(PublishFailedError);
    expect(calls).toEqual(['POST campaigns']);
  });
});

describe('reading an image for Meta', () => {
  const serve = (body: Uint8Array<ArrayBuffer>, init: ResponseInit = {}) =>
    (async () => new Response(new Blob([body]), { status: 200, ...init })) as unknown as typeof fetch;

  it('takes a PNG or JPEG by its first bytes and names it from the URL', async () => {
    const file = await imageFetcher(serve(PNG))('https://cdn.example.com/shoes/hero');
    expect(file).toEqual({ bytes: PNG, type: 'png', name: 'hero.png' });
  });

  it('refuses what is not an image, whatever its content type says, and failed downloads', async () => {
    const html = new TextEncoder().encode('<html>not an image</html>');
    await expect(
      imageFetcher(serve(html, { headers: { 'content-type': 'image/png' } }))('https://x.example/a.png'),
    ).rejects.toThrow(/not a JPG, PNG or GIF/);
    await expect(imageFetcher(serve(PNG, { status: 404 }))('https://x.example/a.png')).rejects.toThrow(/HTTP 404/);
    await expect(
      imageFetcher(serve(PNG, { headers: { 'content-length': String(9 * 1024 * 1024) } }))('https://x.example/a.png'),
    ).rejects.toThrow(/larger than 8 MB/);
  });
});
