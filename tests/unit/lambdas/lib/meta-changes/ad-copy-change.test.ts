import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  abCopySpec,
  copyAdName,
  copyMarker,
  createAdCopy,
  deleteAdCopy,
  OriginalAdSchema,
  type OriginalAd,
} from '@lambdas/lib/meta-changes/ad-copy-change';
import { AppError } from '@lambdas/lib/errors';
import { objectChangeDeps } from '@lambdas/lib/meta-session/object-change-deps';
import { adAccounts, fakeSession, type GraphCall } from '@tests/unit/lambdas/lib/meta-session/fake-session';

const docMock = mockClient(DynamoDBDocumentClient);

const story = {
  page_id: '1011100000000',
  instagram_user_id: '178414',
  link_data: {
    link: 'https://shop.example.com/boots',
    message: 'Gear up for the trail.',
    name: 'Trail boots',
    description: 'Free returns',
    image_hash: 'abc123',
    call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com/boots' } },
  },
};
const originalAd = {
  id: '88',
  account_id: '111',
  campaign_id: '42',
  adset_id: '77',
  name: 'Trail boots | Static image | v1',
  status: 'ACTIVE',
  effective_status: 'ACTIVE',
  creative: { id: '555', name: 'Trail boots creative', object_story_spec: story },
};
const copy = {
  headline: 'Boots that go the distance',
  primaryText: 'Lighter, tougher, ready.',
  description: 'Try 30 days',
};

const parse = (ad: unknown): OriginalAd => OriginalAdSchema.parse(ad);

describe('abCopySpec: the A/B copy built from the original ad', () => {
  it('keeps the page, Instagram account, link, image and button, and replaces the text', () => {
    const spec = abCopySpec(parse(originalAd), copy, 'key-1');
    expect(JSON.parse(spec.creative.object_story_spec)).toEqual({
      page_id: '1011100000000',
      instagram_user_id: '178414',
      link_data: {
        link: 'https://shop.example.com/boots',
        message: 'Lighter, tougher, ready.',
        name: 'Boots that go the distance',
        description: 'Try 30 days',
        image_hash: 'abc123',
        call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com/boots' } },
      },
    });
    expect(spec.creative.name).toBe(`Trail boots | Static image | v1 — B ${copyMarker('key-1')}`);
  });

  it('makes a PAUSED ad named "— B" in the same ad set with the new creative', () => {
    const spec = abCopySpec(parse(originalAd), copy, 'key-1');
    expect(spec.ad('999')).toEqual({
      name: 'Trail boots | Static image | v1 — B',
      adset_id: '77',
      status: 'PAUSED',
      creative: '{"creative_id":"999"}',
    });
  });

  it('leaves out an empty description, takes a new button with the original link, and the image hash of the creative', () => {
    const { image_hash: _hash, ...linkWithoutImage } = story.link_data;
    const ad = parse({
      ...originalAd,
      creative: {
        id: '555',
        image_hash: 'fromcreative',
        object_story_spec: { page_id: 5, link_data: linkWithoutImage },
      },
    });
    const spec = abCopySpec(ad, { ...copy, description: '', callToAction: 'LEARN_MORE' }, 'k');
    const linkData = JSON.parse(spec.creative.object_story_spec).link_data;
    expect(linkData).not.toHaveProperty('description');
    expect(linkData.image_hash).toBe('fromcreative');
    expect(linkData.call_to_action).toEqual({ type: 'LEARN_MORE', value: { link: 'https://shop.example.com/boots' } });
    expect(JSON.parse(spec.creative.object_story_spec).page_id).toBe('5');
  });

  describe('a carousel ad', () => {
    const cards = [1, 2, 3].map((i) => ({
      link: `https://shop.example.com/boots/${i}`,
      name: `Boot ${i}`,
      description: 'Free returns',
      image_hash: `hash${i}`,
      call_to_action: { type: 'SHOP_NOW', value: { link: `https://shop.example.com/boots/${i}` } },
    }));
    const carousel = parse({
      ...originalAd,
      creative: {
        id: '556',
        object_story_spec: {
          page_id: '1011100000000',
          link_data: {
            link: 'https://shop.example.com/boots',
            message: 'Three boots for three trails.',
            child_attachments: cards,
            multi_share_optimized: true,
            multi_share_end_card: false,
          },
        },
      },
    });
    const cardHeadlines = ['Grip for mud', 'Light for summits', 'Warm for snow'];

    it('keeps every card (its image hash, link and button) and replaces the primary text and card headlines', () => {
      const spec = abCopySpec(carousel, { ...copy, cardHeadlines }, 'k');
      const linkData = JSON.parse(spec.creative.object_story_spec).link_data;
      expect(linkData).toEqual({
        link: 'https://shop.example.com/boots',
        message: 'Lighter, tougher, ready.',
        child_attachments: cards.map((card, i) => ({ ...card, name: cardHeadlines[i] })),
        multi_share_optimized: true,
        multi_share_end_card: false,
      });
    });

    it('a new button goes on every card, each linking to its own card', () => {
      const spec = abCopySpec(carousel, { ...copy, cardHeadlines, callToAction: 'LEARN_MORE' }, 'k');
      const linkData = JSON.parse(spec.creative.object_story_spec).link_data;
      expect(linkData.child_attachments.map((c: { call_to_action: unknown }) => c.call_to_action)).toEqual(
        cards.map((c) => ({ type: 'LEARN_MORE', value: { link: c.link } })),
      );
    });

    it('refuses card headlines that do not match the cards one for one, or a carousel copy without them', () => {
      expect(() => abCopySpec(carousel, { ...copy, cardHeadlines: ['Only one', 'Two'] }, 'k')).toThrow(
        /3 card headlines/,
      );
      expect(() => abCopySpec(carousel, copy, 'k')).toThrow(/3 card headlines/);
    });
  });

  it('keeps the name within Meta’s 400 characters', () => {
    expect(copyAdName('x'.repeat(500))).toHaveLength(400);
    expect(copyAdName('x'.repeat(500)).endsWith(' — B')).toBe(true);
  });

  describe('a video ad', () => {
    const videoAd = parse({
      ...originalAd,
      name: 'Trail boots | Video 15s | v1',
      creative: {
        id: '556',
        object_story_spec: {
          page_id: '1011100000000',
          video_data: {
            video_id: 1207000000000088,
            message: 'Watch them climb.',
            title: 'Trail boots',
            link_description: 'Free returns',
            image_hash: 'thumb88',
            call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com/boots' } },
          },
        },
      },
    });

    it('keeps the video, its thumbnail and the button’s link, and replaces the text', () => {
      const spec = abCopySpec(videoAd, { ...copy, callToAction: 'LEARN_MORE' }, 'k');
      expect(JSON.parse(spec.creative.object_story_spec)).toEqual({
        page_id: '1011100000000',
        video_data: {
          video_id: '1207000000000088',
          message: 'Lighter, tougher, ready.',
          title: 'Boots that go the distance',
          link_description: 'Try 30 days',
          image_hash: 'thumb88',
          call_to_action: { type: 'LEARN_MORE', value: { link: 'https://shop.example.com/boots' } },
        },
      });
    });

    it('keeps the original button when the copy names none, and leaves out an empty description', () => {
      const spec = abCopySpec(videoAd, { ...copy, description: '' }, 'k');
      const video = JSON.parse(spec.creative.object_story_spec).video_data;
      expect(video).not.toHaveProperty('link_description');
      expect(video.call_to_action).toEqual({ type: 'SHOP_NOW', value: { link: 'https://shop.example.com/boots' } });
    });
  });

  it('refuses a creative that is neither a link nor a video ad (a post), and a video without its id', () => {
    const post = parse({ ...originalAd, creative: { id: '555' } });
    expect(() => abCopySpec(post, copy, 'k')).toThrow(AppError);
    expect(() => abCopySpec(post, copy, 'k')).toThrow(/single-image, carousel or video ad/);
    expect(() =>
      parse({ ...originalAd, creative: { id: '555', object_story_spec: { page_id: '1', video_data: {} } } }),
    ).toThrow();
  });
});

/** A tiny Meta: the original ad, its ad set's ads, creative and ad creation, deletion. */
function meta(options: { failAds?: boolean } = {}) {
  const ads: Record<string, Record<string, unknown>> = { '88': { ...originalAd } };
  const creatives: Record<string, { id: string; name: string }> = {};
  let next = 900;
  const answer = (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    if (call.path === '/77/ads') {
      return {
        data: Object.values(ads)
          .filter((ad) => ad.adset_id === '77' && ad.status !== 'DELETED')
          .map((ad) => ({ ...ad, creative: creatives[(ad.creative as { id: string }).id] ?? ad.creative })),
      };
    }
    if (call.method === 'POST' && call.path === '/act_111/adcreatives') {
      const id = String(next++);
      creatives[id] = { id, name: String(call.params!.name) };
      return { id };
    }
    if (call.method === 'POST' && call.path === '/act_111/ads') {
      if (options.failAds) throw new Error('(#100) Invalid parameter');
      const id = String(next++);
      const p = call.params as Record<string, string>;
      ads[id] = {
        id,
        account_id: '111',
        campaign_id: '42',
        adset_id: p.adset_id,
        name: p.name,
        status: p.status,
        effective_status: p.status,
        creative: { id: JSON.parse(p.creative!).creative_id },
      };
      return { id };
    }
    const id = call.path.slice(1);
    if (call.method === 'DELETE') {
      if (ads[id]) ads[id]!.status = 'DELETED';
      else if (creatives[id]) delete creatives[id];
      else throw new Error(`unexpected DELETE ${call.path}`);
      return { success: true };
    }
    if (call.method === 'GET' && ads[id]) return ads[id];
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
  return { answer, ads, creatives };
}

function writes() {
  return docMock.calls().map((call) => {
    const input = call.args[0].input as { TableName: string; Item?: Record<string, unknown> };
    return { table: input.TableName, item: input.Item };
  });
}
const puts = (table: string) => writes().filter((w) => w.table === table && w.item);

describe('createAdCopy and its undo, deleteAdCopy', () => {
  beforeEach(() => {
    process.env.TABLE_CAMPAIGN_AUDIT = 'audit-table';
    process.env.TABLE_CAMPAIGN_LOCKS = 'locks-table';
    process.env.TABLE_EVENT_OUTBOX = 'outbox-table';
    docMock.reset();
    docMock.on(PutCommand).resolves({});
    docMock.on(DeleteCommand).resolves({});
  });

  it('creates the creative then the paused ad, audited (pending → completed with the new ad) and evented', async () => {
    const world = meta();
    const { session, calls } = fakeSession(world.answer);
    const made = await createAdCopy(objectChangeDeps(session), {
      userId: 'user-1',
      adId: '88',
      copy,
      key: 'key-1',
      source: 'ad-optimizer:key-1',
    });
    expect(made).toMatchObject({ adAccountId: 'act_111', adsetId: '77', reused: false, after: { status: 'PAUSED' } });
    expect(world.ads[made.copyAdId]).toMatchObject({ adset_id: '77', status: 'PAUSED', name: made.copyAdName });
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual(['/act_111/adcreatives', '/act_111/ads']);

    const [pending, completed] = puts('audit-table').map((w) => w.item!);
    expect(pending).toMatchObject({
      status: 'pending',
      action: 'create_ad_copy',
      level: 'ad',
      object_id: '88',
      campaign_id: '42',
      source: 'ad-optimizer:key-1',
    });
    expect(completed).toMatchObject({
      status: 'completed',
      created_object_id: made.copyAdId,
      after: { status: 'PAUSED', creativeId: made.copyCreativeId },
    });
    const [event] = puts('outbox-table');
    expect(JSON.parse(event!.item!.detail as string)).toMatchObject({
      action: 'create_ad_copy',
      level: 'ad',
      objectId: made.copyAdId,
      campaignId: '42',
      userId: 'user-1',
    });
    expect(puts('locks-table')[0]!.item).toMatchObject({ campaign_id: '88' });
  });

  it('a retry with the same key finds the copy already made and sends nothing', async () => {
    const world = meta();
    const { session, calls } = fakeSession(world.answer);
    const deps = objectChangeDeps(session);
    const first = await createAdCopy(deps, { userId: 'user-1', adId: '88', copy, key: 'key-1' });
    const before = calls.filter((c) => c.method === 'POST').length;
    const again = await createAdCopy(deps, { userId: 'user-1', adId: '88', copy, key: 'key-1' });
    expect(again).toMatchObject({ reused: true, copyAdId: first.copyAdId, copyCreativeId: first.copyCreativeId });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(before);
    expect(Object.values(world.ads).filter((ad) => ad.adset_id === '77')).toHaveLength(2);
  });

  it('asks the plan first: a user above the ad-account limit sends nothing', async () => {
    const world = meta();
    const { session, calls } = fakeSession(world.answer);
    const deps = {
      ...objectChangeDeps(session),
      assertMaySpend: () => Promise.reject(new AppError('QUOTA_EXCEEDED', 'Choose the ad accounts to keep')),
    };
    await expect(createAdCopy(deps, { userId: 'user-1', adId: '88', copy, key: 'k' })).rejects.toThrow(
      /accounts to keep/,
    );
    expect(calls).toHaveLength(0);
    expect(writes()).toHaveLength(0);
  });

  it('when Meta refuses the ad, deletes the unused creative and records the failure', async () => {
    const world = meta({ failAds: true });
    const { session, calls } = fakeSession(world.answer);
    await expect(
      createAdCopy(objectChangeDeps(session), { userId: 'user-1', adId: '88', copy, key: 'k' }),
    ).rejects.toThrow(/Invalid parameter/);
    expect(Object.keys(world.creatives)).toHaveLength(0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(puts('audit-table').map((w) => w.item!.status)).toEqual(['pending', 'failed']);
    expect(puts('outbox-table')).toHaveLength(0);
  });

  it('an ad outside the connection is refused before anything is written', async () => {
    const world = meta();
    const foreign = (call: GraphCall) =>
      call.path === '/88' ? { ...originalAd, account_id: '999' } : world.answer(call);
    const { session, calls } = fakeSession(foreign);
    await expect(
      createAdCopy(objectChangeDeps(session), { userId: 'user-1', adId: '88', copy, key: 'k' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(puts('audit-table')).toHaveLength(0);
  });

  it('the undo deletes the copy and its creative, audited and evented, and leaves a deleted copy alone', async () => {
    const world = meta();
    const { session } = fakeSession(world.answer);
    const deps = objectChangeDeps(session);
    const made = await createAdCopy(deps, { userId: 'user-1', adId: '88', copy, key: 'key-1' });
    docMock.resetHistory();
    const undone = await deleteAdCopy(deps, { userId: 'user-1', copyAdId: made.copyAdId, source: 'undo' });
    expect(undone.deleted).toBe(true);
    expect(world.ads[made.copyAdId]!.status).toBe('DELETED');
    expect(world.creatives[made.copyCreativeId]).toBeUndefined();
    expect(world.ads['88']!.status).toBe('ACTIVE');
    const [pending, completed] = puts('audit-table').map((w) => w.item!);
    expect(pending).toMatchObject({ action: 'delete_ad_copy', object_id: made.copyAdId, before: { status: 'PAUSED' } });
    expect(completed).toMatchObject({ status: 'completed', after: { status: 'DELETED' } });
    expect(JSON.parse(puts('outbox-table')[0]!.item!.detail as string)).toMatchObject({
      action: 'delete_ad_copy',
      objectId: made.copyAdId,
    });
    docMock.resetHistory();
    expect(await deleteAdCopy(deps, { userId: 'user-1', copyAdId: made.copyAdId })).toEqual({ deleted: false });
    expect(puts('audit-table')).toHaveLength(0);
  });
});
