import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { connectMeta, freshUser, sandbox, type FreshUser } from '@tests/integration/meta-api/meta-user';

/** A real PNG of the given size (flat colour), encoded as the offline model encodes its images. */
function png(width: number, height: number, rgb: [number, number, number] = [200, 80, 20]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set(rgb, i);
  return encodePng(width, height, pixels);
}

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="#f97316" onclick="steal()"/></svg>';

interface UploadTicket {
  uploadId: string;
  uploadUrl: string;
  headers: Record<string, string>;
}

async function json<T>(reply: Response, status = 200): Promise<T> {
  const text = await reply.text();
  expect(reply.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The browser's path: ask for a presigned PUT, PUT the bytes to S3, confirm. */
async function upload(
  user: FreshUser,
  purpose: 'logo' | 'product' | 'background',
  fileName: string,
  contentType: string,
  bytes: Buffer,
): Promise<Response> {
  const ticket = await json<UploadTicket>(
    await user.call('/api/graphics/uploads', {
      method: 'POST',
      body: JSON.stringify({ purpose, fileName, contentType, size: bytes.length }),
    }),
    201,
  );
  const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: ticket.headers });
  expect(put.status, await put.clone().text()).toBe(200);
  return user.call(`/api/graphics/uploads/${ticket.uploadId}/confirm`, { method: 'POST' });
}

interface AssetReply {
  id: string;
  key: string;
  url: string;
  width: number;
  height: number;
  mimeType: string;
  removed?: string[];
}

let alice: FreshUser;
let bob: FreshUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([freshUser('graphics-alice'), freshUser('graphics-bob')]);
});
afterAll(async () => {
  await Promise.all([alice?.remove(), bob?.remove()]);
});

describe('graphics uploads through presigned URLs', () => {
  it('uploads a product photo: presigned PUT to S3, checked on confirm, listed with a presigned GET', async () => {
    const photo = png(800, 600);
    const asset = await json<AssetReply>(await upload(alice, 'product', 'shoe.png', 'image/png', photo));
    expect(asset).toMatchObject({ width: 800, height: 600, mimeType: 'image/png' });
    expect(asset.key).toMatch(/^users\/[0-9a-f-]+\/assets\/[0-9a-f-]+\.png$/);
    const download = await fetch(asset.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(photo);

    const list = await json<{ assets: AssetReply[] }>(await alice.call('/api/graphics/assets'));
    expect(list.assets.map((a) => a.id)).toContain(asset.id);
    const bobs = await json<{ assets: AssetReply[] }>(await bob.call('/api/graphics/assets'));
    expect(bobs.assets.map((a) => a.id)).not.toContain(asset.id);
  });

  it('refuses a renamed .exe, a file whose bytes are not what it declared, and a photo too small to print sharp', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 0x90)]);
    const renamed = await upload(alice, 'product', 'photo.png', 'image/png', exe);
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).error.message).toMatch(/not an image|Windows program/);

    const jpegNamedPng = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const mislabelled = await upload(alice, 'product', 'photo.webp', 'image/webp', jpegNamedPng);
    expect(mislabelled.status).toBe(400);

    const tiny = await upload(alice, 'product', 'thumb.png', 'image/png', png(120, 90));
    expect(tiny.status).toBe(400);
    expect((await tiny.json()).error.message).toContain('120×90');
  });

  it('refuses an oversize upload before signing, and a PUT larger than was signed', async () => {
    const tooBig = await alice.call('/api/graphics/uploads', {
      method: 'POST',
      body: JSON.stringify({ purpose: 'logo', fileName: 'logo.png', contentType: 'image/png', size: 3 * 1024 * 1024 }),
    });
    expect(tooBig.status).toBe(413);

    const ticket = await json<UploadTicket>(
      await alice.call('/api/graphics/uploads', {
        method: 'POST',
        body: JSON.stringify({ purpose: 'logo', fileName: 'logo.png', contentType: 'image/png', size: 1000 }),
      }),
      201,
    );
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: Buffer.alloc(5000), headers: ticket.headers });
    expect(put.status).toBe(403);
    const confirm = await alice.call(`/api/graphics/uploads/${ticket.uploadId}/confirm`, { method: 'POST' });
    expect(confirm.status).toBe(409);
  });

  it('sanitises an SVG logo (script and handlers removed) and refuses one that cannot be made safe', async () => {
    const logo = await json<AssetReply>(
      await upload(alice, 'logo', 'logo.svg', 'image/svg+xml', Buffer.from(LOGO_SVG)),
    );
    expect(logo).toMatchObject({ mimeType: 'image/svg+xml', width: 200, height: 100 });
    const stored = await (await fetch(logo.url)).text();
    expect(stored).not.toContain('script');
    expect(stored).not.toContain('onclick');
    expect(logo.removed?.length).toBeGreaterThan(0);

    const entities =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">&a;</svg>';
    const refused = await upload(alice, 'logo', 'bomb.svg', 'image/svg+xml', Buffer.from(entities));
    expect(refused.status).toBe(400);
  });
});

describe('brand kit and saved designs', () => {
  it("saves a brand kit with an uploaded logo, and refuses another user's logo", async () => {
    const logo = await json<AssetReply>(await upload(alice, 'logo', 'mark.png', 'image/png', png(256, 256)));
    const kit = {
      logo: { kind: 'asset', key: logo.key, width: 256, height: 256, mimeType: 'image/png' },
      colours: ['#112233', '#F97316', '#ffffff'],
      headingFont: 'oswald',
      bodyFont: 'inter',
      ctaStyle: { shape: 'rounded', fill: 'outline' },
    };
    const fresh = await json<{ saved: boolean }>(await alice.call('/api/graphics/brand-kit'));
    expect(fresh.saved).toBe(false);
    const saved = await json<{ brandKit: { colours: string[] }; logoUrl: string }>(
      await alice.call('/api/graphics/brand-kit', { method: 'PUT', body: JSON.stringify(kit) }),
    );
    expect(saved.brandKit.colours).toEqual(['#112233', '#f97316', '#ffffff']);
    expect((await fetch(saved.logoUrl)).status).toBe(200);

    const stolen = await bob.call('/api/graphics/brand-kit', { method: 'PUT', body: JSON.stringify(kit) });
    expect(stolen.status).toBe(400);
    const sevenColours = { ...kit, logo: undefined, colours: Array.from({ length: 7 }, () => '#000000') };
    expect(
      (await alice.call('/api/graphics/brand-kit', { method: 'PUT', body: JSON.stringify(sevenColours) })).status,
    ).toBe(400);
  });

  it('keeps designs per user, versioned: a stale save answers 409 and another user sees nothing', async () => {
    const design = defaultDesign({ templateId: 'bold-headline' });
    const created = await json<{ id: string; version: number }>(
      await alice.call('/api/graphics/designs', {
        method: 'POST',
        body: JSON.stringify({ name: 'Spring sale', design }),
      }),
      201,
    );
    expect(created.version).toBe(1);
    const edited = { ...design, texts: { ...design.texts, headline: 'Spring sale: 30% off' } };
    const second = await json<{ version: number }>(
      await alice.call(`/api/graphics/designs/${created.id}`, {
        method: 'PUT',
        body: JSON.stringify({ name: 'Spring sale', design: edited, expectedVersion: 1 }),
      }),
    );
    expect(second.version).toBe(2);
    const stale = await alice.call(`/api/graphics/designs/${created.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Spring sale', design, expectedVersion: 1 }),
    });
    expect(stale.status).toBe(409);

    const reopened = await json<{ design: { texts: { headline: string } } }>(
      await alice.call(`/api/graphics/designs/${created.id}`),
    );
    expect(reopened.design.texts.headline).toBe('Spring sale: 30% off');

    expect((await bob.call(`/api/graphics/designs/${created.id}`)).status).toBe(404);
    expect((await json<{ designs: unknown[] }>(await bob.call('/api/graphics/designs'))).designs).toEqual([]);
    const overwrite = await bob.call(`/api/graphics/designs/${created.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'mine now', design, expectedVersion: 2 }),
    });
    expect(overwrite.status).toBe(409);
    expect((await bob.call(`/api/graphics/designs/${created.id}`, { method: 'DELETE' })).status).toBe(404);

    expect((await alice.call(`/api/graphics/designs/${created.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await alice.call(`/api/graphics/designs/${created.id}`)).status).toBe(404);
  });

  it("refuses a design pointing at an image that is not the user's", async () => {
    const photo = await json<AssetReply>(await upload(alice, 'product', 'bag.png', 'image/png', png(700, 700)));
    const design = defaultDesign({
      images: { product: { kind: 'asset', key: photo.key, width: 700, height: 700, mimeType: 'image/png' } },
    });
    const bobs = await bob.call('/api/graphics/designs', {
      method: 'POST',
      body: JSON.stringify({ name: 'x', design }),
    });
    expect(bobs.status).toBe(400);
    const alices = await alice.call('/api/graphics/designs', {
      method: 'POST',
      body: JSON.stringify({ name: 'x', design }),
    });
    expect(alices.status).toBe(201);
  });
});

describe('AI images on the offline model', () => {
  it("generates a background from the brief and brand palette, stored as the user's PNG asset", async () => {
    const reply = await alice.call('/api/graphics/ai-images', {
      method: 'POST',
      body: JSON.stringify({
        brief: 'Summer lemonade stand, fresh and bright',
        style: 'background',
        shape: 'landscape',
      }),
    });
    const asset = await json<AssetReply & { kind: string }>(reply, 201);
    expect(asset).toMatchObject({ kind: 'ai', mimeType: 'image/png', width: 1536, height: 1024 });
    const bytes = Buffer.from(await (await fetch(asset.url)).arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');

    const usage = await json<{ limits: { key: string; used: number }[] }>(await alice.call('/api/billing/usage'));
    expect(usage.limits.find((q) => q.key === 'aiGenerationsPerDay')?.used).toBe(1);
  });
});

describe('Use in a campaign: images to the ad account', () => {
  it('uploads a stored image to the sandbox ad account as bytes and returns its hash', async () => {
    await connectMeta(alice);
    const photo = png(1080, 1080, [10, 120, 200]);
    const asset = await json<AssetReply>(await upload(alice, 'product', 'square.png', 'image/png', photo));
    const accounts = await json<{ data: { id: string }[] }>(await alice.call('/api/meta/ad-accounts'));
    const adAccountId = accounts.data[0]!.id;
    const reply = await json<{ images: { hash: string; assetId: string }[] }>(
      await alice.call('/api/graphics/meta-images', {
        method: 'POST',
        body: JSON.stringify({ adAccountId, assetIds: [asset.id] }),
      }),
    );
    expect(reply.images).toHaveLength(1);
    expect(reply.images[0]!.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(sandbox()).toBeTruthy();

    // The campaign generator lists what was sent to that account: the hash, with a thumbnail it can show.
    const listed = await json<{ images: { hash: string; assetId: string; thumbnailUrl: string; width?: number }[] }>(
      await alice.call(`/api/graphics/ad-images?adAccountId=${adAccountId}`),
    );
    expect(listed.images).toEqual([
      expect.objectContaining({ hash: reply.images[0]!.hash, assetId: asset.id, width: 1080 }),
    ]);
    const thumbnail = await fetch(listed.images[0]!.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer())).toEqual(photo);
    // Another account of the same user, and another user, list nothing of it.
    const other = accounts.data[1]?.id ?? 'act_1';
    const elsewhere = await json<{ images: unknown[] }>(
      await alice.call(`/api/graphics/ad-images?adAccountId=${other}`),
    );
    expect(elsewhere.images).toEqual([]);
    const bobsList = await json<{ images: unknown[] }>(
      await bob.call(`/api/graphics/ad-images?adAccountId=${adAccountId}`),
    );
    expect(bobsList.images).toEqual([]);
    const bad = await alice.call('/api/graphics/ad-images?adAccountId=123');
    expect(bad.status).toBe(400);

    const bobs = await bob.call('/api/graphics/meta-images', {
      method: 'POST',
      body: JSON.stringify({ adAccountId, assetIds: [asset.id] }),
    });
    expect(bobs.status).toBeGreaterThanOrEqual(400);
  });
});
