import { describe, expect, it } from 'vitest';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { AppError } from '@lambdas/lib/errors';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import { createHash } from 'node:crypto';
import {
  PublishFailedError,
  publishPlan,
  specialAdCategoryCountries,
  type UploadedVideo,
  type UploadedVideos,
} from '@lambdas/campaign-generator/publish-plan';
import { buildPlan, sensibleAgeRange, splitBudget } from '@lambdas/campaign-generator/build-plan';
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
      return { id: `${edge}-${next++}` };
    },
    async delete(path: string) {
      calls.push(`DELETE ${path.slice(1)}`);
      return { success: true };
    },
  };
  return { graph: graph as unknown as GraphClient, calls, params };
}

const publish = (graph: GraphClient) => publishPlan(graph, plan(), facts);

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
  images: [
    { hash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', name: 'hero.png', assetId: '0b5f3c9e-3f1a-4c1e-9d7b-2a6f1e0c4d55' },
    { hash: 'ffeeddccbbaa00998877665544332211', name: 'lifestyle.jpg' },
  ],
};
const ad = {
  headline: 'Go further',
  primaryText: 'Light shoes.',
  description: 'Free returns',
  callToAction: 'SHOP_NOW' as const,
  angle: 'benefit' as const,
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
  it('creates campaign, ad sets, creatives, ads in that order, sending no image and no URL', async () => {
    const { graph, calls } = fakeGraph();
    const result = await publish(graph);
    expect(calls).toEqual([
      'POST campaigns',
      'POST adsets',
      'POST adsets',
      ...Array(4).fill('POST adcreatives'),
      ...Array(4).fill('POST ads'),
    ]);
    expect(result.campaignId).toBe('campaigns-1');
  });

  // Issue 22, finding 1: since v23 Meta refuses an ad set without the Advantage+ audience flag
  // (code 100 / 1870227); our ad sets set their own ages, so they opt out.
  it('sends targeting_automation.advantage_audience 0 with the ages on every ad set', async () => {
    const { graph, calls, params } = fakeGraph();
    await publish(graph);
    const adsets = params.filter((_, index) => calls[index] === 'POST adsets');
    expect(adsets).toHaveLength(2);
    for (const body of adsets) {
      expect(body.targeting).toMatchObject({
        age_min: expect.any(Number),
        age_max: expect.any(Number),
        targeting_automation: { advantage_audience: 0 },
      });
    }
    // No special categories: no country list.
    expect(params[calls.indexOf('POST campaigns')]).not.toHaveProperty('special_ad_category_country');
  });

  // Issue 22, finding 2: Meta refuses a special-ad-category campaign without its countries.
  it('sends special_ad_category_country, every targeted country, with special ad categories', async () => {
    const { graph, calls, params } = fakeGraph();
    const special = plan();
    special.campaign.specialAdCategories = ['EMPLOYMENT'];
    special.adSets[1]!.targeting.countries = ['US', 'CA'];
    expect(specialAdCategoryCountries(special)).toEqual(['CA', 'US']);
    await publishPlan(graph, special, facts);
    expect(params[calls.indexOf('POST campaigns')]).toMatchObject({
      special_ad_categories: ['EMPLOYMENT'],
      special_ad_category_country: ['CA', 'US'],
    });
  });

  it('names each ad’s image by the hash it has in the account’s library, the brief’s images in turn', async () => {
    const { graph, calls, params } = fakeGraph();
    await publish(graph);
    const specs = params
      .filter((_, i) => calls[i] === 'POST adcreatives')
      .map((body) => (body.object_story_spec as { link_data: Record<string, unknown> }).link_data);
    expect(specs.map((data) => data.image_hash)).toEqual([
      'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      'ffeeddccbbaa00998877665544332211',
      'ffeeddccbbaa00998877665544332211',
      'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    ]);
    for (const data of specs) expect(data).not.toHaveProperty('picture');
  });

  it('leaves the link_data without an image when the brief has none', async () => {
    const { graph, calls, params } = fakeGraph();
    const plain = buildPlan({ ...brief, images: [] }, draft, facts, [[], []]);
    await publishPlan(graph, plain, facts);
    const data = (params[calls.indexOf('POST adcreatives')]!.object_story_spec as { link_data: object }).link_data;
    expect(data).not.toHaveProperty('image_hash');
    expect(data).not.toHaveProperty('picture');
  });

  it('rolls back in reverse order when an ad fails, and carries what Meta said', async () => {
    const { graph, calls } = fakeGraph('ads');
    const error = await publish(graph).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishFailedError);
    expect((error as PublishFailedError).message).toBe('The ad could not be created.');
    const deletes = calls.filter((call) => call.startsWith('DELETE'));
    expect(deletes).toEqual([
      'DELETE adcreatives-7',
      'DELETE adcreatives-6',
      'DELETE adcreatives-5',
      'DELETE adcreatives-4',
      'DELETE adsets-3',
      'DELETE adsets-2',
      'DELETE campaigns-1',
    ]);
    const steps = (error as PublishFailedError).steps;
    expect(steps.map((step) => step.status)).toEqual([...Array(7).fill('rolled_back'), 'failed']);
    expect(steps.at(-1)).toMatchObject({ kind: 'ad' });
  });

  it('deletes nothing when the campaign itself is refused', async () => {
    const { graph, calls } = fakeGraph('campaigns');
    await expect(publish(graph)).rejects.toBeInstanceOf(PublishFailedError);
    expect(calls).toEqual(['POST campaigns']);
  });
});

describe('publishing video ads (issue 29 req 2)', () => {
  const video = {
    kind: 'video' as const,
    assetKey: 'users/u1/videos/v1/ad.mp4',
    thumbnailAssetKey: 'users/u1/videos/v1/thumbnail.png',
    ratio: '9:16' as const,
    seconds: 6,
    width: 1080,
    height: 1920,
  };
  function videoGraph(statuses: string[], failOn?: string) {
    const fake = fakeGraph(failOn);
    const graph = fake.graph as unknown as Record<string, unknown>;
    const post = graph.post as (path: string, body: Record<string, unknown>) => Promise<{ id: string }>;
    graph.post = async (path: string, body: Record<string, unknown>) => {
      const reply = await post(path, body);
      return path.endsWith('/adimages') ? { images: { 'thumbnail.png': { hash: 'thumbhash01' } } } : reply;
    };
    graph.postFile = async (path: string, _params: unknown, file: { field: string; bytes: Uint8Array }) => {
      fake.calls.push(`POST ${path.split('/').pop()} ${file.field} ${file.bytes.length}`);
      return { id: '1207555' };
    };
    graph.get = async (path: string) => {
      fake.calls.push(`GET ${path.slice(1)}`);
      return { id: path.slice(1), status: { video_status: statuses.shift() ?? 'processing' } };
    };
    return fake;
  }
  const media = (waits: number[]) => {
    let clock = 0;
    return {
      readAsset: async (key: string) => new Uint8Array(key.endsWith('.mp4') ? 5000 : 300),
      wait: {
        maxWaitMs: 5000,
        sleep: async (ms: number) => {
          waits.push(ms);
          clock += ms;
        },
        now: () => clock,
      },
    };
  };
  const videoPlan = () => {
    const p = plan();
    for (const ad of p.adSets.flatMap((set) => set.ads)) Object.assign(ad, { format: 'video', video });
    return p;
  };

  it('sends the thumbnail and the video once, waits until ready, then names them in video_data', async () => {
    const { graph, calls, params } = videoGraph(['processing', 'ready']);
    const waits: number[] = [];
    await publishPlan(graph, videoPlan(), facts, async () => {}, media(waits));
    expect(calls.slice(0, 2)).toEqual(['POST adimages', 'POST advideos source 5000']);
    expect(calls.filter((call) => call.startsWith('GET'))).toEqual(['GET 1207555', 'GET 1207555']);
    expect(calls.indexOf('GET 1207555')).toBeLessThan(calls.indexOf('POST adcreatives'));
    expect(waits).toEqual([1000]);
    const creative = params.find((body) => 'object_story_spec' in body)!;
    expect(creative.object_story_spec).toMatchObject({
      page_id: '10',
      video_data: {
        video_id: '1207555',
        image_hash: 'thumbhash01',
        call_to_action: { type: expect.any(String), value: { link: expect.stringMatching(/^https:/) } },
      },
    });
  });

  it('rolls back the campaign and ad sets when Meta is still processing the video at the end of the wait', async () => {
    const { graph, calls } = videoGraph([]);
    const failure = await publishPlan(graph, videoPlan(), facts, async () => {}, media([])).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PublishFailedError);
    expect((failure as PublishFailedError).message).toMatch(/still processing the video 1207555/);
    expect(calls).not.toContain('POST adcreatives');
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE adsets-4',
      'DELETE adsets-3',
      'DELETE campaigns-2',
    ]);
  });

  it('a retry after a failure past the upload sends neither the thumbnail nor the video again (by content hash)', async () => {
    const memory = new Map<string, UploadedVideo>();
    const uploads: UploadedVideos = {
      get: async (account, sha256) => memory.get(`${account}|${sha256}`),
      put: async (account, sha256, uploaded) => void memory.set(`${account}|${sha256}`, uploaded),
    };
    const withUploads = () => ({ ...media([]), uploads });

    const first = videoGraph(['ready'], 'ads');
    await expect(publishPlan(first.graph, videoPlan(), facts, async () => {}, withUploads())).rejects.toBeInstanceOf(
      PublishFailedError,
    );
    expect(first.calls.filter((call) => /adimages|advideos/.test(call))).toEqual([
      'POST adimages',
      'POST advideos source 5000',
    ]);
    const sha256 = createHash('sha256').update(new Uint8Array(5000)).digest('hex');
    expect([...memory.entries()]).toEqual([[`act_1|${sha256}`, { videoId: '1207555', imageHash: 'thumbhash01' }]]);

    // Meta is asked once that the remembered video is still in the library, then it is waited for as any video.
    const retry = videoGraph(['ready', 'ready']);
    await publishPlan(retry.graph, videoPlan(), facts, async () => {}, withUploads());
    expect(retry.calls.filter((call) => /adimages|advideos/.test(call))).toEqual([]);
    expect(retry.calls.filter((call) => call.startsWith('GET'))).toEqual(['GET 1207555', 'GET 1207555']);
    const creatives = retry.params.filter((body) => 'object_story_spec' in body);
    expect(creatives.length).toBeGreaterThan(0);
    for (const creative of creatives) {
      expect(creative.object_story_spec).toMatchObject({
        video_data: { video_id: '1207555', image_hash: 'thumbhash01' },
      });
    }

    // Another ad account's library does not have it: that publish uploads.
    const other = videoGraph(['ready']);
    await publishPlan(other.graph, { ...videoPlan(), adAccountId: 'act_2' }, facts, async () => {}, withUploads());
    expect(other.calls.filter((call) => /adimages|advideos/.test(call))).toEqual([
      'POST adimages',
      'POST advideos source 5000',
    ]);
  });
  it('uploads again when the remembered video was deleted from the library or Meta gave up on it', async () => {
    const sha256 = createHash('sha256').update(new Uint8Array(5000)).digest('hex');
    const remembered = () => {
      const memory = new Map<string, UploadedVideo>([
        [`act_1|${sha256}`, { videoId: '1200001', imageHash: 'oldthumb' }],
      ]);
      const uploads: UploadedVideos = {
        get: async (account, hash) => memory.get(`${account}|${hash}`),
        put: async (account, hash, uploaded) => void memory.set(`${account}|${hash}`, uploaded),
      };
      return { memory, withUploads: () => ({ ...media([]), uploads }) };
    };

    // Deleted: Meta answers as for any object it does not have (100, subcode 33).
    const deleted = remembered();
    const gone = videoGraph(['ready']);
    const get = (gone.graph as unknown as { get: (path: string) => Promise<unknown> }).get;
    (gone.graph as unknown as { get: (path: string) => Promise<unknown> }).get = async (path: string) => {
      if (path !== '/1200001') return get(path);
      gone.calls.push(`GET ${path.slice(1)}`);
      throw new AppError('NOT_FOUND', 'Meta does not have it', {
        cause: new GraphError({
          kind: 'meta',
          message: 'Unsupported get request.',
          method: 'GET',
          path,
          status: 400,
          meta: { message: 'Unsupported get request.', code: 100, error_subcode: 33 },
        }),
      });
    };
    await publishPlan(gone.graph, videoPlan(), facts, async () => {}, deleted.withUploads());
    expect(gone.calls.filter((call) => /adimages|advideos|GET/.test(call)).slice(0, 3)).toEqual([
      'GET 1200001',
      'POST adimages',
      'POST advideos source 5000',
    ]);
    expect(deleted.memory.get(`act_1|${sha256}`)).toEqual({ videoId: '1207555', imageHash: 'thumbhash01' });
    const creative = gone.params.find((body) => 'object_story_spec' in body)!;
    expect(creative.object_story_spec).toMatchObject({ video_data: { video_id: '1207555' } });

    // Expired (or failed processing): the same.
    const expired = remembered();
    const stale = videoGraph(['expired', 'ready']);
    await publishPlan(stale.graph, videoPlan(), facts, async () => {}, expired.withUploads());
    expect(stale.calls.filter((call) => /advideos/.test(call))).toEqual(['POST advideos source 5000']);
    expect(expired.memory.get(`act_1|${sha256}`)?.videoId).toBe('1207555');
  });

  it('does not upload when Meta cannot be asked about the remembered video: the failure is said, not hidden', async () => {
    const uploads: UploadedVideos = {
      get: async () => ({ videoId: '1200001', imageHash: 'oldthumb' }),
      put: async () => {},
    };
    const fake = videoGraph([]);
    (fake.graph as unknown as { get: () => Promise<unknown> }).get = async () => {
      throw new AppError('UPSTREAM_ERROR', 'Meta returned an unexpected response.');
    };
    const failure = await publishPlan(fake.graph, videoPlan(), facts, async () => {}, { ...media([]), uploads }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(PublishFailedError);
    expect(fake.calls.filter((call) => /advideos|campaigns/.test(call))).toEqual([]);
  });
});
