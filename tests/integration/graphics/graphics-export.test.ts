import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDesignAllSizes } from '@shared/graphics/design-checks';
import { defaultDesign, type Design } from '@shared/graphics/design-schema';
import { placementSizeIds, placementSizes } from '@shared/graphics/placement-sizes';
import { plans } from '@shared/plans';
import { windowId } from '@shared/quotas';
import { UsageSchema } from '@shared/schemas/billing';
import { ALT_TEXT_MAX_CHARS, ExportListSchema, ExportReplySchema, type ExportReply } from '@shared/schemas/graphics';
import { localTableName } from '@infra/twin/function-environment';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser } from '../twin-client';
import { testPng, uploadProductImage } from './upload-image';

/**
 * Server-side export on the twin: the `graphics-export` function renders a saved design with the one renderer
 * (fonts and WASM loaded from beside its bundle, as in Lambda), writes the images and a ZIP to the S3 stand-in and
 * answers with presigned URLs, alt text and the plan's export usage.
 */
const client = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let alice: User;
let bob: User;

beforeAll(async () => {
  [alice, bob] = await Promise.all([confirmedUser(client, 'export-alice'), confirmedUser(client, 'export-bob')]);
});
afterAll(async () => {
  await Promise.all([deleteUser(client, alice.email), deleteUser(client, bob.email)]);
  client.destroy();
  doc.destroy();
});

const call = (user: User, path: string, init: RequestInit = {}) =>
  api(path, { ...init, token: user.token, headers: { 'content-type': 'application/json' } });

async function json<T>(reply: Response, status: number): Promise<T> {
  const text = await reply.text();
  expect(reply.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const uploadProductPhoto = (user: User) =>
  uploadProductImage((route, init) => call(user, route, init), 'mug.png', testPng(1200, 1200));

async function saveDesign(user: User, design: Design, name = 'Spring mugs') {
  return json<{ id: string; version: number }>(
    await call(user, '/api/graphics/designs', { method: 'POST', body: JSON.stringify({ name, design }) }),
    201,
  );
}

function exportDesign(user: User, id: string, body: Record<string, unknown>) {
  return call(user, `/api/graphics/designs/${id}/exports`, { method: 'POST', body: JSON.stringify(body) });
}

const exportCounter = () => `graphicsExportsPerMonth#${windowId('month', new Date())}`;
async function exportsUsed(sub: string): Promise<number> {
  const reply = await doc.send(
    new GetCommand({ TableName: localTableName('quotaUsage'), Key: { user_id: sub, counter: exportCounter() } }),
  );
  return Number(reply.Item?.used ?? 0);
}
async function storageBytes(sub: string): Promise<number> {
  const reply = await doc.send(
    new GetCommand({ TableName: localTableName('graphicsItems'), Key: { user_id: sub, item_key: 'storage' } }),
  );
  return Number(reply.Item?.bytes_used ?? 0);
}
async function exportRecords(sub: string) {
  const reply = await doc.send(
    new QueryCommand({
      TableName: localTableName('graphicsItems'),
      KeyConditionExpression: 'user_id = :u AND begins_with(item_key, :p)',
      ExpressionAttributeValues: { ':u': sub, ':p': 'export#' },
    }),
  );
  return reply.Items ?? [];
}

describe('POST /api/graphics/designs/{id}/exports', () => {
  let saved: { id: string; version: number };

  beforeAll(async () => {
    const photo = await uploadProductPhoto(alice);
    const design = defaultDesign({
      templateId: 'product-hero',
      texts: { ...defaultDesign().texts, headline: 'Slow mornings, warm mugs', body: 'Handmade stoneware.' },
      images: { product: { kind: 'asset', key: photo.key, width: 1200, height: 1200, mimeType: 'image/png' } },
    });
    expect(checkDesignAllSizes(design).filter((c) => c.level === 'error')).toEqual([]);
    saved = await saveDesign(alice, design);
  });

  it('renders all four sizes as PNG at Meta’s dimensions, zips them, and gives alt text and usage', async () => {
    const before = await exportsUsed(alice.sub);
    const reply = ExportReplySchema.parse(
      await json<ExportReply>(
        await exportDesign(alice, saved.id, { version: saved.version, sizes: [...placementSizeIds], format: 'png' }),
        201,
      ),
    );
    expect(reply.images.map((i) => i.sizeId)).toEqual([...placementSizeIds]);
    for (const image of reply.images) {
      const expected = placementSizes[image.sizeId];
      const download = await fetch(image.url);
      expect(download.status).toBe(200);
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(pngSize(bytes)).toEqual({ width: expected.width, height: expected.height });
      expect(image).toMatchObject({ kind: 'export', mimeType: 'image/png', bytes: bytes.length });
      expect(image.key.startsWith(`users/${alice.sub}/`)).toBe(true);
      expect([...image.altText].length).toBeLessThanOrEqual(ALT_TEXT_MAX_CHARS);
      // The offline model answered, from the design's own headline.
      expect(image.altTextSource).toBe('model');
      expect(image.altText).toContain('Slow mornings, warm mugs');
    }

    const zip = unzipSync(new Uint8Array(await (await fetch(reply.zip.url)).arrayBuffer()));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      [
        'adsmith-product-hero-1080x1080.png',
        'adsmith-product-hero-1080x1350.png',
        'adsmith-product-hero-1080x1920.png',
        'adsmith-product-hero-1200x628.png',
      ].sort(),
    );
    expect(pngSize(zip['adsmith-product-hero-1200x628.png']!)).toEqual({ width: 1200, height: 628 });
    expect(reply.zip.fileName).toBe(`adsmith-spring-mugs-v${saved.version}.zip`);

    expect(reply.usage).toMatchObject({ used: before + 1, limit: plans.free.limits.graphicsExportsPerMonth });
    expect(await exportsUsed(alice.sub)).toBe(before + 1);
    const records = await exportRecords(alice.sub);
    expect(records.find((r) => r.exportId === reply.exportId)).toMatchObject({
      designId: saved.id,
      altText: reply.images[0]!.altText,
      assetIds: reply.images.map((i) => i.id),
    });

    // The exported images are the user's assets (usable in a campaign by id), and the usage endpoint enforces exports.
    const assets = await json<{ assets: { id: string; kind: string }[] }>(
      await call(alice, '/api/graphics/assets'),
      200,
    );
    expect(assets.assets.filter((a) => a.kind === 'export').map((a) => a.id)).toEqual(
      expect.arrayContaining(reply.images.map((i) => i.id)),
    );
    const usage = UsageSchema.parse(await json(await call(alice, '/api/billing/usage'), 200));
    expect(usage.limits.find((u) => u.key === 'graphicsExportsPerMonth')).toMatchObject({
      enforced: true,
      used: before + 1,
    });
  });

  it('exports JPEG at the chosen size only', async () => {
    const reply = await json<ExportReply>(
      await exportDesign(alice, saved.id, { version: saved.version, sizes: ['story'], format: 'jpeg' }),
      201,
    );
    expect(reply.images).toHaveLength(1);
    const bytes = new Uint8Array(await (await fetch(reply.images[0]!.url)).arrayBuffer());
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const decoded = jpeg.decode(bytes, { useTArray: true });
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 1080, height: 1920 });
    expect(reply.images[0]).toMatchObject({ mimeType: 'image/jpeg', fileName: 'adsmith-product-hero-1080x1920.jpg' });
    expect(Object.keys(unzipSync(new Uint8Array(await (await fetch(reply.zip.url)).arrayBuffer())))).toEqual([
      'adsmith-product-hero-1080x1920.jpg',
    ]);
  });

  it('refuses a design whose checks have errors (the server runs them itself), counting nothing', async () => {
    const unreadable = defaultDesign({
      templateId: 'bold-headline',
      colours: { background: '#ffffff', text: '#f4f4f4', accent: '#f97316', onAccent: '#111827' },
    });
    expect(checkDesignAllSizes(unreadable).some((c) => c.level === 'error' && c.id.startsWith('contrast'))).toBe(true);
    const bad = await saveDesign(alice, unreadable, 'Low contrast');
    const before = await exportsUsed(alice.sub);
    const reply = await exportDesign(alice, bad.id, { version: bad.version, sizes: ['square'], format: 'png' });
    const body = await json<{ error: { code: string; message: string; details: Record<string, string> } }>(reply, 400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/contrast/);
    expect(Object.keys(body.error.details)[0]).toMatch(/^square\.contrast/);
    expect(await exportsUsed(alice.sub)).toBe(before);
  });

  it("answers 404 for another user's design and 409 for a stale version", async () => {
    const stranger = await exportDesign(bob, saved.id, { version: saved.version, sizes: ['square'], format: 'png' });
    expect(stranger.status).toBe(404);
    const stale = await exportDesign(alice, saved.id, { version: saved.version + 1, sizes: ['square'], format: 'png' });
    expect(stale.status).toBe(409);
    const badBody = await exportDesign(alice, saved.id, { version: 1, sizes: ['square', 'square'], format: 'gif' });
    expect(badBody.status).toBe(400);
  });

  it('lists exports and deletes one: its record, ZIP and images go and their bytes come back; 404 for another user', async () => {
    const reply = await json<ExportReply>(
      await exportDesign(alice, saved.id, { version: saved.version, sizes: ['square'], format: 'png' }),
      201,
    );
    const listed = ExportListSchema.parse(await json(await call(alice, '/api/graphics/exports'), 200));
    // Newest first, each ZIP presigned again.
    expect(listed.exports[0]).toMatchObject({
      exportId: reply.exportId,
      designId: saved.id,
      version: saved.version,
      format: 'png',
      sizes: ['square'],
      zip: { fileName: reply.zip.fileName, bytes: reply.zip.bytes },
    });
    const zipUrl = listed.exports[0]!.zip.url;
    expect((await fetch(zipUrl)).status).toBe(200);
    expect(ExportListSchema.parse(await json(await call(bob, '/api/graphics/exports'), 200)).exports).toEqual([]);

    const stranger = await call(bob, `/api/graphics/exports/${reply.exportId}`, { method: 'DELETE' });
    expect((await json<{ error: { code: string } }>(stranger, 404)).error.code).toBe('NOT_FOUND');
    expect((await fetch(zipUrl)).status).toBe(200);

    const storage = await storageBytes(alice.sub);
    expect(await json(await call(alice, `/api/graphics/exports/${reply.exportId}`, { method: 'DELETE' }), 200)).toEqual(
      {
        deleted: true,
      },
    );
    expect((await fetch(zipUrl)).status).toBe(404);
    expect(await storageBytes(alice.sub)).toBe(storage - reply.zip.bytes - reply.images[0]!.bytes);
    expect((await exportRecords(alice.sub)).some((r) => r.exportId === reply.exportId)).toBe(false);
    const after = ExportListSchema.parse(await json(await call(alice, '/api/graphics/exports'), 200));
    expect(after.exports.map((e) => e.exportId)).not.toContain(reply.exportId);
    // Its images went with it (the image library does not show exported images: kept, they could never be freed).
    expect((await fetch(reply.images[0]!.url)).status).toBe(404);
    const assets = await json<{ assets: { id: string }[] }>(await call(alice, '/api/graphics/assets'), 200);
    expect(assets.assets.map((a) => a.id)).not.toContain(reply.images[0]!.id);

    const again = await call(alice, `/api/graphics/exports/${reply.exportId}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    const badId = await call(alice, '/api/graphics/exports/not-an-id', { method: 'DELETE' });
    expect(badId.status).toBe(400);
  });

  it('answers 429 QUOTA_EXCEEDED with the limit, reset and upgrade once the month’s exports are used, writing nothing', async () => {
    const limit = plans.free.limits.graphicsExportsPerMonth;
    await doc.send(
      new PutCommand({
        TableName: localTableName('quotaUsage'),
        Item: {
          user_id: alice.sub,
          counter: exportCounter(),
          used: limit,
          expires_at: Math.floor(Date.now() / 1000) + 86_400 * 40,
        },
      }),
    );
    const storage = await storageBytes(alice.sub);
    const records = (await exportRecords(alice.sub)).length;
    const reply = await exportDesign(alice, saved.id, {
      version: saved.version,
      sizes: [...placementSizeIds],
      format: 'png',
    });
    expect(reply.status).toBe(429);
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await reply.json()) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('QUOTA_EXCEEDED');
    expect(body.error.details).toMatchObject({
      quota: 'graphicsExportsPerMonth',
      limit: String(limit),
      plan: 'free',
      upgradeTo: 'pro',
    });
    expect(Date.parse(body.error.details.resetsAt!)).toBeGreaterThan(Date.now());
    expect(await storageBytes(alice.sub)).toBe(storage);
    expect((await exportRecords(alice.sub)).length).toBe(records);
    expect(await exportsUsed(alice.sub)).toBe(limit);
  });
});

describe('POST /api/graphics/designs/{id}/exports of a carousel design', () => {
  let carol: User;
  let cards: Design['cards'];

  beforeAll(async () => {
    carol = await confirmedUser(client, 'export-carol');
    const photos = await Promise.all([1, 2, 3].map(() => uploadProductPhoto(carol)));
    cards = photos.map((photo, i) => ({
      headline: `Mug number ${i + 1}`,
      link: `https://shop.example.com/mugs/${i + 1}`,
      image: { kind: 'asset' as const, key: photo.key, width: 1200, height: 1200, mimeType: 'image/png' as const },
    }));
  }, 60_000);
  afterAll(async () => deleteUser(client, carol.email));

  const carousel = (overrides: Partial<Design> = {}) =>
    defaultDesign({ templateId: 'carousel-card', cards, ...overrides });

  it('renders every card square and 4:5, each with its own headline, and zips them in card order', async () => {
    const saved = await saveDesign(carol, carousel(), 'Mug carousel');
    const reply = ExportReplySchema.parse(
      await json<ExportReply>(
        await exportDesign(carol, saved.id, { version: saved.version, sizes: ['square', 'portrait'], format: 'png' }),
        201,
      ),
    );
    const names = [1, 2, 3].flatMap((n) => [
      `adsmith-carousel-card-0${n}-1080x1080.png`,
      `adsmith-carousel-card-0${n}-1080x1350.png`,
    ]);
    expect(reply.images.map((image) => image.fileName)).toEqual(names);
    const zip = unzipSync(new Uint8Array(await (await fetch(reply.zip.url)).arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([...names].sort());
    expect(pngSize(zip['adsmith-carousel-card-03-1080x1350.png']!)).toEqual({ width: 1080, height: 1350 });
    // Each card is drawn from its own headline: no two cards' images are the same bytes.
    const squares = names.filter((name) => name.includes('1080x1080')).map((name) => Buffer.from(zip[name]!));
    expect(new Set(squares.map((bytes) => bytes.toString('base64'))).size).toBe(3);
  });

  it('refuses sizes Meta does not show cards in, and a card without a link, naming them (400, nothing counted)', async () => {
    const saved = await saveDesign(carol, carousel(), 'Mug carousel 2');
    const before = await exportsUsed(carol.sub);
    const story = await json<{ error: { code: string; details: Record<string, string> } }>(
      await exportDesign(carol, saved.id, { version: saved.version, sizes: ['story'], format: 'png' }),
      400,
    );
    expect(story.error.details).toHaveProperty('sizes');

    const linkless = await saveDesign(
      carol,
      carousel({ cards: cards!.map((card, i) => (i === 1 ? { ...card, link: '' } : card)) }),
      'Mug carousel 3',
    );
    const refused = await json<{ error: { message: string; details: Record<string, string> } }>(
      await exportDesign(carol, linkless.id, { version: linkless.version, sizes: ['square'], format: 'png' }),
      400,
    );
    expect(refused.error.details).toHaveProperty(['square.card-2-link']);
    expect(refused.error.message).toContain('Card 2 needs a link');
    expect(await exportsUsed(carol.sub)).toBe(before);
  });
});
