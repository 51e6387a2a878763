import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign, type Design } from '@shared/graphics/design-schema';
import { plans } from '@shared/plans';
import { windowId } from '@shared/quotas';
import { localTableName } from '@infra/twin/function-environment';
import { AppError } from '@lambdas/lib/errors';
import { exportDesign, type ExportDeps } from '@lambdas/lib/graphics-export/export-design';
import { saveDesign } from '@lambdas/lib/graphics/graphics-store';
import { consumeQuota, QuotaExceededError, refundQuota } from '@lambdas/lib/quota/plan-quota';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/**
 * The export's order of work against the real DynamoDB wire protocol (dynalite): checks before counting, counting
 * before rendering, the count given back when rendering fails. S3 is never reached on these paths (a client that
 * points nowhere proves it).
 */
let aws: LocalAws;
let users = 0;
const clock = new Date('2026-11-22T23:00:00.000Z');

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

function setup(render: ExportDeps['render']) {
  const userId = `export-user-${++users}-${Date.now()}`;
  const counters = { doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock };
  const renders: string[] = [];
  const deps: ExportDeps = {
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
    render: async (design, sizeId, assets, format) => {
      renders.push(sizeId);
      return render(design, sizeId, assets, format);
    },
    altText: async () => ({ text: 'Ad: Spring sale. Button: Shop now.', source: 'design' }),
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

async function saved(deps: ExportDeps, userId: string, design: Design) {
  return saveDesign(deps.store, userId, { id: crypto.randomUUID(), name: 'Spring', design }, clock);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('exportDesign', () => {
  it('refuses a carousel at a size Meta does not show cards in, before counting or rendering', async () => {
    const { userId, deps, renders, used } = setup(async () => new Uint8Array(10));
    const photo = {
      kind: 'asset' as const,
      key: `users/${userId}/p.png`,
      width: 1200,
      height: 1200,
      mimeType: 'image/png' as const,
    };
    const cards = [1, 2].map((n) => ({ headline: `Mug ${n}`, link: 'https://shop.example.com/', image: photo }));
    const record = await saved(deps, userId, defaultDesign({ templateId: 'carousel-card', cards }));
    const error = await rejection(
      exportDesign(deps, userId, record.id, { version: 1, sizes: ['square', 'story'], format: 'png' }),
    );
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).details).toHaveProperty('sizes');
    expect(renders).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('gives the export back when rendering fails', async () => {
    const { userId, deps, renders, used } = setup(async () => {
      throw new Error('resvg ran out of memory');
    });
    const record = await saved(deps, userId, defaultDesign());
    const error = await rejection(
      exportDesign(deps, userId, record.id, { version: 1, sizes: ['square', 'story'], format: 'png' }),
    );
    expect((error as Error).message).toBe('resvg ran out of memory');
    expect(renders).toEqual(['square']);
    expect(await used()).toBe(0);
  });

  it('gives the export back when a rendered file is over Meta’s 30 MB', async () => {
    const { userId, deps, used } = setup(async () => new Uint8Array(31 * 1024 * 1024));
    const record = await saved(deps, userId, defaultDesign());
    const error = await rejection(
      exportDesign(deps, userId, record.id, { version: 1, sizes: ['square'], format: 'png' }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).message).toMatch(/30 MB/);
    expect(await used()).toBe(0);
  });

  it('refuses a design with check errors before counting or rendering', async () => {
    const { userId, deps, renders, used } = setup(async () => new Uint8Array(10));
    const unreadable = defaultDesign({
      colours: { background: '#ffffff', text: '#fafafa', accent: '#f97316', onAccent: '#111827' },
    });
    const record = await saved(deps, userId, unreadable);
    const error = await rejection(
      exportDesign(deps, userId, record.id, { version: 1, sizes: ['square'], format: 'png' }),
    );
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect(Object.keys((error as AppError).details ?? {}).some((k) => k.startsWith('square.contrast'))).toBe(true);
    expect(renders).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('counts one export per request whatever the sizes, and refuses once the month is used, before rendering', async () => {
    const { userId, deps, renders, used } = setup(async () => {
      throw new Error('stop after counting');
    });
    const record = await saved(deps, userId, defaultDesign());
    const limit = plans.free.limits.graphicsExportsPerMonth;
    const counters = { doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock };
    for (let i = 0; i < limit; i++) await consumeQuota(counters, userId, 'graphicsExportsPerMonth', 'free');
    const error = await rejection(
      exportDesign(deps, userId, record.id, { version: 1, sizes: ['square', 'portrait', 'story'], format: 'png' }),
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).details).toMatchObject({
      quota: 'graphicsExportsPerMonth',
      limit: String(limit),
      resetsAt: '2026-12-01T00:00:00.000Z',
      upgradeTo: 'pro',
    });
    expect(renders).toEqual([]);
    expect(await used()).toBe(limit);
  });

  it('answers 409 for a version other than the saved one', async () => {
    const { userId, deps, used } = setup(async () => new Uint8Array(10));
    const record = await saved(deps, userId, defaultDesign());
    const error = await rejection(
      exportDesign(deps, userId, record.id, { version: 2, sizes: ['square'], format: 'png' }),
    );
    expect((error as AppError).code).toBe('CONFLICT');
    expect(await used()).toBe(0);
  });
});
