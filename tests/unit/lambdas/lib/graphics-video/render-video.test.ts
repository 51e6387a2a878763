import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designElements } from '@shared/graphics/design-elements';
import { defaultDesign } from '@shared/graphics/design-schema';
import { LOCAL_CREDENTIALS, localTableName } from '@infra/twin/function-environment';
import { startLocalS3, type LocalS3 } from '@infra/twin/s3/s3-service';
import { exportedDesignElements } from '@lambdas/lib/creative-report/exported-design-elements';
import { planAdElements, planAdVideoIds } from '@lambdas/lib/creative-report/plan-elements';
import { saveDesign } from '@lambdas/lib/graphics/graphics-store';
import { checkVideoRequest, renderAndStoreVideo, type VideoDeps } from '@lambdas/lib/graphics-video/render-video';
import { getVideoRecord, videoView } from '@lambdas/lib/graphics-video/video-records';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/**
 * A rendered video keeps the design elements of the design it was rendered from (as an export keeps them on its
 * images), so the creative report knows a video ad's template, layout and colours. Against the twin's DynamoDB
 * (dynalite) and S3; the renderer is a stand-in (the real encoder is the integration test's).
 */
let aws: LocalAws;
let s3: LocalS3;
let s3Dir: string;
let client: S3Client;
const clock = new Date('2026-11-29T16:00:00.000Z');

beforeAll(async () => {
  aws = await startLocalAws();
  s3Dir = await mkdtemp(path.join(tmpdir(), 'adsmith-render-video-'));
  s3 = await startLocalS3({ port: 0, stateDir: s3Dir, region: 'us-east-1' });
  client = new S3Client({
    endpoint: s3.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
}, 60_000);
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  await aws?.stop();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

describe('renderAndStoreVideo', () => {
  it("records the design's elements with the video, and a video ad that plays it is recorded with them", async () => {
    const userId = `render-video-user-${Date.now()}`;
    const deps: VideoDeps = {
      store: { doc: aws.doc, table: localTableName('graphicsItems') },
      bucket: { s3: client, bucket: s3.bucketNames.assets },
      planOf: async () => 'free',
      now: () => clock,
      log: () => undefined,
      render: async () => ({
        mp4: new Uint8Array(2048).fill(1),
        thumbnailPng: new Uint8Array(512).fill(2),
        width: 1080,
        height: 1920,
        seconds: 10,
      }),
    };
    const design = defaultDesign({
      templateId: 'offer-badge',
      colours: { background: '#111827', text: '#ffffff', accent: '#f97316', onAccent: '#111827' },
      texts: { ...defaultDesign().texts, badge: '20% off this week' },
    });
    const saved = await saveDesign(deps.store, userId, { id: crypto.randomUUID(), name: 'Spring', design }, clock);
    const request = { version: saved.version, sizeId: 'story' as const, seconds: 10 };
    const checked = await checkVideoRequest(deps, userId, saved.id, request);
    const expected = designElements(design, []);
    expect(checked.elements).toEqual(expected);
    expect(expected).toMatchObject({ template: 'offer-badge', colourScheme: 'Dark, orange accent' });

    const videoId = crypto.randomUUID();
    await renderAndStoreVideo(deps, userId, videoId, checked, request);
    expect((await getVideoRecord(deps.store, userId, videoId)).elements).toEqual(expected);

    // The publisher's read: a video ad playing this video takes the design's elements by the video's id.
    const { adVideo } = await videoView(deps.bucket, await getVideoRecord(deps.store, userId, videoId), clock);
    const ad = {
      name: 'Spring video',
      headline: 'Spring is here',
      primaryText: 'Fresh colours.',
      description: '',
      callToAction: 'SHOP_NOW' as const,
      link: 'https://shop.example.com/spring',
      format: 'video' as const,
      video: adVideo,
    };
    const designOf = await exportedDesignElements(deps.store, userId, [], () => undefined, planAdVideoIds(ad));
    expect(planAdElements(ad, designOf)).toMatchObject({ ...expected, format: 'video' });
  });
});
