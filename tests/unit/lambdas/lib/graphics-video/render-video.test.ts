import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign, type Design } from '@shared/graphics/design-schema';
import { plans } from '@shared/plans';
import { windowId } from '@shared/quotas';
import { localTableName } from '@infra/twin/function-environment';
import { type AppError } from '@lambdas/lib/errors';
import { renderVideo, type VideoDeps } from '@lambdas/lib/graphics-video/render-video';
import { saveDesign } from '@lambdas/lib/graphics/graphics-store';
import { consumeQuota, QuotaExceededError, refundQuota } from '@lambdas/lib/quota/plan-quota';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/**
 * The video's order of work against the real DynamoDB wire protocol (dynalite): checks before counting, counting
 * before rendering, the export given back when rendering fails. S3 is never reached on these paths (a client that
 * points nowhere proves it); the whole way, with the real encoder, is the integration test's.
 */
let aws: LocalAws;
let users = 0;
const clock = new Date('2026-11-22T23:00:00.000Z');

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

function setup(render: VideoDeps['render']) {
  const userId = `video-user-${++users}-${Date.now()}`;
  const counters = { doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock };
  const renders: string[] = [];
  const deps: VideoDeps = {
    store: { doc: aws.doc, table: localTableName('graphicsItems') },
    bucket: {
      s3: new S3Client({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', maxAttempts: 1 }),
      bucket: 'nowhere',
    },
    planOf: async () => 'free',
    now: () => clock,
    quota: {
      consume: (user) => consumeQuota(counters, user, 'graphicsExportsPerMonth', 'free'),
      refund: (user, grant) => refundQuota(counters, user, grant),
    },
    render: async (design, assets, options) => {
      renders.push(`${options.sizeId} ${options.seconds}s`);
      return render(design, assets, options);
    },
    log: () => undefined,
  };
  const used = async () =>
    Number(
      (
        await aws.doc.send(
          new GetCommand({
            TableName: counters.table,
            Key: { user_id: userId, counter: `graphicsExportsPerMonth#${windowId('month', clock)}` },
          }),
        )
      ).Item?.used ?? 0,
    );
  return { userId, deps, renders, used };
}

const saved = (deps: VideoDeps, userId: string, design: Design) =>
  saveDesign(deps.store, userId, { id: crypto.randomUUID(), name: 'Spring', design }, clock);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

const never: VideoDeps['render'] = async () => {
  throw new Error('should not render');
};

describe('renderVideo', () => {
  it('gives the export back when the encoder fails', async () => {
    const { userId, deps, renders, used } = setup(async () => {
      throw new Error('x264 ran out of memory');
    });
    const record = await saved(deps, userId, defaultDesign());
    const error = await rejection(renderVideo(deps, userId, record.id, { version: 1, sizeId: 'story', seconds: 10 }));
    expect((error as Error).message).toBe('x264 ran out of memory');
    expect(renders).toEqual(['story 10s']);
    expect(await used()).toBe(0);
  });

  it('refuses a design whose checks fail at the video’s size, naming each, before counting or rendering', async () => {
    const { userId, deps, renders, used } = setup(never);
    const unreadable = defaultDesign({
      colours: { background: '#ffffff', text: '#fafafa', accent: '#f97316', onAccent: '#111827' },
    });
    const record = await saved(deps, userId, unreadable);
    const error = await rejection(renderVideo(deps, userId, record.id, { version: 1, sizeId: 'story', seconds: 6 }));
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect(Object.keys((error as AppError).details ?? {}).some((k) => k.startsWith('story.contrast'))).toBe(true);
    expect(renders).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('refuses a carousel, naming the design, before counting', async () => {
    const { userId, deps, renders, used } = setup(never);
    const photo = {
      kind: 'asset' as const,
      key: `users/${userId}/p.png`,
      width: 1200,
      height: 1200,
      mimeType: 'image/png' as const,
    };
    const cards = [1, 2].map((n) => ({ headline: `Mug ${n}`, link: 'https://shop.example.com/', image: photo }));
    const record = await saved(deps, userId, defaultDesign({ templateId: 'carousel-card', cards }));
    const error = await rejection(renderVideo(deps, userId, record.id, { version: 1, sizeId: 'square', seconds: 6 }));
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).details).toHaveProperty('id');
    expect(renders).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('counts a video as one graphics export and refuses once the month is used, before rendering', async () => {
    const { userId, deps, renders, used } = setup(never);
    const record = await saved(deps, userId, defaultDesign());
    const limit = plans.free.limits.graphicsExportsPerMonth;
    const counters = { doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock };
    for (let i = 0; i < limit; i++) await consumeQuota(counters, userId, 'graphicsExportsPerMonth', 'free');
    const error = await rejection(renderVideo(deps, userId, record.id, { version: 1, sizeId: 'square', seconds: 6 }));
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).details).toMatchObject({ quota: 'graphicsExportsPerMonth' });
    expect(renders).toEqual([]);
    expect(await used()).toBe(limit);
  });

  it('answers 409 for a version other than the saved one, and 404 for another workspace’s design', async () => {
    const { userId, deps, used } = setup(never);
    const record = await saved(deps, userId, defaultDesign());
    const stale = await rejection(renderVideo(deps, userId, record.id, { version: 2, sizeId: 'square', seconds: 6 }));
    expect((stale as AppError).code).toBe('CONFLICT');
    const other = await rejection(
      renderVideo(deps, `${userId}-other`, record.id, { version: 1, sizeId: 'square', seconds: 6 }),
    );
    expect((other as AppError).code).toBe('NOT_FOUND');
    expect(await used()).toBe(0);
  });
});
